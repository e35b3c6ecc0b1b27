/**
 * Retrieval strategies (ADR 008 §11.2–§11.3). Each returns node ids best first; fusion combines them.
 * All are plain SQL over the one database: FTS5 BM25, sqlite-vec KNN, entity junction, recursive CTEs.
 */
import type { Database } from 'better-sqlite3';
import { knnNodes } from '../repo/vectors';
import { filterSql, passingIds, type NodeFilter } from './filter';

export interface Scored {
  id: string;
  score: number;
}

/** BM25 over FTS5 (higher score = better here; FTS5's bm25() is negated). */
export function ftsScored(db: Database, match: string | null, filter: NodeFilter, limit: number): Scored[] {
  if (!match) return [];
  const { where, params } = filterSql(filter);
  const rows = db
    .prepare(
      `SELECT n.id, -bm25(nodes_fts) AS score FROM nodes_fts JOIN nodes n ON n.rowid = nodes_fts.rowid
       WHERE nodes_fts MATCH ? AND ${where} ORDER BY bm25(nodes_fts) LIMIT ?`,
    )
    .all(match, ...params, limit) as Scored[];
  return rows;
}

export function ftsStrategy(db: Database, match: string | null, filter: NodeFilter, limit: number): string[] {
  return ftsScored(db, match, filter, limit).map((r) => r.id);
}

/**
 * Conversational context smoothing: a turn's score plus a share of its temporal neighbours' scores, so an
 * answer whose words are spread over adjacent turns ("Are you researching something?" / "Yes, agencies")
 * ranks as a unit. Neighbours without a match of their own can enter through their neighbours.
 */
export function smoothedStrategy(db: Database, scored: Scored[], filter: NodeFilter, limit: number, share: number): string[] {
  if (scored.length === 0) return [];
  const own = new Map(scored.map((s) => [s.id, s.score]));
  const rows = db
    .prepare(
      `WITH c(id) AS (SELECT value FROM json_each(?))
       SELECT source_id AS a, target_id AS b FROM edges WHERE relation_type = 'temporal' AND source_id IN (SELECT id FROM c)
       UNION SELECT source_id, target_id FROM edges WHERE relation_type = 'temporal' AND target_id IN (SELECT id FROM c)`,
    )
    .all(JSON.stringify(scored.map((s) => s.id))) as { a: string; b: string }[];
  const smoothed = new Map<string, number>(own);
  for (const { a, b } of rows) {
    smoothed.set(a, (smoothed.get(a) ?? 0) + share * (own.get(b) ?? 0));
    smoothed.set(b, (smoothed.get(b) ?? 0) + share * (own.get(a) ?? 0));
  }
  const ranked = [...smoothed.entries()].sort((x, y) => y[1] - x[1]).map(([id]) => id);
  const ok = passingIds(db, ranked.slice(0, limit * 2), filter);
  return ranked.filter((id) => ok.has(id)).slice(0, limit);
}

export function vectorStrategy(db: Database, query: Float32Array | null, filter: NodeFilter, limit: number): string[] {
  if (!query) return [];
  // KNN filters type and currency inside the scan; the rest (sessions, time, entity) is checked after,
  // so ask for more than needed when those filters are on.
  const extraFilters = filter.excludeSessionIds.length > 0 || filter.after !== null || filter.before !== null || filter.entityIds !== null;
  const k = Math.min(4096, extraFilters ? limit * 4 : limit);
  const hits = knnNodes(db, query, k, {
    ...(filter.types.length > 0 && filter.types.length < 4 ? { types: filter.types } : {}),
    includeInactive: filter.includeInvalid,
  });
  const ids = hits.map((h) => h.nodeId);
  if (!extraFilters) return ids.slice(0, limit);
  const ok = passingIds(db, ids, filter);
  return ids.filter((id) => ok.has(id)).slice(0, limit);
}

