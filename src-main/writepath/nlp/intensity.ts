/**
 * How strongly a habit is denied is not what is denied: "I don't drink at all" denies drinking as "I don't drink" does.
 */
import type { Token } from './analyzer';
import { lowerOf } from './phrases';

/** Words after a denial that make an exception to it: "not at all, only on holidays", "… but wine", "except weddings". */
const EXCEPTIONS: ReadonlySet<string> = new Set(['only', 'just', 'except', 'but', 'unless', 'apart', 'besides', 'if', 'when', 'other']);
/** The same, in the sentence after "at all" or "whatsoever" (a comma or "but" has made it a clause of its own). */
const EXCEPTION_AFTER = /\b(?:at all|whatsoever)\b[^.!?]*?\b(?:only|just|except|but|unless|apart from|besides|other than)\b/i;

/** Whether a message says "at all" with an exception after it in the same sentence: no habit is denied whole. */
export const intensityWithException = (text: string): boolean => EXCEPTION_AFTER.test(text);

/**
 * A denial or a habit given up with an exception later in its sentence: "I don't drink really, only on holidays",
 * "I don't drink unless it's a wedding", "I don't eat meat, only on sundays", "I stopped drinking except at christmas".
 * The clause splitter reads the denial alone, so the exception is looked for in the sentence. An "only" that names
 * another thing is no exception ("I don't drink coffee, only tea"); "unless", "except", "apart from" always are.
 */
const DENIAL_WITH_EXCEPTION = new RegExp(
  String.raw`(?:\b(?:not|never|no longer|stopped|quit|gave up|given up|cut out)\b|n['’]t\b)[^.!?\n]*?` +
    String.raw`\b(?:unless|except|excepting|apart from|other than|besides|save for|` +
    String.raw`(?:only|just|but only)\s+(?:on|at|in|when|if|during|for|with|around|over|after|before|socially|occasionally|sometimes|once|the odd|the occasional|special|weekends?|holidays?|parties|weddings?|christmas|xmas|birthdays?))\b`,
  'i',
);

/** Whether a denial in the message has an exception after it in its sentence: no habit ends whole. */
export const denialWithException = (text: string): boolean => DENIAL_WITH_EXCEPTION.test(text);

/**
 * A denial's object without "at all" and "whatsoever", which say how strongly, not what: "I don't drink at all",
 * "… meat whatsoever", "not at all after 6pm" (a condition stays). "At all the parties" and "at all of the venues" are
 * where, and stay; so does all of it when an exception follows ("at all, only on holidays": no habit ends).
 */
export function withoutIntensity(object: readonly Token[]): Token[] {
  if (object.some((t) => EXCEPTIONS.has(lowerOf(t)))) return [...object];
  const out: Token[] = [];
  for (let i = 0; i < object.length; i++) {
    const word = lowerOf(object[i]);
    const next = object[i + 2];
    if (word === 'whatsoever') continue;
    if (word === 'at' && lowerOf(object[i + 1]) === 'all' && (!next || (['ADV', 'ADP', 'PUNCT', 'SCONJ', 'CCONJ', 'PART'].includes(next.pos) && lowerOf(next) !== 'of'))) {
      i++;
      continue;
    }
    out.push(object[i] as Token);
  }
  return out;
}
