import type BetterSqlite3 from 'better-sqlite3';
import { expect } from 'vitest';
import { linkTallies, nodeTallies, type LinkTallies, type NodeTallies } from '../../src-main/memory/repo/tallies';
import { NODE_TYPES, RELATION_TYPES, type NodeType, type RelationType } from '../../src-shared/memory-types';

/** The same counts by scanning the rows, as stats did before migration 008: the oracle the triggers must match. */
export function countedFromRows(db: BetterSqlite3.Database): { nodes: NodeTallies; links: LinkTallies } {
  const current = Object.fromEntries(NODE_TYPES.map((t) => [t, 0])) as Record<NodeType, number>;
  for (const r of db.prepare('SELECT type, count(*) AS n FROM nodes WHERE valid_until IS NULL GROUP BY type').all() as { type: NodeType; n: number }[])
    current[r.type] = r.n;
  const invalid = { superseded: 0, forgotten: 0, pruned: 0 };
  for (const r of db
    .prepare('SELECT invalidated_reason AS reason, count(*) AS n FROM nodes WHERE valid_until IS NOT NULL GROUP BY reason')
    .all() as { reason: keyof typeof invalid | null; n: number }[])
    if (r.reason) invalid[r.reason] = r.n;
  const confidenceHistogram = Array.from({ length: 10 }, () => 0);
  for (const r of db
    .prepare(`SELECT min(9, CAST(confidence * 10 AS INTEGER)) AS b, count(*) AS n FROM nodes WHERE valid_until IS NULL AND type != 'episodic' GROUP BY b`)
    .all() as { b: number; n: number }[])
    confidenceHistogram[Math.max(0, r.b)] = (confidenceHistogram[Math.max(0, r.b)] ?? 0) + r.n;
  const bySource: Record<string, number> = {};
  for (const r of db.prepare('SELECT source_type AS s, count(*) AS n FROM nodes WHERE valid_until IS NULL GROUP BY source_type').all() as { s: string | null; n: number }[])
    bySource[r.s ?? 'none'] = r.n;
  const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  const edges = Object.fromEntries(RELATION_TYPES.map((t) => [t, 0])) as Record<RelationType, number>;
  for (const r of db.prepare('SELECT relation_type AS t, count(*) AS n FROM edges GROUP BY t').all() as { t: RelationType; n: number }[]) edges[r.t] = r.n;
  const orphans = one(`SELECT count(*) AS n FROM nodes n WHERE n.valid_until IS NULL
    AND NOT EXISTS (SELECT 1 FROM edges WHERE source_id = n.id) AND NOT EXISTS (SELECT 1 FROM edges WHERE target_id = n.id)
    AND NOT EXISTS (SELECT 1 FROM node_entities WHERE node_id = n.id)`);
  return {
    nodes: {
      current,
      invalid,
      total: one('SELECT count(*) AS n FROM nodes'),
      confidenceHistogram,
      bySource,
      protectedFacts: one(
        `SELECT count(*) AS n FROM nodes WHERE valid_until IS NULL AND type != 'episodic' AND decay_rate <= 0 AND coalesce(source_type, '') != 'reflection'`,
      ),
    },
    links: {
      edges,
      entityLinks: one('SELECT count(*) AS n FROM node_entities'),
      liveEntities: one('SELECT count(*) AS n FROM entities WHERE merged_into IS NULL'),
      linkedCurrentNodes: one('SELECT count(*) AS n FROM nodes WHERE valid_until IS NULL') - orphans,
    },
  };
}

export function expectTalliesMatchRows(db: BetterSqlite3.Database): void {
  expect({ nodes: nodeTallies(db), links: linkTallies(db) }).toEqual(countedFromRows(db));
}

