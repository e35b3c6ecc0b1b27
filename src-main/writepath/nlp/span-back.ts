/** A time a span before another, the span as a chat counts it: "3 weeks", "twenty one days", "a couple of months". */
import { numberInWords } from '../../../src-shared/number-words';

const DAY = 86_400_000;
/** Counts said in words that are no number: "a week", "a couple of months", "a few years" (the rest: number-words.ts). */
const COUNT_PHRASES: Record<string, number> = { a: 1, an: 1, 'a couple of': 2, 'a few': 3 };
const UNIT_MS: Record<string, number> = { day: DAY, week: 7 * DAY, month: 30.44 * DAY, year: 365.25 * DAY };

/** The time `count` `unit`s before `reference` ("3", "week"; "a couple of", "months"), or null for a count it cannot read. */
export function spanBack(count: string, unit: string, reference: number): number | null {
  const said = count.toLowerCase().replace(/\s+/g, ' ');
  const n = /^\d+$/.test(count) ? Number(count) : (COUNT_PHRASES[said] ?? numberInWords(said) ?? undefined);
  const u = unit.toLowerCase().replace(/s$/, '');
  if (n === undefined) return null;
  // Months and years by the calendar ("6 months" before 25 November is 25 May), days and weeks by their length.
  const d = new Date(reference);
  if (u === 'month') return d.setUTCMonth(d.getUTCMonth() - n);
  if (u === 'year') return d.setUTCFullYear(d.getUTCFullYear() - n);
  const ms = UNIT_MS[u];
  return ms === undefined ? null : reference - n * ms;
}
