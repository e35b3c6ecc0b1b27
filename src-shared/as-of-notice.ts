/**
 * Memory as of a date shows what it had learned by then. A history imported later (said before the date, learned
 * after it) is therefore left out — by the rule, but a person asking "as of last March" after importing last year's
 * chats today would see nothing and not know why. One wording for the CLI and the inspector.
 */
import { plural } from './plural';

/** `day`: how a day is written where it is shown (the inspector's own dates; ISO on the command line). */
export function learnedLaterNotice(count: number, firstLearnedAt: number | null, day: (t: number) => string = (t) => new Date(t).toISOString().slice(0, 10)): string {
  const first = firstLearnedAt !== null ? ` (the first on ${day(firstLearnedAt)})` : '';
  const one = count === 1;
  return `${plural(count, 'message')} said by then ${one ? 'was' : 'were'} learned only later${first}: memory as of that day had not learned ${one ? 'it' : 'them'}, so ${one ? 'it is' : 'they are'} left out here.`;
}

/**
 * The day an as-of read names, as YYYY-MM-DD: the day asked when it was asked as one ("2026-03-01", read as that UTC
 * day); else the day before the bound in this machine's time zone, where "today", "yesterday" or "march 2026" were read
 * (a day is read as its end, the next day's first instant).
 */
export function asOfDay(bound: number, asked?: string): string {
  const day = asked?.trim();
  if (day !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const d = new Date(bound - 1);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}
