/**
 * Life news as chats tell it, each read the chat's way: a habit's state ("back on the cigs", "8 months sober"), a
 * birth ("we had a baby girl, Maya"), someone new named in the next sentence ("im seeing someone 🙈 his name is
 * jake"), and news shared with others that is the speaker's too ("we moved to Leeds", "me and my mum moved …",
 * "we got a puppy"), and a habit given up and taken up again in one message ("quit smoking in jan, started again in
 * march"). Each gives the speaker's statement, or null / nothing for any other shape.
 */
import { normaliseFact } from '../text';
import { joinTokens, type Token } from './analyzer';
import { goneBy, SPAN_COUNT, timeMentions } from './time';
import { appSlotName, HABIT_NAMES, OPENERS_BEFORE, SOCIAL_APPS } from './lexicon';
import { acquiredThing, lowerOf, possessive, properRuns, slotKey } from './phrases';
import type { Built, Statement, StatementEntity, Subject } from './statement-types';

/** Things one is "off" or "back on" the way one is off the booze: "off coffee", "back on sugar". */
const GIVEN_UP = ['coffee', 'caffeine', 'tea', 'sugar', 'meat', 'dairy', 'carbs', 'gluten', 'bread', 'chocolate', 'sweets', 'crisps'];
const GIVEN_UP_THINGS: ReadonlySet<string> = new Set(GIVEN_UP);

/** "teetotal", "tee total" said of the speaker: nothing after but a time or a filler ("teetotal pubs are a thing" is no habit). */
const TEETOTAL = String.raw`tee[- ]?total\b(?=\s*(?:$|[.!,;…]|now\b|these days|nowadays|since\b|for\b|lol|tbh|btw|again|actually|🙌|💪))`;
/** "back on the cigs", "sober 8 months today", "havent smoked since june": a habit's news said without "I". */
export const HABIT_NEWS_WITHOUT_SUBJECT = new RegExp(String.raw`^\W*${OPENERS_BEFORE}(?:been\s+)?(?:${SPAN_COUNT}\s+(?:days?|weeks?|months?|years?)\s+|day\s+\d{1,3}\s+)?smoke[- ]?free\b|^\W*${OPENERS_BEFORE}(?:back on|back to|off)\s+(?:the\s+\w+|(?:${[...GIVEN_UP, ...HABIT_NAMES.keys(), ...SOCIAL_APPS].join('|')})\b)|^\W*${OPENERS_BEFORE}(?:been\s+)?(?:sober\b|${TEETOTAL}|${SPAN_COUNT}\s+(?:days?|weeks?|months?|years?)\s+sober\b|day\s+\d{1,3}\s+sober\b)|^\W*${OPENERS_BEFORE}(?:have not|haven'?t|havent|not)\s+(?:smoked|vaped|drunk|drank|had\s+(?:a|any|one)\s)`, 'i');

/** Smoke-free, said of the speaker, with nothing after but a time or a filler: "5 days smoke free", "smoke-free since june". */
const SMOKE_FREE = new RegExp(String.raw`^(?:(?:i'?m|i am)\s+)?(?:(?:i'?ve\s+|i have\s+)?been\s+)?(?:(?:officially|now)\s+)?(?:${SPAN_COUNT}\s+(?:days?|weeks?|months?|years?)\s+|day\s+\d{1,3}\s+(?:of\s+(?:being\s+)?)?)?smoke\s?-?\s?free(?=\s*(?:$|[.!,;…]|now\b|today\b|since\b|for\b|lol|tbh|btw|again|${SPAN_COUNT}\s+(?:days?|weeks?|months?|years?)\b|\p{Extended_Pictographic}))`, 'iu');

/** Counted spans of sobriety: "8 months sober", "sober 3 weeks", "sober for a year"; "teetotal". */
const SOBER = new RegExp(String.raw`^(?:(?:i'?m|i am)\s+)?(?:(?:i'?ve\s+|i have\s+)?been\s+)?(?:${SPAN_COUNT}\s+(?:days?|weeks?|months?|years?)\s+sober|day\s+\d{1,3}\s+sober|sober\b|${TEETOTAL})`, 'i');

