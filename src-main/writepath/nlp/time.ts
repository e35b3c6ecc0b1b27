/**
 * When a statement happened, read against the time it was said (the episode's event time), not the time of
 * consolidation: "I moved to Kraków last month" said on 2023-05-08 happened in April 2023. chrono-node reads
 * the expressions; years alone ("in 2019") are ours, chrono does not take them.
 */
import { datesIn } from '../../memory';
import { lastWeekdayShift } from '../../../src-shared/calendar';
import { dottedDates } from '../../../src-shared/dotted-dates';
import { holidayMentions } from '../../../src-shared/holidays';
import { mayNameATime, textPieces } from '../../../src-shared/text';
import { withPartOfPeriod } from './time-parts';
import { NUMBER_IN_WORDS, numberInWords } from '../../../src-shared/number-words';
import { spanBack } from './span-back';
import { seasonMentions } from '../../../src-shared/seasons';


export interface TimeMention {
  /** The expression as written ("last month"). */
  text: string;
  /** Start offset in the text. */
  index: number;
  /** Epoch ms. */
  time: number;
  /** Relative expressions ("last month", "two weeks ago") become wrong later and are taken out of a fact's text. */
  relative: boolean;
  /** Ahead of when it was said even as the last such date ("next month"): never dates a fact. */
  future: boolean;
  /** Read ahead of when it was said before any year shift ("I start on the 3rd of July"): a plan, unless the verb is past. */
  ahead: boolean;
  /** A weekday or a day of the month alone ("on Monday", "on the 3rd"): the last such day, and only for a past verb ("I started on Monday"). */
  weekday: boolean;
  /** After "since" ("since March", "since 2020"): when a state said in the present began. */
  since?: boolean;
}

const RELATIVE = /\b(?:ago|last|yesterday|today|tonight|this|next|tomorrow|recently|earlier|past)\b/i;
const YEAR = /(?:\b(?:in|since|back in|around|during)\s+|(?<=\b(?:early|mid|late)[-\s]|\b(?:start|beginning|middle|end) of\s))((?:19|20)\d{2})\b/gi;
/** Habits ("on Thursdays") and durations ("for ten years") are not points in time. */
const NOT_A_POINT = /^(?:for\b|every\b|each\b)|s$/i;
/**
 * A habit's time: "every friday", "every other Saturday", "every Tuesday and Friday", "every week on Thursday" — what
 * is said before the time, read up to it.
 */
const HABIT_BEFORE = /\b(?:(?:every|each|most)(?:\s+other)?\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?\s*(?:,\s*(?:and\s+)?|and\s+|&\s*))*|every\s+(?:week|weekend|month|fortnight)\s+on\s+)$/i;
const DAY = 86_400_000;
const SHORT_NUMERIC_DATE = /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2}$/;
const NEXT_BEFORE = /\b(?:next|this coming|coming)\s+$/i;
const GONE_BEFORE = /\b(?:last|this past|back in)\s+$/i;
const DATE_PREPOSITION_BEFORE = /\b(?:on|since|from|until|till|before|after|dated|as of)\s+$/i;

