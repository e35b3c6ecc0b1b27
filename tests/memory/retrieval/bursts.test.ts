import { describe, expect, it } from 'vitest';
import { recallDatasetSchema } from '../../../src-main/data/import/transcript-file';
import type { RetrievalConfig } from '../../../src-main/memory';
import { burstActivation } from '../../../src-main/memory/retrieval/bursts';
import { rankedTurns, recordedTranscript } from '../../helpers/transcript-search';

/** Ann and Ben's small talk the next day: turns that answer nothing. */
const nextDaysSmallTalk = Array.from({ length: 24 }, (_, i) => ({
  id: `x${i}`,
  speaker: i % 2 ? 'Ben' : 'Ann',
  text: ['the train was late again', 'new phone who dis', 'coffee tomorrow?', 'lol same', 'my back hurts from the gym', 'rain all week'][i % 6] as string,
  time: new Date(Date.parse('2024-05-04T09:00:00Z') + i * 600_000).toISOString(),
}));

/** A messaging chat: Ann's plan is a burst of short messages; the question's words are only in the first. */
const chat = recallDatasetSchema.parse({
  conversations: [
    {
      id: 'c',
      sessions: [
        {
          id: 'day1',
          turns: [
            { id: 'plan', speaker: 'Ann', text: 'ok so the cabin weekend plan', time: '2024-05-03T10:00:00Z' },
            { id: 'p1', speaker: 'Ann', text: '1. we leave friday after lunch', time: '2024-05-03T10:00:30Z' },
            { id: 'p2', speaker: 'Ann', text: '2. Ben brings the kayak', time: '2024-05-03T10:01:00Z' },
            { id: 'p3', speaker: 'Ann', text: '3. everyone chips in 40 for food', time: '2024-05-03T10:01:30Z' },
            // Past the two turns before it that the index reads with each turn: found through the burst alone.
            { id: 'p4', speaker: 'Ann', text: '4. bring warm socks', time: '2024-05-03T10:02:00Z' },
            { id: 'p5', speaker: 'Ann', text: '5. back sunday evening', time: '2024-05-03T10:02:30Z' },
            // Ann again, but 40 minutes on: a new thought, not the plan.
            { id: 'late', speaker: 'Ann', text: 'also my sister got a puppy', time: '2024-05-03T10:41:30Z' },
            { id: 'b1', speaker: 'Ben', role: 'assistant', text: 'sounds good, kayak is in the garage', time: '2024-05-03T10:44:00Z' },
            { id: 'b2', speaker: 'Ben', role: 'assistant', text: 'did u see the match yesterday', time: '2024-05-03T10:45:00Z' },
            { id: 'a5', speaker: 'Ann', text: 'no I was at my aunt s', time: '2024-05-03T10:46:00Z' },
            ...nextDaysSmallTalk,
          ],
        },
      ],
    },
  ],
}).conversations[0];

const topTurns = (retrieval: Partial<RetrievalConfig>, k: number): Promise<string[]> =>
  rankedTurns(chat, 'What is the plan for the cabin weekend?', { retrieval, limit: k, now: Date.parse('2024-06-01T00:00:00Z') });

describe('bursts as a retrieval unit', () => {
  it('ranks the messages of a burst with the one the question matched', async () => {
    const top = await topTurns({}, 6);
    // The order inside the burst is free: the brevity prior (brevity.ts) may put a fuller message first.
    expect(new Set(top)).toEqual(new Set(['plan', 'p1', 'p2', 'p3', 'p4', 'p5']));
  });

  it('without bursts, the later messages of the burst are not found (what the mechanism adds)', async () => {
    const top = await topTurns({ burstShare: 0 }, 6);
    expect(top).toContain('plan');
    // "4. bring warm socks" shares no word with the question or with the two turns before it ("back sunday evening"
    // is near "weekend" in the word vectors).
    expect(top).not.toContain('p4');
  });

  it('ends at a gap: the same speaker\'s next message 40 minutes later is not part of the burst', async () => {
    const top = await topTurns({}, 8);
    expect(top).not.toContain('late');
    expect(top).not.toContain('a5');
  });
});

/** Ann's news, Ben's reactions, and Ann going on with it: the details share no word with the question. */
const news = (reply: readonly string[]) =>
  recallDatasetSchema.parse({
    conversations: [
      {
        id: 'c',
        sessions: [
          {
            id: 'day1',
            turns: [
              { id: 'news', speaker: 'Ann', text: 'our offer on the flat got accepted!!!', time: '2024-05-03T10:00:00Z' },
              ...reply.map((text, i) => ({ id: `r${i}`, speaker: 'Ben', role: 'assistant', text, time: new Date(Date.parse('2024-05-03T10:01:00Z') + i * 20_000).toISOString() })),
              { id: 'more', speaker: 'Ann', text: 'completion is the 14th, keys the day after', time: '2024-05-03T10:03:00Z' },
              ...nextDaysSmallTalk,
            ],
          },
        ],
      },
    ],
  }).conversations[0];

describe('news going on after the others react', () => {
  const ask = (reply: readonly string[], retrieval: Partial<RetrievalConfig> = {}): Promise<string[]> =>
    rankedTurns(news(reply), 'What happened with the offer on the flat?', { retrieval, limit: 3, now: Date.parse('2024-06-01T00:00:00Z') });

  it('past short reactions ("WHAT", "🎉🎉", "tell me everything"), the speaker\'s next burst ranks with the news', async () => {
    const reactions = ['WHAT', '🎉🎉🎉', 'tell me everything'];
    expect(await ask(reactions)).toEqual(expect.arrayContaining(['news', 'more']));
    expect(await ask(reactions, { burstShare: 0 })).not.toContain('more');
  });

  it('not past a real reply, nor past more than three reactions: then the next turn answers those', async () => {
    // What the news lends, read directly: the burst step given the news as its one hit.
    const lent = async (reply: readonly string[]): Promise<string[]> => {
      const { engine, turnOf } = await recordedTranscript(news(reply));
      const newsId = [...turnOf].find(([, turn]) => turn === 'news')?.[0] ?? '';
      return [...burstActivation(engine.database, [{ id: newsId, score: 1 }], 1, 0.5).keys()].map((id) => turnOf.get(id) ?? "?");
    };
    expect(await lent(['WHAT', '🎉🎉🎉', 'tell me everything'])).toEqual(['more']);
    expect(await lent(['WHAT', 'did the surveyor say anything about the damp in the bathroom'])).toEqual([]);
    expect(await lent(['WHAT', 'no', 'way', 'omg'])).toEqual([]);
    expect(await lent([])).toEqual(['more']); // no reaction: one burst, as before
  });
});
