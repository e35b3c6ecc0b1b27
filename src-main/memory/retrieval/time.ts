/**
 * Time: parsing the filter expressions of search_memory ("last week", "in March", ISO dates) with
 * chrono-node, and the §13 timestamp display fields.
 */
import * as chrono from 'chrono-node';
import { datesIn } from '../chrono-dates';
import { lastWeekdayShift } from '../../../src-shared/calendar';
import { dottedDates } from '../../../src-shared/dotted-dates';
import { holidayMentions, type HolidayMention } from '../../../src-shared/holidays';
import { seasonMentions, type SeasonMention } from '../../../src-shared/seasons';
import { mayNameATime, textPieces } from '../../../src-shared/text';
import { countsOfTimeInDigits } from '../../../src-shared/number-words';


export interface TimeWindow {
  after: number | null;
  before: number | null;
}

const DAY = 86_400_000;

/**
 * The instant range an expression names. `edge` picks which end the caller wants: for `after` the start
 * of the named period, for `before` its end ("before March" → before March 1st; "after March" → after
 * March 31st is the other reading, but people mean "from March on", so after = start).
 */
export function parseTimeExpression(expr: string | number, edge: 'start' | 'end', now: number): number | null {
  if (typeof expr === 'number') return Number.isFinite(expr) ? expr : null;
  // ("twenty days ago": chrono reads counts in words only to twelve.)
  const text = countsOfTimeInDigits(expr.trim());
  if (!text) return null;
  if (/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) {
    const t = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
    if (!Number.isNaN(t)) return edge === 'end' && text.length === 10 ? t + DAY : t;
  }
  const year = /^(?:in\s+)?(\d{4})$/i.exec(text);
  if (year) {
    // chrono reads a bare "2023" as no date; a filter on a year means the whole year.
    const y = Number(year[1]);
    return new Date(edge === 'start' ? y : y + 1, 0, 1).getTime();
  }
  // "03.04.2024" is 3 April (chrono reads it month first): the whole day.
  const dotted = dottedDates(text)[0];
  if (dotted && !dotted.shortYear) {
    // Local midnight, as chrono's dates and the year filter above are.
    const day = new Date(dotted.time);
    const start = new Date(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()).getTime();
    return edge === 'start' ? start : start + DAY;
  }
  // "last summer", "summer 2024" (chrono reads no seasons, and "2024" alone as the year): the season's months.
  const season = wholeSeason(text, now);
  if (season) return edge === 'start' ? season.time : season.end;
  const results = datesIn(text, new Date(now), { forwardDate: false });
  const r = results[0];
  // "last christmas", "easter" (chrono reads no holidays): that holiday's days, the last one begun.
  const holiday = r ? undefined : holidayMentions(/^(?:last|this|next|past)\s/i.test(text) ? text : `at ${text}`, now)[0];
  if (holiday) return edge === 'start' ? holiday.time : holiday.time + holiday.days * DAY;
  if (!r || beforeSomethingElse(r, text)) return null;
  const startAt = pastWhenYearless(r.start, now);
  const start = startAt.getTime();
  if (r.end) return edge === 'start' ? start : pastWhenYearless(r.end, now, start).getTime();
  const whole = beforeLast(r, text, now) ?? weekendOf(r, start) ?? spanOrWeek(r, text, start, now);
  if (whole) return edge === 'start' ? whole.after : whole.before;
  const shift = lastWeekdayShift(r.text, start, now);
  return (edge === 'start' ? periodStart(r.start, start) : periodEnd(r.start, start)) + shift;
}

/**
 * chrono puts a month or day named without a year in the year closest to now, so in November "in March" is next
 * March. A filter or an as-of date is about the remembered past: a yearless date after now means the last one.
 * `notBefore` keeps a range's end after its start when only the start moved.
 */
function pastWhenYearless(c: chrono.ParsedComponents, now: number, notBefore?: number): Date {
  const d = c.date();
  if (c.isCertain('year') || !c.isCertain('month') || d.getTime() <= now) return d;
  const earlier = new Date(d);
  earlier.setFullYear(d.getFullYear() - 1);
  return notBefore !== undefined && earlier.getTime() < notBefore ? d : earlier;
}