/**
 * A habit's state said the chat's way: "back on the cigs", "im off the booze", "8 months sober", "sober 3 weeks today".
 * The habit's one slot (lexicon.ts HABIT_NAMES), or null for anything else ("back on the bus", "sober october" is a
 * spell, which sentence-scope.ts keeps from changing a habit).
 */
export function habitNews(tokens: readonly Token[], start: number, own: Subject): Built | null {
  let i = start;
  if (['i', 'im'].includes(lowerOf(tokens[i]))) i++;
  if (["'m", 'am', 'm', "'ve", 've', 'have'].includes(lowerOf(tokens[i]))) i++;
  const words = tokens.slice(i).filter((t) => t.pos !== 'PUNCT' && t.pos !== 'SYM').map(lowerOf);
  // ("back to smoking 😔": a habit taken up again, as "back on the cigs" says; not "back to work".)
  const backOn = words[0] === 'back' && (words[1] === 'on' || (words[1] === 'to' && HABIT_NAMES.has(words[words[2] === 'the' ? 3 : 2] ?? ''))) ? 2 : words[0] === 'off' ? 1 : -1;
  if (backOn > 0) {
    const at = words[backOn] === 'the' ? backOn + 1 : backOn;
    // ("im off coffee now", "off sugar": a thing eaten or drunk given up, in its own slot, as "I stopped drinking coffee".)
    // ("back on insta", "off tiktok for lent": an app.)
    const habit = HABIT_NAMES.get(words[at] ?? '') ?? (at === backOn && GIVEN_UP_THINGS.has(words[at] ?? '') ? words[at] : at === backOn && SOCIAL_APPS.has(words[at] ?? '') ? appSlotName(words[at] ?? '') : undefined);
    if (!habit || (words.length > at + 1 && !['again', 'now', 'lol', 'tbh', 'today', 'already', 'since', 'for', 'after'].includes(words[at + 1] ?? ''))) return null;
    const on = words[0] === 'back';
    const what = `${at > backOn ? 'the ' : ''}${words[at] ?? ''}`;
    return { content: `${own.text} is ${on ? `back ${words[1] ?? 'on'}` : 'off'} ${what}`, type: 'semantic', slot: `${own.key}.uses.${habit}`, value: on ? 'yes' : 'no', entities: [] };
  }
  // "5 days smoke free!!", "i'm smoke-free since june": not smoking (not "a smoke free hotel").
  // ("smoke free since june until last night 😔": a spell that has ended.)
  if (SMOKE_FREE.test(joinTokens(tokens.slice(i))) && !/\b(?:until|till|til|then)\b/i.test(joinTokens(tokens.slice(i)))) return { content: `${own.text} is smoke-free`, type: 'semantic', slot: `${own.key}.uses.smoking`, value: 'no', entities: [] };
  const text = joinTokens(tokens.slice(i));
  // ("sober october" is a spell, "sober for 2 hours lol" a night's joke, "sober up" an order, "sober curious" a question.)
  if (!SOBER.test(text) || /\bsober (?:october|january|for (?:a|the) (?:night|day|weekend))\b/i.test(text) || /\bsober[- ](?:up|curious|ish)\b/i.test(text) || /\bsober\s+(?:for\s+)?(?:\d+|an?|one|two|three|a few|a couple of)\s+(?:hours?|hrs?|minutes?|mins?|seconds?|secs?)\b/i.test(text)) return null;
  // ("i've been teetotal since june": never drinks, as "sober" says.)
  return { content: `${own.text} is ${/\btee[- ]?total\b/i.test(text) ? 'teetotal' : 'sober'}`, type: 'semantic', slot: `${own.key}.uses.alcohol`, value: 'no', entities: [] };
}

/** Words after "a baby girl," that are no name: "a baby girl, 7lb 2oz", "a baby boy, born Tuesday". */
const NOT_A_BABY_NAME = new Set(['born', 'finally', 'healthy', 'both', 'mum', 'mom', 'and', 'we', 'she', 'he', 'our', 'yesterday', 'today', 'last', 'this', 'on', 'at']);
const BABY_NAME_AFTER_COMMA = /\b(?:girl|boy|daughter|son)\s*[,:–-]\s*(\p{Lu}\p{Ll}+)(?![\p{L}])/u;
const BABY_RELATION: Record<string, 'daughter' | 'son'> = { girl: 'daughter', daughter: 'daughter', boy: 'son', son: 'son' };

