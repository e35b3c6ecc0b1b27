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

/** Where a denial starts: "not", "never", "no longer", "n't", or a habit given up ("stopped", "quit", "gave up"). */
const DENIAL = String.raw`(?:\b(?:not|never|no longer|stopped|quit|gave up|given up|cut out)\b|n't\b)`;
/** The stretch after the habit's word up to the exception: no sentence end, and no new clause of its own ("… and I …"). */
const SAME_CLAUSE = String.raw`(?:(?!\b(?:and|but|so|because|cos|coz|though|although)\s+(?:i|we|you|he|she|they|my|it|there)\b)[^.!?\n])*?`;
/** A sentence end, and the words that may open the next before what it says: "… Well, except at weddings". */
const NEXT_SENTENCE_OPENS = String.raw`(?:[.!?…]+|\n)\s*(?:(?:well|ok|okay|i mean|tbh|honestly)\b[,\s]*)?`;
/** An occasion an exception names: "on special occasions", "socially", "at weddings", "at family dos", "the odd one". */
const OCCASION = String.raw`(?:the odd|the occasional|once|twice)\b|(?:(?:on|at|during|for|with|over)\s+)?(?:(?:the|a|special|big|family|work)\s+)?(?:occasions?|socially|occasionally|sometimes|weekends?|holidays?|parties|party|weddings?|christmas|xmas|new year|birthdays?|nights? out|celebrations?|dos|events?|gigs?|festivals?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|dinner|lunch|meals?|food)\b`;
/**
 * An exception that opens a sentence of its own: "except …", "unless …", "apart from …", "only when …", or "only" /
 * "just" with an occasion ("only on fridays", "only with dinner"). Stricter than in the same clause: "Apart from
 * that…", "Besides I'm driving", "Just at the start of lockdown", "Only on my 5th attempt", "Only when my dad got ill
 * did I realise" open sentences about something else.
 */
const NEXT_SENTENCE_EXCEPTION = String.raw`(?:(?:except|unless)\b(?!\s+(?:that|for that)\b)|(?:apart from|other than|besides)\b(?!\s+(?:that|this|it|which|i|i'm|im|we|you)\b)|only (?:when|if)\b(?![^.!?\n]*\b(?:did|do|does|was|were|had|have) (?:i|we)\b)|(?:only|just|but only)\s+(?:${OCCASION}))`;
/**
 * An exception to a habit: "unless …", "except …", "apart from …", or "only" / "just" with an occasion ("only on
 * holidays", "just at weddings", "only socially"), or a time of day it holds for ("after 3pm", "on weeknights"). Not a reason ("only for ethical reasons", "just on principle") nor a
 * time it was given up ("just before my birthday"), and not another thing ("only tea").
 */
const EXCEPTION = String.raw`\b(?:unless|except|excepting|apart from|other than|besides|save for|(?:only|just|but only)\s+(?:on (?!principle\b)|at |when\b|if\b|during\b|with\b|socially\b|occasionally\b|sometimes\b|once\b|the odd\b|the occasional\b|special\b|weekends?\b|holidays?\b|parties\b|weddings?\b|christmas\b|xmas\b|birthdays?\b)|(?:after|before)\s+(?:\d|noon|midday|lunch|dinner|work|bed|midnight)|on (?:weekdays|weeknights|school nights)\b|during the (?:week|day)\b)`;

/**
 * Whether the habit `words` name (the verb's forms, or the thing given up) is denied or given up with an exception
 * later in the same clause or at the start of the next sentence: "I don't drink really, only on holidays", "I don't
 * drink unless it's a wedding", "I stopped drinking except at christmas", "I don't drink. Only on special occasions". The clause splitter reads the denial alone, so the exception is looked for in the
 * text; "I don't drink coffee, only tea", "I quit smoking, just before my birthday", "I don't drink and I never go out
 * except on fridays" have none.
 */
export function denialWithException(text: string, words: readonly string[]): boolean {
  const named = words.filter((w) => /^[\p{L}-]+$/u.test(w)).map((w) => w.toLowerCase());
  if (named.length === 0) return false;
  const habit = `\\b(?:${named.join('|')})\\b`;
  return new RegExp(`${DENIAL}(?:\\s+[\\p{L}']+){0,3}?\\s+${habit}${SAME_CLAUSE}(?:${EXCEPTION}|${NEXT_SENTENCE_OPENS}${NEXT_SENTENCE_EXCEPTION})`, 'iu').test(text.replace(/[\u2018\u2019]/g, "'"));
}

/** The forms of a habit verb a sentence may use: "drink", "drinks", "drinking", "drank". */
export function habitVerbForms(lemma: string): string[] {
  const stem = lemma.replace(/e$/, '');
  const past: Record<string, string> = { drink: 'drank', eat: 'ate', smoke: 'smoked', vape: 'vaped' };
  return [lemma, `${lemma}s`, `${stem}ing`, ...(past[lemma] ? [past[lemma]] : [])];
}

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
