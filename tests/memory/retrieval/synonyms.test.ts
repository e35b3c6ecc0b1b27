import { describe, expect, it } from 'vitest';
import { encodeWordVectors, WordVectors } from '../../../src-main/embeddings/word-vectors';
import type { MemoryEngine, RetrievalConfig } from '../../../src-main/memory';
import { DEFAULT_RETRIEVAL_CONFIG } from '../../../src-main/memory/retrieval/config';
import { openTestEngine } from '../../helpers/temp-engine';
import { fillerChat, recordedTranscript } from '../../helpers/transcript-search';

const FILLER = [
  'the train was late again',
  'new phone who dis',
  'coffee tomorrow?',
  'lol same',
  'my back hurts from the gym',
  'rain all week',
  'did u see the match',
  'work is mad this week',
  'haha no way',
  'send me the link',
  'we should go to the seaside',
  'my landlord still hasnt fixed the boiler',
];

/** Two friends' chat: the answer to "how did Marco's diet change" shares no word with the question but his name. */
const chat = fillerChat(FILLER, ['Ines', 'Marco'], [{ id: 'fish', speaker: 'Marco', text: 'confession. been eating fish. pescatarian now i guess', time: '2024-03-09T10:00:00Z' }]);

const NOW = Date.parse('2024-06-01T00:00:00Z');

const recorded = (retrieval: Partial<RetrievalConfig> = {}): Promise<{ engine: MemoryEngine; turnOf: Map<string, string> }> => recordedTranscript(chat, retrieval);

/** The pack's earlier turns by score, best first, with the strategies that found each. */
async function packTurns(query: string, retrieval: Partial<RetrievalConfig> = {}): Promise<{ turn: string; strategies: string[]; score: number }[]> {
  const { engine, turnOf } = await recorded(retrieval);
  const pack = await engine.buildContextPack(query, { now: NOW });
  return pack.sections
    .flatMap((sec) => sec.items)
    .filter((i) => i.nodeId !== null && turnOf.has(i.nodeId))
    .sort((a, b) => b.score - a.score)
    .map((i) => ({ turn: turnOf.get(i.nodeId as string) ?? '?', strategies: i.strategies.map((st) => st.strategy), score: i.score }));
}

// The diet's own words ("fish", "pescatarian") are also a life topic's (life-topics.ts): that list is off here, so what
// is measured is the similar words alone.
const ON: Partial<RetrievalConfig> = { weights: { ...DEFAULT_RETRIEVAL_CONFIG.weights, topics: 0 } };
const OFF: Partial<RetrievalConfig> = { weights: { ...DEFAULT_RETRIEVAL_CONFIG.weights, topics: 0, synonyms: 0 } };

describe('similar words (synonyms.ts)', () => {
  it('a context pack finds the turn that says the question in other words, and says how', async () => {
    const turns = await packTurns("How did Marco's diet change?", ON);
    const fish = turns.findIndex((t) => t.turn === 'fish');
    expect(fish).toBeGreaterThanOrEqual(0);
    expect(turns[fish]?.strategies).toContain('synonyms');
    // What the list adds: without it the turn ranks lower in the pack, or is not in it, or leads the turn after it by
    // less (it may lead anyway: the index also reads each filler with the two before it, which evens their BM25).
    const lead = (list: { turn: string; score: number }[]): number => {
      const at = list.findIndex((t) => t.turn === 'fish');
      const next = list[at + 1];
      return at < 0 ? -Infinity : at > 0 ? -at : next ? (list[0]?.score ?? 0) / next.score : Infinity;
    };
    const without = await packTurns("How did Marco's diet change?", OFF);
    expect(lead(turns)).toBeGreaterThan(lead(without));
  });

  it('a search leaves the list out, however deep (it reorders the very top)', async () => {
    const { engine } = await recorded();
    for (const limit of [10, 60, 100]) {
      const result = await engine.search({ query: "How did Marco's diet change?", types: ['episodic'], limit, now: NOW });
      expect(result.hits.flatMap((h) => h.strategies.map((st) => st.strategy))).not.toContain('synonyms');
    }
  });

  it("a question with no word the vectors know gives no list (word overlap is BM25's)", async () => {
    const turns = await packTurns('Марко рыба?');
    expect(turns.flatMap((t) => t.strategies)).not.toContain('synonyms');
  });

  it('a pasted page reads its first words only, as the full-text query does', async () => {
    const page = `${"How did Marco's diet change? "}${Array.from({ length: 400 }, (_, i) => `word${i} meat${i % 7}`).join(' ')}`;
    const turns = await packTurns(page);
    expect(turns.find((t) => t.turn === 'fish')?.strategies ?? []).toContain('synonyms');
  });
});

describe('similar words over a long message', () => {
  it('reads a pasted page by its start: a word past it is not credited', async () => {
    const { synonymMatches } = await import('../../../src-main/memory/retrieval/synonyms');
    const { WordVectors, locateWordVectors } = await import('../../../src-main/embeddings/word-vectors');
    const { engine } = openTestEngine({ startSlowPath: false });
    const filler = 'lorem ipsum dolor '.repeat(400); // ~7,200 characters
    const early = engine.rememberFact({ content: `vegan now ${filler}` });
    const late = engine.rememberFact({ content: `${filler} vegan now` });
    const vectors = await WordVectors.load(locateWordVectors());
    const termStats = { documentFrequencies: () => () => 1, documents: () => 100 };
    const found = synonymMatches(engine.database, 'is he vegetarian', [early, late], { vectors, threshold: 0.45, termStats }, 10);
    expect(found).toEqual([early]);
  });
});

describe('word-vector cosine', () => {
  it('reads the cosine of two rows from their int8 values, whatever their scales', () => {
    const vectors = WordVectors.parse(encodeWordVectors(['a', 'b', 'c', 'd'], [[3, 0, 0], [30, 0, 0], [0, 2, 0], [1, 1, 0]]));
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((w) => vectors.rowOf(w)) as [number, number, number, number];
    expect(vectors.rowOf('zebra')).toBe(-1);
    expect(vectors.cosine(a, b)).toBeCloseTo(1, 5);
    expect(vectors.cosine(a, c)).toBeCloseTo(0, 5);
    expect(vectors.cosine(a, d)).toBeCloseTo(Math.SQRT1_2, 2);
  });
});