/**
 * A birth told in a chat: "we had a baby girl, Maya", "I had a little boy called Leo", "we welcomed our daughter Ada".
 * The child, named, as the speaker's daughter or son; unnamed, the news alone. Null for anything else ("we had a
 * baby shower", "had a boy over").
 */
export function birthNews(tokens: readonly Token[], start: number, own: Subject, message = ''): { name: string | null; relation: 'daughter' | 'son'; content: string } | null {
  const words = tokens.map(lowerOf);
  let i = start;
  if (!['we', 'i'].includes(words[i] ?? '')) return null;
  i++;
  if (words[i] === 'just' || words[i] === 'finally') i++;
  if (!['had', 'welcomed'].includes(words[i] ?? '')) return null;
  i++;
  if (!['a', 'our', 'an'].includes(words[i] ?? '')) return null;
  i++;
  while (['baby', 'little', 'beautiful', 'healthy', 'gorgeous', 'tiny'].includes(words[i] ?? '')) i++;
  const relation = BABY_RELATION[words[i] ?? ''];
  if (!relation) return null;
  i++;
  while (tokens[i] && (tokens[i]?.pos === 'PUNCT' || ['called', 'named'].includes(words[i] ?? ''))) i++;
  const rest = tokens.slice(i).filter((t) => t.pos !== 'SYM');
  const run = properRuns(rest)[0];
  // "a baby girl, Maya 💕": the name after the comma is in the next clause of the message.
  const afterComma = BABY_NAME_AFTER_COMMA.exec(message)?.[1];
  const name = run && run.start === 0 && run.end <= 2 ? run.text : afterComma && !NOT_A_BABY_NAME.has(afterComma.toLowerCase()) ? afterComma : null;
  return { name, relation, content: name ? `${name} is ${own.firstPerson ? "the user's" : possessive(own.text)} ${relation}` : `${own.text} had a baby ${relation === 'daughter' ? 'girl' : 'boy'}` };
}

/** "his name is Jake", "her name's Pepper", "he's called Leo": a name given in the sentence after someone new. */
const NAME_GIVEN_NEXT = /(?:^|[.!?,;\p{Extended_Pictographic}\uFE0F]\s*)(?:his|her)\s+name(?:'s|\s+is)\s+(\p{Lu}\p{Ll}+)(?![\p{L}])|(?:^|[.!?,;\p{Extended_Pictographic}\uFE0F]\s*)(?:he|she)(?:'s|\s+is)\s+called\s+(\p{Lu}\p{Ll}+)(?![\p{L}])/u;
const SOMEONE_NEW = /\b(?:I am|I'm)\s+(?:seeing|dating)\s+(?:someone|somebody|a (?:guy|girl|man|woman|lad|boy|bloke))\b|(?:^|[.!?]\s*)(?:I\s+)?(?:met|have met)\s+(?:someone|somebody)\b|(?:^|[.!?]\s*)(?:I\s+)?(?:have\s+)?started\s+(?:dating|seeing)\s+(?:someone|somebody)\b/i;
const CHILD_BORN = /\b(?:we|I)\s+(?:just\s+|finally\s+)?had\s+(?:a|our)\s+(?:baby\s+|little\s+)?(girl|boy|daughter|son)\b/i;
const PET_GOT = /\b(?:we|I)\s+(?:just\s+|finally\s+)?(?:got|adopted|rescued)\s+(?:a|our)\s+(?:new\s+|rescue\s+|little\s+)?(puppy|dog|cat|kitten|rabbit|bunny|hamster|guinea pig|parrot|tortoise|horse)\b/i;

/**
 * Someone new told of in one sentence and named in the next: "im seeing someone 🙈 his name is jake", "we had a baby
 * boy!! his name is Leo", "we got a puppy! her name is Pepper". The speaker's partner, child or pet, named; empty when
 * the message is not of that shape (someone else's baby, a name with nothing new before it).
 */
export function namedInTheNextSentence(text: string, own: Subject): Built[] {
  const given = NAME_GIVEN_NEXT.exec(text);
  const name = given?.[1] ?? given?.[2];
  if (!given || !name) return [];
  const before = text.slice(0, given.index);
  const whose = own.firstPerson ? "the user's" : possessive(own.text);
  const person = { name, type: 'person' as const, aliases: [] };
  if (SOMEONE_NEW.test(before)) {
    return [{ content: `${own.text} is seeing ${name}`, type: 'semantic', slot: `${own.key}.partner`, value: normaliseFact(name), entities: [person] }];
  }
  const child = CHILD_BORN.exec(before)?.[1]?.toLowerCase();
  if (child) {
    const relation = BABY_RELATION[child] ?? 'son';
    return [{ content: `${name} is ${whose} ${relation}`, type: 'semantic', slot: `${slotKey(name)}.relation.${own.key}`, value: relation, entities: [person] }];
  }
  const pet = PET_GOT.exec(before)?.[1]?.toLowerCase();
  if (pet) {
    return [{ content: `${name} is ${whose} ${pet}`, type: 'semantic', slot: `${slotKey(name)}.relation.${own.key}`, value: pet, entities: [{ name, type: 'concept', aliases: [] }] }];
  }
  return [];
}

/** A birth as a statement: the child named as the speaker's daughter or son, or the news alone. */
export function birthStatement(tokens: readonly Token[], start: number, own: Subject, message: string): Built | null {
  const born = birthNews(tokens, start, own, message);
  if (!born) return null;
  if (!born.name) return { content: born.content, type: 'semantic', slot: null, value: null, entities: [] };
  const child: StatementEntity = { name: born.name, type: 'person', aliases: [`my ${born.relation}`] };
  return { content: born.content, type: 'semantic', slot: `${slotKey(born.name)}.relation.${own.key}`, value: born.relation, entities: [child, ...(own.entity ? [own.entity] : [])] };
}

/** "got a new job!! at Ocado, product manager": the new job's place, said in the next sentence. */
const NEW_JOB_THEN_PLACE = /\bI?\s*got\s+(?:a|the|my)\s+(?:new\s+|first\s+|dream\s+)?job\b[\s!.\p{Extended_Pictographic}\uFE0F]*[!.\p{Extended_Pictographic}]\s*[Aa]t\s+(\p{Lu}[\p{L}&'-]*(?:\s+\p{Lu}[\p{L}&'-]*){0,2})(?![\p{L}])/u;

