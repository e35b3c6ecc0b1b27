/**
 * A move or a new job the speaker plans ("moving to cork in september!!", "I start at Feedzai on the 8th") is not
 * where they live or work yet, but it is what they said: it is kept as the plan, in a slot of its own
 * (`S.plan.move_to`, `S.plan.start_at`) so it replaces no home or job, with the day it is due when one was said.
 * A later message may carry it out (writepath/plans-carried-out.ts).
 */
import { isDeparture } from '../../../src-shared/slot-values';
import type { TimeMention } from './time';
import type { Built, Subject } from './statement-types';

/** What each kind of plan is called, the slot it will fill once carried out, and how it is said. */
export const PLAN_KINDS = [
  {
    plan: 'move_to',
    fills: 'residence',
    says: (who: string, what: string) => `${who} plans to move to ${what}`,
    done: (who: string, what: string) => `${who} lives in ${what}`,
    dropped: (who: string, what: string) => `${who} no longer plans to move to ${what}`,
    /** What the plan is called when it is called off without its place: "the move fell through". */
    called: /\b(?:move|moving|relocation|relocating)\b/i,
    /** Words that say, beside the place, that the person lives there now: "cork girlie now", "manchester life", "first week in leeds". */
    settled:
      /\b(?:now|officially|life|living|settl(?:e|ed|ing)|new (?:flat|place|home|house|apartment|area|neighbou?rhood)|first (?:day|night|week|weekend|month)s?|(?:days?|weeks?|months?) in|resident|residents|local|locals|moved|(?:i'?m|we'?re) (?:in|based)|here in|is home|home now|(?:our|my) (?:flat|place|house|street|garden|neighbours|neighbors|commute))\b/i,
  },
  {
    plan: 'start_at',
    fills: 'employer',
    says: (who: string, what: string) => `${who} is due to start at ${what}`,
    done: (who: string, what: string) => `${who} works at ${what}`,
    dropped: (who: string, what: string) => `${who} is no longer due to start at ${what}`,
    called: /\b(?:new job|job offer|the offer|their offer|the job|the role|the position)\b/i,
    /** "first day at feedzai", "week 1 at google done", "my manager at Apple", "2 weeks in at the christie now". */
    settled:
      /\b(?:now|officially|first (?:day|week|month)s?|(?:day|week|month) (?:\d+|one|two|three)|(?:days?|weeks?|months?) in|my (?:manager|boss|team|desk|colleagues|co-?workers|office|badge|laptop|onboarding|probation)|new (?:job|colleagues|team|office|boss|manager|role|co-?workers)|onboarding|induction|probation|started|working)\b/i,
  },
] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** The kind of plan a slot holds ("user.plan.move_to"), with the subject's key, or null. */
export function planSlot(slot: string | null | undefined): { subject: string; kind: PlanKind } | null {
  const m = /^(.+)\.plan\.([a-z_]+)$/.exec(slot ?? '');
  const kind = PLAN_KINDS.find((k) => k.plan === m?.[2]);
  return m && kind ? { subject: m[1] as string, kind } : null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAY_MS = 86_400_000;
/** A time that names a day ("on monday", "tomorrow", "the 8th"), a month ("in september", "next month") or a year. */
const SAYS_A_WEEKDAY = /\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b/i;
const SAYS_A_DAY = /\b(?:today|tonight|tomorrow|tmrw)\b|\d/i;
const SAYS_A_MONTH = /\b(?:month|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/i;
const SAYS_A_YEAR = /\b(?:year|(?:19|20)\d{2})\b/i;

/**
 * When a plan is due, from the times its clause names. A weekday, a day of the month or a month is read as the last
 * one before it was said ("I start on Monday", "moving in September" said in June: `ahead` marks it), so it is taken
 * as the next one. Null when the clause names no time, or only one gone by.
 */
export function dueTime(times: readonly TimeMention[], reference: number): TimeMention | null {
  const named = times.find((m) => m.ahead || m.future) ?? times.find((m) => m.since !== true);
  const today = Math.floor(reference / DAY_MS) * DAY_MS;
  // ("this month" is now, begun before today.)
  if (!named || named.time >= today || /\bthis\b/i.test(named.text)) return named ?? null;
  if (!named.ahead && !named.weekday && !SAYS_A_MONTH.test(named.text)) return null;
  const d = new Date(named.time);
  const day = d.getUTCDate();
  const weekdayOnly = SAYS_A_WEEKDAY.test(named.text) && !/\d/.test(named.text);
  const dayOfMonthOnly = /\d/.test(named.text) && !SAYS_A_MONTH.test(named.text);
  while (d.getTime() < today) {
    if (weekdayOnly) d.setUTCDate(d.getUTCDate() + 7);
    else if (dayOfMonthOnly) {
      // The next month that has the day ("on the 31st" said in November is 31 December).
      do {
        d.setUTCDate(1);
        d.setUTCMonth(d.getUTCMonth() + 1);
      } while (new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate() < day);
      d.setUTCDate(day);
    } else d.setUTCFullYear(d.getUTCFullYear() + 1); // a month, a holiday, the new year
  }
  return { ...named, time: d.getTime() };
}

/** " on 8 January 2024", " in September 2024", " in 2025": the plan's time as a date that stays true ("" for "next week"). */
export function dueWords(due: TimeMention): string {
  const d = new Date(due.time);
  const month = MONTHS[d.getUTCMonth()] as string;
  if (SAYS_A_WEEKDAY.test(due.text) || SAYS_A_DAY.test(due.text.replace(/\b(?:19|20)\d{2}\b/g, ''))) return ` on ${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`;
  if (SAYS_A_MONTH.test(due.text)) return ` in ${month} ${d.getUTCFullYear()}`;
  return SAYS_A_YEAR.test(due.text) ? ` in ${d.getUTCFullYear()}` : '';
}

/** How a value is written in a fact: as its entity is named ("Cork", "Feedzai"), else with capitals. */
export function shownValue(value: string, entities: readonly { name: string }[]): string {
  return entities.find((e) => e.name.toLowerCase() === value)?.name ?? value.replace(/\b\p{Ll}/gu, (c) => c.toUpperCase());
}

/** The plans among what a clause about a change to come would say once done: a home or a job taken up, not one left. */
/** A plan in doubt, one of two, or a stay ("if the visa comes through", "leeds or york", "for a week", "in my dreams"). */
const NO_PLAN_YET =
  /\b(?:if|unless|maybe|might|or|idk|not sure|undecided|in my dreams|as if|jk)\b|\bfor (?:a|an|one|two|three|four|six|\d+|a few|a couple of) (?:\w+ )?(?:days?|nights?|weeks?|months?|contract|trip|holiday|placement|visit)\b/i;
/** What one joins or starts at that is no employer: a party, the forces, a club, a team, a streaming service. */
const NO_EMPLOYER = /\b(?:party|navy|army|air force|marines|club|gym|team|squad|choir|band|league|society|union|season|prime|netflix|spotify|disney|hulu|waitlist|queue|call|meeting|stream)\b/i;
/** A time gone by: "moving to leeds last month" is no plan. */
const GONE_BY = /\b(?:last|ago|yesterday)\b/i;

export function plansOf(built: readonly Built[], subject: Subject, times: readonly TimeMention[], reference: number, text: string): Built[] {
  if (!subject.firstPerson || NO_PLAN_YET.test(text) || times.some((m) => GONE_BY.test(m.text))) return [];
  const due = dueTime(times, reference);
  return built.flatMap((b) => {
    const kind = PLAN_KINDS.find((k) => b.slot === `${subject.key}.${k.fills}`);
    if (!kind || b.value === null || b.value === '' || isDeparture(b.value) || (kind.plan === 'start_at' && NO_EMPLOYER.test(b.content))) return [];
    const content = `${kind.says(subject.text, shownValue(b.value, b.entities))}${due ? dueWords(due) : ''}`;
    return [{ content, type: 'semantic' as const, slot: `${subject.key}.plan.${kind.plan}`, value: b.value, entities: b.entities, timeless: true, ...(due ? { due: due.time } : {}) }];
  });
}
