import { describe, expect, it } from 'vitest';
import { impliedWindow, parseTimeExpression, parseWholeTimeExpression } from '../../src-main/memory/retrieval/time';
import { holidayMentions } from '../../src-shared/holidays';

const day = (t: number): string => new Date(t).toISOString().slice(0, 10);
const NOV_2026 = Date.parse('2026-11-25T09:00:00Z');

describe('holidays as chats name them', () => {
  it('places "last", "this", "next" and a holiday named alone against when it was said', () => {
    const one = (text: string, at = NOV_2026) => holidayMentions(text, at).map((h) => ({ text: h.text, which: h.which, day: day(h.time), days: h.days }));
    expect(one('we moved last christmas')).toEqual([{ text: 'last christmas', which: 'last', day: '2025-12-24', days: 3 }]);
    expect(one('this xmas we stay home')[0]).toMatchObject({ which: 'this', day: '2026-12-24' });
    expect(one('on new years eve')[0]).toMatchObject({ text: 'on new years eve', which: null, day: '2025-12-31', days: 1 });
    expect(one("on New Year's Day")[0]).toMatchObject({ day: '2026-01-01' });
    // Easter moves: 2026's Sunday is 5 April, 2024's 31 March.
    expect(one('over easter')[0]).toMatchObject({ day: '2026-04-03', days: 4 });
    expect(one('at easter', Date.parse('2024-06-01T00:00:00Z'))[0]).toMatchObject({ day: '2024-03-29' });
    expect(one('on easter sunday', Date.parse('2024-06-01T00:00:00Z'))[0]).toMatchObject({ day: '2024-03-31' });
    expect(one('last thanksgiving')[0]).toMatchObject({ day: '2025-11-27' });
    // Said on 28 December, "last christmas" is the one just gone.
    expect(one('last christmas', Date.parse('2026-12-28T12:00:00Z'))[0]).toMatchObject({ day: '2026-12-24' });
    // A year or "last year" after it says which one; a noun after it makes it a thing ("the christmas party").
    expect(one('on christmas eve 2023')[0]).toMatchObject({ text: 'on christmas eve 2023', which: 'year', day: '2023-12-24' });
    expect(one('at christmas time last year')[0]).toMatchObject({ which: 'last', day: '2025-12-24' });
    expect(one('at the christmas party')).toEqual([]);
    expect(one('at the easter egg hunt')).toEqual([]);
    expect(one('at christmas 2 years ago')).toEqual([]);
    // Named alone without a preposition, a holiday is a topic, not a time.
    expect(one('happy new year')).toEqual([]);
    expect(one('my new year resolution')).toEqual([]);
    expect(one('christmas was lovely')).toEqual([]);
  });

  it('gives questions and filters the holiday\'s days, and months asked about in the past', () => {
    const window = impliedWindow('what did we do last christmas?', NOV_2026);
    expect(window && [day(window.after ?? 0), day(window.before ?? 0)]).toEqual(['2025-12-24', '2025-12-27']);
    expect(parseTimeExpression('easter', 'start', NOV_2026)).toBe(Date.parse('2026-04-03T00:00:00Z'));
    expect(parseTimeExpression('last christmas', 'end', NOV_2026)).toBe(Date.parse('2025-12-27T00:00:00Z'));
    // Since, before; a question about plans asks no window; a year said after the holiday.
    expect(impliedWindow('what changed since christmas?', NOV_2026)).toEqual({ after: Date.parse('2025-12-24T00:00:00Z'), before: null });
    expect(impliedWindow('what did i do before easter', NOV_2026)).toEqual({ after: null, before: Date.parse('2026-04-03T00:00:00Z') });
    expect(impliedWindow('what am i doing for christmas?', NOV_2026)).toBeNull();
    expect(impliedWindow('what do i need to buy before christmas?', NOV_2026)).toBeNull();
    expect(impliedWindow('what happened at christmas?', NOV_2026)?.after).toBe(Date.parse('2025-12-24T00:00:00Z'));
    // "christmas night" is still Christmas, not tonight.
    expect(impliedWindow('what did we do on christmas night?', NOV_2026)?.after).toBe(Date.parse('2025-12-24T00:00:00Z'));
    expect(impliedWindow('what did i do at christmas 2023?', NOV_2026)?.after).toBe(Date.parse('2023-12-24T00:00:00Z'));
    // Memory "as of" a holiday named whole; a holiday inside other words is no date.
    expect(parseWholeTimeExpression('last christmas', 'end', NOV_2026)).toBe(Date.parse('2025-12-27T00:00:00Z'));
    expect(parseWholeTimeExpression('on christmas day', 'end', NOV_2026)).toBe(Date.parse('2025-12-26T00:00:00Z'));
    expect(parseWholeTimeExpression('christmas party', 'end', NOV_2026)).toBeNull();
    // "What did we do in May?" asked in November: the May gone, not the next one.
    const may = impliedWindow('what did we do in May?', NOV_2026);
    expect(new Date(may?.after ?? 0).getFullYear()).toBe(2026);
    expect(new Date(may?.after ?? 0).getMonth()).toBe(4);
  });
});