function newJobPlace(text: string, own: Subject): Built[] {
  const org = NEW_JOB_THEN_PLACE.exec(text)?.[1];
  if (!org) return [];
  return [{ content: `${own.text} works at ${org}`, type: 'semantic', slot: `${own.key}.employer`, value: normaliseFact(org), entities: [{ name: org, type: 'organization', aliases: [] }] }];
}

/** `out` with the one named in the next sentence added; the unnamed news of a birth gives way to the named child. */
export function withNamedInTheNextSentence(out: Statement[], text: string, own: Subject): Statement[] {
  for (const named of [...namedInTheNextSentence(text, own), ...newJobPlace(text, own)]) {
    const unnamed = out.findIndex((s) => s.slot === null && /\bhad a baby (?:girl|boy)$/.test(s.content));
    if (unnamed >= 0 && named.slot?.includes('.relation.')) out.splice(unnamed, 1);
    if (!out.some((s) => s.slot === named.slot && s.value === named.value)) out.push({ ...named, eventTime: null });
  }
  return out;
}

/** Whether the verb group from `at` is one of where someone lives ("moved to", "have lived in", "relocated", "emigrated"). */
export function movesHome(tokens: readonly Token[], at: number): boolean {
  const verb = tokens.slice(at, at + 4).find((t) => t.pos === 'VERB');
  return verb !== undefined && ['move', 'relocate', 'live', 'settle', 'emigrate'].includes(verb.lemma);
}

/** Whether the verb group from `at` gets a lasting thing (ACQUISITIONS): "got a puppy", "adopted a cat", "bought a house". */
export function acquires(tokens: readonly Token[], at: number): boolean {
  const v = tokens.slice(at, at + 3).findIndex((t) => t.pos === 'VERB');
  const verb = tokens[at + v];
  if (v < 0 || !verb || !['get', 'adopt', 'buy', 'rescue'].includes(verb.lemma) || lowerOf(verb) === verb.lemma) return false;
  return acquiredThing(tokens.slice(at + v + 1)) !== null;
}

