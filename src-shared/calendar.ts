/**
 * The calendar's names in English, lower-case: words that look like names (capitalised) but say a time. The
 * write path keeps them out of names ("on Monday" is no one); the read path keeps them out of places ("in May").
 */
export const WEEKDAYS: readonly string[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
export const MONTHS: readonly string[] = [
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
];
export const HOLIDAYS: readonly string[] = ['christmas', 'easter'];

/** Weekdays (and their plurals: "on Mondays"), months and holidays. */
export const CALENDAR_WORDS: ReadonlySet<string> = new Set([...WEEKDAYS, ...WEEKDAYS.map((d) => `${d}s`), ...MONTHS, ...HOLIDAYS]);

const DAY_MS = 86_400_000;
const LAST_WEEKDAY = /^last\s+(mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nesday|r|rs|rsday|urday)?\.?$/i;

/**
 * How far to move chrono's reading of "last monday" (the nearest Monday gone) to the day meant: that day of last
 * week, Monday to Sunday — said on a Wednesday, "last monday" is nine days back, not two — and one that would be
 * yesterday is the week before ("yesterday" would say yesterday). 0 for any other words. The write path dates
 * what was said by it and the read path reads questions by it, so "what did I do last monday?" finds it.
 */
export function lastWeekdayShift(said: string, chronoTime: number, reference: number): number {
  const m = LAST_WEEKDAY.exec(said.trim());
  if (!m) return 0;
  const ref = new Date(reference);
  const today = Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth(), ref.getUTCDate());
  const weekStart = today - ((ref.getUTCDay() + 6) % 7) * DAY_MS;
  const index = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].indexOf((m[1] ?? '').toLowerCase());
  let day = weekStart - 7 * DAY_MS + index * DAY_MS;
  if (day === today - DAY_MS) day -= 7 * DAY_MS;
  const said0 = new Date(chronoTime);
  return day - Date.UTC(said0.getUTCFullYear(), said0.getUTCMonth(), said0.getUTCDate());
}
