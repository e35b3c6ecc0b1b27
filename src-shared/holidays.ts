/**
 * Holidays as chats name them ("last christmas", "over xmas", "on new year's eve", "at easter"), which chrono does
 * not read. Read here for the write path's dates and the read path's time windows. The days are the UK and US
 * calendar's; Easter is computed (Western, Gregorian).
 */

export interface HolidayMention {
  /** As written, with its qualifier ("last christmas"). */
  text: string;
  index: number;
  /** "last", "this", "next", "year" (a year said after it: "christmas 2023"), or null when the holiday is named alone ("at easter"). */
  which: 'last' | 'this' | 'next' | 'year' | null;
  /** Midnight UTC of the holiday's first day, in the year `which` picks (the last one begun by then when named alone). */
  time: number;
  /** Days it spans from `time` ("christmas" 24–26 December: 3; a day's name: 1). */
  days: number;
  /** Midnight UTC of the day the name is for, which dates an event "at christmas" (the 25th; Easter Sunday). */
  day: number;
  /** The preposition before a holiday named alone ("since", "before", "at"…), lower-case; null after "last"/"this"/"next". */
  preposition: string | null;
}

interface Holiday {
  /** Midnight UTC of its first day in `year`. */
  day(year: number): number;
  days: number;
  /** Days from the first to the one the name is for ("christmas": 1, the 25th); 0 when not said. */
  main?: number;
}

const fixed = (month: number, date: number, days = 1, main = 0): Holiday => ({ day: (year) => Date.UTC(year, month, date), days, main });

/** Easter Sunday (anonymous Gregorian algorithm). */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

const DAY = 86_400_000;

/** The fourth Thursday of November (US Thanksgiving). */
function thanksgiving(year: number): number {
  const first = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  return Date.UTC(year, 10, 1 + ((4 - first + 7) % 7) + 21);
}

/** The first Monday of `month` (0-based): US Labor Day in September. */
function firstMonday(year: number, month: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return Date.UTC(year, month, 1 + ((8 - first) % 7));
}

/** The last Monday of `month` (0-based): US Memorial Day in May. */
function lastMonday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - ((last.getUTCDay() + 6) % 7));
}

