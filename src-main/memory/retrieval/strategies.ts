/**
 * Retrieval strategies (ADR 008 §11.2–§11.3). Each returns node ids best first; fusion combines them.
 * All are plain SQL over the one database: FTS5 BM25, sqlite-vec KNN, entity junction, recursive CTEs.
 */
import type { ReadableDB } from '../../storage/db';
import type { NodeType } from '../../../src-shared/memory-types';
import { filterSql, firstPassing, passingIds, type NodeFilter } from './filter';
import { stepOrder, type TemporalEdge } from '../repo/temporal-edges';
import { stmt } from '../repo/statements';

export interface Scored {
  id: string;
  score: number;
}

export type Knn = (query: Float32Array, k: number, types: readonly NodeType[] | null, includeInactive: boolean, spaceId: string | null) => string[];

export function vectorStrategy(db: ReadableDB, knn: Knn, query: Float32Array | null, filter: NodeFilter, limit: number): string[] {
  if (!query) return [];
  // KNN filters type, currency and space inside the scan; the rest (sessions, time, entity) is checked after,
  // so ask for more than needed when those filters are on. The SQL check below covers the space too.
  const extraFilters = filter.excludeSessionIds.length > 0 || filter.after !== null || filter.before !== null || filter.entityIds !== null;
  const k = Math.min(4096, extraFilters ? limit * 4 : limit);
  // As of a date, a version superseded since is wanted: its vector is inactive today, so KNN looks at all of them.
  const inactiveToo = filter.includeInvalid || (filter.asOf !== undefined && filter.asOf !== null);
  const ids = knn(query, k, filter.types.length > 0 && filter.types.length < 4 ? filter.types : null, inactiveToo, filter.spaceId ?? null);
  return firstPassing(db, ids, filter, limit);
}

/**
 * An entity is specific when it is linked to a small share of the memory: the speaker of a two-person chat,
 * linked to a third of all nodes, says as little about a question as a stopword. Relative to the memory's
 * size (5% of its documents), never above 200 links, never below 10 (tiny memories).
 */
export function specificEntityLimit(documents: number): number {
  return Math.min(SPECIFIC_ENTITY_MENTIONS, Math.max(10, Math.floor(documents * 0.05)));
}

function mentionCounts(db: ReadableDB, entityIds: readonly string[]): Map<string, number> {
  // A few ids: one primary-key lookup each (on a tiny table the planner would rather scan it whole).
  const get = stmt(db, 'SELECT mention_count FROM entities WHERE id = ?');
  return new Map(entityIds.map((id) => [id, (get.get(id) as { mention_count: number } | undefined)?.mention_count ?? 0]));
}

/**
 * Nodes linked to the entities the query mentions, ranked by relevance to the question within the entity:
 * nodes the direct strategies also found (`relevance`: id → best rank there) come first, those linked to more
 * of the mentioned entities before the others, then by that rank. A *specific* entity also brings in its
 * other nodes (after the relevant ones, nearest in time to the newest first); a general one only lends weight
 * to nodes that are relevant anyway, so no fact about a speaker crowds every question about them.
 */
export function entityStrategy(
  db: ReadableDB,
  entityIds: readonly string[],
  filter: NodeFilter,
  limit: number,
  relevance: ReadonlyMap<string, number>,
  documents: number,
): string[] {
  if (entityIds.length === 0) return [];
  const counts = mentionCounts(db, entityIds);
  const specificLimit = specificEntityLimit(documents);
  const specific = entityIds.filter((id) => (counts.get(id) ?? 0) <= specificLimit);
  const mentioned = JSON.stringify(entityIds);
  // Links of the relevant candidates to any mentioned entity: an id-list probe, whatever the entity's size.
  const relevantLinks = stmt(
    db,
    `SELECT ne.node_id AS id, count(*) AS hits FROM json_each(?) AS j CROSS JOIN node_entities ne ON ne.node_id = j.value
     WHERE ne.entity_id IN (SELECT value FROM json_each(?)) GROUP BY ne.node_id`,
  ).all(JSON.stringify([...relevance.keys()]), mentioned) as { id: string; hits: number }[];
  const relevant = relevantLinks
    .sort((a, b) => b.hits - a.hits || (relevance.get(a.id) ?? 0) - (relevance.get(b.id) ?? 0))
    .map((r) => r.id);
  const out = new Set(relevant);
  if (specific.length > 0 && out.size < limit) {
    const where = filterSql(filter);
    const rows = stmt(
      db,
      `SELECT n.id, count(*) AS hits FROM node_entities ne JOIN nodes n ON n.id = ne.node_id
       WHERE ne.entity_id IN (SELECT value FROM json_each(?)) AND ${where.text}
       GROUP BY n.id ORDER BY hits DESC, n.event_time DESC, n.rowid LIMIT ?`,
    ).all(JSON.stringify(specific), ...where.params, limit) as { id: string }[];
    for (const r of rows) out.add(r.id);
  }
  return [...out].slice(0, limit);
}

