/**
 * A part of a period said before it: "at the start of last month", "in the middle of last week", "early last year",
 * "mid-march", "late 2019". The time reader (chrono) reads the period alone and leaves the words before it in the
 * fact ("User moved to Bristol in the middle of"), dating it a month back to the day ("last month" said on the 25th:
 * the 25th). Here the mention takes in those words, and its time is that part of the period.
 */
/** What of a time mention (time.ts) this reads and changes. */
interface PeriodMention {
  text: string;
  index: number;
  time: number;
  weekday: boolean;
  future: boolean;
  ahead: boolean;
}

const PART_BEFORE = /(?:\b(?:at|in|by|around|towards?|from|during)\s+)?(?:\bthe\s+)?(?:\b(start|beginning|middle|end)\s+of|\b(early|mid|late)(?:-|\s+))\s*$/i;
const MONTH = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;

/** "late" is the last part of a period ("late 2019": the autumn), "the end of" its last day. */
type Part = 'start' | 'middle' | 'late' | 'end';
const PARTS: Readonly<Record<string, Part>> = { start: 'start', beginning: 'start', early: 'start', middle: 'middle', mid: 'middle', late: 'late', end: 'end' };
const DAY = 86_400_000;

/** The unit a mention names: a week, a month (by name or "last month"), a year ("last year", "2019"); else null. */
function unitOf(said: string): 'week' | 'month' | 'year' | null {
  if (/\bweek\b/i.test(said)) return 'week';
  if (/\bmonth\b/i.test(said) || MONTH.test(said)) return 'month';
  if (/\byear\b|\b(?:19|20)\d\d\b/.test(said)) return 'year';
  return null;
}

/** That part of the week, month or year `time` falls in (UTC days, as the time reader's). */
function partTime(time: number, unit: 'week' | 'month' | 'year', part: Part): number {
  const d = new Date(time);
  const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
  if (unit === 'year') return { start: Date.UTC(y, 0, 1), middle: Date.UTC(y, 6, 1), late: Date.UTC(y, 9, 1), end: Date.UTC(y, 11, 31) }[part];
  if (unit === 'month') return { start: Date.UTC(y, m, 1), middle: Date.UTC(y, m, 15), late: Date.UTC(y, m, 21), end: Date.UTC(y, m + 1, 0) }[part];
  // A week from its Monday: start Monday, middle Wednesday, late Friday, end Sunday.
  const monday = Date.UTC(y, m, d.getUTCDate()) - ((d.getUTCDay() + 6) % 7) * DAY;
  return monday + { start: 0, middle: 2, late: 4, end: 6 }[part] * DAY;
}

/** `mention` with the part of its period said before it in `text`, or as it was ("the end of this month" may be ahead of `reference`). */
export function withPartOfPeriod<M extends PeriodMention>(text: string, mention: M, reference: number): M {
  if (mention.weekday) return mention;
  const before = text.slice(Math.max(0, mention.index - 40), mention.index);
  // "At the end of last month I moved": the time reader took "end of last month"; its "at the" goes with it.
  const article = /^(?:start|beginning|middle|end)\b/i.test(mention.text) ? /\b(?:at|in|by|around|towards?)\s+the\s+$/i.exec(before) : null;
  if (article) return { ...mention, text: before.slice(article.index) + mention.text, index: mention.index - (before.length - article.index) };
  const found = PART_BEFORE.exec(before);
  const unit = unitOf(mention.text);
  const part = PARTS[(found?.[1] ?? found?.[2] ?? '').toLowerCase()];
  if (!found || !unit || !part) return mention;
  const lead = before.length - found.index;
  const time = partTime(mention.time, unit, part);
  const ahead = time > reference + DAY;
  return { ...mention, text: text.slice(mention.index - lead, mention.index) + mention.text, index: mention.index - lead, time, future: mention.future || ahead, ahead: mention.ahead || ahead };
}
