/** Entity anchors: create, aliases, merge (nothing lost, undo data kept), profile. */
import { newId } from './ids';
import type { EngineContext } from './context';
import { MemoryError, notFound } from './errors';
import {
  entitiesMergedInto,
  entityIdsNamed,
  getEntity,
  insertEntity,
  keepEarliestFirstSeen,
  listEntities,
  normaliseAlias,
  refreshMentionCount,
  updateEntity,
} from './repo/entities';
import { deleteEntityLinks, linkedNodeCounts, linkedNodeIds, linkedNodeRows, moveAllLinks } from './repo/entity-links';
import { toNode } from './repo/nodes';
import { asOfSchema, asStoodAt } from './as-of';
import { nodeConditions } from './node-filter';
import { deleteEntityVector } from './repo/vectors';
import { createEntitySchema, idSchema, nameSchema, parseInput, type CreateEntityInput } from './schemas';
import type { Entity, MemoryNode } from '../../src-shared/memory-types';
import { writeTx } from '../storage/write-tx';

function requireEntity(ctx: EngineContext, id: unknown): Entity {
  const entityId = parseInput(idSchema, id);
  const entity = getEntity(ctx.db, entityId);
  if (!entity) throw notFound('Entity', entityId);
  if (entity.mergedInto) {
    throw new MemoryError('conflict', `Entity ${entity.canonicalName} was merged into ${entity.mergedInto}`);
  }
  return entity;
}

/** Current entities whose canonical name or an alias equals `name` (case-insensitive). */
export function findEntitiesByName(ctx: EngineContext, name: string): Entity[] {
  const key = normaliseAlias(name);
  if (!key) return [];
  return entityIdsNamed(ctx.db, key).flatMap((id) => getEntity(ctx.db, id) ?? []);
}

export function createEntity(ctx: EngineContext, input: CreateEntityInput): Entity {
  const data = parseInput(createEntitySchema, input);
  const clash = findEntitiesByName(ctx, data.name).find((e) => e.type === data.type);
  if (clash) {
    throw new MemoryError('conflict', `A ${data.type} named "${clash.canonicalName}" already exists (${clash.id})`);
  }
  const id = newId();
  const aliases = dedupeAliases(data.aliases, data.name);
  insertEntity(ctx.db, {
    id,
    name: data.name,
    type: data.type,
    aliases,
    summary: data.summary ?? null,
    now: ctx.clock.now(),
    attributes: data.attributes ?? {},
  });
  ctx.invalidateAliases();
  ctx.slow.queueEntity(id);
  ctx.feed.emit({ kind: 'entity.created', entityId: id });
  return getEntity(ctx.db, id) as Entity;
}

function dedupeAliases(aliases: readonly string[], canonical: string): string[] {
  const seen = new Set([normaliseAlias(canonical)]);
  const out: string[] = [];
  for (const a of aliases) {
    const key = normaliseAlias(a);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(a.trim());
  }
  return out;
}

export function addAlias(ctx: EngineContext, entityId: unknown, alias: unknown): Entity {
  const entity = requireEntity(ctx, entityId);
  const name = parseInput(nameSchema, alias);
  const aliases = dedupeAliases([...entity.aliases, name], entity.canonicalName);
  if (aliases.length === entity.aliases.length) return entity;
  updateEntity(ctx.db, entity.id, { aliases, now: ctx.clock.now() });
  ctx.invalidateAliases();
  ctx.slow.queueEntity(entity.id);
  ctx.feed.emit({ kind: 'entity.updated', entityId: entity.id });
  return getEntity(ctx.db, entity.id) as Entity;
}

export function removeAlias(ctx: EngineContext, entityId: unknown, alias: unknown): Entity {
  const entity = requireEntity(ctx, entityId);
  const key = normaliseAlias(parseInput(nameSchema, alias));
  const aliases = entity.aliases.filter((a) => normaliseAlias(a) !== key);
  if (aliases.length === entity.aliases.length) throw notFound(`Alias of ${entity.canonicalName}`, key);
  updateEntity(ctx.db, entity.id, { aliases, now: ctx.clock.now() });
  ctx.invalidateAliases();
  ctx.slow.queueEntity(entity.id);
  ctx.feed.emit({ kind: 'entity.updated', entityId: entity.id });
  return getEntity(ctx.db, entity.id) as Entity;
}

