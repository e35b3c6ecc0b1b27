import { describe, expect, it } from 'vitest';
import { impliedWindow, parseTimeExpression, parseWholeTimeExpression } from '../../src-main/memory/retrieval/time';
import { seasonMentions } from '../../src-shared/seasons';

const day = (t: number | null | undefined): string | null => (t === null || t === undefined ? null : new Date(t).toISOString().slice(0, 10));
const NOV_2026 = Date.parse('2026-11-25T09:00:00Z');

describe('seasons as chats name them', () => {
  it('places a season by "last", "this", its year or "before last", against when it was said', () => {
    const one = (text: string, at = NOV_2026) => seasonMentions(text, at).map((s) => [s.text, day(s.time), day(s.end)]);
    expect(one('we moved last summer')).toEqual([['last summer', '2026-06-01', '2026-09-01']]);
    // Said in July, "last summer" is the one before: this one is not over.
    expect(one('we moved last summer', Date.parse('2026-07-10T00:00:00Z'))).toEqual([['last summer', '2025-06-01', '2025-09-01']]);
    expect(one('this winter')).toEqual([['this winter', '2026-12-01', '2027-03-01']]);
    expect(one('quit in spring 2024')).toEqual([['spring 2024', '2024-03-01', '2024-06-01']]);
    expect(one('the summer of 2019 was wild')).toEqual([['summer of 2019', '2019-06-01', '2019-09-01']]);
    expect(one("moved in autumn '99")).toEqual([["autumn '99", '1999-09-01', '1999-12-01']]);
    expect(one('the winter before last')).toEqual([['the winter before last', '2024-12-01', '2025-03-01']]);
    // A season alone, or as a thing, names no time said here.
    expect(one('i love summer')).toEqual([]);
    expect(one('the summer holidays')).toEqual([]);
  });

  it('gives a question and a filter the season’s months', () => {
    expect([impliedWindow('what did we do last summer?', NOV_2026)].map((w) => [day(w?.after), day(w?.before)])).toEqual([['2026-06-01', '2026-09-01']]);
    expect([impliedWindow('where did I work in spring 2024?', NOV_2026)].map((w) => [day(w?.after), day(w?.before)])).toEqual([['2024-03-01', '2024-06-01']]);
    expect(day(parseTimeExpression('last summer', 'start', NOV_2026))).toBe('2026-06-01');
    expect(day(parseTimeExpression('in summer 2024', 'end', NOV_2026))).toBe('2024-09-01');
    expect(day(parseWholeTimeExpression('the summer before last', 'start', NOV_2026))).toBe('2025-06-01');
    // A year alone stays the whole year.
    expect(day(parseTimeExpression('2024', 'start', NOV_2026))).toBe(new Date(2024, 0, 1).toISOString().slice(0, 10));
  });
});
