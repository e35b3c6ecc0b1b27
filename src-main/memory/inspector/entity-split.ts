/**
 * Fixing entity resolution by hand: split some links and aliases off into a new entity, and undo a merge
 * from the record mergeEntities keeps on the merged row. A split is undone by merging back.
 */
import { newId } from '../ids';
import type { EngineContext } from '../context';
import { findEntitiesByName } from '../entities';
import { MemoryError, notFound } from '../errors';
import { getEntity, insertEntity, normaliseAlias, refreshMentionCount, updateEntity } from '../repo/entities';
import { linkExistingNodes, moveLinks } from '../repo/entity-links';
import { parseInput, idSchema } from '../schemas';
import type { Entity, JsonValue } from '../../../src-shared/memory-types';
import { splitEntitySchema } from './schemas';
import { writeTx } from '../../storage/write-tx';

function strings(v: JsonValue | undefined): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export function splitEntity(ctx: EngineContext, input: unknown): { created: Entity; from: Entity } {
  const data = parseInput(splitEntitySchema, input);
  const from = getEntity(ctx.db, data.entityId);
  if (!from || from.mergedInto) throw notFound('Entity', data.entityId);
  if (data.nodeIds.length === 0 && data.aliases.length === 0) {
    throw new MemoryError('invalid_input', 'A split needs at least one node or alias to move');
  }
  const clash = findEntitiesByName(ctx, data.name).find((e) => e.type === data.type);
  if (clash) throw new MemoryError('conflict', `A ${data.type} named "${clash.canonicalName}" already exists (${clash.id})`);
  const moving = new Set(data.aliases.map(normaliseAlias));
  const unknownAlias = data.aliases.find((a) => !from.aliases.some((x) => normaliseAlias(x) === normaliseAlias(a)));
  if (unknownAlias) throw new MemoryError('invalid_input', `"${unknownAlias}" is not an alias of ${from.canonicalName}`);
  const id = newId();
  const now = ctx.clock.now();
  writeTx(ctx.db, () => {
    insertEntity(ctx.db, {
      id,
      name: data.name,
      type: data.type,
      aliases: data.aliases.filter((a) => normaliseAlias(a) !== normaliseAlias(data.name)),
      summary: null,
      now,
      attributes: { split: { from: from.id, at: now } },
    });
    updateEntity(ctx.db, from.id, { aliases: from.aliases.filter((a) => !moving.has(normaliseAlias(a))), now });
    moveLinks(ctx.db, from.id, id, data.nodeIds, false);
    refreshMentionCount(ctx.db, id, now);
    refreshMentionCount(ctx.db, from.id, now);
  });
  ctx.invalidateAliases();
  ctx.slow.queueEntity(id);
  ctx.slow.queueEntity(from.id);
  ctx.feed.emit({ kind: 'entity.created', entityId: id });
  ctx.feed.emit({ kind: 'entity.updated', entityId: from.id });
  return { created: getEntity(ctx.db, id) as Entity, from: getEntity(ctx.db, from.id) as Entity };
}

/** Undo mergeEntities(source → target): links, aliases and the source row come back as they were. */
export function unmergeEntity(ctx: EngineContext, sourceId: unknown): { restored: Entity; target: Entity } {
  const sid = parseInput(idSchema, sourceId);
  const source = getEntity(ctx.db, sid);
  if (!source) throw notFound('Entity', sid);
  const record = source.attributes.merge;
  if (!source.mergedInto || !record || typeof record !== 'object' || Array.isArray(record)) {
    throw new MemoryError('conflict', `${source.canonicalName} is not merged into another entity`);
  }
  const target = getEntity(ctx.db, source.mergedInto);
  if (!target) throw notFound('Entity', source.mergedInto);
  const moved = strings(record.moved_node_ids);
  const shared = strings(record.shared_node_ids);
  const sourceAliases = strings(record.aliases);
  // Names the merge added to the target; the target's own names stay.
  const added = new Set([source.canonicalName, ...sourceAliases].map(normaliseAlias));
  const now = ctx.clock.now();
  writeTx(ctx.db, () => {
    moveLinks(ctx.db, target.id, source.id, moved, true);
    linkExistingNodes(ctx.db, source.id, shared);
    const { merge: _merge, ...attributes } = source.attributes;
    updateEntity(ctx.db, source.id, { mergedInto: null, aliases: sourceAliases, attributes, now });
    updateEntity(ctx.db, target.id, { aliases: target.aliases.filter((a) => !added.has(normaliseAlias(a))), now });
    refreshMentionCount(ctx.db, source.id, now);
    refreshMentionCount(ctx.db, target.id, now);
  });
  ctx.invalidateAliases();
  ctx.slow.queueEntity(source.id);
  ctx.slow.queueEntity(target.id);
  ctx.feed.emit({ kind: 'entity.updated', entityId: source.id });
  ctx.feed.emit({ kind: 'entity.updated', entityId: target.id });
  return { restored: getEntity(ctx.db, source.id) as Entity, target: getEntity(ctx.db, target.id) as Entity };
}