/**
 * An expression that must be read whole: chrono finds a date inside any text ("the day after never" → tomorrow),
 * which is right for a soft window and wrong for "memory as of": there a misread date would answer silently.
 */
export function parseWholeTimeExpression(expr: string | number, edge: 'start' | 'end', now: number): number | null {
  if (typeof expr === 'string') {
    const text = countsOfTimeInDigits(expr.trim());
    const iso = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text);
    // "2025-02-30", "2025-13-01": no such day (Date.parse and chrono would roll it into the next month).
    if (iso && !isCalendarDay(text)) return null;
    const found = iso ? null : datesIn(text, new Date(now), { forwardDate: false })[0];
    const bare = text.replace(/^(in|on|at|by)\s+/i, '').toLowerCase();
    // "as of last christmas": a holiday named whole is read as parseTimeExpression reads it.
    const holiday = holidayMentions(/^(?:last|this|next|past)\s/i.test(bare) ? bare : `at ${bare}`, now)[0];
    const wholeHoliday = holiday !== undefined && holiday.text.toLowerCase().replace(/^at\s+/, '') === bare;
    if (!iso && !wholeHoliday && !wholeSeason(text, now) && (!found || found.text.trim().toLowerCase().replace(/^(in|on|at|by)\s+/i, '') !== bare)) return null;
  }
  return parseTimeExpression(expr, edge, now);
}

/** The season `text` names whole ("last summer", "in spring 2024", "the winter before last"), or null. */
function wholeSeason(text: string, now: number): SeasonMention | null {
  const bare = text.trim().replace(/^(?:in|during|over|since|by)\s+/i, '').toLowerCase();
  const season = seasonMentions(bare, now)[0];
  return season !== undefined && season.text.toLowerCase() === bare ? season : null;
}

