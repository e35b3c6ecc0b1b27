/**
 * A habit's story told in one message, after the clauses are read: kept off for a span ("havent smoked since june",
 * "not had a drink in 3 weeks"), given up and taken up again ("quit smoking in jan, started again in march") and given
 * up once more ("…, quit again last month"). Also who one is by a habit ("a non-smoker", "a heavy drinker").
 * Each state is a statement in the habit's slot, in the order told, so the last one told is the current one and the
 * earlier ones stay in history.
 */
import type { Token } from './analyzer';
import { appSlotName, HABIT_NAMES, meatlessDiet, OPENERS_BEFORE, SOCIAL_APPS, type MeatlessDiet } from './lexicon';
import { endedOf, endedValue, isDeparture } from '../../../src-shared/slot-values';
import { lowerOf } from './phrases';
import { withTimesAsWritten } from './time-words';
import type { Statement, Subject } from './statement-types';
import { goneBy, timeMentions, type TimeMention } from './time';
import { SPAN_COUNT, spanBack } from './time-spans';

const DAY = 86_400_000;
/** The activity a habit's slot names, for "User started drinking again". */
const HABIT_ACTIVITY: Readonly<Record<string, string>> = { alcohol: 'drinking', smoking: 'smoking', vaping: 'vaping' };
/** Words that name a habit in a message, beyond its names in HABIT_NAMES ("smoked", "sober", "vape"). */
const HABIT_WORDS: Readonly<Record<string, string>> = { smoking: String.raw`smok\w*`, alcohol: String.raw`drink\w*|drank|drunk|sober|teetotal`, vaping: String.raw`vap\w*` };

/** `out` with what a message tells of a habit over time (see above). `text` is the message as read. */
export function withHabitNews(out: Statement[], text: string, own: Subject, reference: number): Statement[] {
  return withRelapses(withAbstinence(out, text, own, reference), text, own, reference);
}

/**
 * "I haven't smoked since june", "havent had a drink in 3 weeks", "not had a cig for a month": the speaker is off the
 * habit, since the time said. Not a question, not someone else ("he hasn't smoked since june"), not a day or less
 * ("haven't smoked since this morning").
 */
const ABSTINENCE = new RegExp(
  String.raw`(?:^|[.!,;…\n]\s*)(?:${OPENERS_BEFORE})(?:I\s+)?(?:have not|haven'?t|havent|not)\s+(?:(smoked|vaped|drunk|drank)|had\s+(?:a|an?y|one|a single)\s+(drink|drop|sip|beer|pint|glass of wine|cig|cigarette|ciggie|fag|smoke|vape))\s+(?:(since)\s+([^,.!?;…\n]+)|(?:in|for)\s+(?:over\s+|nearly\s+|almost\s+|like\s+)?(${SPAN_COUNT})\s+(day|week|month|year)s?\b)`,
  'iu',
);
const ABSTAINED_FROM: Readonly<Record<string, string>> = { smoked: 'smoking', vaped: 'vaping', drunk: 'alcohol', drank: 'alcohol', cig: 'smoking', cigarette: 'smoking', ciggie: 'smoking', fag: 'smoking', smoke: 'smoking', vape: 'vaping' };
const ABSTINENCE_READ_GENERICALLY = /^\S+ (?:has|have) not (?:smoked|vaped|drunk|drank|had)\b/;
/** Kept off for less than this is a day without, not a habit given up. */
const SHORTEST_ABSTINENCE_MS = 2 * DAY;

