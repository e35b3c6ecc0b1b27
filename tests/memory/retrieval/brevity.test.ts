import { describe, expect, it } from 'vitest';
import { brevityWeight } from '../../../src-main/memory/retrieval/brevity';
import { isMediaPlaceholder } from '../../../src-shared/text';
import type { RetrievalConfig } from '../../../src-main/memory';
import { openTestEngine } from '../../helpers/temp-engine';

const T0 = Date.parse('2024-03-01T09:00:00Z');
const PRIOR = { fullWords: 8, exponent: 0.3 };

describe('brevityWeight', () => {
  it('keeps full weight from fullWords distinct content words on and lowers shorter turns gently', () => {
    expect(brevityWeight('Marcus rode his new bike along the lakefront to school every morning', PRIOR)).toBe(1);
    const one = brevityWeight('lol', PRIOR);
    const three = brevityWeight('an important job, honestly', PRIOR);
    expect(one).toBeCloseTo((1 / 8) ** 0.3, 6);
    expect(three).toBeCloseTo((3 / 8) ** 0.3, 6);
    expect(one).toBeLessThan(three);
    expect(brevityWeight('', PRIOR)).toBe(one); // an empty turn counts as one word, never zero
  });

  it('counts content words, not stopwords or repeats', () => {
    expect(brevityWeight('The tax filing is due Friday', PRIOR)).toBe(brevityWeight('I joined a sea-swimming group', PRIOR));
    expect(brevityWeight('job job job job job job job job job', PRIOR)).toBe(brevityWeight('job', PRIOR));
  });

  it('reads only the start of a long turn: a pasted 100k-character text is weighed by what its start says', () => {
    const story = 'Marcus rode his new bike along the lakefront to school every morning. ';
    expect(brevityWeight(story.repeat(1_400), PRIOR)).toBe(1);
    // 2,000 characters of one word, then plenty: weighed as the one word its start holds.
    expect(brevityWeight(`${'ha '.repeat(700)}${story.repeat(1_000)}`, PRIOR)).toBe(brevityWeight('ha', PRIOR));
  });

  it('is off at 0 words or exponent 0', () => {
    expect(brevityWeight('ok', { fullWords: 0, exponent: 0.2 })).toBe(1);
    expect(brevityWeight('ok', { fullWords: 8, exponent: 0 })).toBe(1);
  });
});

/**
 * A short aside that shares the query's word outranks the turn that tells the story on BM25 (length
 * normalisation) and on a summed word vector; the prior lets the story lead.
 */
async function ranking(retrieval: Partial<RetrievalConfig>): Promise<string[]> {
  const { engine } = openTestEngine({ startSlowPath: false, retrieval });
  const turns = [
    'An important job.',
    'They let me go from my job on Thursday, my whole team of eleven people, twenty minutes on a video call and we were done.',
    'The weather was grey all weekend and the garden is a mess',
    'We tried the new ramen place near the station last night',
  ];
  turns.forEach((content, i) => engine.recordEpisode({ content, sessionId: `s${i}`, role: 'user', eventTime: T0 + i * 86_400_000 }));
  await engine.drainSlowPath();
  const result = await engine.search({ query: 'What happened with the job?', types: ['episodic'], limit: 4, now: T0 + 10 * 86_400_000 });
  return result.hits.map((h) => h.node.content);
}

describe('search weighs short turns as weaker evidence', () => {
  it('ranks the turn that tells the story above a short aside sharing its word', async () => {
    const off = await ranking({ brevityWords: 0 });
    expect(off[0]).toBe('An important job.'); // what the prior corrects
    const on = await ranking({});
    expect(on[0]).toMatch(/^They let me go/);
  });
});

describe('media placeholders of a chat export', () => {
  it('are read as messages that say nothing in words, whatever the app wrote', () => {
    for (const text of [
      '<image omitted>',
      '<Media omitted>',
      '\u200eimage omitted',
      '\u200e<attached: 00000012-PHOTO-2023-12-29-18-30-00.jpg>',
      '[photo]',
      '[Voice message 0:42]',
      'voice message (1:48)',
      'This message was deleted',
      'IMG-20231229-WA0003.jpg (file attached)',
      'IMG-20231229-WA0003.jpg',
    ]) {
      expect(isMediaPlaceholder(text), text).toBe(true);
    }
    for (const text of ['I listened to the voice message 3 times and cried 3 times', 'photo of the cake pls', '[photo] look at this cake', 'omitted', 'sent you the cake.jpg earlier', 'photo', 'video', 'null', 'resume.pdf']) {
      expect(isMediaPlaceholder(text), text).toBe(false);
    }
  });

  it('rank below the words around them: the photo sent with the news is not the news', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const at = (minute: number) => T0 + minute * 60_000;
    const said = (text: string, minute: number) =>
      engine.recordEpisode({ content: `Marco: ${text}`, sessionId: 'chat', role: 'assistant', eventTime: at(minute), attributes: { speaker: 'Marco' } });
    said('doughlene update', 0);
    said('<image omitted>', 0);
    said('first loaf!!', 1);
    said('a proper crumb this time', 1);
    await engine.drainSlowPath();
    const result = await engine.search({ query: 'How is Doughlene doing?', types: ['episodic'], limit: 4, now: at(60) });
    const order = result.hits.map((h) => h.node.content);
    expect(order).toHaveLength(4);
    expect(order.at(-1)).toBe('Marco: <image omitted>');
  });
});