/** Names, longest first within each alternation, mapped to their days. */
const HOLIDAYS: [RegExp, Holiday][] = [
  [/christmas eve|xmas eve/, fixed(11, 24)],
  [/christmas day|xmas day/, fixed(11, 25)],
  [/boxing day/, fixed(11, 26)],
  [/new year'?s eve|nye/, fixed(11, 31)],
  [/new year'?s day/, fixed(0, 1)],
  [/new year'?s?/, { day: (year) => Date.UTC(year, 11, 31), days: 2, main: 1 }],
  [/christmas|xmas|crimbo/, fixed(11, 24, 3, 1)],
  [/good friday/, { day: (year) => easterSunday(year) - 2 * DAY, days: 1 }],
  [/easter sunday/, { day: easterSunday, days: 1 }],
  [/easter monday/, { day: (year) => easterSunday(year) + DAY, days: 1 }],
  [/easter/, { day: (year) => easterSunday(year) - 2 * DAY, days: 4, main: 2 }],
  [/valentine'?s(?: day)?/, fixed(1, 14)],
  [/halloween/, fixed(9, 31)],
  [/bonfire night|guy fawkes night/, fixed(10, 5)],
  [/thanksgiving/, { day: thanksgiving, days: 1 }],
  [/memorial day/, { day: (year) => lastMonday(year, 4), days: 1 }],
  [/labou?r day/, { day: (year) => firstMonday(year, 8), days: 1 }],
  [/independence day|(?:the )?(?:4th|fourth) of july/, fixed(6, 4)],
];

const NAMES = HOLIDAYS.map(([re]) => re.source).join('|');
/** Every holiday name above, as a pattern source: a turn that names one says a time (retrieval/dated-turns.ts). */
export const HOLIDAY_NAMES = NAMES;
/** Names of one day, a time wherever they stand ("quit smoking christmas eve"); the rest need a preposition or "last". */
const DAY_NAMES = "(?:christmas|xmas) (?:eve|day)|boxing day|new year'?s (?:eve|day)|memorial day|labou?r day|independence day|(?:the )?(?:4th|fourth) of july";
/** "last christmas", "this easter"; alone after a preposition ("over xmas", "on new year's eve", "for christmas"), or before a year ("easter 2024") or "before last". */
const MENTION = new RegExp(
  `(?<![\\p{L}])(?:(last|this|next|past)\\s+|(on|at|over|for|during|around|before|after|since|by|till|until|in)\\s+(?:the\\s+)?|(?=${DAY_NAMES})|(?=(?:${NAMES})\\s+(?:(?:19|20)\\d\\d(?!\\d)|before\\s+last(?![\\p{L}]))))(${NAMES})(?![\\p{L}])`,
  'giu',
);
/** A cheap look before the full pattern: every name above contains one of these. */
const MAY_NAME_A_HOLIDAY = /christmas|xmas|crimbo|boxing|new year|nye|easter|good friday|valentine|halloween|bonfire|fawkes|thanksgiving|memorial|labou?r day|independence|of july/i;

/** "christmas time", "easter weekend", "the xmas break": still the holiday, and part of its phrase. */
const TIME_PART = /^\s+(?:time|break|holidays?|hols|weekend|week|period|season|night|evening|morning|afternoon|dinner|lunch)(?![\p{L}])/iu;
/** "christmas before last": the one before the last. */
const BEFORE_LAST = /^\s+before\s+last(?![\p{L}])/iu;
/** "christmas 2023", "christmas last year": which one, said after it. */
const YEAR_AFTER = /^,?\s+(?:in\s+)?((?:19|20)\d\d)(?!\d)/;
const RELATIVE_YEAR_AFTER = /^,?\s+(last|this|next)\s+year(?![\p{L}])/iu;
/** "at christmas 2 years ago": chrono's "2 years ago" says which; the holiday alone would say last year's. */
const YEARS_AGO_AFTER = /^,?\s+(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|few|a couple of|couple of|couple)\s+years?\s+ago(?![\p{L}])/iu;
/**
 * Words that may follow a holiday named as a time; any other word makes it part of a noun phrase ("at the christmas
 * party", "at the easter egg hunt", "for christmas dinner"): no time is said.
 */
const FOLLOWS_A_TIME = new Set(
  'and but so or i im we he she they it its my our his her their with in on at to for from was is were are when because cos coz lol haha omg too again then after before until till just already still this that xx x tho though me us him them you u tbh ngl innit yeah yes actually honestly btw anyway lmao fr obviously'.split(
    ' ',
  ),
);

/** Holidays named in `text`, placed against `reference` (epoch ms). */
export function holidayMentions(text: string, reference: number): HolidayMention[] {
  if (!MAY_NAME_A_HOLIDAY.test(text)) return [];
  const out: HolidayMention[] = [];
  const year = new Date(reference).getUTCFullYear();
  for (const m of text.matchAll(MENTION)) {
    const name = (m[3] ?? '').toLowerCase().replace(/[’]/g, "'");
    const holiday = HOLIDAYS.find(([re]) => new RegExp(`^(?:${re.source})$`).test(name))?.[1];
    if (!holiday) continue;
    let index = m.index ?? 0;
    let end = index + m[0].length;
    const part = TIME_PART.exec(text.slice(end));
    if (part) end += part[0].length;
    const rest = text.slice(end);
    if (YEARS_AGO_AFTER.test(rest)) continue;
    const next = /^\s+([\p{L}']+)/u.exec(rest)?.[1]?.toLowerCase();
    const stated = YEAR_AFTER.exec(rest);
    const relative = RELATIVE_YEAR_AFTER.exec(rest);
    const beforeLast = BEFORE_LAST.exec(rest);
    if (!stated && !relative && !beforeLast && next !== undefined && !FOLLOWS_A_TIME.has(next)) continue;
    const qualifier = (m[1] ?? '').toLowerCase();
    let which: HolidayMention['which'] = qualifier === '' ? null : qualifier === 'past' ? 'last' : (qualifier as 'last' | 'this' | 'next');
    // The last one begun before the day it was said, and the next one after it.
    const begun = (y: number): boolean => holiday.day(y) < reference;
    const lastYear = [year + 1, year, year - 1].find(begun) ?? year - 1;
    const nextYear = [year - 1, year, year + 1, year + 2].find((y) => !begun(y)) ?? year + 1;
    let time = which === 'this' ? holiday.day(year) : which === 'next' ? holiday.day(nextYear) : holiday.day(lastYear);
    if (beforeLast) {
      // "christmas before last", "the easter before last": the one before the last one begun.
      time = holiday.day(lastYear - 1);
      which = 'last';
      end += beforeLast[0].length;
      // ("the christmas before last": the article is part of the time said.)
      const the = /(?<![\p{L}])the\s+$/iu.exec(text.slice(0, index));
      if (the && m[1] === undefined && m[2] === undefined) index -= the[0].length;
    } else if (stated) {
      time = holiday.day(Number(stated[1]));
      which = 'year';
      end += stated[0].length;
    } else if (relative) {
      const said = (relative[1] ?? '').toLowerCase();
      time = holiday.day(said === 'last' ? year - 1 : said === 'next' ? year + 1 : year);
      which = said as 'last' | 'this' | 'next';
      end += relative[0].length;
    }
    out.push({ text: text.slice(index, end), index, which, time, days: holiday.days, day: time + (holiday.main ?? 0) * DAY, preposition: m[2]?.toLowerCase() ?? null });
  }
  return out;
}
