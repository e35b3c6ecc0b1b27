/** Entity anchors: create, aliases, merge (nothing lost, undo data kept), profile. */
import { newId } from './ids';
import type { EngineContext } from './context';
import { MemoryError, notFound } from './errors';
import {
  getEntity,
  insertEntity,
  listEntities,
  normaliseAlias,
  refreshMentionCount,
  updateEntity,
} from './repo/entities';
import { NODE_COLUMNS, toNode, type NodeRow } from './repo/nodes';
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
  const rows = ctx.db
    .prepare(
      `SELECT id FROM entities WHERE merged_into IS NULL AND (
         lower(canonical_name) = @key OR EXISTS (SELECT 1 FROM json_each(entities.aliases) WHERE lower(value) = @key))`,
    )
    .all({ key }) as { id: string }[];
  return rows.flatMap((r) => getEntity(ctx.db, r.id) ?? []);
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
    const moved = (
      ctx.db
        .prepare(
          `SELECT node_id FROM node_entities WHERE entity_id = ?
           AND node_id NOT IN (SELECT node_id FROM node_entities WHERE entity_id = ?)`,
        )
        .all(source.id, target.id) as { node_id: string }[]
    ).map((r) => r.node_id);
    const shared = (
      ctx.db
        .prepare(
          `SELECT node_id FROM node_entities WHERE entity_id = ?
           AND node_id IN (SELECT node_id FROM node_entities WHERE entity_id = ?)`,
        )
        .all(source.id, target.id) as { node_id: string }[]
    ).map((r) => r.node_id);
    ctx.db.prepare('UPDATE OR IGNORE node_entities SET entity_id = ? WHERE entity_id = ?').run(target.id, source.id);
    ctx.db.prepare('DELETE FROM node_entities WHERE entity_id = ?').run(source.id);
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
    ctx.db.prepare('UPDATE entities SET first_seen = min(first_seen, ?) WHERE id = ?').run(source.firstSeen, target.id);
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
  const linked = (type: 'fact' | 'episode', order: string, n: number): MemoryNode[] =>
    (
      ctx.db
        .prepare(
          `SELECT ${NODE_COLUMNS.split(', ').map((c) => `n.${c}`).join(', ')} FROM node_entities ne JOIN nodes n ON n.id = ne.node_id
           WHERE ne.entity_id = ? AND ${valid.text} AND n.type ${type === 'episode' ? "= 'episodic'" : "!= 'episodic'"}
           ORDER BY ${order} LIMIT ?`,
        )
        .all(entity.id, ...valid.params, n) as NodeRow[]
    ).map((r) => asStoodAt(toNode(r), when));
  const counts = ctx.db
    .prepare(
      `SELECT sum(n.type = 'episodic') AS episodes, sum(n.type != 'episodic') AS facts, min(n.event_time) AS first, max(n.event_time) AS last
       FROM node_entities ne JOIN nodes n ON n.id = ne.node_id WHERE ne.entity_id = ? AND ${valid.text}`,
    )
    .get(entity.id, ...valid.params) as { episodes: number | null; facts: number | null; first: number | null; last: number | null };
  const mergedFrom = ctx.db
    .prepare('SELECT id, canonical_name AS name FROM entities WHERE merged_into = ?')
    .all(entity.id) as { id: string; name: string }[];
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
