/**
 * How long a state has held, said as a span ("6 months in", "been sober for 2 years", "day 12 sober", "since may"), and
 * when it began: a state said of now is dated by its start (time.ts reads the times themselves).
 */
import { timeMentions } from './time';
import { NUMBER_IN_WORDS } from '../../../src-shared/number-words';
import { spanBack } from './span-back';

export { spanBack };

const MONTH_PREFIXES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** A count of days, weeks, months or years as a chat says it ("8", "three", "twenty one", "a", "a couple of"). */
export const SPAN_COUNT = String.raw`(?:\d{1,3}|a couple of|a few|${NUMBER_IN_WORDS}|an?)`;
/** "6 months in", "three weeks now", "2 years today": how long a state has held, said after it (not "for a year in 2022"). */
const HELD_FOR = new RegExp(String.raw`\b(${SPAN_COUNT})\s+(day|week|month|year)s?\s+(?:(?:sober|clean|smoke[- ]free)\s+)?(?:in(?=\s*(?:$|[,.!?;:…)\p{Extended_Pictographic}]|(?:and|now|lol|already|tho|though|but)\b))|now|today|and counting)\b`, 'iu');
/** What one is "free" of, as a habit: "smoke free", "alcohol-free", "vape free" (life-news.ts reads which). */
export const FREE_OF = String.raw`(?:smoke|nicotine|alcohol|booze|vape)`;
const FREE = String.raw`${FREE_OF}[- ]free`;
/** What one has gone a span "without": "100 days without a cigarette", "3 weeks without a drink" (life-news.ts reads which). */
export const WITHOUT_HABIT = String.raw`without\s+(?:a\s+|any\s+|one\s+|a\s+single\s+)?(?:cigarettes?|cigs?|ciggies?|ciggys?|fags?|smokes?|smoking|drinks?|drinking|alcohol|booze|beers?|wine|pints?|vapes?|vaping)\b`;
/**
 * A habit's span counted in its own clause: "5 days smoke free", "sober 3 weeks", "day 12 sober", "10 days off the
 * cigs" (not "back on the booze after 6 months sober": when the spell began is not when it ended).
 */
const HABIT_HELD = new RegExp(
  String.raw`(?<!\bafter\s)\b(${SPAN_COUNT})\s+(day|week|month|year)s?\s+(?:sober|clean|${FREE}|off the|${WITHOUT_HABIT})\b|(?<!\bafter\s)\b(?:sober|${FREE})\s+(?:for\s+)?(${SPAN_COUNT})\s+(day|week|month|year)s?\b|\b(day)\s+(\d{1,3})\s+(?:of\s+(?:being\s+)?)?(?:sober|${FREE})\b`,
  'i',
);
/** "been sober for 2 years", "i've been vegan for a year", "been at google 3 years", "i've worked at google for 3 years": a perfect's span (not "lived in Leeds for 2 years", over). */
const BEEN_FOR = new RegExp(String.raw`(?:\bbeen|(?:'ve|\bhave)\s+(?:worked|lived))\b(?:\s+[\p{L}'-]+){0,4}?\s+(?:for\s+)?(?:about\s+|nearly\s+|almost\s+|over\s+)?(${SPAN_COUNT})\s+(day|week|month|year)s?\b(?!\s+ago\b)`, 'iu');

/**
 * When a state said of now began, when the sentence says so: "im vegan now, since may", "vegan now, 6 months in"
 * (a span counted of a habit, or with "been", only in the statement's own `clause`). Such a sentence is dated by its
 * start, not by "now". Null when it names no start.
 */
export function stateBegan(text: string, reference: number, clause = text): number | null {
  // ("since christmas": a holiday's mention holds its "since".)
  const since = timeMentions(text, reference).find((m) => (/\bsince\s+(?:the\s+)?$/i.test(text.slice(Math.max(0, m.index - 12), m.index)) || /^since\s/i.test(m.text)) && !m.future);
  if (since) return since.time;
  // "since may": chrono leaves the month that is also a verb alone.
  const month = /\bsince\s+(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/i.exec(text);
  if (month) {
    const m = MONTH_PREFIXES.indexOf((month[1] as string).slice(0, 3).toLowerCase());
    const ref = new Date(reference);
    const year = m <= ref.getUTCMonth() ? ref.getUTCFullYear() : ref.getUTCFullYear() - 1;
    return Date.UTC(year, m, 1, 12);
  }
  // (A span counted of a habit or with "been" dates its own clause: "moved to york and i've been sober for a month".)
  const found = HELD_FOR.exec(text) ?? HABIT_HELD.exec(clause) ?? BEEN_FOR.exec(clause);
  if (!found) return null;
  // (Said as "sober 3 weeks" or "day 12 sober", the count and unit come in another order.)
  const held = found[1] ? [found[1], found[2]] : found[3] ? [found[3], found[4]] : [found[6], found[5]];
  return spanBack(held[0] ?? '', held[1] ?? '', reference);
}