/**
 * Graph walk from seed nodes along one relation, both directions, up to `depth` hops (recursive CTE).
 * Ranked by hop distance, then by the rank of the seed it came from.
 */
function walk(db: ReadableDB, relation: 'temporal' | 'causal', seeds: readonly string[], depth: number, filter: NodeFilter, limit: number): string[] {
  if (seeds.length === 0 || depth < 1) return [];
  // Two index-friendly joins (source side, target side) instead of one OR join, which SQLite cannot index;
  // `+e.relation_type` keeps the planner off idx_edges_relation (it matches most edges) inside the recursion.
  // Ties (the turns before and after one seed) go by time, then insertion: ids are random UUIDs, and an
  // order that followed them would change the results from one memory to its identical twin.
  const rows = stmt(
    db,
    `WITH RECURSIVE seed(id, ord) AS (SELECT value, key FROM json_each(@seeds)),
     reach(id, depth, ord) AS (
       SELECT id, 0, ord FROM seed
       UNION
       SELECT e.target_id, r.depth + 1, r.ord FROM reach r JOIN edges e ON e.source_id = r.id
         WHERE +e.relation_type = @relation AND e.valid_until IS NULL AND r.depth < @depth
       UNION
       SELECT e.source_id, r.depth + 1, r.ord FROM reach r JOIN edges e ON e.target_id = r.id
         WHERE +e.relation_type = @relation AND e.valid_until IS NULL AND r.depth < @depth
  )
       SELECT r.id, min(r.depth) AS d, min(r.ord) AS o FROM reach r CROSS JOIN nodes n ON n.id = r.id WHERE r.depth > 0
       GROUP BY r.id ORDER BY d, o, n.event_time, n.rowid LIMIT @limit`,
    ).all({ seeds: JSON.stringify(seeds), relation, depth, limit: limit * 3 }) as { id: string }[];
  const ids = rows.map((r) => r.id);
  return firstPassing(db, ids, filter, limit);
}

/** "When" questions: the timeline around the best hits, plus hits inside a time the question names. */
export function temporalStrategy(
  db: ReadableDB,
  seeds: readonly string[],
  depth: number,
  filter: NodeFilter,
  limit: number,
  implied: { after: number | null; before: number | null } | null,
): string[] {
  const inWindow: string[] = [];
  if (implied && (implied.after !== null || implied.before !== null)) {
    const windowed = passingIds(db, seeds, { ...filter, after: implied.after, before: implied.before });
    for (const s of seeds) if (windowed.has(s)) inWindow.push(s);
  }
  const chain = walk(db, 'temporal', seeds, depth, filter, limit);
  return [...new Set([...inWindow, ...chain])].slice(0, limit);
}

/** "Why" questions: causes and effects of the best hits (ADR 008 §11.3, depth-limited BFS). */
export function causalStrategy(db: ReadableDB, seeds: readonly string[], depth: number, filter: NodeFilter, limit: number): string[] {
  return walk(db, 'causal', seeds, depth, filter, limit);
}

/**
 * Spreading activation (seed 004) over the fused scores: every candidate passes a share of its score to its
 * 1-hop temporal neighbours (the turns just before and after it) and, from the top seeds, to a few nodes that
 * share an entity. A turn whose answer is spread over adjacent turns ("Are you researching something?" /
 * "Yes, adoption agencies") then ranks as a unit, and neighbours with no match of their own can enter.
 * Returns the activation each node received from its neighbourhood.
 */
