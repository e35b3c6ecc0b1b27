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
