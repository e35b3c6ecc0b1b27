import { describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import { firstPassing, passingIds, type NodeFilter } from '../../../src-main/memory/retrieval/filter';
import { stepOrder, temporalEdgesAround } from '../../../src-main/memory/repo/temporal-edges';
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

const key = (e: { a: string; b: string }): string => `${e.a} ${e.b}`;

describe('temporalEdgesAround', () => {
  it('finds the same edges as the join it replaces, each edge once', async () => {
    const { engine, turns } = await chatMemory();
    const candidates = [turns[3], turns[4], turns[5], turns[20], turns[39]] as string[];
    const edges = temporalEdgesAround(engine.database, candidates.map((id) => ({ id })));
    expect(edges.length).toBeGreaterThan(0);
    expect(edges.map(key).sort()).toEqual(edgesByJoin(engine.database, candidates).map(key).sort());
    expect(new Set(edges.map(key)).size).toBe(edges.length);
  });

  it('gives the earlier turn first, so steps along edges order as the rowids of the turns they reach', async () => {
    const { engine, turns } = await chatMemory();
    const candidates = turns.slice(5, 15);
    const joined = edgesByJoin(engine.database, candidates);
    expect(joined.length).toBeGreaterThan(0);
    // The earlier end of every edge is the one recorded first.
    for (const e of joined) expect(e.ra).toBeLessThan(e.rb);
    const rowid = new Map(joined.flatMap((e) => [[e.a, e.ra] as const, [e.b, e.rb] as const]));
    // From each turn: its steps in stepOrder reach rowids in ascending order.
    for (const from of candidates) {
      const steps = temporalEdgesAround(engine.database, [{ id: from }]).flatMap((e) => [
        ...(e.a === from ? [{ forward: true, to: e.b }] : []),
        ...(e.b === from ? [{ forward: false, to: e.a }] : []),
      ]);
      const reached = steps.sort(stepOrder).map((s) => rowid.get(s.to) ?? NaN);
      expect(reached).toEqual([...reached].sort((x, y) => x - y));
      expect(steps.length).toBeGreaterThan(0);
    }
    expect(stepOrder({ forward: true, to: 'a' }, { forward: true, to: 'b' })).toBeLessThan(0);
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
