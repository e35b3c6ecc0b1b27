import { describe, expect, it } from 'vitest';
import { recallDatasetSchema } from '../../../src-main/data/import/transcript-file';
import type { RetrievalConfig } from '../../../src-main/memory';
import { DEFAULT_RETRIEVAL_CONFIG } from '../../../src-main/memory/retrieval/config';
import { rankedTurns } from '../../helpers/transcript-search';

const CHATTER = ['the train was late again', 'my back hurts from the gym', 'rain all week here', 'the cat knocked over a plant', 'new phone arrived today', 'coffee was terrible this morning'];

/**
 * A dialogue: Priya's news, Tom's question about it, her answer (no word of the question in it); then the same
 * shape where Tom only reacts, and chatter.
 */
const dialogue = recallDatasetSchema.parse({
  conversations: [
    {
      id: 'c',
      sessions: [
        {
          id: 'd1',
          turns: [
            { id: 'news', speaker: 'Priya', text: 'Sam and I broke up two weeks ago.', time: '2024-05-03T10:00:00Z' },
            { id: 'ask', speaker: 'Tom', role: 'assistant', text: 'Oh no, what happened?', time: '2024-05-03T10:01:00Z' },
            { id: 'answer', speaker: 'Priya', text: 'The long distance just was not working, we saw each other once in five weeks.', time: '2024-05-03T10:02:00Z' },
            { id: 'other', speaker: 'Tom', role: 'assistant', text: 'I am so sorry, that is hard.', time: '2024-05-03T10:03:00Z' },
          ],
        },
        {
          id: 'd2',
          turns: [
            { id: 'news2', speaker: 'Priya', text: 'Anjali and I broke up the band last year.', time: '2024-05-10T10:00:00Z' },
            { id: 'react', speaker: 'Tom', role: 'assistant', text: 'Wow. Big news.', time: '2024-05-10T10:01:00Z' },
            { id: 'after', speaker: 'Priya', text: 'The cat knocked the guitar over and broke a string, which was a sign honestly.', time: '2024-05-10T10:02:00Z' },
          ],
        },
        {
          id: 'd3',
          turns: Array.from({ length: 30 }, (_, i) => ({
            id: `x${i}`,
            speaker: i % 2 ? 'Tom' : 'Priya',
            ...(i % 2 ? { role: 'assistant' as const } : {}),
            text: CHATTER[i % CHATTER.length] as string,
            time: new Date(Date.parse('2024-05-20T09:00:00Z') + i * 600_000).toISOString(),
          })),
        },
      ],
    },
  ],
}).conversations[0];

/**
 * Without pseudo-relevance feedback (feedback.ts): "broke", which the best hits share, would lift them all and
 * blur what the answer share alone does.
 */
const ranked = (retrieval: Partial<RetrievalConfig>, query: string): Promise<string[]> =>
  rankedTurns(dialogue, query, { retrieval: { weights: { ...DEFAULT_RETRIEVAL_CONFIG.weights, feedback: 0 }, ...retrieval }, limit: 40, now: Date.parse('2024-06-01T00:00:00Z') });

describe('answers as a retrieval unit', () => {
  it('ranks the answer to a question about a best hit with that hit, above turns that only sit next to it', async () => {
    const on = await ranked({}, 'Why did Priya and Sam break up?');
    const off = await ranked({ answerShare: 0 }, 'Why did Priya and Sam break up?');
    // The answer also matches through its context (the index reads a turn with the two before it), so without the
    // share it is second; with it, first: the reason outranks the news it explains.
    expect(off.slice(0, 2)).toEqual(['news', 'answer']);
    expect(on.slice(0, 2)).toEqual(['answer', 'news']);
    expect(on.indexOf('answer')).toBeLessThan(on.indexOf('other') < 0 ? Infinity : on.indexOf('other'));
  });

  it('passes nothing across a reply that asks nothing', async () => {
    const on = await ranked({}, 'Why did Priya and Anjali break up the band?');
    const off = await ranked({ answerShare: 0 }, 'Why did Priya and Anjali break up the band?');
    expect(on.slice(0, 2)).toContain('news2');
    expect(on.indexOf('after')).toBe(off.indexOf('after'));
  });
});
