/**
 * A fact says its times as a person writes them, whatever the chat typed: "User left Google in March" (not "in march"),
 * "User got engaged on 24 December" (not "on 24th dec"), "User swims every Sunday", "User has been vegan since 29
 * December 2023" (not "since 29.12.2023"). Only the words change; when the fact happened is its event time.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT_MONTHS: Readonly<Record<string, string>> = {
  jan: 'January', feb: 'February', mar: 'March', apr: 'April', jun: 'June', jul: 'July', aug: 'August', sep: 'September', sept: 'September', oct: 'October', nov: 'November', dec: 'December',
};
const WEEKDAYS = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)(s?)\b/g;
/** Where a month's name is a month: after "in", "since", "mid-", a day ("24th dec"), or before a day or a year. */
const MONTH_BEFORE = String.raw`(?<=\b(?:in|since|until|till|from|by|of|last|next|this|early|late|mid|end of|start of)[\s-]+|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?)`;
const MONTH_AFTER = String.raw`(?=\s+\d{1,4}\b)`;
const MONTH_WORD = String.raw`(january|february|march|april|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|may)\b`;
const MONTH_IN_TIME = new RegExp(`${MONTH_BEFORE}${MONTH_WORD}|\\b${MONTH_WORD}${MONTH_AFTER}`, 'g');
/** Where a date goes: "on", "since", "born"… just before it. */
const DATE_PREPOSITION_BEFORE = /\b(?:on|since|from|until|till|by|before|after|of|born)\s+$/i;
/** What a number shaped like a date numbers, not dates: "version 1.2.2024", "build 2.10.2023". */
const NUMBERED_BEFORE = /\b(?:version|ver|v|build|release|update|ios|android|model|number|no|code|ticket|order|invoice|ref|reference|room|flight|page|chapter|id|isbn)\s+$/i;
const NUMERIC_DATE = /\b(?:\d{1,2}[./]\d{1,2}[./]\d{4}|\d{4}-\d{2}-\d{2})\b/g;

const monthName = (word: string): string => SHORT_MONTHS[word] ?? `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** A present that held "since" a time is said as one that has held: "User works at Monzo since March". */
const PRESENT_SINCE = /^(\S+(?: \S+)?) (works|lives|is) (?=(?:(?!\b(?:and|but)\b).)*\bsince\b)/;
const HAS_HELD: Readonly<Record<string, string>> = { works: 'has worked', lives: 'has lived', is: 'has been' };

/** A span said bare after a stay or a job held: "User lived in Leeds 10 years" (for 10 years). */
const BARE_SPAN = /^(\S+(?: \S+)? (?:lived|worked|stayed|was|were) .+? )(?<!\bfor )((?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of) (?:years?|months?|weeks?))$/;

/** `content` with the months, weekdays and numeric dates it says written out (see above). */
export function withTimesAsWritten(content: string, eventTime: number | null): string {
  let out = content
    .replace(PRESENT_SINCE, (_, subject: string, verb: string) => `${subject} ${HAS_HELD[verb] ?? verb} `)
    .replace(BARE_SPAN, '$1for $2')
    // (The match is the month's word alone: what places it is looked at, not taken.)
    .replace(MONTH_IN_TIME, (word: string) => monthName(word.toLowerCase()))
    .replace(WEEKDAYS, (_, day: string, plural: string) => `${day.charAt(0).toUpperCase()}${day.slice(1)}${plural}`)
    // "since jan '26": the year in full ("since January 2026", not "January'26").
    .replace(/\b(January|February|March|April|May|June|July|August|September|October|November|December)\s*['’]\s?(\d{2})\b/g, '$1 20$2');
  // A numeric date is the day the fact is dated, written out: one date only, said where a date goes ("on", "since"; not
  // "version 1.2.2024"), and only when it is that day.
  const numeric = [...out.matchAll(NUMERIC_DATE)];
  const match = numeric.length === 1 ? numeric[0] : undefined;
  // ("User deleted their Facebook 29.12.2023": a date that ends the words bare is the day it happened on.)
  const afterPreposition = match !== undefined && DATE_PREPOSITION_BEFORE.test(out.slice(0, match.index));
  const bareAtEnd = match !== undefined && !afterPreposition && (match.index ?? 0) + match[0].length === out.length && /\p{L}\s+$/u.test(out.slice(0, match.index)) && !NUMBERED_BEFORE.test(out.slice(0, match.index));
  if (eventTime !== null && match !== undefined && (afterPreposition || bareAtEnd)) {
    const d = new Date(eventTime);
    const [day, month, year] = [d.getUTCDate(), d.getUTCMonth() + 1, d.getUTCFullYear()];
    const parts = match[0].split(/[./-]/).map(Number);
    const [a, b, c] = parts;
    const sameDay = /-/.test(match[0]) ? a === year && b === month && c === day : c === year && ((a === day && b === month) || (a === month && b === day));
    if (sameDay) out = out.replace(match[0], `${bareAtEnd ? 'on ' : ''}${day} ${MONTHS[month - 1] ?? ''} ${year}`);
  }
  return out;
}
