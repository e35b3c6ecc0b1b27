/**
 * Memory as of a date shows what it had learned by then. A history imported later (said before the date, learned
 * after it) is therefore left out — by the rule, but a person asking "as of last March" after importing last year's
 * chats today would see nothing and not know why. One wording for the CLI and the inspector.
 */
import { plural } from './plural';

export function learnedLaterNotice(count: number, firstLearnedAt: number | null): string {
  const first = firstLearnedAt !== null ? ` (the first on ${new Date(firstLearnedAt).toISOString().slice(0, 10)})` : '';
  const one = count === 1;
  return `${plural(count, 'message')} said by then ${one ? 'was' : 'were'} learned only later${first}: memory as of that day had not learned ${one ? 'it' : 'them'}, so ${one ? 'it is' : 'they are'} left out here.`;
}
