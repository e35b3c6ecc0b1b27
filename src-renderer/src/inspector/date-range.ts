/**
 * The filters' time window: a preset (last day … last year) or a custom range of calendar days. Days are read
 * in local time, and "to" includes its whole day, so the engine's `before` is the next day's midnight.
 */
import { DAY, YEAR } from './time';

export type TimeWindow = 'all' | 'day' | 'week' | 'month' | 'year' | 'custom';

export const TIME_WINDOWS: { value: TimeWindow; label: string; span: number | null }[] = [
  { value: 'all', label: 'All time', span: null },
  { value: 'day', label: 'Last day', span: DAY },
  { value: 'week', label: 'Last week', span: 7 * DAY },
  { value: 'month', label: 'Last month', span: 30 * DAY },
  { value: 'year', label: 'Last year', span: YEAR },
  { value: 'custom', label: 'Custom range…', span: null },
];

/** The engine's event-time bounds for a preset window (`custom` is read from the date inputs instead). */
export function presetRange(window: Exclude<TimeWindow, 'custom'>, now: number): { after: number | null; before: number | null } {
  const span = TIME_WINDOWS.find((w) => w.value === window)?.span ?? null;
  return { after: span === null ? null : now - span, before: null };
}

export type CustomRange = { ok: true; after: number | null; before: number | null } | { ok: false; error: string };

const DAY_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a `YYYY-MM-DD` day (what <input type="date"> gives), or null when it is not a real day. */
export function parseDay(value: string): number | null {
  const m = DAY_INPUT.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(year, month - 1, day);
  // new Date rolls 31 February over into March; a day that rolled is not the one typed.
  if (d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== day) return null;
  return d.getTime();
}

/** The next local midnight after a day's midnight (23 or 25 hours across a clock change). */
function nextDay(midnight: number): number {
  const d = new Date(midnight);
  d.setDate(d.getDate() + 1);
  return d.getTime();
}

/** Reads the date inputs: either bound may be empty (open-ended), but "from" may not come after "to". */
export function customRange(from: string, to: string): CustomRange {
  const after = from === '' ? null : parseDay(from);
  const toDay = to === '' ? null : parseDay(to);
  if (from !== '' && after === null) return { ok: false, error: '“From” is not a valid date.' };
  if (to !== '' && toDay === null) return { ok: false, error: '“To” is not a valid date.' };
  if (after !== null && toDay !== null && after > toDay) return { ok: false, error: '“From” is after “To”: choose a start on or before the end.' };
  return { ok: true, after, before: toDay === null ? null : nextDay(toDay) };
}

/** A time as the value of a date input (local `YYYY-MM-DD`). */
export function dayInputValue(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The inclusive "to" day of an exclusive `before` bound, as a date input value. */
export const toInputValue = (before: number): string => dayInputValue(before - 1);
