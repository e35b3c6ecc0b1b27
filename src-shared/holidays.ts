/**
 * Holidays as chats name them ("last christmas", "over xmas", "on new year's eve", "at easter"), which chrono does
 * not read. Read here for the write path's dates and the read path's time windows. The days are the UK and US
 * calendar's; Easter is computed (Western, Gregorian).
 */

export interface HolidayMention {
  /** As written, with its qualifier ("last christmas"). */
  text: string;
  index: number;
  /** "last", "this", "next", or null when the holiday is named alone ("at easter"). */
  which: 'last' | 'this' | 'next' | null;
  /** Midnight UTC of the holiday's first day, in the year `which` picks (the last one begun by then when named alone). */
  time: number;
  /** Days it spans from `time` ("christmas" 24–26 December: 3; a day's name: 1). */
  days: number;
  /** Midnight UTC of the next one after `reference` (for a holiday named alone: whether it is nearer ahead). */
  next: number;
}

interface Holiday {
  /** Midnight UTC of its first day in `year`. */
  day(year: number): number;
  days: number;
}

const fixed = (month: number, date: number, days = 1): Holiday => ({ day: (year) => Date.UTC(year, month, date), days });

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

/** Names, longest first within each alternation, mapped to their days. */
const HOLIDAYS: [RegExp, Holiday][] = [
  [/christmas eve|xmas eve/, fixed(11, 24)],
  [/christmas day|xmas day/, fixed(11, 25)],
  [/boxing day/, fixed(11, 26)],
  [/new year'?s eve|nye/, fixed(11, 31)],
  [/new year'?s day/, fixed(0, 1)],
  [/new year'?s?/, { day: (year) => Date.UTC(year, 11, 31), days: 2 }],
  [/christmas|xmas|crimbo/, fixed(11, 24, 3)],
  [/good friday/, { day: (year) => easterSunday(year) - 2 * DAY, days: 1 }],
  [/easter sunday/, { day: easterSunday, days: 1 }],
  [/easter monday/, { day: (year) => easterSunday(year) + DAY, days: 1 }],
  [/easter/, { day: (year) => easterSunday(year) - 2 * DAY, days: 4 }],
  [/valentine'?s(?: day)?/, fixed(1, 14)],
  [/halloween/, fixed(9, 31)],
  [/bonfire night|guy fawkes night/, fixed(10, 5)],
  [/thanksgiving/, { day: thanksgiving, days: 1 }],
];

const NAMES = HOLIDAYS.map(([re]) => re.source).join('|');
/** "last christmas", "this easter"; or alone after a preposition ("over xmas", "on new year's eve", "for christmas"). */
const MENTION = new RegExp(`(?<![\\p{L}])(?:(last|this|next|past)\\s+|(?:on|at|over|for|during|around|before|after|since|by|till|until|in)\\s+(?:the\\s+)?)(${NAMES})(?![\\p{L}])`, 'giu');
/** A cheap look before the full pattern: every name above contains one of these. */
const MAY_NAME_A_HOLIDAY = /christmas|xmas|crimbo|boxing|new year|nye|easter|good friday|valentine|halloween|bonfire|fawkes|thanksgiving/i;

/** Holidays named in `text`, placed against `reference` (epoch ms). */
export function holidayMentions(text: string, reference: number): HolidayMention[] {
  if (!MAY_NAME_A_HOLIDAY.test(text)) return [];
  const out: HolidayMention[] = [];
  const year = new Date(reference).getUTCFullYear();
  for (const m of text.matchAll(MENTION)) {
    const name = (m[2] ?? '').toLowerCase().replace(/[’]/g, "'");
    const holiday = HOLIDAYS.find(([re]) => new RegExp(`^(?:${re.source})$`).test(name))?.[1];
    if (!holiday) continue;
    const qualifier = (m[1] ?? '').toLowerCase();
    const which = qualifier === '' ? null : qualifier === 'past' ? 'last' : (qualifier as 'last' | 'this' | 'next');
    // The last one begun before the day it was said, and the next one after it.
    const begun = (y: number): boolean => holiday.day(y) < reference;
    const lastYear = [year + 1, year, year - 1].find(begun) ?? year - 1;
    const nextYear = [year - 1, year, year + 1, year + 2].find((y) => !begun(y)) ?? year + 1;
    const time = which === 'this' ? holiday.day(year) : which === 'next' ? holiday.day(nextYear) : holiday.day(lastYear);
    out.push({ text: m[0], index: m.index ?? 0, which, time, days: holiday.days, next: holiday.day(nextYear) });
  }
  return out;
}
