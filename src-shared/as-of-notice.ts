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
 * The day an as-of bound names, in ISO: a day asked for ("2026-03-01") is read as its end, the next day's first
 * instant, so the day shown is the one before the bound (an instant inside a day stays that day).
 */
export const asOfDay = (bound: number): string => new Date(bound - 1).toISOString().slice(0, 10);
