import { describe, expect, it } from 'vitest';
import { asksAmount, asksPlace, asksReason, givesReason, namesPlace, saysAmount } from '../../../src-main/memory/retrieval/answer-kinds';
import type { RetrievalConfig } from '../../../src-main/memory';
import { openTestEngine } from '../../helpers/temp-engine';

const DAY = 86_400_000;
const T0 = Date.parse('2024-01-10T09:00:00Z');

describe('asksAmount / saysAmount', () => {
  it('recognises questions that ask for an amount', () => {
    for (const q of ['How many dumplings did Jonas eat?', 'how much was the gas bill', 'How old is the dog?', 'How heavy was the baby?', 'what price did they pay', 'Сколько стоит билет?']) {
      expect(asksAmount(q), q).toBe(true);
    }
    for (const q of ['How is Jonas?', 'How many times did Tom visit?', 'how long ago did they move', 'When is the wedding?', 'What did Jonas eat?']) expect(asksAmount(q), q).toBe(false);
  });

  it('recognises turns that say an amount, in digits or words', () => {
    for (const t of ['jonas ate 27 uszka. we counted', '650€ for parts', 'three years old, podenco mix', 'a dozen eggs', 'стоит сто рублей']) expect(saysAmount(t), t).toBe(true);
    for (const t of ['he ate all of them', 'the one i liked', 'просто так', 'someone bought it']) expect(saysAmount(t), t).toBe(false);
  });
});

/** An amount question over dinner chatter and the one turn that says how many. */
async function scores(retrieval: Partial<RetrievalConfig>, query: string): Promise<{ counted: number; chatter: number }> {
  const { engine } = openTestEngine({ startSlowPath: false, retrieval });
  const turns: [string, string][] = [
    ['Ania: the dumplings at dinner were amazing', 'chat'],
    ['Ania: jonas ate 27 dumplings. we counted', 'chat'],
    ['Bartek: are there dumplings left?', 'other'],
    ['Ania: mama made the dumplings at dinner', 'third'],
  ];
  turns.forEach(([content, sessionId], i) => engine.recordEpisode({ content, sessionId, role: 'user', eventTime: T0 + i * DAY }));
  await engine.drainSlowPath();
  const result = await engine.search({ query, types: ['episodic'], limit: 4, now: T0 + 30 * DAY });
  const score = (needle: string): number => result.hits.find((h) => h.node.content.includes(needle))?.score ?? 0;
  return { counted: score('27'), chatter: score('amazing') };
}

describe('search for an amount', () => {
  it('lifts the turns in contention that say an amount, for a question that asks for one and no other', async () => {
    const off = await scores({ amountTurnLift: 0 }, 'How many dumplings did Jonas eat at dinner?');
    const on = await scores({ amountTurnLift: 0.5 }, 'How many dumplings did Jonas eat at dinner?');
    expect(off.counted).toBeGreaterThan(0);
    expect(on.chatter).toBeCloseTo(off.chatter, 9);
    expect(on.counted).toBeCloseTo(off.counted * 1.5, 9);
    const what = await scores({ amountTurnLift: 0.5 }, 'What did Jonas eat at dinner?');
    expect(what.counted).toBeGreaterThan(0);
    expect(what.counted).toBeCloseTo((await scores({ amountTurnLift: 0 }, 'What did Jonas eat at dinner?')).counted, 9);
  });
});

describe('asksReason / givesReason', () => {
  it('recognises questions that ask why, and turns that give a reason', () => {
    for (const q of ['Why did Priya and Sam break up?', 'what made her quit', 'the reason he left?', 'Почему он уехал?']) expect(asksReason(q), q).toBe(true);
    for (const q of ['When did Priya move?', 'What did Sam say?']) expect(asksReason(q), q).toBe(false);
    for (const t of ['because the long distance was not working', "cos i'm broke", 'that’s why i left'.replace('’', "'"), 'я уехал, потому что устал']) expect(givesReason(t), t).toBe(true);
    for (const t of ['we broke up', 'the long distance was hard']) expect(givesReason(t), t).toBe(false);
  });
});

describe('asksPlace / namesPlace', () => {
  it('recognises questions that ask where, and turns that name a place after a word of place', () => {
    for (const q of ['Where did Jonas propose?', 'Which city did Bartek move to?', 'Где живёт Оля?']) expect(asksPlace(q), q).toBe(true);
    for (const q of ['When did Jonas propose?', 'Whereas the others…']) expect(asksPlace(q), q).toBe(false);
    for (const t of ['at a studio in Ottensen', 'at the Landungsbrücken with the fireworks', 'moved to Gniezno']) expect(namesPlace(t), t).toBe(true);
    for (const t of ['see you on Monday', 'back in May', 'at home lol', 'in the kitchen']) expect(namesPlace(t), t).toBe(false);
  });
});