/** Where the verb of "me and my mum moved to …" is (the companion at most three words), when it moves home; else -1. */
export function movedTogether(tokens: readonly Token[], start: number): number {
  const verb = tokens.findIndex((t, i) => i > start + 2 && i <= start + 5 && (t.pos === 'VERB' || t.pos === 'AUX'));
  return verb > 0 && movesHome(tokens, verb) ? verb : -1;
}

/**
 * A relapse said without its habit, after the habit given up: "…, started again in march", "… but back on them now",
 * ". relapsed in june", "… caved last week". Not denied ("never started again", "didn't cave").
 */
const RELAPSE = new RegExp(
  String.raw`(?:^|[,;.!?…]\s*|\b(?:but|and|then|now|til|till|until)\s+)(?:(?:i'?m|i am|im|i'?ve|i have|i)\s+)?(?:(?:now|just|kinda|basically|totally)\s+)?` +
    String.raw`(back on (?:them|it|em|'em|those)|back at it|started (?:again|back up|up again|(?:it|them|em) (?:again|back up|up again))|picked (?:it|them|em) (?:back )?up(?: again)?|relapsed|caved|fell off the wagon)\b([^,;.!?…]*)`,
  'i',
);
const DENIED_BEFORE = /\b(?:never|not|didn'?t|haven'?t|hasn'?t|won'?t|don'?t|almost|nearly)\s+(?:\w+\s+)?$/i;
/** The activity a habit's slot names, for "User started drinking again". */
const HABIT_ACTIVITY: Readonly<Record<string, string>> = { alcohol: 'drinking', smoking: 'smoking', vaping: 'vaping' };
/** What the generic reading makes of a relapse said without its habit ("User started again in March"). */
const HABITLESS_RELAPSE = /^\S+ (?:started(?: (?:it|them))? (?:again|back up|up again)|relapsed|caved)\b/;

/** `out` with the habits a message says are kept off (withAbstinence) or taken up again (withRelapses). */
export function withHabitNews(out: Statement[], text: string, own: Subject, reference: number): Statement[] {
  return withRelapses(withAbstinence(out, text, own, reference), text, own, reference);
}

/**
 * "I haven't smoked since june", "havent had a drink in 3 weeks", "not had a cig for a month": the speaker is off the
 * habit, since the time said. Not a question, not someone else ("he hasn't smoked since june").
 */
const ABSTINENCE = new RegExp(
  String.raw`(?:^|[.!,;…\n]\s*)(?:${OPENERS_BEFORE})(?:I\s+)?(?:have not|haven'?t|havent|not)\s+(?:(smoked|vaped|drunk|drank)|had\s+(?:a|an?y|one|a single)\s+(drink|drop|sip|beer|pint|glass of wine|cig|cigarette|ciggie|fag|smoke|vape))\s+(?:(since)\s+([^,.!?;…\n]+)|(?:in|for)\s+(?:over\s+|nearly\s+|almost\s+)?(${SPAN_COUNT})\s+(day|week|month|year)s?\b)`,
  'iu',
);
const ABSTAINED_FROM: Readonly<Record<string, string>> = { smoked: 'smoking', vaped: 'vaping', drunk: 'alcohol', drank: 'alcohol', cig: 'smoking', cigarette: 'smoking', ciggie: 'smoking', fag: 'smoking', smoke: 'smoking', vape: 'vaping' };
const ABSTINENCE_READ_GENERICALLY = /^\S+ (?:has|have) not (?:smoked|vaped|drunk|drank|had)\b/;
const SPAN_NUMBERS: Readonly<Record<string, number>> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, 'a couple of': 2, 'a few': 3 };

