import { describe, expect, it } from 'vitest';
import { asksForCurrent, recencyWeights } from '../../../src-main/memory/retrieval/recency';
import { topicalTerms } from '../../../src-main/memory/retrieval/text';
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

/** The turns (content, day) recorded a session each, then what the query finds 200 days on, best first. */
async function ranked(turns: [string, number][], query: string, retrieval: Partial<RetrievalConfig> = {}): Promise<string[]> {
  const { engine } = openTestEngine({ startSlowPath: false, retrieval });
  turns.forEach(([content, day], i) => engine.recordEpisode({ content, sessionId: `s${i}`, role: 'user', eventTime: T0 + day * DAY }));
  await engine.drainSlowPath();
  const result = await engine.search({ query, types: ['episodic'], limit: turns.length, now: T0 + 200 * DAY });
  return result.hits.map((h) => h.node.content);
}

/** Two turns about the same job, months apart, and chatter: "these days" asks for the newer one. */
async function firstHit(retrieval: Partial<RetrievalConfig>): Promise<string | undefined> {
  const turns: [string, number][] = [
    ['Tom has been working long days at Fenwick Labs on their data platform, and he likes the team there.', 0],
    ['The weather was grey all weekend and the garden is a mess after the storm on Sunday.', 20],
    ['We tried the new ramen place near the station last night and it was very good.', 40],
    ['Tom is working at Gridwise now, forecasting wind power for the grid every hour.', 120],
  ];
  return (await ranked(turns, 'Where is Tom working these days?', retrieval))[0];
}

describe('search for a current value', () => {
  it('ranks the newer of two turns on the topic first', async () => {
    expect(await firstHit({ currentLift: 0 })).toMatch(/Fenwick/); // what the lift corrects
    expect(await firstHit({})).toMatch(/Gridwise/);
  });
});

describe('a question about the latest occasion', () => {
  it('is read as asking for the newest, with "last" (and "the last time") left out of the words matched', () => {
    for (const q of ['When did I last meet Grace?', 'when was the last time I saw Jo', 'When did Sam last call?', 'When were you last in Lisbon?', 'Когда я в последний раз видел Анну?']) {
      expect(asksForCurrent(q), q).toBe(true);
    }
    expect(topicalTerms('When did I last meet Grace?')).toEqual(['meet', 'grace']);
    expect(topicalTerms('when was the last time I saw Jo')).toEqual(['saw', 'jo']);
    // "last" as an adjective or a verb is what the question is about.
    for (const q of ['What is my last day at work?', 'When did Sofia play her last concert?', 'How long did the battery last?', 'did we last long at the party', 'was it last week?']) {
      expect(asksForCurrent(q), q).toBe(false);
      expect(topicalTerms(q), q).toContain('last');
    }
  });

  it('leaves out the unit of the time a question asks for: "what date", "which dates", "what day"', () => {
    expect(topicalTerms('On what date did Ines begin working at Fieldnote?')).toEqual(['ines', 'begin', 'working', 'fieldnote']);
    expect(topicalTerms("Between which dates was Ines's trip to Portugal?")).toEqual(['ines', 'trip', 'portugal']);
    expect(topicalTerms('What day is the party?')).toEqual(['party']);
    // A date that is the topic stays ("our first date"); so does a question of nothing else.
    expect(topicalTerms('When was our first date?')).toContain('date');
    expect(topicalTerms('what date?')).toEqual(['date']);
  });

  it('ranks the latest meeting first, not the turns that say "last night"', async () => {
    const turns: [string, number][] = [
      ['I met Grace for coffee at the market and we talked about her new job.', 0],
      ['We stayed up far too late last night watching the last two episodes of the series.', 30],
      ['Last week was exhausting, the last train home was cancelled twice.', 60],
      ['Grace and I met for lunch by the river, she brought her new puppy along.', 120],
      ['The last of the tomatoes finally ripened on the windowsill.', 150],
    ];
    const contents = await ranked(turns, 'When did I last meet Grace?');
    expect(contents[0]).toMatch(/puppy/);
    expect(contents[1]).toMatch(/coffee/);
  });
});
