/**
 * The words around a state said in a chat (personal-states.ts, health-states.ts): the clause as plain lower-case
 * words, and what may follow the news without changing it — a time ("last week", "about a fortnight ago") and
 * fillers ("lol", "btw").
 */
import { joinTokens, type Token } from './analyzer';
import { CALENDAR_WORDS } from './lexicon';

const EMOJI = /\p{Extended_Pictographic}|\u{FE0F}|\u{200D}|[\u{1F3FB}-\u{1F3FF}]/gu;

/** The clause from `at` as plain lower-case words and marks, emoji left out. */
export function spoken(tokens: readonly Token[], at: number): string {
  return joinTokens(tokens.slice(at)).replace(EMOJI, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Words a chat ends such news with, which add nothing to it ("lol", "btw", "rip milo" aside). */
const FILLERS = new Set(
  'lol haha hahaha lmao omg btw fyi tho though now already today tonight yesterday finally just sadly ffs fr ngl tbh x xx xxx rn atm lately these days anymore again still officially'.split(' '),
);
/** Words of a time said after the news: "last week", "on sunday", "in 2021", "this morning", "3 days ago". */
const TIME_WORDS = new Set(
  [
    ...'on in at last this next over the a an few couple of ago morning afternoon evening night week weekend month year years months weeks day days fortnight fortnights eve earlier recently peacefully suddenly unexpectedly back'.split(' '),
    // Hedges of a time: "about a fortnight ago", "nearly a year ago".
    ...'about around roughly almost nearly like'.split(' '),
    ...'jan feb mar apr jun jul aug sep sept oct nov dec'.split(' '),
    // Seasons and holidays: "last spring", "christmas before last", "at easter".
    ...'spring summer autumn fall winter christmas xmas easter before'.split(' '),
    ...'mon tue tues wed thu thur thurs fri sat sun'.split(' '),
    ...CALENDAR_WORDS,
  ],
);

/**
 * Whether `rest` (after the news) holds only a time, fillers and marks: "last week lol", "in 2021, still miss him".
 * `timeToo` false: fillers only ("im 30 next week" is an age still ahead).
 */
export function onlyTimeOrFillers(rest: string, timeToo = true): boolean {
  // A new clause after a comma, a full stop or a dash is its own ("…, still miss him").
  const head = rest.split(/[,.;!?:]|\s[-–—]\s|\band\b|\bbut\b|\bso\b/)[0] ?? '';
  const words = head.match(/[\p{L}\p{N}']+/gu) ?? [];
  if (!timeToo) return words.every((w) => FILLERS.has(w) && w !== 'tonight' && w !== 'yesterday');
  return words.every((w) => FILLERS.has(w) || TIME_WORDS.has(w) || /^\d{1,4}(?:st|nd|rd|th)?$/.test(w));
}