/** Nodes linked to the entities the query mentions: those linked to more of them first, then newest. */
export function entityStrategy(db: Database, entityIds: readonly string[], filter: NodeFilter, limit: number): string[] {
  if (entityIds.length === 0) return [];
  const { where, params } = filterSql(filter);
  const rows = db
    .prepare(
      `SELECT n.id, count(*) AS hits FROM node_entities ne JOIN nodes n ON n.id = ne.node_id
       WHERE ne.entity_id IN (SELECT value FROM json_each(?)) AND ${where}
       GROUP BY n.id ORDER BY hits DESC, n.confidence DESC, n.event_time DESC LIMIT ?`,
    )
    .all(JSON.stringify(entityIds), ...params, limit) as { id: string }[];
  return rows.map((r) => r.id);
}

/**
 * Graph walk from seed nodes along one relation, both directions, up to `depth` hops (recursive CTE).
 * Ranked by hop distance, then by the rank of the seed it came from.
 */
function walk(db: Database, relation: 'temporal' | 'causal', seeds: readonly string[], depth: number, filter: NodeFilter, limit: number): string[] {
  if (seeds.length === 0 || depth < 1) return [];
  const rows = db
    .prepare(
      `WITH RECURSIVE seed(id, ord) AS (SELECT value, key FROM json_each(?)),
       reach(id, depth, ord) AS (
         SELECT id, 0, ord FROM seed
         UNION
         SELECT CASE WHEN e.source_id = r.id THEN e.target_id ELSE e.source_id END, r.depth + 1, r.ord
         FROM reach r JOIN edges e ON (e.source_id = r.id OR e.target_id = r.id)
         WHERE e.relation_type = ? AND e.valid_until IS NULL AND r.depth < ?
       )
       SELECT id, min(depth) AS d, min(ord) AS o FROM reach WHERE depth > 0 GROUP BY id ORDER BY d, o LIMIT ?`,
    )
    .all(JSON.stringify(seeds), relation, depth, limit * 3) as { id: string }[];
  const ids = rows.map((r) => r.id);
  const ok = passingIds(db, ids, filter);
  return ids.filter((id) => ok.has(id)).slice(0, limit);
}

/** "When" questions: the timeline around the best hits, plus hits inside a time the question names. */
export function temporalStrategy(
  db: Database,
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
export function causalStrategy(db: Database, seeds: readonly string[], depth: number, filter: NodeFilter, limit: number): string[] {
  return walk(db, 'causal', seeds, depth, filter, limit);
}

/**
 * Spreading activation (seed 004): the 1-hop temporal and entity neighbourhood of the top hits. A seed
 * passes activation to its neighbours in proportion to its own rank; nodes reached from several seeds
 * accumulate it. Entity neighbours are capped per seed so a popular entity does not flood the list.
 */
export function neighbourhoodStrategy(db: Database, seeds: readonly string[], filter: NodeFilter, limit: number, perEntity = 5): string[] {
  if (seeds.length === 0) return [];
  const activation = new Map<string, number>();
  const seedSet = new Set(seeds);
  const temporal = db.prepare(
    `SELECT target_id AS id FROM edges WHERE source_id = ? AND relation_type = 'temporal'
     UNION ALL SELECT source_id FROM edges WHERE target_id = ? AND relation_type = 'temporal'`,
  );
  const viaEntity = db.prepare(
    `SELECT ne2.node_id AS id FROM node_entities ne1
     JOIN node_entities ne2 ON ne2.entity_id = ne1.entity_id AND ne2.node_id != ne1.node_id
     JOIN nodes n ON n.id = ne2.node_id
     WHERE ne1.node_id = ? ORDER BY n.event_time DESC LIMIT ?`,
  );
  seeds.forEach((seed, i) => {
    const strength = 1 / (i + 1);
    for (const r of temporal.all(seed, seed) as { id: string }[]) {
      if (!seedSet.has(r.id)) activation.set(r.id, (activation.get(r.id) ?? 0) + strength);
    }
    for (const r of viaEntity.all(seed, perEntity) as { id: string }[]) {
      if (!seedSet.has(r.id)) activation.set(r.id, (activation.get(r.id) ?? 0) + strength * 0.5);
    }
  });
  const ranked = [...activation.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  const ok = passingIds(db, ranked, filter);
  return ranked.filter((id) => ok.has(id)).slice(0, limit);
}
