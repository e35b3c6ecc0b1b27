/**
 * Full-text search scoped to a space (issue 26, performance): BM25 ranks the matches once, and the best are
 * read from `nodes` and filtered in the same statement until enough pass. The results are exactly the unscoped
 * ranking filtered to the space (and facts marked everywhere), whether the space holds a third of the matches,
 * a few, or more than the ranking keeps (then the joined query answers).
 */
import type { Database } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { MemoryEngine } from '../../../src-main/memory/engine';
import type { NodeFilter } from '../../../src-main/memory/retrieval/filter';
import { ftsScored } from '../../../src-main/memory/retrieval/fts-scored';
import { ftsQuery } from '../../../src-main/memory/retrieval/text';
import { PERSONAL_SPACE_ID } from '../../../src-shared/spaces';
import { openTestEngine } from '../../helpers/temp-engine';

const TURNS_AND_FACTS: NodeFilter = { types: ['episodic', 'semantic'], includeInvalid: false, excludeSessionIds: [], after: null, before: null, entityIds: null };

/** 600 turns about sailing: Work holds every fourth, Rare holds two, Personal the rest; and a Work fact marked everywhere. */
async function spacedMemory(): Promise<{ engine: MemoryEngine; work: string; rare: string; spaceOf: (id: string) => string }> {
  const { engine } = openTestEngine();
  const work = engine.createSpace({ name: 'Work' }).id;
  const rare = engine.createSpace({ name: 'Rare' }).id;
  for (let i = 0; i < 600; i++) {
    const spaceId = i === 17 || i === 480 ? rare : i % 4 === 0 ? work : PERSONAL_SPACE_ID;
    // Repetitions vary so BM25 scores differ; some turns mention sailing twice.
    const content = `Sailing trip ${i}: ${i % 5 === 0 ? 'sailing again, ' : ''}the boat and the lake`;
    engine.recordEpisode({ content, sessionId: `s${i % 40}`, spaceId });
  }
  await engine.flush();
  const everywhere = engine.rememberFact({ content: 'The user goes sailing every summer', spaceId: work });
  engine.setEverywhere({ id: everywhere, everywhere: true });
  const rows = engine.database.prepare('SELECT id, space_id, everywhere FROM nodes').all() as { id: string; space_id: string; everywhere: number }[];
  const spaces = new Map(rows.map((r) => [r.id, r.everywhere === 1 ? '*' : r.space_id]));
  const spaceOf = (id: string): string => spaces.get(id) ?? '';
  return { engine, work, rare, spaceOf };
}

/** Counts the BM25 rankings the engine's statements run from now on. */
function countRankings(db: Database): { rankings: number } {
  const counter = { rankings: 0 };
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    if (!/bm25\(/.test(sql)) return statement;
    const all = statement.all.bind(statement) as (...args: unknown[]) => unknown[];
    (statement as unknown as { all: typeof all }).all = (...args: unknown[]) => {
      counter.rankings++;
      return all(...args);
    };
    return statement;
  }) as Database['prepare'];
  return counter;
}

describe('full-text search scoped to a space', () => {
  it('gives the unscoped ranking filtered to the space, in the same order', async () => {
    const { engine, work, rare, spaceOf } = await spacedMemory();
    const query = ftsQuery('sailing');
    const all = ftsScored(engine.database, query, TURNS_AND_FACTS, 10_000);
    expect(all).toHaveLength(601);
    for (const spaceId of [PERSONAL_SPACE_ID, work, rare]) {
      for (const limit of [1, 5, 10, 30]) {
        const expected = all.filter((h) => spaceOf(h.id) === spaceId || spaceOf(h.id) === '*').slice(0, limit);
        expect(ftsScored(engine.database, query, { ...TURNS_AND_FACTS, spaceId }, limit)).toEqual(expected);
      }
    }
    // The space that holds two turns (and sees the one marked everywhere) gets exactly those three.
    expect(ftsScored(engine.database, query, { ...TURNS_AND_FACTS, spaceId: rare }, 10)).toHaveLength(3);
  });

  it('ranks once when a space holds a quarter of the matches', async () => {
    const { engine, work } = await spacedMemory();
    const counter = countRankings(engine.database);
    const hits = ftsScored(engine.database, ftsQuery('sailing'), { ...TURNS_AND_FACTS, spaceId: work }, 100);
    expect(hits).toHaveLength(100);
    // Before: the best 300 ranked and filtered (about 75 kept, too few), then the best 2,400 ranked again.
    expect(counter.rankings).toBe(1);
  });

});
