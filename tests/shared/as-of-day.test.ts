import { describe, expect, it } from 'vitest';
import { asOfDay, learnedLaterNotice } from '../../src-shared/as-of-notice';

describe('the day an as-of read names', () => {
  it('is the day asked when asked as one, else the day before the bound in local time', () => {
    // A day asked is read as its end: the bound is the next day's first instant.
    expect(asOfDay(Date.parse('2026-03-02T00:00:00Z'), '2026-03-01')).toBe('2026-03-01');
    expect(asOfDay(Date.parse('2026-03-02T00:00:00Z'), ' 2026-03-01 ')).toBe('2026-03-01');
    // "today", "march 2026": read in this machine's time zone, so named in it (whatever the zone the tests run in).
    expect(asOfDay(new Date(2026, 2, 2).getTime(), 'yesterday')).toBe('2026-03-01');
    expect(asOfDay(new Date(2026, 3, 1).getTime())).toBe('2026-03-31');
    // An instant inside a day stays that day.
    expect(asOfDay(new Date(2026, 2, 1, 15, 30).getTime(), '2026-03-01T15:30')).toBe('2026-03-01');
  });

  it('the notice says one message or many', () => {
    expect(learnedLaterNotice(1, null)).toMatch(/^1 message said by then was learned only later: /);
    expect(learnedLaterNotice(3, Date.parse('2026-11-29T10:00:00Z'))).toMatch(/^3 messages said by then were learned only later \(the first on 2026-11-29\)/);
  });
});
