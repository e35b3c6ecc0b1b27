import { describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import { ftsScored, type FtsTrace } from '../../../src-main/memory/retrieval/fts-scored';
import { filterSql, type NodeFilter } from '../../../src-main/memory/retrieval/filter';
import { ftsQuery, type FtsQuery } from '../../../src-main/memory/retrieval/text';
import { openTestEngine } from '../../helpers/temp-engine';

const EPISODES: NodeFilter = { types: ['episodic'], includeInvalid: false, excludeSessionIds: [], after: null, before: null, entityIds: null };
const ALL_TYPES: NodeFilter = { ...EPISODES, types: ['episodic', 'semantic', 'procedural', 'opinion'] };

/**
 * 240 turns about lunch in three sessions (lunch and team are "frequent" here), the oldest naming a rare word,
 * and a fact every tenth turn: filters then drop some, most or none of the ranked rows.
 */
async function lunchMemory() {
  const { engine } = openTestEngine();
  engine.recordEpisode({ content: 'Lunch with the zebra keeper at the zoo', sessionId: 's0' });
  for (let i = 0; i < 240; i++) {
    engine.recordEpisode({ content: `Lunch plans number ${i} with the team${i % 3 === 0 ? ', lunch again' : ''}`, sessionId: `s${i % 3}` });
    if (i % 10 === 0) engine.rememberFact({ content: `User had lunch with the team on day ${i}` });
  }
  await engine.flush();
  const df = (t: string): number => ({ lunch: 265, team: 264, zebra: 1 })[t] ?? 0;
  return { engine, df };
}

/**
 * The answer ftsScored must give, computed the plain way: every bounded match joined to `nodes` and filtered
 * in SQL, ranked by SQLite (the query the read path used to fall back to).
 */
function reference(db: Database, query: FtsQuery, filter: NodeFilter, limit: number): string[] {
  const where = filterSql(filter);
  const table = filter.types.includes('episodic') ? 'nodes_fts' : 'facts_fts';
  const joined = (match: string, side: string, bound: number): { id: string; rowid: number; score: number }[] =>
    db
      .prepare(
        `SELECT n.id, n.rowid, -bm25(${table}) AS score FROM ${table} JOIN nodes n ON n.rowid = ${table}.rowid
         WHERE ${table} MATCH ? AND ${table}.rowid ${side} ? AND ${where.text} ORDER BY bm25(${table}), n.rowid LIMIT ?`,
      )
      .all(match, bound, ...where.params, limit) as { id: string; rowid: number; score: number }[];
  const cut =
    query.recentMatches === null
      ? undefined
      : (db.prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?`).pluck().get(query.match, query.recentMatches - 1) as
          | number
          | undefined);
  if (cut === undefined) return joined(query.match, '>=', 0).map((h) => h.id);
  const older = query.rare ? joined(query.rare, '<', cut) : [];
  return [...joined(query.match, '>=', cut), ...older]
    .sort((a, b) => b.score - a.score || a.rowid - b.rowid)
    .slice(0, limit)
    .map((h) => h.id);
}

describe('ftsScored (one BM25 pass, rows read until the limit passes)', () => {
  it('answers as the plain joined query does, whatever the filter keeps', async () => {
    const { engine, df } = await lunchMemory();
    const db = engine.database;
    const queries = [
      ftsQuery('lunch with the team'),
      ftsQuery('lunch team', { df, frequentDocs: 20, recentMatches: 60 }),
      ftsQuery('lunch with the team, or the zebra', { df, frequentDocs: 20, recentMatches: 60 }),
      ftsQuery('lunch', { df, frequentDocs: 20, recentMatches: 1000 }),
    ];
    const filters: NodeFilter[] = [EPISODES, ALL_TYPES, { ...EPISODES, excludeSessionIds: ['s1', 's2'] }, { ...ALL_TYPES, types: ['semantic'] }];
    for (const query of queries) {
      expect(query).not.toBeNull();
      for (const filter of filters) {
        for (const limit of [1, 5, 30]) {
          const ids = ftsScored(db, query, filter, limit).map((h) => h.id);
          expect(ids).toEqual(reference(db, query as FtsQuery, filter, limit));
        }
      }
    }
  });

  it('scores the bounded recent matches in one pass and reads about `limit` rows when all pass', async () => {
    const { engine, df } = await lunchMemory();
    const query = ftsQuery('lunch team', { df, frequentDocs: 20, recentMatches: 120 });
    const trace: FtsTrace = { passes: 0, rowsRead: 0 };
    const hits = ftsScored(engine.database, query, ALL_TYPES, 40, trace);
    expect(hits).toHaveLength(40);
    // Before: a walk to find the bound, a ranked pass, and 3 × 40 rows read from `nodes`.
    expect(trace.passes).toBe(1);
    expect(trace.rowsRead).toBeLessThanOrEqual(45);
  });

  it('keeps reading, in batches, when the filter drops ranked rows', async () => {
    const { engine, df } = await lunchMemory();
    const query = ftsQuery('lunch team', { df, frequentDocs: 20, recentMatches: 200 });
    for (const [excluded, mostRead] of [
      [['s1'], 60],
      [['s0', 's1'], 200],
    ] as const) {
      const trace: FtsTrace = { passes: 0, rowsRead: 0 };
      const filter: NodeFilter = { ...EPISODES, excludeSessionIds: excluded };
      const hits = ftsScored(engine.database, query, filter, 30, trace);
      expect(hits.map((h) => h.id)).toEqual(reference(engine.database, query as FtsQuery, filter, 30));
      expect(trace.passes).toBe(1);
      expect(trace.rowsRead).toBeLessThanOrEqual(mostRead);
    }
  });

  it('carries each hit’s rowid, so later steps need not read it again', async () => {
    const { engine } = await lunchMemory();
    const [hit] = ftsScored(engine.database, ftsQuery('zebra'), EPISODES, 1);
    const rowid = engine.database.prepare('SELECT rowid FROM nodes WHERE id = ?').pluck().get(hit?.id);
    expect(hit?.rowid).toBe(rowid);
  });
});