function withAbstinence(out: Statement[], text: string, own: Subject, reference: number): Statement[] {
  const found = ABSTINENCE.exec(text);
  if (!found || text.slice(found.index).split(/[.!\n]/)[0]?.includes('?')) return out;
  const habit = ABSTAINED_FROM[(found[1] ?? found[2] ?? '').toLowerCase()] ?? 'alcohol';
  const slot = `${own.key}.uses.${habit}`;
  if (out.some((s) => s.slot === slot)) return out;
  const when = found[3] ? timeMentions(found[4] ?? '', reference).find((m) => goneBy(m, false)) : undefined;
  const time = found[3] ? (when?.time ?? null) : spanBack(found[5] ?? '', found[6] ?? '', reference);
  if (time !== null && time > reference - SHORTEST_ABSTINENCE_MS) return out;
  const since = when && !when.relative && when.index === 0 ? ` since ${when.text.trim()}` : '';
  const content = since ? `${own.text} has not ${habit === 'alcohol' ? 'had a drink' : (found[1] ?? 'smoked').toLowerCase()}${since}` : `${own.text} stopped ${HABIT_ACTIVITY[habit] ?? habit}`;
  const kept = out.filter((s) => !(s.slot === null && ABSTINENCE_READ_GENERICALLY.test(s.content)));
  return [...kept, { content, type: 'semantic', slot, value: 'no', entities: [], eventTime: time }];
}

/**
 * A habit taken up again, or given up again, said without naming it, after it is named: "…, started again in march",
 * "… but back on them now", ". relapsed in june", "… caved last week", "…, redownloaded it yesterday"; "…, quit again
 * last month". Not denied or nearly done ("never started again", "almost caved").
 */
const LEAD = String.raw`(?:^|[,;.!?…\n]\s*|\b(?:but|and|then|now|til|till|until|so)\s+)(?:(?:i'?m|i am|im|i'?ve|i have|i)\s+)?(?:(?:now|just|kinda|basically|totally|finally)\s+)?`;
const RELAPSE = new RegExp(
  LEAD +
    String.raw`(back on (?:them|it|em|'em|those)|back at it|started (?:again|back up|up again|(?:it|them|em) (?:again|back up|up again))|picked (?:it|them|em) (?:back )?up(?: again)?|relapsed|caved|fell off the wagon|re-?(?:installed|downloaded|activated)(?: (?:it|them))?)\b([^,;.!?…\n]*)`,
  'giu',
);
const GIVEN_UP_AGAIN = new RegExp(LEAD + String.raw`((?:quit|stopped|gave (?:it |them |em )?up|packed (?:it|them|em) in|(?:deleted|uninstalled)(?: (?:it|them))?)(?:\s+(?:again|for good)(?: now)?)?)(?=\s*(?:$|[,;.!?…\n]|in\b|on\b|at\b|last\b|this\b|a\b|an\b|\d|back\b|around\b|again\b|for good\b|lol\b|(?:the\s+)?(?:christmas|xmas|easter|new year|spring|summer|autumn|fall|winter|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\b))([^,;.!?…\n]*)`, 'giu');
/**
 * "went vegan. lasted 3 days", "quit smoking, didn't last", "it only lasted a week": the state just told did not hold
 * (a take-up ended, a give-up undone). Said as its own clause; "my phone lasted 3 days" is something else's.
 */
const SHORT_LIVED = new RegExp(
  LEAD +
    String.raw`((?:(?:it|that|this)\s+)?(?:(?:only|just|barely)\s+managed|(?:only\s+|just\s+|barely\s+)?lasted)\s+(?:like\s+|about\s+|all of\s+|a whole\s+|maybe\s+)?(${SPAN_COUNT})\s+(hour|day|week|month|year)s?|(?:(?:it|that|this)\s+)?(?:didn'?t|did not|never)\s+last(?:\s+long)?)\b([^,;.!?…\n]*)`,
  'giu',
);
/** "lasted 6 months so far", "… and counting", "managed 6 months without one": a state still held. */
const STILL_LASTING = /^\s*(?:so far|and counting|now|already|(?:un)?till? now|and still|\+|without|off|clean|free|sober|smoke[- ]free)/i;
/** A sentence's start before a "lasted", with nothing said in between but fillers ("lasted 3 days", "lol lasted a week"). */
const FILLERS_ONLY = /^[\s\W]*(?:(?:but|and|so|lol|haha+|tbh|honestly|sadly|well|yeah|ok)\b[\s\W]*)*$/iu;
const DIET_NAMED = /\b(?:vegan|vegetarian|veggie|pescatarian|pescetarian|plant[- ]based|keto|meat|dairy)\b/gi;

