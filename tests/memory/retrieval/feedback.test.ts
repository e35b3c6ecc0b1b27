import { describe, expect, it } from 'vitest';
import type { RetrievalConfig } from '../../../src-main/memory';
import { DEFAULT_RETRIEVAL_CONFIG } from '../../../src-main/memory/retrieval/config';
import { feedbackWords } from '../../../src-main/memory/retrieval/feedback';
import { openTestEngine } from '../../helpers/temp-engine';
import { CHAT_FILLER, fillerChat, recordedTranscript } from '../../helpers/transcript-search';

const FILLER = CHAT_FILLER;

/** Two friends' chat: two turns name the trip; the turn about its way home does not, but says their words. */
/** Turns that share no word with each other. */
const ASIDES = ['did you feed the cat', 'payday finally', 'new phone who dis', 'mum called again', 'gym was packed', 'watching bake off', 'need new shoes', 'quiz night thursday?', 'ugh mondays', 'the dentist was fine', 'pasta or curry', 'printer is broken', 'saw tom at tesco', 'bin day', 'nice weather'];
let aside = 0;
const between = (day: string, n: number): { id: string; speaker: string; text: string; time: string }[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${day}-${i}`, speaker: i % 2 ? 'Ola' : 'Bartek', text: ASIDES[aside++ % ASIDES.length] as string, time: `${day}T0${i}:00:00Z` }));
const chat = fillerChat(FILLER, ['Ola', 'Bartek'], [
  { id: 'booked', speaker: 'Bartek', text: 'lisbon booked!! flight on friday, hostel right by the river', time: '2024-03-09T10:00:00Z' },
  ...between('2024-03-10', 5),
  { id: 'landed', speaker: 'Bartek', text: 'landed in lisbon. hostel is tiny but the river view omg', time: '2024-03-15T18:00:00Z' },
  ...between('2024-03-16', 5),
  { id: 'home', speaker: 'Bartek', text: 'flight home delayed 4 hours, slept on the hostel floor before. never again', time: '2024-03-19T22:00:00Z' },
  ...between('2024-03-20', 5),
]);

const NOW = Date.parse('2024-06-01T00:00:00Z');
const OFF: Partial<RetrievalConfig> = { weights: { ...DEFAULT_RETRIEVAL_CONFIG.weights, feedback: 0 } };

async function found(query: string, retrieval: Partial<RetrievalConfig> = {}): Promise<{ hits: { turn: string; strategies: string[] }[] }> {
  const { engine, turnOf } = await recordedTranscript(chat, retrieval);
  const result = await engine.search({ query, types: ['episodic'], limit: 30, now: NOW });
  return { hits: result.hits.map((h) => ({ turn: turnOf.get(h.node.id) ?? '?', strategies: h.strategies.map((s) => s.strategy) })) };
}

describe('pseudo-relevance feedback (feedback.ts)', () => {
  it('reads the words the best hits share, not the query\'s own, nor a number or a word one hit says alone', () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const a = engine.rememberFact({ content: 'lisbon trip booked, flight on friday 12, hostel by the river' });
    const b = engine.rememberFact({ content: 'landed in lisbon! the hostel is tiny but that river view 12' });
    const c = engine.rememberFact({ content: 'hostel wifi is down, river walk instead' });
    // "river" in 400 documents of 1,000, "hostel" in 4: the rarer shared word weighs more.
    const termStats = { documentFrequencies: () => (w: string) => (w === 'river' ? 400 : 4), documents: () => 1_000 };
    const read = (terms: number, minSeeds: number, maxDocs: number): string[] =>
      feedbackWords(engine.database, 'how was the lisbon trip?', [a, b, c], termStats, terms, minSeeds, maxDocs).map((s) => s.word);
    expect(read(10, 2, 1_000)).toEqual(['hostel', 'river']);
    expect(read(1, 2, 1_000)).toEqual(['hostel']);
    // A word said in most of the memory is no clue, and would cost its many matches.
    expect(read(10, 2, 100)).toEqual(['hostel']);
    expect(read(10, 4, 1_000)).toEqual([]);
    expect(feedbackWords(engine.database, 'lisbon', [], termStats, 10, 2, 1_000)).toEqual([]);
  });

  it('finds the turn that tells of the same thing in the hits\' words only, and only with feedback on', async () => {
    const on = await found('how was lisbon?');
    const off = await found('how was lisbon?', OFF);
    // "flight home delayed…, slept on the hostel floor": no word of the question, but "hostel", which both hits say.
    const home = on.hits.find((h) => h.turn === 'home')?.strategies ?? [];
    expect(home).toContain('feedback');
    expect(home).not.toContain('fts');
    expect(off.hits.map((h) => h.turn)).not.toContain('home');
    expect(off.hits.flatMap((h) => h.strategies)).not.toContain('feedback');
    expect(on.hits.slice(0, 2).map((h) => h.turn).sort()).toEqual(['booked', 'landed']);
  });
});
