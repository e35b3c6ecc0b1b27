import { describe, expect, it } from 'vitest';
import { asksWhen, saysWhen } from '../../../src-main/memory/retrieval/dated-turns';
import type { RetrievalConfig } from '../../../src-main/memory';
import { openTestEngine } from '../../helpers/temp-engine';

const DAY = 86_400_000;
const T0 = Date.parse('2024-01-10T09:00:00Z');

describe('asksWhen / saysWhen', () => {
  it('recognises questions that ask for a time', () => {
    for (const q of ['When is Ellie’s wedding?', 'what date did they move?', 'Which month did Tom start?', 'how long ago was the trip', 'Когда он переехал?']) expect(asksWhen(q), q).toBe(true);
    for (const q of ['Where does Mia work?', 'What did Jonas give Helga?', 'Whenever you like']) expect(asksWhen(q), q).toBe(false);
  });

  it('recognises turns that name a time, and not the modal "may"', () => {
    for (const t of ['venue booked!! Schloss Hohenried, 17.08.2024', 'Leo proposed. Last weekend, in the rain', 'I start on the 3rd of July', 'moved in March', 'two weeks ago', 'back in 2019', 'see you on Friday', 'early May probably', 'переехал в марте, 3 марта']) {
      expect(saysWhen(t), t).toBe(true);
    }
    for (const t of ['I may go to the party', 'the wedding was lovely', 'chocolates it is. thx', 'a 4 day week']) expect(saysWhen(t), t).toBe(false);
  });
});

/** A "when" question over wedding chatter and the one turn that names the date. */
async function scores(retrieval: Partial<RetrievalConfig>, query: string): Promise<{ dated: number; chatter: number }> {
  const { engine } = openTestEngine({ startSlowPath: false, retrieval });
  const turns: [string, string][] = [
    ['Ellie: the wedding planning is eating my whole life', 'chat'],
    ['Ellie: venue booked!! Schloss Hohenried, 17.08.2024', 'chat'],
    ['Sam: is the wedding going to be big?', 'other'],
    ['Ellie: the wedding binder is huge lol', 'third'],
  ];
  turns.forEach(([content, sessionId], i) => engine.recordEpisode({ content, sessionId, role: 'user', eventTime: T0 + i * DAY }));
  await engine.drainSlowPath();
  const result = await engine.search({ query, types: ['episodic'], limit: 4, now: T0 + 30 * DAY });
  const score = (needle: string): number => result.hits.find((h) => h.node.content.includes(needle))?.score ?? 0;
  return { dated: score('17.08.2024'), chatter: score('binder') };
}

describe('search for a time', () => {
  it('lifts the turns in contention that say a time, for a question that asks when and no other', async () => {
    const off = await scores({ datedTurnLift: 0 }, 'When is the wedding?');
    const on = await scores({ datedTurnLift: 0.7 }, 'When is the wedding?');
    expect(off.dated).toBeGreaterThan(0);
    expect(on.chatter).toBeCloseTo(off.chatter, 9);
    expect(on.dated).toBeCloseTo(off.dated * 1.7, 9);
    // Not a "when" question: no lift.
    const where = await scores({ datedTurnLift: 0.7 }, 'Where is the wedding?');
    expect(where.dated).toBeGreaterThan(0);
    expect(where.dated).toBeCloseTo((await scores({ datedTurnLift: 0 }, 'Where is the wedding?')).dated, 9);
  });
});