/** Another clause's verb, said after the state and before a "lasted": "quit smoking, withdrawal *was* rough but it lasted…". */
const ANOTHER_CLAUSE = /\b(?:was|is|were|are|got|get|went|had|has|have|did|does|bought)\b|'s\b/i;

/**
 * Whether a "lasted" at `at` is said of the state `namedAt` finds (where it is named last in a text, -1 if not): in its
 * own sentence after it with no other clause between ("went vegan but it only lasted a month"), or opening the sentence
 * right after the one naming it ("quit smoking in june. lasted 2 weeks"); not after something else said ("quit smoking.
 * got a new phone and it lasted 3 days", "quit smoking, withdrawal was rough but it only lasted a week").
 */
function saidOfIt(text: string, at: number, namedAt: (said: string) => number): boolean {
  const ends = [0, ...[...text.slice(0, at).matchAll(/[.!?\n]+/g)].map((m) => (m.index ?? 0) + m[0].length)];
  const start = ends.at(-1) ?? 0;
  const prefix = text.slice(start, at);
  const named = namedAt(prefix);
  if (named >= 0) return !ANOTHER_CLAUSE.test(prefix.slice(named).replace(/^\S+/, ''));
  return FILLERS_ONLY.test(prefix) && namedAt(text.slice(ends.at(-2) ?? 0, start)) >= 0;
}
/** "gave up on dry january", "quit on the marathon": a give-up of something else, not the habit or diet said before. */
const GIVEN_UP_ON_SOMETHING = /^\s*on\s+(?!(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|the\s+\d|\d|(?:new year|christmas|xmas|easter)\b)/i;
const DENIED_BEFORE = /\b(?:never|not|didn'?t|haven'?t|hasn'?t|won'?t|don'?t|almost|nearly|tempted to|want to|wanna|might)\s+(?:\w+\s+)?$/i;
/** What the generic reading makes of a relapse said without its habit ("User started again in March"): it says nothing. */
const HABITLESS_RELAPSE = /^\S+ (?:started(?: (?:it|them))? (?:again|back up|up again)|relapsed|caved)\b/;

interface HabitTurn {
  at: number;
  value: 'yes' | 'no';
  /** The turn undoes the state before it, whichever it was ("…, lasted 3 days"); `value` is then the state's opposite. */
  undoes?: { count: string; unit: string } | null;
  said: string;
  tail: string;
  /** Said with "I" ("i started again tho"): the speaker's, even after someone else's habit. */
  saidByI: boolean;
}

/**
 * The turns of a habit told in the message after the one that named it ("deleted tiktok" / "reinstalled it an hour
 * later", "3 weeks sober" / "relapsed last night"): `before` is what the last message said, `said` its words.
 */
export function habitTurnsAfter(before: readonly Statement[], said: string, text: string, own: Subject, reference: number): Statement[] {
  const told = withRelapses([...before], `${said}\n${text}`, own, reference, said.length + 1);
  return told.filter((s) => !before.includes(s)).map((s) => ({ ...s, content: withTimesAsWritten(s.content, s.eventTime) }));
}

function withRelapses(out: Statement[], text: string, own: Subject, reference: number, from = 0): Statement[] {
  const turnOf = (m: RegExpMatchArray, value: 'yes' | 'no', tail: string, undoes?: HabitTurn['undoes']): HabitTurn => ({
    at: (m.index ?? 0) + m[0].indexOf(m[1] as string),
    value,
    said: m[1] ?? '',
    tail,
    saidByI: /(?:^|[\s,;.!?…])(?:i|i'?m|im|i'?ve)\s/i.test(m[0]),
    ...(undoes !== undefined ? { undoes } : {}),
  });
  const notDenied = (m: RegExpMatchArray): boolean => !DENIED_BEFORE.test(text.slice(0, (m.index ?? 0) + m[0].indexOf(m[1] as string)));
  const turns: HabitTurn[] = [
    ...[...text.matchAll(RELAPSE)].filter(notDenied).map((m) => turnOf(m, 'yes', m[2] ?? '')),
    ...[...text.matchAll(GIVEN_UP_AGAIN)].filter(notDenied).map((m) => turnOf(m, 'no', m[2] ?? '')),
    // (Its value is set against the state it undoes, below.)
    ...[...text.matchAll(SHORT_LIVED)].filter((m) => notDenied(m) && !STILL_LASTING.test(m[4] ?? '')).map((m) => turnOf(m, 'no', m[4] ?? '', m[2] && m[3] ? { count: m[2], unit: m[3] } : null)),
  ]
    .filter((turn) => turn.at >= from && !(turn.value === 'no' && GIVEN_UP_ON_SOMETHING.test(turn.tail)))
    .sort((a, b) => a.at - b.at);
  const result = out.filter((s) => !(s.slot === null && HABITLESS_RELAPSE.test(s.content)));
  for (const turn of turns) {
    // The habit is the speaker's own one named last before the turn ("quit smoking in march, started again in july …
    // also deleted tiktok": smoking), in the state the turn changes.
    const habits = [...new Set(result.filter((s) => s.slot?.startsWith(`${own.key}.uses.`)).map((s) => s.slot as string))];
    const named = habits.map((slot) => ({ slot, at: lastMention(text.slice(0, turn.at), slot.slice(slot.lastIndexOf('.') + 1)) })).filter((h) => h.at >= 0);
    const slot = named.sort((a, b) => b.at - a.at)[0]?.slot;
    const before = result.findLast((s) => s.slot === slot);
    const habitAt = (said: string): number => (slot === undefined ? -1 : lastMention(said, slot.slice(slot.lastIndexOf('.') + 1)));
    const dietAt = (said: string): number => [...said.matchAll(DIET_NAMED)].at(-1)?.index ?? -1;
    // (A "lasted" said of something else changes nothing.)
    if ('undoes' in turn && !saidOfIt(text, turn.at, slot ? habitAt : dietAt)) continue;
    if (slot && before && 'undoes' in turn) result.push(habitTurn({ ...turn, value: before.value === 'no' ? 'yes' : 'no' }, slot, before, own, reference));
    else if (slot && before && before.value !== turn.value) result.push(habitTurn(turn, slot, before, own, reference));
    // "went vegan in jan but gave up in march", "i was vegan for 3 years but quit": a diet given up, said without it.
    // ("went veggie in 2019 but caved last month": meat again.)
    const givesUp = turn.value === 'no' ? !/^(?:deleted|uninstalled)/i.test(turn.said) : /^(?:caved|relapsed|fell off the wagon)/i.test(turn.said);
    // (A diet that lasted a span ended then: "went vegan in january. lasted 3 days".)
    const diet = !slot && givesUp ? dietGivenUp(result, text.slice(0, turn.at), own) : null;
    if (diet) result.push(dietTurn(turn, diet, own, reference));
    // "gave up in march, back on it since june": the diet given up taken up again.
    const again = !slot && !diet && turn.value === 'yes' && !givesUp ? dietTakenUpAgain(result, text.slice(0, turn.at), own) : null;
    const when = again ? turnTime(turn, again.since, reference).said : '';
    if (again) result.push({ ...dietTurn(turn, again, own, reference), content: `${own.text} ${when.startsWith(' since') ? 'is' : 'went'} ${again.diet} again${when}`, value: again.diet });
    // "my dad quit smoking, i started again tho": the speaker takes up again the habit someone else just gave up.
    const theirs = !slot && turn.saidByI && turn.value === 'yes' ? result.findLast((s) => s.value === 'no' && /\.uses\.[\w-]+$/.test(s.slot ?? '') && lastMention(text.slice(0, turn.at), (s.slot ?? '').slice((s.slot ?? '').lastIndexOf('.') + 1)) >= 0) : undefined;
    if (theirs?.slot) result.push(habitTurn(turn, `${own.key}.uses.${theirs.slot.slice(theirs.slot.lastIndexOf('.') + 1)}`, { ...theirs, eventTime: null }, own, reference));
  }
  return result;
}

/** The speaker's diet a bare give-up ends: the one stated last and named before it ("User was vegan for 3 years" too). */
function dietGivenUp(said: readonly Statement[], before: string, own: Subject): { diet: MeatlessDiet; since: number | null } | null {
  for (const s of [...said].reverse()) {
    const stated = s.slot === `${own.key}.diet` && s.value !== null && !isDeparture(s.value) ? meatlessDiet(s.value) : null;
    const was = s.slot === null && s.content.startsWith(`${own.text} `) ? DIET_HELD.exec(s.content.slice(own.text.length)) : null;
    const diet = stated ?? (was ? meatlessDiet(was[1] ?? '') : null);
    if (diet && new RegExp(String.raw`\b${diet === 'vegetarian' ? 'veg(?:etarian|gie)' : diet}\b`, 'i').test(before)) return { diet, since: s.eventTime };
    if (s.slot === `${own.key}.diet`) return null;
  }
  return null;
}
/** The speaker's diet given up last, named before a take-up again (and none held since). */
function dietTakenUpAgain(said: readonly Statement[], before: string, own: Subject): { diet: MeatlessDiet; since: number | null } | null {
  const last = said.findLast((s) => s.slot === `${own.key}.diet`);
  const ended = last?.value ? endedOf(last.value) : null;
  const diet = ended ? meatlessDiet(ended) : null;
  return diet && last && /\b(?:gave|give|quit|stopped|packed|caved|relapsed|fell)\b/i.test(before) ? { diet, since: last.eventTime } : null;
}

/** A past diet said in no slot: "User was vegan for 3 years", "User had been veggie since uni". */
const DIET_HELD = /^\s+(?:was|had been|used to be)\s+(?:a\s+)?(vegan|vegetarian|veggie|pescatarian|pescetarian|plant-based)\b/i;

/** "User gave up being vegan in March": the diet's slot, ended, dated by the time said with the give-up. */
function dietTurn(turn: HabitTurn, given: { diet: MeatlessDiet; since: number | null }, own: Subject, reference: number): Statement {
  const { time, said } = turnTime(turn, given.since, reference);
  return { content: `${own.text} gave up being ${given.diet}${said}`, type: 'semantic', slot: `${own.key}.diet`, value: endedValue(given.diet), entities: [], eventTime: time };
}

/** When a turn happened, by the time said with it, never before the state it ends; `said`: that time as written, to say. */
function turnTime(turn: HabitTurn, since: number | null, reference: number): { time: number | null; said: string } {
  // "went vegan in january. lasted 3 days": it ended that span after it began (never after it was said).
  const lasted = turn.undoes && since !== null ? spanBack(turn.undoes.count, turn.undoes.unit, since) : null;
  if (lasted !== null && since !== null) return { time: Math.min(reference, 2 * since - lasted), said: '' };
  const when: TimeMention | undefined = timeMentions(turn.tail, reference).find((m) => goneBy(m, false) && !/^now$/i.test(m.text.trim()));
  const time = when && (since === null || when.time >= since) ? when.time : null;
  // ("in March" is said as written; "last week" would be wrong tomorrow, and is the event time alone.)
  const lead = when ? turn.tail.slice(0, when.index).trim() : '';
  const dated = when !== undefined && !when.relative && !/\b(?:later|hours?|minutes?|mins?)\b/i.test(when.text);
  const said = time !== null && dated && /^(?:(?:in|on|at|since|around|by|during|back in)(?: the)?)?$/i.test(lead) ? ` ${`${lead} ${when.text.trim()}`.trim()}` : '';
  return { time, said };
}

/** The statement of one turn of a habit's story, dated by the time said with it, never before the state it ends. */
function habitTurn(turn: HabitTurn, slot: string, before: Statement, own: Subject, reference: number): Statement {
  const habit = slot.slice(slot.lastIndexOf('.') + 1);
  const { time, said } = turnTime(turn, before.eventTime, reference);
  const activity = HABIT_ACTIVITY[habit];
  // (The thing as the give-up named it: "User quit Insta in October", then "User is back on Insta".)
  const thing = before.content.split(/\s+/).find((w) => appSlotName(w.toLowerCase()) === habit) ?? habit;
  const content =
    turn.value === 'yes'
      ? activity ? `${own.text} started ${activity} again${said}` : `${own.text} is back on ${thing}${said}`
      : `${own.text} ${activity ? `quit ${activity}` : /^(?:deleted|uninstalled)/i.test(turn.said) ? `deleted ${thing}` : `gave up ${thing}`}${/\bagain\b/i.test(turn.said) ? ' again' : ''}${said}`;
  return { content, type: 'semantic', slot, value: turn.value, entities: [], eventTime: time };
}

/** Where a habit is last named in `text` (-1 if nowhere): by its names, its activity's words, or an app's short names. */
function lastMention(text: string, habit: string): number {
  const names = [...HABIT_NAMES.entries()].filter(([, h]) => h === habit).map(([w]) => w);
  const apps = [...SOCIAL_APPS].filter((w) => appSlotName(w) === habit);
  const words = [...names, ...apps, habit].map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(String.raw`\b(?:${[...words, ...(HABIT_WORDS[habit] ? [HABIT_WORDS[habit]] : [])].join('|')})\b`, 'giu');
  return [...text.matchAll(pattern)].at(-1)?.index ?? -1;
}

const HABIT_OF_ONE: Readonly<Record<string, string>> = { smoker: 'smoking', vaper: 'vaping', drinker: 'alcohol' };
/** How much or how a habit is had, before "smoker" or "drinker": anything else names another thing ("a coffee drinker", "a weed smoker"). */
const HOW_HABIT_IS_HAD = new Set(['heavy', 'light', 'big', 'social', 'casual', 'occasional', 'regular', 'chain', 'weekend', 'daily', 'moderate', 'binge', 'problem', 'secret', 'party', 'lifelong', 'non', 'ex', 'former', 'reformed', 'recovering', 'retired', 'never', 'lapsed']);
const DRINKS = new Set(['coffee', 'tea', 'beer', 'wine', 'cider', 'gin', 'whisky', 'whiskey', 'vodka', 'rum', 'milk', 'water', 'juice', 'decaf']);
const HABIT_LEFT = new Set(['non', 'ex', 'former', 'reformed', 'recovering', 'retired', 'never', 'lapsed']);

/**
 * "a smoker", "a heavy drinker", "a non-smoker", "an ex-smoker", "a former vaper": who one is by a habit, in the habit's
 * slot (yes or no), not a job; "a coffee drinker" the drink's. Null for any other role ("a weed smoker", "a passive smoker").
 */
export function habitIdentity(role: readonly Token[]): { slot: string; value: 'yes' | 'no' } | null {
  const words = role.map(lowerOf).filter((w) => w !== '-');
  const head = words.at(-1) ?? '';
  const habit = HABIT_OF_ONE[head.replace(/^(?:non-?|ex-)/, '')];
  const before = words.slice(0, -1);
  // ("a coffee drinker", "a big tea drinker": the drink's own slot, as "I drink coffee".)
  const drink = habit === 'alcohol' && DRINKS.has(before.at(-1) ?? '') ? before.at(-1) : undefined;
  if (drink && before.slice(0, -1).every((w) => HOW_HABIT_IS_HAD.has(w) && !HABIT_LEFT.has(w))) return { slot: `uses.${drink}`, value: 'yes' };
  if (!habit || !before.every((w) => HOW_HABIT_IS_HAD.has(w))) return null;
  const left = /^(?:non|ex-)/.test(head) || before.some((w) => HABIT_LEFT.has(w));
  return { slot: `uses.${habit}`, value: left ? 'no' : 'yes' };
}

/** A habit said not had, by who one is not ("not a smoker (anymore)", "no longer a drinker"): its slot; not "not a big drinker". */
export function habitNotHad(role: readonly Token[]): string | null {
  const bare = role.filter((t) => !['anymore', 'now', 'any', 'more', 'longer'].includes(lowerOf(t)));
  const identity = bare.length === 1 ? habitIdentity(bare) : null;
  return identity?.value === 'yes' ? identity.slot : null;
}