/**
 * Merge `sourceId` into `targetId`: links and aliases move to the target, the source's name becomes an
 * alias, and the source row stays (merged_into) with a record of what moved, so a split can undo it.
 */
export function mergeEntities(ctx: EngineContext, sourceId: unknown, targetId: unknown): Entity {
  const sid = parseInput(idSchema, sourceId);
  const tid = parseInput(idSchema, targetId);
  if (sid === tid) throw new MemoryError('invalid_input', 'Cannot merge an entity into itself');
  const source = requireEntity(ctx, sid);
  const target = requireEntity(ctx, tid);
  const now = ctx.clock.now();
  writeTx(ctx.db, () => {
    const moved = linkedNodeIds(ctx.db, source.id, target.id, 'moved');
    const shared = linkedNodeIds(ctx.db, source.id, target.id, 'shared');
    moveAllLinks(ctx.db, source.id, target.id);
    deleteEntityLinks(ctx.db, source.id);
    const aliases = dedupeAliases([...target.aliases, source.canonicalName, ...source.aliases], target.canonicalName);
    const summary = [target.summary, source.summary].filter((s): s is string => !!s).join('\n\n') || null;
    updateEntity(ctx.db, target.id, { aliases, summary, now });
    updateEntity(ctx.db, source.id, {
      mergedInto: target.id,
      now,
      attributes: {
        ...source.attributes,
        merge: { into: target.id, at: now, moved_node_ids: moved, shared_node_ids: shared, aliases: source.aliases },
      },
    });
    refreshMentionCount(ctx.db, target.id, now);
    refreshMentionCount(ctx.db, source.id, now);
    deleteEntityVector(ctx.db, source.id);
    keepEarliestFirstSeen(ctx.db, target.id, source.firstSeen);
  });
  ctx.invalidateAliases();
  ctx.slow.queueEntity(target.id);
  ctx.feed.emit({ kind: 'entities.merged', sourceId: source.id, targetId: target.id });
  return getEntity(ctx.db, target.id) as Entity;
}

export interface EntityProfile {
  entity: Entity;
  /** Current facts (semantic, procedural, opinion) linked to the entity, most confident first. */
  facts: MemoryNode[];
  /** Latest episodes that mention the entity. */
  recentEpisodes: MemoryNode[];
  episodeCount: number;
  factCount: number;
  /** Event time of the earliest and latest current node linked to it (when it was said, not when it was recorded). */
  firstMentioned: number | null;
  lastMentioned: number | null;
  /** Entities merged into this one. */
  mergedFrom: { id: string; name: string }[];
}

/** `asOf`: the entity's page as it stood then (only what was learned by then and valid then). */
export function getEntityProfile(ctx: EngineContext, idOrName: unknown, limit = 20, asOf?: number): EntityProfile {
  const key = parseInput(nameSchema, idOrName);
  const when = asOf === undefined ? undefined : parseInput(asOfSchema, asOf);
  const valid = nodeConditions({ asOf: when }, { unindexedRanges: true });
  let entity = getEntity(ctx.db, key);
  if (entity?.mergedInto) entity = getEntity(ctx.db, entity.mergedInto);
  if (!entity) {
    const matches = findEntitiesByName(ctx, key);
    if (matches.length > 1) {
      throw new MemoryError('conflict', `"${key}" names ${matches.length} entities: ${matches.map((m) => `${m.canonicalName} (${m.type})`).join(', ')}`);
    }
    entity = matches[0];
  }
  if (!entity) throw notFound('Entity', key);
  const linked = (kind: 'fact' | 'episode', order: Parameters<typeof linkedNodeRows>[4], n: number): MemoryNode[] =>
    linkedNodeRows(ctx.db, entity.id, valid, kind, order, n).map((r) => asStoodAt(toNode(r), when));
  const counts = linkedNodeCounts(ctx.db, entity.id, valid);
  const mergedFrom = entitiesMergedInto(ctx.db, entity.id);
  return {
    entity,
    facts: linked('fact', 'n.confidence DESC, n.event_time DESC', limit),
    recentEpisodes: linked('episode', 'n.event_time DESC', limit),
    episodeCount: counts.episodes ?? 0,
    factCount: counts.facts ?? 0,
    firstMentioned: counts.first,
    lastMentioned: counts.last,
    mergedFrom,
  };
}

export { listEntities };
