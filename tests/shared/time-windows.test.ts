/**
 * The windows a question's time names (the read path) and the day a said time dates (the write path), where
 * chrono names one day of a longer period, or nothing: weeks, weekends, spans to now, "before last", "last may".
 */
import { describe, expect, it } from 'vitest';
import { impliedWindow, parseTimeExpression } from '../../src-main/memory/retrieval/time';
import { timeMentions } from '../../src-main/writepath/nlp/time';

/** A local day, as the windows are local midnights. */
const local = (t: number | null | undefined): string | null => {
  if (t === null || t === undefined) return null;
  const d = new Date(t);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** Wednesday 25 November 2026, mid-morning. */
const WEDNESDAY = new Date(2026, 10, 25, 10).getTime();
const window = (question: string): [string | null, string | null] | null => {
  const w = impliedWindow(question, WEDNESDAY);
  return w ? [local(w.after), local(w.before)] : null;
};

describe('the window a question names', () => {
  it('reads a week as Monday to Sunday, and a span counted back as ending now', () => {
    expect(window('what did I do last week?')).toEqual(['2026-11-16', '2026-11-23']);
    expect(window('what have I got on this week')).toEqual(['2026-11-23', '2026-11-30']);
    expect(window('anything planned for next week?')).toEqual(['2026-11-30', '2026-12-07']);
    expect(window('who did I see 2 weeks ago')).toEqual(['2026-11-09', '2026-11-16']);
    expect(window('what did I eat in the past week?')).toEqual(['2026-11-18', '2026-11-26']);
    expect(window('what happened over the last few days')).toEqual(['2026-11-22', '2026-11-26']);
    expect(window('what did I read in the past month')).toEqual(['2026-10-25', '2026-11-26']);
  });

  it('reads counts said in words, past the twelve chrono knows (session 36)', () => {
    expect(window('who did I see two weeks ago')).toEqual(['2026-11-09', '2026-11-16']);
    expect(window('who did I see eight weeks ago')).toEqual(['2026-09-28', '2026-10-05']);
    expect(window('what did I do twenty days ago?')).toEqual(['2026-11-05', '2026-11-06']);
    // ("twenty one days ago" was read as one day ago.)
    expect(window('what did I do twenty one days ago?')).toEqual(['2026-11-04', '2026-11-05']);
    expect(window('what happened over the past three weeks')).toEqual(['2026-11-04', '2026-11-26']);
    expect(local(parseTimeExpression('thirty days ago', 'start', WEDNESDAY))).toBe('2026-10-26');
    // A word that holds a number is no count: "someone".
    expect(window('did someone days ago call')).toBeNull();
  });

  it('reads a weekend as its Saturday and Sunday', () => {
    expect(window('what did we do last weekend?')).toEqual(['2026-11-21', '2026-11-23']);
    expect(window('what are we doing this weekend')).toEqual(['2026-11-28', '2026-11-30']);
  });

  it('reads "before last" one more back, and "before" something else as no window', () => {
    expect(window('what did we do the weekend before last?')).toEqual(['2026-11-14', '2026-11-16']);
    expect(window('where was I the week before last')).toEqual(['2026-11-09', '2026-11-16']);
    expect(window('what did I do the year before last')).toEqual(['2024-01-01', '2025-01-01']);
    expect(window('what happened the month before last')).toEqual(['2026-09-01', '2026-10-01']);
    // chrono reads "the day before" as yesterday and "the week before" as a week ago.
    expect(window('what did I do the day before my birthday?')).toBeNull();
    expect(window('what did we do the week before my exams?')).toBeNull();
    expect(window('the day before yesterday')).toEqual(['2026-11-23', '2026-11-24']);
  });

  it('reads "may" as the month after "last", "since", "early"; not the verb', () => {
    expect(window('what did we do last may?')).toEqual(['2026-05-01', '2026-06-01']);
    expect(window('what have I done since may')).toEqual(['2026-05-01', '2026-06-01']);
    expect(local(parseTimeExpression('last may', 'end', WEDNESDAY))).toBe('2026-06-01');
    expect(window('this may be nothing, but what did I say about Jo')).toBeNull();
    expect(window('since may i ask what my plans were')).toBeNull();
  });
});

describe('the day a said time dates', () => {
  const said = (text: string): [string, string | null][] => timeMentions(text, WEDNESDAY).map((m) => [m.text, local(m.time)]);

  it('dates "last may" and "since may" as the month gone, and leaves the verb alone', () => {
    expect(said('we moved to york last may')).toEqual([['last may', '2026-05-01']]);
    expect(said('vegan since may and loving it')).toEqual([['may', '2026-05-01']]);
    expect(said('moved last may and then again in june 2024')).toEqual([
      ['last may', '2026-05-01'],
      ['june 2024', '2024-06-01'],
    ]);
    expect(said('this may be the best flat yet')).toEqual([]);
    expect(said('by may i mean the month')).toEqual([]);
  });
});
