/**
 * "When …?" is answered by a turn that says a time ("venue booked!! 17.08.2024", "Leo proposed last weekend", "I
 * start on the 3rd of July"), or by the news itself, sent when it happened ("SHE'S HOME 🏡🐕"), more often than by
 * the turns around it that share the question's words. A question that asks when lifts the turns in contention
 * that name a date, a day, a month or a relative time, or tell the news; it never brings in a turn the strategies
 * did not find.
 *
 * Not entity-mentions' DATE_RE, which wants a whole date to link as an entity: here any word of time counts.
 */
import { HOLIDAY_NAMES } from '../../../src-shared/holidays';

const ASKS_WHEN = /\b(?:when|what (?:date|day|time|year|month)|which (?:day|date|month|year)|how long ago)\b|(?<!\p{L})когда|в какой день/iu;

const SAYS_WHEN = new RegExp(
  [
    String.raw`\b\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?\b`,
    String.raw`\b\d{4}-\d{2}-\d{2}\b`,
    String.raw`\b(?:19|20)\d\d\b`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th)\b`,
    String.raw`\b(?:jan(?:uary)?|feb(?:ruary)?|march|april|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b`,
    // "may" is a month only where it reads as one.
    String.raw`\b(?:in|on|of|since|until|by|early|late|mid) may\b|\bmay \d`,
    String.raw`\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\bweekend\b`,
    String.raw`\b(?:yesterday|tomorrow|tonight|today|ago|yday|ystd|tmrw|2day)\b|\bthe other (?:day|week|night)\b`,
    String.raw`\b(?:last|next|this) (?:week|month|year|spring|summer|autumn|fall|winter)\b`,
    // Holidays (src-shared/holidays.ts reads which one).
    `\\b(?:${HOLIDAY_NAMES})\\b`,
    'января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря|вчера|завтра|сегодня|назад',
    // Russian weekdays as said ("в среду", "в прошлое воскресенье"), seasons ("летом") and "на прошлой неделе".
    String.raw`(?<!\p{L})(?:понедельник|вторник|сред[уа]|четверг|пятниц[уа]|суббот[уа]|воскресенье|летом|зимой|весной|осенью|(?:на )?прошл(?:ой|ую|ое|ый|ом) (?:неделе|неделю|месяце|году|год))(?!\p{L})`,
  ].join('|'),
  'iu',
);

export function asksWhen(query: string): boolean {
  return ASKS_WHEN.test(query);
}

/** Whether a turn names a time (a date, a weekday, a month, "last weekend", "two weeks ago"). */
export function saysWhen(text: string): boolean {
  return SAYS_WHEN.test(text);
}

/** A celebration's emoji: 🎉 🥳 🎓 💍 🍾 🥂 👶 🏡 🏠 🔑 🕊 🏆 🎊. */
const CELEBRATION = /[\u{1F389}\u{1F973}\u{1F393}\u{1F48D}\u{1F37E}\u{1F942}\u{1F476}\u{1F3E1}\u{1F3E0}\u{1F511}\u{1F54A}\u{1F3C6}\u{1F38A}]/u;
/** Letters in capitals, at least this share of a message's (and at least this many letters) for it to shout. */
const SHOUTED_SHARE = 0.8;
const SHOUTED_LETTERS = 5;

/**
 * Whether a turn tells news as news: in capitals ("SHE'S HOME", "I'M A DRIVER NOW", "DR REID") or with a
 * celebration's emoji ("last day done 🫡" does not; "rip biscuit 🕊️", "keys 🔑" do). Such a turn answers "when …?"
 * by the time it was sent, though it names none.
 */
export function announces(text: string): boolean {
  if (CELEBRATION.test(text)) return true;
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length < SHOUTED_LETTERS || !/\s/.test(text.trim())) return false;
  const capitals = letters.filter((c) => c !== c.toLowerCase()).length;
  return capitals / letters.length >= SHOUTED_SHARE;
}

/** Whether a turn answers "when …?": it names a time, or it is the news itself. */
export function answersWhen(text: string): boolean {
  return saysWhen(text) || announces(text);
}