const WEEKDAY_ONLY = /^(?:on\s+)?(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?$/i;
const THE_WEEKEND = /\b(?:over|at|on|during)\s+the\s+(?:long\s+|bank\s+holiday\s+)?weekend\b(?!\s+(?:before|after|of)\b)/gi;
const OTHER_DAY = /\bthe other (day|week|night|morning|evening)\b/gi;
/** A span back counted in words: "twenty one days ago", "thirty-five years ago". */
const SPAN_AGO_IN_WORDS = new RegExp(String.raw`\b(${NUMBER_IN_WORDS})\s+(day|week|month|year)s?\s+ago\b`, 'gi');

/** "a fortnight ago", "two fortnights ago": chrono knows no fortnight. */
const FORTNIGHTS_AGO = /\b(?:(?:about|around|roughly|like|over|almost|nearly|just over|just under|maybe)\s+)?(a|one|two|2|three|3)\s+fortnights?\s+ago\b/gi;
const FORTNIGHT_COUNTS: Readonly<Record<string, number>> = { a: 1, one: 1, two: 2, '2': 2, three: 3, '3': 3 };
/**
 * A number chrono took for an hour before a weekday: "turned 19 on saturday" is Saturday, not 19:00 on it (with no
 * "am", "pm" or "at", a number before "on <day>" is what was counted, not the time).
 */
const COUNT_BEFORE_WEEKDAY = /^\d{1,2}\s+(?=on\s+(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b)/i;

const MONTH_NUMBER: Record<string, number> = { jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, sept: 8, oct: 9, nov: 10, dec: 11 };
const WEEKDAY_NUMBER: Record<string, number> = { mon: 0, tue: 1, wed: 2, thu: 3, fri: 4, sat: 5, sun: 6 };

/**
 * Where chrono misreads British chat, the time as meant and the words it spans, or null to leave chrono's reading:
 * "back in the day" is no day; "the year / week / monday before last" is one more back than chrono's "the year
 * before"; "on Monday last week" is last week's Monday (chrono: this week's); "a week last friday" the Friday a week
 * before last Friday; "in jan 24", "in sept 25": a month and a two-digit year (chrono: the 24th, the 25th).
 */
function britishReading(text: string, index: number, said: string, time: number, reference: number): { time: number; said: string; index: number; ahead?: boolean } | 'none' | null {
  const before = text.slice(Math.max(0, index - 40), index);
  const after = text.slice(index + said.length);
  const lower = said.trim().toLowerCase();
  // "back in the day", "in the day (I work, at night I…)": no day at all.
  if (/^in the day$/.test(lower)) return 'none';
  // "my last day at Sky", "the last day of term": the final day of something, not yesterday.
  if (/^(?:the\s+)?last\s+day$/.test(lower) && /^\s+(?:at|of|in|with)\b/i.test(after)) return 'none';
  const beforeLast = /\bbefore$/.test(lower) ? /^\s+last\b/i.exec(after) : /^\s+before\s+last\b/i.exec(after);
  // "the year before covid", "the day before my birthday": before something else, not before today.
  if (!beforeLast && /\bbefore$/.test(lower) && !/^\s+(?:yesterday|today)\b/i.test(after)) return 'none';
  // "a week on friday", "monday week", "the week after next": ahead, a plan.
  if (/\ba\s+week\s+on\s+$/i.test(before) || (/\ba\s+week\s+$/i.test(before) && /^on\s/.test(lower)) || (/^(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*$/.test(lower) && /^\s+week\b/i.test(after)) || /^\s+after\s+next\b/i.test(after) || /\bafter next$/.test(lower)) {
    const extra = /^\s+(?:week|after\s+next)\b/i.exec(after)?.[0] ?? '';
    return { time: reference + 14 * DAY, said: said + extra, index, ahead: true };
  }
  if (beforeLast) {
    const d = new Date(time);
    // chrono reads "the weekend" ahead and "monday" behind: first the last one, then the one before it.
    const unit = (n: number): void => {
      if (/\byear\b/.test(lower)) d.setUTCFullYear(d.getUTCFullYear() - n);
      else if (/\bmonth\b/.test(lower)) d.setUTCMonth(d.getUTCMonth() - n);
      else d.setTime(d.getTime() - n * 7 * DAY);
    };
    if (time > reference) unit(1);
    unit(1);
    // "the monday before last": the article is part of the time, so it leaves the fact's text with it.
    const the = /^the\b/i.test(said.trim()) ? null : /\bthe\s+$/i.exec(before);
    return { time: d.getTime(), said: (the ? the[0] : '') + said + beforeLast[0], index: index - (the ? the[0].length : 0) };
  }
  const lastWeek = /^(?:on\s+)?(mon|tue|wed|thu|fri|sat|sun)[a-z]*\s+last\s+week$/.exec(lower);
  if (lastWeek) {
    const ref = new Date(reference);
    const weekStart = Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth(), ref.getUTCDate()) - ((ref.getUTCDay() + 6) % 7) * DAY;
    return { time: weekStart - 7 * DAY + (WEEKDAY_NUMBER[lastWeek[1] ?? ''] ?? 0) * DAY, said, index };
  }
  const aWeek = /\ba\s+week\s+$/i.exec(before);
  if (aWeek && /^last\s+(?:mon|tue|wed|thu|fri|sat|sun)/.test(lower)) return { time: time - 7 * DAY, said: aWeek[0] + said, index: index - aWeek[0].length };
  // "last monday" said on a Wednesday: that day of last week (calendar.ts).
  const shift = lastWeekdayShift(lower, time, reference);
  if (shift !== 0) return { time: time + shift, said, index };
  // "in jan 24", "since sept 22", "in jan '25": a month and a two-digit year (chrono reads a day, or drops the year).
  const shortYear = /^(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?(?:\s+['’]?\s?(\d{2}))?$/.exec(lower);
  const apostropheYear = shortYear && shortYear[2] === undefined ? /^\s*['’]\s?(\d{2})\b/.exec(after) : null;
  const yy = shortYear?.[2] ?? apostropheYear?.[1];
  // ("since nov 26" said in 2026 is a day: this year's two digits after "since" read as a year say little.)
  const thisYear = yy === String(new Date(reference).getUTCFullYear() % 100).padStart(2, '0') && apostropheYear === null && !/\bin\s+$/i.test(before);
  if (shortYear && yy !== undefined && /\b(?:in|since|from)\s+$/i.test(before) && !thisYear) {
    const at = Date.UTC(2000 + Number(yy), MONTH_NUMBER[shortYear[1] ?? ''] ?? 0, 1);
    // ("since oct 31": a year still to come is no year; chrono's day is read instead.)
    if (at <= reference) return { time: at, said: said + (apostropheYear?.[0] ?? ''), index };
    if (apostropheYear === null) return null;
    return 'none';
  }
  // "in august last year", "in june 2 years ago", "march this year": the month of that year (chrono reads the month
  // alone, and the last August is this year's).
  const month = /^(?:(?:in|of)\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*$/.exec(lower);
  const whichYear = month ? /^,?\s+(?:(last|this) year|(\d+|two|three|four|five) years? ago)\b/i.exec(after) : null;
  if (month && whichYear) {
    const back = whichYear[1]?.toLowerCase() === 'this' ? 0 : whichYear[1] ? 1 : (YEARS_BACK[whichYear[2]?.toLowerCase() ?? ''] ?? Number(whichYear[2]));
    const at = Date.UTC(new Date(reference).getUTCFullYear() - back, MONTH_NUMBER[month[1] ?? ''] ?? 0, 1);
    // "in" goes with it, as the relative time leaves the fact's text ("moved to Leeds in march this year").
    const prep = /^(?:in|of)\s/.test(lower) ? null : /\b(?:in|of)\s+$/i.exec(before);
    return at <= reference ? { time: at, said: (prep?.[0] ?? '') + said + whichYear[0], index: index - (prep?.[0].length ?? 0) } : 'none';
  }
  return null;
}
const YEARS_BACK: Readonly<Record<string, number>> = { two: 2, three: 3, four: 4, five: 5 };
const SOON = /\b(?:tomorrow|tonight)\b/i;
/** "in 2 weeks", "within a few days", "in a couple of months": a time ahead by a span. */
const IN_A_WHILE = new RegExp(String.raw`^(?:in|within)\s+(?:\d+|a few|a couple of|a couple|a|an|${NUMBER_IN_WORDS}|few|couple of)\s+(?:days?|weeks?|months?|years?)$`, 'i');

/**
 * "on the 1st", "on the 3rd": a day of the month alone, which chrono does not read. Only where nothing names what
 * the ordinal counts: the end, a mark, or a word that starts the next phrase ("on the 1st lol", "on the 14th for uni");
 * not "on the 3rd floor", "on the 2nd shift", "on the 1st of May" (chrono's, with its month).
 */
const ORDINAL_DAY =
  /\bon\s+(?:the\s+)?([1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?=\s*$|\s*[^\p{L}\p{N}\s]|\s+(?:and|but|so|then|when|at|too|as|or|because|cos|coz|if|lol|lmao|haha\w*|xx?|tho|though|i|im|ive|we|it|its|my|our|he|she|they|finally|already|yay|omg|now|for|with|after|before|from|in|to|since|until)\b)/giu;

/**
 * A day of the month alone, like a weekday: the last such day (for "I moved on the 1st"), marked `ahead` when
 * the next one is nearer ("i move to bedminster on the 1st" said on the 25th is a plan). Null for a day the
 * last month lacks ("the 31st" after April).
 */
function ordinalDay(day: number, reference: number): { time: number; ahead: boolean } | null {
  const ref = new Date(reference);
  const [y, m, today] = [ref.getUTCFullYear(), ref.getUTCMonth(), ref.getUTCDate()];
  const last = day <= today ? Date.UTC(y, m, day) : Date.UTC(y, m - 1, day);
  if (new Date(last).getUTCDate() !== day) return null;
  // The next month that has that day ("the 31st" said in November: 31 December).
  let next = Date.UTC(y, day > today ? m : m + 1, day);
  for (let k = 1; new Date(next).getUTCDate() !== day && k < 3; k++) next = Date.UTC(y, (day > today ? m : m + 1) + k, day);
  const startOfToday = Date.UTC(y, m, today);
  return { time: last, ahead: next - startOfToday < startOfToday - last };
}

/**
 * "last christmas", "over xmas", "on new year's eve": the last one named before it was said. A holiday named alone
 * dates only a past verb, like a weekday.
 */
function holidays(text: string, reference: number): TimeMention[] {
  return holidayMentions(text, reference).map((h) => {
    const future = h.time > reference;
    // "on christmas eve 2023" says its year: kept in the fact's words, as a written date is.
    // (Dated by the day named: "last christmas" is the 25th, not the 24th its days begin with.)
    if (h.which !== null) return { text: h.text, index: h.index, time: h.day, relative: h.which !== 'year', future, ahead: future, weekday: false };
    // Not `ahead` even when the next one is nearer: "i quit my job at christmas" said in November is as often done
    // as planned, and a present ("I start at Google after christmas") is a plan anyway.
    return { text: h.text, index: h.index, time: h.day, relative: true, future: false, ahead: false, weekday: true };
  });
}

/** A qualifier before a span counted back ("nearly 2 years ago", "like 3 weeks ago"): part of the time, not of the fact. */
const QUALIFIER_BEFORE = /\b(?:nearly|almost|roughly|about|around|over|like|just over|just under|well over)\s+$/i;
const COUNTED = new RegExp(String.raw`^(?:\d|an?\b|${NUMBER_IN_WORDS}|a few|a couple)`, 'i');
function withQualifier(text: string, m: TimeMention): TimeMention {
  const q = m.relative && COUNTED.test(m.text) ? QUALIFIER_BEFORE.exec(text.slice(Math.max(0, m.index - 12), m.index)) : null;
  return q ? { ...m, text: q[0] + m.text, index: m.index - q[0].length } : m;
}

/** Time expressions in `text`, resolved against `reference` (epoch ms); those ahead of it are marked `future`. */
export function timeMentions(text: string, reference: number): TimeMention[] {
  const ref = new Date(reference);
  const out: TimeMention[] = holidays(text, reference);
  if (!mayNameATime(text)) return out;
  // "29.12.2023", "03.04.2024": a date with dots is day first (chrono reads 03.04 as March 4).
  for (const d of dottedDates(text)) {
    if (d.shortYear && !DATE_PREPOSITION_BEFORE.test(text.slice(Math.max(0, d.index - 40), d.index))) continue;
    const ahead = d.time > reference + DAY;
    out.push({ text: d.text, index: d.index, time: d.time, relative: false, future: ahead, ahead, weekday: false });
  }
  // "twenty days ago", "thirty five years ago": chrono reads numbers in words only to twelve (it took "one days ago" of
  // "twenty one days ago", and nothing of "twenty days ago").
  for (const m of text.matchAll(SPAN_AGO_IN_WORDS)) {
    const count = numberInWords(m[1] ?? '');
    const time = count !== null && count > 12 ? spanBack(m[1] ?? '', m[2] ?? 'day', reference) : null;
    if (time === null) continue;
    out.push({ text: m[0], index: m.index ?? 0, time, relative: true, future: false, ahead: false, weekday: false });
  }
  // (Holidays, dotted dates and spans in words: chrono's reading of the same words is left out.)
  const dotted = out.slice();
  // Piece by piece: chrono's cost grows faster than the text (a 100k-character clause took seconds).
  const parsed = textPieces(text)
    .flatMap((piece) => datesIn(piece.text, ref, { forwardDate: false }).map((r) => ({ r, index: piece.index + r.index })))
    .flatMap(({ r, index }) => {
      const count = COUNT_BEFORE_WEEKDAY.exec(r.text);
      if (!count || /\b(?:at|around|about)\s*$/i.test(text.slice(Math.max(0, index - 10), index))) return [{ r, index }];
      const at = index + count[0].length;
      return datesIn(r.text.slice(count[0].length), ref, { forwardDate: false }).map((w) => ({ r: w, index: at + w.index }));
    })
    .filter(({ r, index }) => !dotted.some((d) => d.index < index + r.text.length && index < d.index + d.text.length));
  for (const { r, index } of parsed) {
    // Inside a time read whole before it ("last year" of "in august last year").
    if (out.some((o) => o.index <= index && index < o.index + o.text.length)) continue;
    let time = r.start.date().getTime();
    const british = britishReading(text, index, r.text, time, reference);
    if (british === 'none') continue;
    if (british) {
      const ahead = british.ahead === true || british.time > reference + DAY;
      out.push({ text: british.said, index: british.index, time: british.time, relative: RELATIVE.test(british.said) || /before last|week|after next/i.test(british.said), future: ahead, ahead, weekday: false });
      continue;
    }
    const before = text.slice(Math.max(0, index - 40), index);
    // "every friday", "each morning": a habit, no day (nor a plan, as the next Friday would read).
    if (HABIT_BEFORE.test(before + (/^on\s+/i.exec(r.text)?.[0] ?? ''))) continue;
    const weekday = r.start.isCertain('weekday') && !['year', 'month', 'day'].some((c) => r.start.isCertain(c as 'year')) && WEEKDAY_ONLY.test(r.text.trim());
    if (weekday) {
      // "I started on Monday" said on a Wednesday: the Monday just gone (chrono picks the nearest, maybe ahead).
      const ahead = time > reference;
      out.push({ text: r.text, index, time: ahead ? time - 7 * DAY : time, relative: true, future: false, ahead, weekday: true });
      continue;
    }
    // "next march" (chrono's British reading leaves out the "next"): the one to come, a plan.
    const next = NEXT_BEFORE.exec(before)?.[0];
    if (next && !r.start.isCertain('year') && !RELATIVE.test(r.text)) {
      const d = r.start.date();
      if (d.getTime() <= reference) d.setFullYear(d.getFullYear() + 1);
      out.push({ text: `${next}${r.text}`, index: index - next.length, time: d.getTime(), relative: true, future: true, ahead: true, weekday: false });
      continue;
    }
    // "last march", "back in march": the one gone by (chrono's British reading leaves out the "last" too).
    const gone = GONE_BEFORE.exec(before)?.[0];
    if (gone && !r.start.isCertain('year') && !r.start.isCertain('weekday') && !RELATIVE.test(r.text)) {
      const d = r.start.date();
      const last = /^last\b/i.test(gone);
      // ("last march" said in March is a year back; "back in march" may be this one.)
      const thisMonth = Date.UTC(new Date(reference).getUTCFullYear(), new Date(reference).getUTCMonth(), 1);
      if (d.getTime() > reference || (last && d.getTime() >= thisMonth)) d.setFullYear(d.getFullYear() - 1);
      out.push({ text: last ? `${gone}${r.text}` : r.text, index: last ? index - gone.length : index, time: d.getTime(), relative: last, future: false, ahead: false, weekday: false });
      continue;
    }
    const future = time > reference + DAY;
    // "on the 3rd of May" said in November: the last 3rd of May, not the next (chrono picks the nearest). Not
    // "this weekend" said on a Wednesday: that is ahead, not a year ago.
    if (future && !r.start.isCertain('year') && !RELATIVE.test(r.text)) {
      const d = r.start.date();
      d.setFullYear(d.getFullYear() - 1);
      time = d.getTime();
    }
    if (!Number.isFinite(time)) continue;
    const ahead = time > reference + DAY;
    // ("in 2 weeks", "within a few days": a point ahead, a plan, though it ends like a plural.)
    const inAWhile = IN_A_WHILE.test(r.text.trim());
    if (NOT_A_POINT.test(r.text.trim()) && !inAWhile) continue;
    // "I loved 11/22/63": a numeric date with a two-digit year is a title or a code as often as a date, so it
    // dates a fact only where a date is expected ("on 11/22/63", "since 3/4/99").
    if (SHORT_NUMERIC_DATE.test(r.text.trim()) && !DATE_PREPOSITION_BEFORE.test(before)) continue;
    // "late at night", "at 5pm": a time of day is not when something became true.
    // "on Tuesday" alone is too vague (or a habit) to date a fact.
    const dated = ['year', 'month', 'day'].some((c) => r.start.isCertain(c as 'year')) || RELATIVE.test(r.text) || inAWhile;
    if (!dated) continue;
    // "tomorrow" is under a day ahead of a message said in the morning, and still a plan.
    const soon = SOON.test(r.text);
    // "since March" said in November is the March gone by, never a plan, though the next one is nearer.
    const since = /\bsince\s+(?:the\s+)?$/i.test(before);
    out.push({ text: r.text, index, time, relative: RELATIVE.test(r.text), future: ahead || soon, ahead: (future && !since) || ahead || soon, weekday: false, ...(since ? { since } : {}) });
  }
  for (const m of text.matchAll(YEAR)) {
    const year = Number(m[1]);
    const time = Date.UTC(year, 0, 1);
    if (time > reference) continue;
    if (out.some((o) => o.index <= (m.index ?? 0) && (m.index ?? 0) < o.index + o.text.length)) continue;
    out.push({ text: m[0], index: m.index ?? 0, time, relative: false, future: false, ahead: false, weekday: false, ...(/^since\b/i.test(m[0]) ? { since: true } : {}) });
  }
  for (const m of text.matchAll(ORDINAL_DAY)) {
    const at = m.index ?? 0;
    if (out.some((o) => o.index < at + m[0].length && at < o.index + o.text.length)) continue;
    const day = ordinalDay(Number(m[1]), reference);
    if (day) out.push({ text: m[0], index: at, time: day.time, relative: true, future: false, ahead: day.ahead, weekday: true });
  }
  // "the other day": a few days before it was said; "the other week", about a week.
  for (const m of text.matchAll(OTHER_DAY)) {
    if (out.some((o) => o.index <= (m.index ?? 0) && (m.index ?? 0) < o.index + o.text.length)) continue;
    const back = (m[1] ?? '').toLowerCase() === 'week' ? 7 : 2;
    out.push({ text: m[0], index: m.index ?? 0, time: reference - back * DAY, relative: true, future: false, ahead: false, weekday: false });
  }
  for (const m of text.matchAll(FORTNIGHTS_AGO)) {
    if (out.some((o) => o.index <= (m.index ?? 0) && (m.index ?? 0) < o.index + o.text.length)) continue;
    const back = 14 * (FORTNIGHT_COUNTS[(m[1] ?? '').toLowerCase()] ?? 1); // (a hedge, "about", is part of the time said)
    out.push({ text: m[0], index: m.index ?? 0, time: reference - back * DAY, relative: true, future: false, ahead: false, weekday: false });
  }
  // "over the weekend", "at the weekend": the last one, as a weekday alone is (dates only a verb in the past); from
  // Wednesday on, the next one is nearer, and a verb of now makes it a plan.
  for (const m of text.matchAll(THE_WEEKEND)) {
    if (out.some((o) => o.index <= (m.index ?? 0) && (m.index ?? 0) < o.index + o.text.length)) continue;
    const day = new Date(reference).getUTCDay();
    const saturday = Date.UTC(new Date(reference).getUTCFullYear(), new Date(reference).getUTCMonth(), new Date(reference).getUTCDate()) - ((day + 1) % 7) * DAY;
    out.push({ text: m[0], index: m.index ?? 0, time: saturday, relative: true, future: false, ahead: day >= 3 && day <= 5, weekday: true });
  }
  // Seasons (chrono reads none): "last summer", "spring 2024", "the winter before last".
  for (const m of seasonMentions(text, reference)) {
    if (out.some((o) => o.index <= m.index && m.index < o.index + o.text.length)) continue;
    const ahead = m.time > reference;
    out.push({ text: m.text, index: m.index, time: m.time, relative: m.relative, future: ahead, ahead, weekday: false });
  }
  return out.map((m) => withPartOfPeriod(text, withQualifier(text, m), reference)).sort((a, b) => a.index - b.index);
}

/** Words that may stand around a time said alone: "back in 2019", "around the end of june", "early 2020 or so". */
const AROUND_A_TIME = new Set(['in', 'on', 'at', 'since', 'from', 'back', 'about', 'around', 'roughly', 'like', 'the', 'of', 'early', 'mid', 'late', 'end', 'start', 'beginning', 'middle', 'during', 'sometime', 'ish', 'or', 'so', 'approx', 'approximately', 'just', 'over', 'nearly', 'almost']);

/** Whether `text` says a time and nothing else ("in 2019", "last march", "about 2 years ago"; not "my sister moved in 2019"). */
export function saysOnlyATime(text: string, reference: number): boolean {
  const mentions = timeMentions(text, reference);
  if (mentions.length === 0) return false;
  let rest = text;
  for (const m of [...mentions].sort((a, b) => b.index - a.index)) rest = `${rest.slice(0, m.index)} ${rest.slice(m.index + m.text.length)}`;
  return rest
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .every((w) => w === '' || AROUND_A_TIME.has(w));
}

/**
 * Whether a time said with a verb whose past is its present ("split", "hurt") is gone by: not ahead, or a named month,
 * date or weekday nearer ahead than behind ("in march" said in November is the March gone by, "on thursday" said on a
 * Wednesday the Thursday before), unless the verb is a change timetabled in the present simple (`timetabled`: "I quit
 * in march", "I start in june" may be plans).
 */
export const goneBy = (m: TimeMention, timetabled: boolean): boolean => !m.future && (!m.ahead || ((!m.relative || m.weekday) && !timetabled));

/** An ISO date or date-time the model returned → epoch ms, or null when it is not a usable past date. */
export function parseStatedDate(value: string | null | undefined, reference: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(trimmed);
  if (!m) return null;
  const time = trimmed.length > 10 ? Date.parse(trimmed) : Date.UTC(Number(m[1]), Number(m[2] ?? '1') - 1, Number(m[3] ?? '1'));
  if (!Number.isFinite(time) || time > reference + DAY || time < Date.UTC(1900, 0, 1)) return null;
  return time;
}