function withAbstinence(out: Statement[], text: string, own: Subject, reference: number): Statement[] {
  const found = ABSTINENCE.exec(text);
  if (!found || text.slice(found.index).split(/[.!\n]/)[0]?.includes('?')) return out;
  const habit = ABSTAINED_FROM[(found[1] ?? found[2] ?? '').toLowerCase()] ?? 'alcohol';
  const slot = `${own.key}.uses.${habit}`;
  if (out.some((s) => s.slot === slot)) return out;
  let time: number | null = null;
  let since = '';
  if (found[3]) {
    const when = timeMentions(found[4] ?? '', reference).find((m) => goneBy(m, false));
    time = when?.time ?? null;
    since = when && !when.relative && when.index === 0 ? ` since ${when.text}` : '';
  } else {
    const n = /^\d+$/.test(found[5] ?? '') ? Number(found[5]) : SPAN_NUMBERS[(found[5] ?? '').toLowerCase()];
    const d = new Date(reference);
    if (n !== undefined) time = found[6] === 'day' ? reference - n * 86_400_000 : found[6] === 'week' ? reference - n * 7 * 86_400_000 : found[6] === 'month' ? d.setUTCMonth(d.getUTCMonth() - n) : d.setUTCFullYear(d.getUTCFullYear() - n);
  }
  const activity = HABIT_ACTIVITY[habit] ?? habit;
  const content = since ? `${own.text} has not ${habit === 'alcohol' ? 'had a drink' : (found[1] ?? 'smoked').toLowerCase()}${since}` : `${own.text} stopped ${activity}`;
  const kept = out.filter((s) => !(s.slot === null && ABSTINENCE_READ_GENERICALLY.test(s.content)));
  return [...kept, { content, type: 'semantic', slot, value: 'no', entities: [], eventTime: time }];
}

/**
 * `out` with a relapse told after the habit given up in the same message: the habit's slot is taken up again, dated by
 * the time said with the relapse ("quit smoking in jan, started again in march": no, then yes in March). The later
 * statement in the slot supersedes the earlier one, so the quit stays in history.
 */
function withRelapses(out: Statement[], text: string, own: Subject, reference: number): Statement[] {
  const quit = out.findLast((s) => s.value === 'no' && /\.uses\.[\w-]+$/.test(s.slot ?? ''));
  const found = quit ? RELAPSE.exec(text) : null;
  if (!quit?.slot || !found || DENIED_BEFORE.test(text.slice(0, found.index + found[0].indexOf(found[1] as string)))) return out;
  const habit = quit.slot.slice(quit.slot.lastIndexOf('.') + 1);
  const after = out.indexOf(quit);
  if (out.slice(after + 1).some((s) => s.slot === quit.slot)) return out;
  const tail = found[2] ?? '';
  const when = timeMentions(tail, reference).find((m) => goneBy(m, false) && !/^now$/i.test(m.text));
  // ("in March" is said as written; "last week" would be wrong tomorrow, and is the event time alone.)
  const lead = when ? tail.slice(0, when.index).trim() : '';
  const said = when && !when.relative && /^(?:(?:in|on|at|since|around|by|during|back in)(?: the)?)?$/i.test(lead) ? ` ${`${lead} ${when.text}`.trim()}` : '';
  const activity = HABIT_ACTIVITY[habit];
  // (The thing as the give-up named it: "User quit Insta in October", then "User is back on Insta".)
  const named = quit.content.split(/\s+/).find((w) => appSlotName(w.toLowerCase()) === habit) ?? habit;
  const content = activity ? `${own.text} started ${activity} again${said}` : `${own.text} is back on ${named}${said}`;
  // (A relapse dated before the give-up it follows reads the times wrong: it is dated when said.)
  const time = when && (quit.eventTime === null || when.time >= quit.eventTime) ? when.time : null;
  const relapse: Statement = { content: time === null ? content.slice(0, content.length - said.length) : content, type: 'semantic', slot: quit.slot, value: 'yes', entities: [], eventTime: time };
  return [...out.filter((s) => !(s.slot === null && HABITLESS_RELAPSE.test(s.content))), relapse];
}

const HABIT_OF_ONE: Readonly<Record<string, string>> = { smoker: 'smoking', vaper: 'vaping', drinker: 'alcohol' };
/**
 * "a smoker", "a heavy drinker", "a non-smoker", "an ex-smoker", "a former vaper": who one is by a habit, in the habit's
 * slot (yes or no), not a job. Null for any other role.
 */
export function habitIdentity(role: readonly Token[]): { slot: string; value: 'yes' | 'no' } | null {
  const words = role.map(lowerOf);
  const last = (words.at(-1) ?? '').replace(/^(?:non-?|ex-)/, '');
  const habit = HABIT_OF_ONE[last];
  if (!habit) return null;
  const quit = /^(?:non-?|ex-)/.test(words.at(-1) ?? '') || words.slice(0, -1).some((w) => ['non', 'ex', 'former', 'reformed', 'recovering'].includes(w));
  return { slot: `uses.${habit}`, value: quit ? 'no' : 'yes' };
}
