import { describe, expect, it } from 'vitest';
import type { RetrievalConfig } from '../../../src-main/memory';
import { openTestEngine } from '../../helpers/temp-engine';
import { dropWeakestItem } from '../../../src-main/memory/retrieval/context';
import type { ContextItem, ContextSection } from '../../../src-shared/retrieval-types';

const T0 = Date.parse('2024-03-01T09:00:00Z');
/** One turn answers the question; the rest is everyday chatter that shares at most a common word with it. */
const TURNS = [
  'My dog Rex is a three year old beagle who steals socks',
  'I have always loved horses since I was a kid',
  'The weather was grey all weekend',
  'Work was busy, two deadlines on Thursday',
  'We tried the new ramen place near the station',
  'I finally fixed the bike chain myself',
  'My sister moved to Glasgow for her studies',
  'The plants on the balcony need repotting',
  'Watched a documentary about volcanoes last night',
  'The neighbours had a loud party until three',
  'I am learning to bake sourdough bread',
  'Our team lost the quiz by one point',
];
const PLACES = ['the market', 'the library', 'the gym', 'the office', 'the park', 'the museum'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Friday', 'Saturday'];
/** Enough chatter that the fused ranks reach far down (RRF scores are flat near the top). */
const CHATTER = PLACES.flatMap((place) => DAYS.map((day) => `Went to the old ${place} on ${day}, nothing special`));

async function packFor(retrieval: Partial<RetrievalConfig>) {
  const { engine } = openTestEngine({ startSlowPath: false, retrieval });
  [...TURNS, ...CHATTER].forEach((content, i) => engine.recordEpisode({ content, sessionId: `s${i}`, role: 'user', eventTime: T0 + i * 86_400_000 }));
  await engine.drainSlowPath();
  const pack = await engine.buildContextPack('How old is my dog Rex?', { now: T0 + 30 * 86_400_000 });
  const dog = engine.search({ query: 'beagle socks', types: ['episodic'], limit: 1, now: T0 + 30 * 86_400_000 });
  return { pack, dogId: (await dog).hits[0]?.node.id };
}

describe('a context pack stops at its relevance floor', () => {
  it('leaves out turns scored far below the best one, keeping the answer', async () => {
    const floor = 0.15;
    const { pack, dogId } = await packFor({ packFloor: floor });
    const items = pack.sections.filter((s) => s.name !== 'entities').flatMap((s) => s.items);
    const best = Math.max(...items.map((i) => i.score));
    expect(pack.nodeIds).toContain(dogId);
    expect(items.every((i) => i.score >= best * floor)).toBe(true);

    // Without the floor the same budget is filled with chatter scored near zero (what the floor removes).
    const unfloored = await packFor({ packFloor: 0 });
    const weak = unfloored.pack.sections.flatMap((s) => s.items).filter((i) => i.nodeId !== null && i.score < best * floor);
    expect(weak.length).toBeGreaterThan(0);
    expect(pack.tokensUsed).toBeLessThan(unfloored.pack.tokensUsed);
  });
});

describe('a pack over budget after assembly', () => {
  const item = (text: string, score: number): ContextItem => ({ nodeId: text, entityId: null, text, tokens: 5, score, strategies: [], reason: 'test' });
  const section = (name: ContextSection['name'], items: ContextItem[]): ContextSection => ({ name, title: name, budget: 100, tokens: items.length * 5, items });

  it('drops the least relevant line of its last section, not the newest turn shown last', () => {
    const turns = section('temporal', [item('older, weak', 0.2), item('older, strong', 0.9), item('newest, strong', 0.8)]);
    const sections = [section('facts', [item('a fact', 0.1)]), turns, section('evidence', [])];
    expect(dropWeakestItem(sections)).toBe(true);
    expect(turns.items.map((i) => i.text)).toEqual(['older, strong', 'newest, strong']);
    expect(turns.tokens).toBe(10);
    // Of equally weak lines, the one shown last goes.
    const tied = section('temporal', [item('first', 0.3), item('second', 0.3), item('third', 0.9)]);
    dropWeakestItem([tied]);
    expect(tied.items.map((i) => i.text)).toEqual(['first', 'third']);
  });

  it('says when nothing is left to drop', () => {
    expect(dropWeakestItem([section('facts', []), section('temporal', [])])).toBe(false);
  });
});
