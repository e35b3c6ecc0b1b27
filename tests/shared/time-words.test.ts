/**
 * Issue 21, long texts: chrono-node runs only on text that may name a time. The pre-filter must never hide an
 * expression chrono dates (it is shared by the write path's time reading and the query's implied window).
 */
import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { impliedWindow } from '../../src-main/memory/retrieval/time';
import { mayNameATime } from '../../src-shared/text';
import { HOSTILE_LONG_TEXTS } from '../fixtures/hostile/long-text';

const NOW = Date.parse('2026-11-23T09:00:00Z');

const EXPRESSIONS = [
  'yesterday', 'today', 'tonight', 'tomorrow', 'tmrw', 'tmr', 'overmorrow', 'last night', 'this morning', 'in the afternoon',
  'at noon', 'midnight', 'midday', 'last week', 'next month', 'this year', 'past quarter', 'two weeks ago', 'a few days ago',
  'a couple of days later', 'half an hour ago', 'an hour from now', 'within a week', 'in five minutes', 'three years earlier',
  'in March', 'March 3rd', 'on 3 May', 'Sept 1', 'on Friday', 'last Tuesday', 'next weekend', 'the end of the month',
  '2024-01-01', '3/4/2020', '11/22/63', 'at 5pm', 'at 17:30', 'since 1999', '2 days ago', '10 min later', 'Jan. 2020',
];

describe('the time-word pre-filter (issue 21)', () => {
  it('passes every expression chrono dates, alone and inside a sentence', () => {
    for (const e of EXPRESSIONS) {
      for (const text of [e, `I moved to Porto ${e}.`, e.toUpperCase()]) {
        if (chrono.parse(text, new Date(NOW), { forwardDate: false }).length > 0) expect(mayNameATime(text), text).toBe(true);
      }
    }
  });

  it('holds back text with no digit and no time word, which chrono does not date either', () => {
    for (const name of ['one long word', 'capitalised run', 'long URL', 'handles', 'hashtags', 'first-person sentences', 'mixed scripts and emoji']) {
      const piece = (HOSTILE_LONG_TEXTS[name] ?? '').slice(0, 1_000);
      expect(mayNameATime(piece), name).toBe(false);
      expect(chrono.parse(piece, new Date(NOW), { forwardDate: false }), name).toEqual([]);
      expect(impliedWindow(HOSTILE_LONG_TEXTS[name] ?? '', NOW), name).toBeNull();
    }
    expect(impliedWindow('what did I do last week?', NOW)).not.toBeNull();
  });
});