/** Whether an ISO date's year, month and day name a day that exists. */
function isCalendarDay(iso: string): boolean {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** "the day before my birthday", "the week before christmas": chrono reads "the day before" as yesterday. */
function beforeSomethingElse(r: chrono.ParsedResult, text: string): boolean {
  return /\bbefore$/i.test(r.text.trim()) && !/^\s+(?:last|yesterday|today)\b/i.test(text.slice(r.index + r.text.length));
}

/**
 * "the year / month / week / weekend / monday before last": one more back than the last one, whole (chrono reads
 * "the week before" as a week ago and "monday" as the last Monday). The day named is the one the write path dates
 * "the monday before last" by (writepath/nlp/time.ts).
 */
function beforeLast(r: chrono.ParsedResult, text: string, now: number): TimeWindow | null {
  const lower = r.text.trim().toLowerCase();
  const after = text.slice(r.index + r.text.length);
  if (!(/\bbefore$/.test(lower) ? /^\s+last\b/i : /^\s+before\s+last\b/i).test(after)) return null;
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  const d = new Date(today);
  if (/\byear\b/.test(lower)) return { after: new Date(d.getFullYear() - 2, 0, 1).getTime(), before: new Date(d.getFullYear() - 1, 0, 1).getTime() };
  if (/\bmonth\b/.test(lower)) return { after: new Date(d.getFullYear(), d.getMonth() - 2, 1).getTime(), before: new Date(d.getFullYear(), d.getMonth() - 1, 1).getTime() };
  if (/\bweekend\b/.test(lower)) {
    // The last weekend begun (today's, on a Saturday or Sunday), then the one before it.
    d.setDate(d.getDate() - ((d.getDay() + 1) % 7) - 7);
    const start = d.getTime();
    d.setDate(d.getDate() + 2);
    return { after: start, before: d.getTime() };
  }
  if (/\bweek\b/.test(lower)) {
    // Monday to Sunday, two weeks before this one.
    d.setDate(d.getDate() - ((d.getDay() + 6) % 7) - 14);
    const start = d.getTime();
    d.setDate(d.getDate() + 7);
    return { after: start, before: d.getTime() };
  }
  if (!r.start.isCertain('weekday') || r.start.isCertain('day')) return null;
  const day = r.start.date();
  day.setHours(0, 0, 0, 0);
  if (day.getTime() > now) day.setDate(day.getDate() - 7);
  day.setDate(day.getDate() - 7);
  const start = day.getTime();
  day.setDate(day.getDate() + 1);
  return { after: start, before: day.getTime() };
}

/**
 * "last weekend", "this weekend": Saturday and Sunday both. chrono names one day of it (last weekend's Sunday,
 * this weekend's Saturday), and a window of that day alone missed the other.
 */
function weekendOf(r: chrono.ParsedResult, start: number): TimeWindow | null {
  if (!/\bweekend\b/i.test(r.text) || r.start.isCertain('hour')) return null;
  const d = new Date(start);
  d.setHours(0, 0, 0, 0);
  const day = d.getDay();
  d.setDate(d.getDate() + (day === 0 ? -1 : 6 - day));
  const after = d.getTime();
  d.setDate(d.getDate() + 2);
  return { after, before: d.getTime() };
}

/** "the past week", "the last few days", "over the last 2 weeks": from then until now. */
const SPAN_TO_NOW = /^(?:past|last)\s+(?:(?:few|couple(?:\s+of)?|several|\d+)\s+)?(?:days|weeks|months|fortnight|week|month)$/i;

/** (Counts in words are read in digits by then: countsOfTimeInDigits.) */
const A_WEEK = /^(?:(?:last|this|next|past|coming)\s+week|(?:a|\d+|a few|a couple of|few|couple of)\s+weeks?\s+ago)$/i;

/**
 * A span counted back to now ("in the past week", "the last few days": chrono names its first day alone), else a
 * week named ("last week", "this week", "2 weeks ago": chrono names one day of it) as Monday to Sunday.
 */
function spanOrWeek(r: chrono.ParsedResult, text: string, start: number, now: number): TimeWindow | null {
  const said = r.text.trim();
  if (r.start.isCertain('hour')) return null;
  const d = new Date(start);
  d.setHours(0, 0, 0, 0);
  // ("last week" alone is the week before this one; "the last week", "over the last week" the seven days to now.)
  const plural = /\b(?:days|weeks|months|past)\b/i.test(said) || /\bthe\s+$/i.test(text.slice(0, r.index));
  if (SPAN_TO_NOW.test(said) && plural) {
    const end = new Date(now);
    end.setHours(0, 0, 0, 0);
    end.setDate(end.getDate() + 1);
    return { after: d.getTime(), before: end.getTime() };
  }
  if (!A_WEEK.test(said)) return null;
  // (chrono's "this week" is its Sunday, the day before this Monday.)
  if (/^this\s+week$/i.test(said)) d.setTime(new Date(now).setHours(0, 0, 0, 0));
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  const after = d.getTime();
  d.setDate(d.getDate() + 7);
  return { after, before: d.getTime() };
}

/** A bare "March" or "2023" names a whole period: widen to it, by which components chrono left implied. */
function periodStart(c: chrono.ParsedComponents, t: number): number {
  const d = new Date(t);
  if (!c.isCertain('hour')) d.setHours(0, 0, 0, 0);
  if (!c.isCertain('day') && !c.isCertain('weekday')) {
    if (c.isCertain('month')) d.setDate(1);
    else if (c.isCertain('year')) d.setMonth(0, 1);
  }
  return d.getTime();
}

function periodEnd(c: chrono.ParsedComponents, t: number): number {
  const d = new Date(periodStart(c, t));
  if (c.isCertain('hour')) return t;
  if (c.isCertain('day') || c.isCertain('weekday')) d.setDate(d.getDate() + 1);
  else if (c.isCertain('month')) d.setMonth(d.getMonth() + 1);
  else if (c.isCertain('year')) d.setFullYear(d.getFullYear() + 1);
  else d.setDate(d.getDate() + 1);
  return d.getTime();
}

const IMPLIED_TIME_SCAN_CHARS = 4_000;

/** A time mentioned inside a question ("what did we do in May?"), used as a soft signal, never a filter. */
let timeParserWarmed = false;

/**
 * chrono builds its patterns on first use (0.2–1 s of CPU on this kind of machine): do it once, just after the
 * engine opens, so the first question that names a time does not pay for it.
 */
export function warmTimeParserSoon(): void {
  if (timeParserWarmed) return;
  timeParserWarmed = true;
  setTimeout(() => chrono.parse('next Tuesday at 5pm, or on 12 March 2024', new Date(0)), 0).unref();
}

export function impliedWindow(query: string, now: number): TimeWindow | null {
  // The first time named in the query's start, piece by piece: chrono over a whole 100k-character query took
  // seconds, and a soft signal from a pasted document's first page is as good as one from its last. Pieces
  // that cannot name a time are not parsed.
  let r: chrono.ParsedResult | undefined;
  let said = '';
  for (const piece of textPieces(query.slice(0, IMPLIED_TIME_SCAN_CHARS))) {
    // ("what did I do twenty days ago?": chrono reads counts in words only to twelve.)
    said = countsOfTimeInDigits(piece.text);
    // "what did we do last christmas?", "since easter": a holiday's days, or from or until them (chrono reads none).
    const holiday = holidayMentions(said, now)[0];
    const window = holiday ? holidayWindow(holiday, said) : null;
    if (window) return window;
    // "what did we do last summer?": the season's months.
    const season = seasonMentions(said, now)[0];
    if (season) return { after: season.time, before: season.end };
    if (mayNameATime(said) && (r = datesIn(said, new Date(now), { forwardDate: false })[0])) break;
  }
  if (!r || beforeSomethingElse(r, said)) return null;
  // "what did we do in May?" asked in November: the May gone, where the memory's turns are (chrono picks the nearest).
  const start = pastWhenYearless(r.start, now).getTime();
  const whole = beforeLast(r, said, now) ?? weekendOf(r, start) ?? spanOrWeek(r, said, start, now);
  if (whole) return whole;
  // "what did I do last monday?": the day the write path dates "last monday" by (calendar.ts).
  const shift = lastWeekdayShift(r.text, start, now);
  return {
    after: periodStart(r.start, start) + shift,
    before: (r.end ? pastWhenYearless(r.end, now, start).getTime() : periodEnd(r.start, start)) + shift,
  };
}

/** Said in the past: "what did I get for christmas?" is last year's; "what am I doing for christmas?" asks no window. */
const PAST_QUESTION = /\b(?:did|was|were|had|went|got|gave|made|spent|bought|came|saw|ate|met|told|said|[a-z]{3,}ed)\b/i;

/** The window a holiday in a question names: since or after it, before or until it, or its days. */
function holidayWindow(h: HolidayMention, question: string): TimeWindow | null {
  const start = h.time;
  const end = h.time + h.days * DAY;
  if (h.which === null) {
    if (h.preposition === 'since' || h.preposition === 'after') return { after: h.preposition === 'since' ? start : end, before: null };
    // "what do I need to buy before christmas?", "how many days until christmas": the one ahead, about which the
    // memory's recent turns speak; only a question in the past means the last one.
    if (!PAST_QUESTION.test(question)) return null;
    if (h.preposition === 'before' || h.preposition === 'until' || h.preposition === 'till' || h.preposition === 'by') return { after: null, before: start };
  }
  return { after: start, before: end };
}

export interface TimestampFields {
  event_time_iso: string;
  event_time_local: string;
  event_time_tz: string;
  event_time_relative: string;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

export function relativeTime(t: number, now: number): string {
  const diff = t - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit);
  }
  return 'just now';
}

function tzLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `UTC${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** §13 display fields: all empty when the time is missing or zero. */
export function timestampFields(t: number | null | undefined, now: number): TimestampFields {
  const d = new Date(t ?? 0);
  // Missing, zero, or beyond what a Date holds (a damaged row): no display fields rather than a RangeError.
  if (!t || Number.isNaN(d.getTime())) return { event_time_iso: '', event_time_local: '', event_time_tz: '', event_time_relative: '' };
  const offset = -d.getTimezoneOffset();
  const tz = tzLabel(offset);
  const local = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${tz}`;
  return {
    event_time_iso: d.toISOString().replace('.000Z', '+00:00').replace(/\.\d{3}Z$/, '+00:00'),
    event_time_local: local,
    event_time_tz: tz,
    event_time_relative: relativeTime(t, now),
  };
}