/** Entities linked to more current nodes than this are never specific, however large the memory. */
export const SPECIFIC_ENTITY_MENTIONS = 200;

export function neighbourhoodActivation(
  db: ReadableDB,
  scored: readonly Scored[],
  /** temporalEdgesAround(db, scored): read once by the caller, which spreads along them again (answers.ts). */
  edges: readonly TemporalEdge[],
  seeds: number,
  share: number,
  documents: number,
  perEntity = 5,
): Map<string, number> {
  const received = new Map<string, number>();
  if (scored.length === 0 || share <= 0) return received;
  const own = new Map(scored.map((s) => [s.id, s.score]));
  const give = (to: string, amount: number): void => {
    received.set(to, (received.get(to) ?? 0) + amount);
  };
  // Gifts in the givers' rank order: float sums then come out the same whatever order SQLite returned the
  // edges in (it follows the random UUIDs), and so do the ties after them.
  const rank = new Map(scored.map((s, i) => [s.id, i]));
  const gifts: { to: string; from: string; forward: boolean }[] = [];
  for (const { a, b } of edges) {
    if (own.has(b)) gifts.push({ to: a, from: b, forward: false });
    if (own.has(a)) gifts.push({ to: b, from: a, forward: true });
  }
  gifts.sort((x, y) => (rank.get(x.from) ?? 0) - (rank.get(y.from) ?? 0) || stepOrder(x, y));
  for (const g of gifts) give(g.to, share * (own.get(g.from) ?? 0));
  // Only specific entities spread (one mentioned everywhere says as little as a stopword, and is costly), and
  // only to relevant neighbours: nodes with a score of their own first, then the ones nearest in time to the seed.
  const viaEntity = stmt(
    db,
  `SELECT DISTINCT ne2.node_id AS id, n.event_time AS t, n.rowid AS r FROM node_entities ne1
   JOIN entities en ON en.id = ne1.entity_id AND en.mention_count <= ?
   JOIN node_entities ne2 ON ne2.entity_id = ne1.entity_id AND ne2.node_id != ne1.node_id
   JOIN nodes n ON n.id = ne2.node_id
   WHERE ne1.node_id = ? AND n.valid_until IS NULL`,
  );
  const timeOf = stmt(db, 'SELECT event_time FROM nodes WHERE id = ?');
  const limit = specificEntityLimit(documents);
  for (const seed of scored.slice(0, seeds)) {
    const at = (timeOf.get(seed.id) as { event_time: number } | undefined)?.event_time ?? 0;
    const neighbours = (viaEntity.all(limit, seed.id) as { id: string; t: number; r: number }[]).sort(
      (x, y) => (own.get(y.id) ?? 0) - (own.get(x.id) ?? 0) || Math.abs(x.t - at) - Math.abs(y.t - at) || x.r - y.r,
    );
    for (const r of neighbours.slice(0, perEntity)) give(r.id, share * 0.5 * seed.score);
  }
  for (const [id, amount] of received) if (amount <= 0) received.delete(id);
  return received;
}

/**
 * Facts through their sources: the facts derived from the best-ranked episodes, in the order of those
 * episodes. A model-written fact restates a turn in other words; when the conversation search finds the
 * turn (its neighbourhood and all), the fact distilled from it is as relevant.
 */
export function provenanceStrategy(db: ReadableDB, episodeIds: readonly string[], filter: NodeFilter, limit: number): string[] {
  if (episodeIds.length === 0) return [];
  const rows = stmt(
    db,
    `SELECT e.source_id AS id, min(CAST(j.key AS INTEGER)) AS rank FROM json_each(?) AS j
     CROSS JOIN edges e ON e.target_id = j.value
     WHERE e.relation_type = 'derived_from' AND e.valid_until IS NULL
     GROUP BY e.source_id ORDER BY rank, e.source_id`,
  ).all(JSON.stringify(episodeIds)) as { id: string }[];
  const ids = rows.map((r) => r.id);
  return firstPassing(db, ids, filter, limit);
}
