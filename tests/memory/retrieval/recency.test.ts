import { describe, expect, it } from 'vitest';
import { asksForCurrent, recencyWeights } from '../../../src-main/memory/retrieval/recency';
import type { RetrievalConfig } from '../../../src-main/memory';
import { openTestEngine } from '../../helpers/temp-engine';

const DAY = 86_400_000;
const T0 = Date.parse('2024-01-10T09:00:00Z');

describe('asksForCurrent', () => {
  it('recognises questions about the current value', () => {
    for (const q of ['Where is Tom working these days?', 'Is Priya in a relationship at the moment?', 'What is his job now?', 'Is she still cooking on a hot plate?', 'Где он сейчас работает?']) {
      expect(asksForCurrent(q), q).toBe(true);
    }
    for (const q of ['Where did Tom work in March?', 'What is the name of the dog?', 'Who is nowhere to be found?']) {
      expect(asksForCurrent(q), q).toBe(false);
    }
  });
});

describe('recencyWeights', () => {
  it('lifts the newest by the full lift, the oldest not at all, and a single time not at all', () => {
    const w = recencyWeights(new Map([['a', 100], ['b', 150], ['c', 200]]), 0.6);
    expect(w.get('a')).toBe(1);
    expect(w.get('b')).toBeCloseTo(1.3, 9);
    expect(w.get('c')).toBeCloseTo(1.6, 9);
    expect(recencyWeights(new Map([['a', 5], ['b', 5]]), 0.6).get('b')).toBe(1);
    expect(recencyWeights(new Map([['a', 5]]), 0).size).toBe(0);
  });
});

/** Two turns about the same job, months apart, and chatter: "these days" asks for the newer one. */
async function firstHit(retrieval: Partial<RetrievalConfig>): Promise<string | undefined> {
  const { engine } = openTestEngine({ startSlowPath: false, retrieval });
  const turns: [string, number][] = [
    ['Tom has been working long days at Fenwick Labs on their data platform, and he likes the team there.', 0],
    ['The weather was grey all weekend and the garden is a mess after the storm on Sunday.', 20],
    ['We tried the new ramen place near the station last night and it was very good.', 40],
    ['Tom is working at Gridwise now, forecasting wind power for the grid every hour.', 120],
  ];
  turns.forEach(([content, day], i) => engine.recordEpisode({ content, sessionId: `s${i}`, role: 'user', eventTime: T0 + day * DAY }));
  await engine.drainSlowPath();
  const result = await engine.search({ query: 'Where is Tom working these days?', types: ['episodic'], limit: 4, now: T0 + 200 * DAY });
  return result.hits[0]?.node.content;
}

describe('search for a current value', () => {
  it('ranks the newer of two turns on the topic first', async () => {
    expect(await firstHit({ currentLift: 0 })).toMatch(/Fenwick/); // what the lift corrects
    expect(await firstHit({})).toMatch(/Gridwise/);
  });
});
