import { describe, expect, it } from 'vitest';
import { recordTranscript } from '../../../src-main/data/import/record-transcript';
import { conversationEpisodes, recallDatasetSchema } from '../../../src-main/data/import/transcript-file';
import { encodeWordVectors, WordVectors } from '../../../src-main/embeddings/word-vectors';
import type { RetrievalConfig } from '../../../src-main/memory';
import { openTestEngine } from '../../helpers/temp-engine';

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
const chat = recallDatasetSchema.parse({
  conversations: [
    {
      id: 'c',
      sessions: [
        {
          id: 'months',
          turns: [
            ...Array.from({ length: 120 }, (_, i) => ({
              id: `x${i}`,
              speaker: i % 2 ? 'Marco' : 'Ines',
              role: i % 2 ? 'assistant' : 'user',
              text: FILLER[i % FILLER.length] as string,
              time: new Date(Date.parse('2024-03-01T09:00:00Z') + i * 3_600_000).toISOString(),
            })),
            { id: 'fish', speaker: 'Marco', role: 'assistant', text: 'confession. been eating fish. pescatarian now i guess', time: '2024-03-09T10:00:00Z' },
          ],
        },
      ],
    },
  ],
}).conversations[0];

async function deepSearch(query: string, limit: number, retrieval: Partial<RetrievalConfig> = {}): Promise<{ turn: string; strategies: string[] }[]> {
  if (!chat) throw new Error('fixture missing');
  const { engine } = openTestEngine({ startSlowPath: false, retrieval });
  const episodes = conversationEpisodes(chat);
  const ids = await recordTranscript(engine, episodes);
  const turnOf = new Map(ids.map((id, i) => [id, episodes[i]?.attributes.turn_id ?? '?']));
  const result = await engine.search({ query, types: ['episodic'], limit, now: Date.parse('2024-06-01T00:00:00Z') });
  return result.hits.map((h) => ({ turn: turnOf.get(h.node.id) ?? '?', strategies: h.strategies.map((s) => s.strategy) }));
}

describe('similar words (synonyms.ts)', () => {
  it('a deep search finds the turn that says the question in other words, and says how', async () => {
    const hits = await deepSearch("How did Marco's diet change?", 60);
    const fish = hits.findIndex((h) => h.turn === 'fish');
    expect(fish).toBeGreaterThanOrEqual(0);
    expect(hits[fish]?.strategies).toContain('synonyms');
    const without = await deepSearch("How did Marco's diet change?", 60, { weights: { fts: 1, vector: 1, entity: 1, temporal: 0.5, causal: 1, neighbourhood: 0.5, provenance: 1, synonyms: 0 } });
    const before = without.findIndex((h) => h.turn === 'fish');
    // What the list adds: the turn ranks higher with it than without it.
    expect(before === -1 || fish < before).toBe(true);
  });

  it('a top-10 search leaves the list out (it reorders the very top)', async () => {
    const hits = await deepSearch("How did Marco's diet change?", 10);
    expect(hits.flatMap((h) => h.strategies)).not.toContain('synonyms');
  });

  it('a question with no word the vectors know gives no list (word overlap is BM25\'s)', async () => {
    const hits = await deepSearch('Марко рыба?', 60);
    expect(hits.flatMap((h) => h.strategies)).not.toContain('synonyms');
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
