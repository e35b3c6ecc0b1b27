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
