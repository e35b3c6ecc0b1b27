import { describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import { firstPassing, passingIds, type NodeFilter } from '../../../src-main/memory/retrieval/filter';
import { temporalEdgesAround } from '../../../src-main/memory/repo/temporal-edges';
import { openTestEngine } from '../../helpers/temp-engine';

const EPISODES: NodeFilter = { types: ['episodic'], includeInvalid: false, excludeSessionIds: [], after: null, before: null, entityIds: null };

/** Two sessions of consecutive turns (temporal edges between neighbours) and a few facts, some forgotten. */
async function chatMemory() {
  const { engine } = openTestEngine();
  const turns: string[] = [];
  for (let i = 0; i < 40; i++) turns.push(engine.recordEpisode({ content: `turn ${i} about the garden`, sessionId: `s${i % 2}` }));
  await engine.flush();
  const facts = Array.from({ length: 6 }, (_, i) => engine.rememberFact({ content: `User grows plant number ${i}` }));
  for (const id of facts.slice(0, 3)) engine.forget(id);
  return { engine, turns, facts };
}

/** The query spreading activation ran before: edges joined to nodes for both ends' rowids. */
function edgesByJoin(db: Database, ids: readonly string[]): { a: string; b: string; ra: number; rb: number }[] {
  return db
    .prepare(
      `WITH c(id) AS (SELECT value FROM json_each(?)),
       e(a, b) AS (
         SELECT source_id, target_id FROM edges WHERE relation_type = 'temporal' AND source_id IN (SELECT id FROM c)
         UNION SELECT source_id, target_id FROM edges WHERE relation_type = 'temporal' AND target_id IN (SELECT id FROM c))
       SELECT e.a, e.b, na.rowid AS ra, nb.rowid AS rb FROM e CROSS JOIN nodes na ON na.id = e.a CROSS JOIN nodes nb ON nb.id = e.b`,
    )
    .all(JSON.stringify(ids)) as { a: string; b: string; ra: number; rb: number }[];
}

const key = (e: { a: string; b: string; ra: number; rb: number }): string => `${e.a} ${e.b} ${e.ra} ${e.rb}`;

describe('temporalEdgesAround', () => {
  it('finds the same edges and rowids as the join it replaces, each edge once', async () => {
    const { engine, turns } = await chatMemory();
    const candidates = [turns[3], turns[4], turns[5], turns[20], turns[39]] as string[];
    const edges = temporalEdgesAround(engine.database, candidates.map((id) => ({ id })));
    expect(edges.length).toBeGreaterThan(0);
    expect(edges.map(key).sort()).toEqual(edgesByJoin(engine.database, candidates).map(key).sort());
    expect(new Set(edges.map(key)).size).toBe(edges.length);
  });

  it('takes the rowids BM25 already has instead of reading them again', async () => {
    const { engine, turns } = await chatMemory();
    const id = turns[10] as string;
    // A rowid no node has: only a candidate's own rowid, as handed in, can produce it.
    const edges = temporalEdgesAround(engine.database, [{ id, rowid: -7 }]);
    expect(edges.length).toBeGreaterThan(0);
    for (const e of edges) expect(e.a === id ? e.ra : e.rb).toBe(-7);
  });
});

describe('firstPassing', () => {
  it('gives the first `limit` ids that pass, as filtering every candidate would', async () => {
    const { engine, turns, facts } = await chatMemory();
    const db = engine.database;
    // Interleaved: episodes pass, facts do not (type), forgotten facts twice over.
    const ranked = turns.flatMap((t, i) => (i < facts.length ? [facts[i] as string, t] : [t]));
    const filters: NodeFilter[] = [EPISODES, { ...EPISODES, types: ['semantic'] }, { ...EPISODES, excludeSessionIds: ['s0'] }];
    for (const filter of filters) {
      const ok = passingIds(db, ranked, filter);
      for (const limit of [1, 4, 15, 100]) {
        expect(firstPassing(db, ranked, filter, limit)).toEqual(ranked.filter((id) => ok.has(id)).slice(0, limit));
      }
    }
  });

  it('trusts `known` ids without checking them', async () => {
    const { engine, turns, facts } = await chatMemory();
    const forgotten = facts[0] as string;
    expect(firstPassing(engine.database, [forgotten, turns[0] as string], EPISODES, 2, new Set([forgotten]))).toEqual([forgotten, turns[0]]);
  });
});
