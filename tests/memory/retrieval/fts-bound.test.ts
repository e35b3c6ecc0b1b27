import { describe, expect, it } from 'vitest';
import { ftsScored } from '../../../src-main/memory/retrieval/fts-scored';
import { FtsMemo } from '../../../src-main/memory/retrieval/search';
import { ftsQuery } from '../../../src-main/memory/retrieval/text';
import type { NodeFilter } from '../../../src-main/memory/retrieval/filter';
import { openTestEngine } from '../../helpers/temp-engine';

const EPISODES: NodeFilter = { types: ['episodic'], includeInvalid: false, excludeSessionIds: [], after: null, before: null, entityIds: null };

/**
 * 120 turns about lunch (a "frequent" term here), the oldest of which also names a rare word. Each turn is a session
 * of its own, so it matches on its own words alone (the index also reads a turn with the two before it in its session).
 */
async function memoryWithACommonWord(options: Parameters<typeof openTestEngine>[0] = {}) {
  const { engine } = openTestEngine(options);
  const rareOld = engine.recordEpisode({ content: 'Lunch with the zebra keeper at the zoo', sessionId: 'zoo' });
  const lunch: string[] = [];
  const sessions = ['zoo', 'food'];
  for (let i = 0; i < 120; i++) {
    sessions.push(`lunch-${i}`);
    lunch.push(engine.recordEpisode({ content: `Lunch plans number ${i} with the team`, sessionId: `lunch-${i}` }));
  }
  engine.recordEpisode({ content: 'Nothing about food here', sessionId: 'food' });
  await engine.flush();
  const df = (t: string): number => ({ lunch: 121, team: 120, zebra: 1 })[t] ?? 0;
  return { engine, rareOld, lunch, df, sessions };
}

describe('bounded BM25 on a large memory', () => {
  it('scores only the most recent matches of a frequent term', async () => {
    const { engine, lunch, df } = await memoryWithACommonWord();
    const query = ftsQuery('lunch', { df, frequentDocs: 20, recentMatches: 20 });
    const hits = ftsScored(engine.database, query, EPISODES, 100);
    expect(hits).toHaveLength(20);
    expect(new Set(hits.map((h) => h.id))).toEqual(new Set(lunch.slice(-20)));
  });

  it('still finds an old turn through a rare word, ranked first', async () => {
    const { engine, rareOld, df } = await memoryWithACommonWord();
    const query = ftsQuery('lunch with the team, or the zebra', { df, frequentDocs: 20, recentMatches: 20 });
    expect(query).toEqual({ match: '"zebra" OR ("lunch" AND "team")', rare: '"zebra"', recentMatches: 20 });
    const hits = ftsScored(engine.database, query, EPISODES, 10);
    expect(hits[0]?.id).toBe(rareOld);
    expect(hits).toHaveLength(10);
  });

  it('scores every match when there are fewer than the bound, or only rare terms', async () => {
    const { engine, df } = await memoryWithACommonWord();
    expect(ftsScored(engine.database, ftsQuery('lunch', { df, frequentDocs: 20, recentMatches: 500 }), EPISODES, 1000)).toHaveLength(121);
    const rareOnly = ftsQuery('zebra keeper', { df: () => 1, frequentDocs: 20, recentMatches: 20 });
    expect(rareOnly?.recentMatches).toBeNull();
    expect(ftsScored(engine.database, rareOnly, EPISODES, 10)).toHaveLength(1);
  });

  it('shares one question\'s rankings between filters: the second search scores nothing and finds what it would alone', async () => {
    const { engine, df, sessions } = await memoryWithACommonWord();
    engine.recordEpisode({ content: 'Lunch with the team moved to Friday', sessionId: 'other' });
    await engine.flush();
    const query = ftsQuery('lunch with the team, or the zebra', { df, frequentDocs: 20, recentMatches: 20 });
    const otherSession: NodeFilter = { ...EPISODES, excludeSessionIds: sessions };
    const rankings = new Map();
    const first = { passes: 0, rowsRead: 0 };
    const all = ftsScored(engine.database, query, EPISODES, 10, first, rankings);
    const second = { passes: 0, rowsRead: 0 };
    const shared = ftsScored(engine.database, query, otherSession, 10, second, rankings);
    expect(first.passes).toBeGreaterThan(0);
    expect(second.passes).toBe(0);
    expect(shared).toEqual(ftsScored(engine.database, query, otherSession, 10));
    expect(shared.map((h) => h.id)).not.toEqual(all.map((h) => h.id));
    // A copy each time: sorting one list leaves the shared ranking as read.
    expect(ftsScored(engine.database, query, EPISODES, 10, undefined, rankings)).toEqual(all);
  });

  it('reads the rankings again once the memory changed between two searches of one question', async () => {
    const { engine, df } = await memoryWithACommonWord();
    const query = ftsQuery('zebra', { df, frequentDocs: 20, recentMatches: 20 });
    const memo = new FtsMemo();
    expect(memo.scored(engine.database, query, EPISODES, 10)).toHaveLength(1);
    const later = engine.recordEpisode({ content: 'The zebra escaped', sessionId: 'escape' });
    await engine.flush();
    expect(memo.scored(engine.database, query, EPISODES, 10).map((h) => h.id)).toContain(later);
  });

  it('is what search uses once the memory passes the size where the bound starts', async () => {
    const { engine, lunch } = await memoryWithACommonWord({ retrieval: { boundedFtsFromDocs: 50, ftsRecentMatches: 20 } });
    const result = await engine.search({ query: 'lunch', types: ['episodic'], limit: 50 });
    const found = new Set(result.hits.filter((h) => h.strategies.some((s) => s.strategy === 'neighbourhood' || s.strategy === 'fts')).map((h) => h.node.id));
    expect(lunch.slice(-20).filter((id) => found.has(id)).length).toBeGreaterThan(10);
    // The old turns are not scored (a neighbour of a scored turn can still be activated).
    expect(lunch.slice(0, 60).filter((id) => found.has(id))).toEqual([]);
  });

  it('requires frequent terms two at a time: matches exactly the turns holding at least two of them', async () => {
    const { engine } = openTestEngine();
    const words = ['apple', 'bread', 'cheese', 'dates', 'eggs'];
    // Every subset of the five words, as its own turn (and session: no turn reads another's words as its context).
    const turns = new Map<string, string[]>();
    for (let mask = 1; mask < 32; mask++) {
      const held = words.filter((_, i) => mask & (1 << i));
      turns.set(engine.recordEpisode({ content: `Shopping list: ${held.join(' and ')}`, sessionId: `list-${mask}` }), held);
    }
    await engine.flush();
    // Four frequent terms (the fifth is left out: at most four are paired), rarest first by these counts.
    const df = (t: string): number => ({ apple: 40, bread: 50, cheese: 60, dates: 70, eggs: 80 })[t] ?? 0;
    const query = ftsQuery('apple bread cheese dates eggs', { df, frequentDocs: 20, recentMatches: 10_000 });
    expect(query?.match).toBe('("dates" AND ("apple" OR "bread" OR "cheese")) OR ("cheese" AND ("apple" OR "bread")) OR ("bread" AND "apple")');
    const found = new Set(ftsScored(engine.database, query, EPISODES, 100).map((h) => h.id));
    const pairedWords = words.slice(0, 4);
    const expected = [...turns].filter(([, held]) => held.filter((w) => pairedWords.includes(w)).length >= 2).map(([id]) => id);
    expect(found).toEqual(new Set(expected));
    expect(found.size).toBe(22); // subsets of five words with at least two of the first four: 11 × 2
  });
});
