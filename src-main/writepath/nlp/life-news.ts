/**
 * Life news as chats tell it, each read the chat's way: a habit's state ("back on the cigs", "8 months sober"), a
 * birth ("we had a baby girl, Maya"), someone new named in the next sentence ("im seeing someone 🙈 his name is
 * jake"), and news shared with others that is the speaker's too ("we moved to Leeds", "me and my mum moved …",
 * "we got a puppy"). Each gives the speaker's statement, or null / nothing for any other shape (a habit's story over
 * time is habit-story.ts).
 */
import { normaliseFact } from '../text';
import { joinTokens, type Token } from './analyzer';
import { FREE_OF, SPAN_COUNT, WITHOUT_HABIT } from './time-spans';
import { appSlotName, HABIT_NAMES, OPENERS_BEFORE, SOCIAL_APPS } from './lexicon';
import { acquiredThing, lowerOf, possessive, properRuns, slotKey } from './phrases';
import type { Built, Statement, StatementEntity, Subject } from './statement-types';

/** Things one is "off" or "back on" the way one is off the booze: "off coffee", "back on sugar". */
const GIVEN_UP = ['coffee', 'caffeine', 'tea', 'sugar', 'meat', 'dairy', 'carbs', 'gluten', 'bread', 'chocolate', 'sweets', 'crisps'];
const GIVEN_UP_THINGS: ReadonlySet<string> = new Set(GIVEN_UP);

/** "teetotal", "tee total" said of the speaker: nothing after but a time or a filler ("teetotal pubs are a thing" is no habit). */
const TEETOTAL = String.raw`tee[- ]?total\b(?=\s*(?:$|[.!,;…]|now\b|these days|nowadays|since\b|for\b|lol|tbh|btw|again|actually|🙌|💪))`;
/** The habit's slot for what one is "free" of (FREE_OF, time-spans.ts). */
const FREE_OF_HABIT: Readonly<Record<string, string>> = { smoke: 'smoking', nicotine: 'smoking', alcohol: 'alcohol', booze: 'alcohol', vape: 'vaping' };

/** "back on the cigs", "sober 8 months today", "havent smoked since june": a habit's news said without "I". */
export const HABIT_NEWS_WITHOUT_SUBJECT = new RegExp(String.raw`^\W*${OPENERS_BEFORE}(?:been\s+)?(?:${SPAN_COUNT}\s+(?:days?|weeks?|months?|years?)\s+|day\s+\d{1,3}\s+)?${FREE_OF}[- ]?free\b|^\W*${OPENERS_BEFORE}(?:been\s+)?(?:${SPAN_COUNT}\s+(?:days?|weeks?|months?|years?)\s+)?(?:back on|back to|off)\s+(?:the\s+\w+|(?:${[...GIVEN_UP, ...HABIT_NAMES.keys(), ...SOCIAL_APPS].join('|')})\b)|^\W*${OPENERS_BEFORE}(?:been\s+)?(?:sober\b|${TEETOTAL}|${SPAN_COUNT}\s+(?:days?|weeks?|months?|years?)\s+sober\b|day\s+\d{1,3}\s+sober\b)|^\W*${OPENERS_BEFORE}(?:have not|haven'?t|havent|not)\s+(?:smoked|vaped|drunk|drank|had\s+(?:a|any|one)\s)|^\W*${OPENERS_BEFORE}(?:it'?s\s+)?(?:been\s+|gone\s+)?${SPAN_COUNT}\s+(?:days?|weeks?|months?|years?)\s+${WITHOUT_HABIT}`, 'i');

/** Smoke-free, said of the speaker, with nothing after but a time or a filler: "5 days smoke free", "smoke-free since june". */
const SMOKE_FREE = new RegExp(String.raw`^(?:(?:i'?m|i am)\s+)?(?:(?:i'?ve\s+|i have\s+)?been\s+)?(?:(?:officially|now)\s+)?(?:${SPAN_COUNT}\s+(?:days?|weeks?|months?|years?)\s+|day\s+\d{1,3}\s+(?:of\s+(?:being\s+)?)?)?(${FREE_OF})\s?-?\s?free(?=\s*(?:$|[.!,;…]|now\b|today\b|since\b|for\b|lol|tbh|btw|again|${SPAN_COUNT}\s+(?:days?|weeks?|months?|years?)\b|\p{Extended_Pictographic}))`, 'iu');

/**
 * Sober for the moment: "sober rn lol", "sober tonight", "sober enough to drive", "sober as a judge", "sober since noon",
 * "sober for the first time in days" (not a habit given up).
 */
const SOBER_FOR_NOW = /\bsober\s+(?:rn|right now|atm|at the moment|tonight|today lol|enough|as a|for (?:the|once)|since (?:noon|lunch|midday|this (?:morning|afternoon|evening)|last night|earlier|\d{1,2}(?::\d{2})?\s*(?:am|pm))|so far (?:tonight|today))\b|\b(?:designated driver|driving)\b.*\bsober\b|\bsober\b.*\b(?:to drive|designated driver)\b/i;

/** Counted spans of sobriety: "8 months sober", "sober 3 weeks", "sober for a year"; "teetotal". */
const SOBER = new RegExp(String.raw`^(?:(?:i'?m|i am)\s+)?(?:(?:i'?ve\s+|i have\s+)?been\s+)?(?:${SPAN_COUNT}\s+(?:days?|weeks?|months?|years?)\s+sober|day\s+\d{1,3}\s+sober|sober\b|${TEETOTAL})`, 'i');

const SPAN_BEFORE_HABIT = new RegExp(String.raw`^(?:been )?(?:${SPAN_COUNT} (?:day|week|month|year)s? )?(?=(?:off|back) )`);

/** "100 days without a cigarette", "gone 3 weeks without a drink", "a month without vaping" (the word after "without"). */
// (A day alone is no habit given up: "a day without a drink".)
// (A spell that is over is no habit given up: "i went 3 weeks without a drink last year", "… is my record", "… once".)
const GONE_WITHOUT = new RegExp(String.raw`^(?:(?:it'?s\s+)?(?:been|gone)\s+)?(?!(?:1|an?|one)\s+day\b)(?:${SPAN_COUNT})\s+(?:days?|weeks?|months?|years?)\s+${WITHOUT_HABIT}(?=\s*(?:$|[.!,…]|now\b|today\b|and counting\b|so far\b|btw\b|lol\b|tbh\b|yay\b|finally\b|\p{Extended_Pictographic}))`, 'iu');

/**
 * A habit's state said the chat's way: "back on the cigs", "im off the booze", "8 months sober", "sober 3 weeks today".
 * The habit's one slot (lexicon.ts HABIT_NAMES), or null for anything else ("back on the bus", "sober october" is a
 * spell, which sentence-scope.ts keeps from changing a habit).
 */
export function habitNews(tokens: readonly Token[], start: number, own: Subject): Built | null {
  let i = start;
  if (['i', 'im'].includes(lowerOf(tokens[i]))) i++;
  if (["'m", 'am', 'm', "'ve", 've', 'have'].includes(lowerOf(tokens[i]))) i++;
  // ("i've been off the cigs for 3 months", "10 days off the cigs": how long is when it began, not the habit.)
  const said = tokens.slice(i).filter((t) => t.pos !== 'PUNCT' && t.pos !== 'SYM').map(lowerOf).join(' ');
  const lead = SPAN_BEFORE_HABIT.exec(said)?.[0] ?? '';
  // ("i went back to drinking", "took up smoking again", "i'm on tiktok again": taken up again.)
  const words = said.slice(lead.length).replace(/^(?:went|gone|going|got|have gone) back /, 'back ').replace(/^(?:took|taken|picked) up (?=\S+ again\b)/, 'back to ').replace(/^on (?=\S+ again\b)/, 'back on ').split(' ');
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
  // "5 days smoke free!!", "i'm smoke-free since june", "alcohol free since may": not had (not "a smoke free hotel").
  // ("smoke free since june until last night 😔": a spell that has ended.)
  const free = SMOKE_FREE.exec(joinTokens(tokens.slice(i)));
  if (free && !/\b(?:until|till|til|then)\b/i.test(joinTokens(tokens.slice(i)))) {
    const of = (free[1] ?? 'smoke').toLowerCase();
    return { content: `${own.text} is ${of}-free`, type: 'semantic', slot: `${own.key}.uses.${FREE_OF_HABIT[of] ?? 'smoking'}`, value: 'no', entities: [] };
  }
  const text = joinTokens(tokens.slice(i));
  // "100 days without a cigarette", "gone 3 weeks without a drink": given up, dated by the span (time-spans.ts).
  const without = GONE_WITHOUT.exec(text)?.[0].replace(/^.*\bwithout\s+/i, '').toLowerCase();
  if (without) {
    const habit = /(?:cig|smok|fag)/.test(without) ? 'smoking' : /vap/.test(without) ? 'vaping' : 'alcohol';
    return { content: `${own.text} stopped ${habit === 'alcohol' ? 'drinking' : habit}`, type: 'semantic', slot: `${own.key}.uses.${habit}`, value: 'no', entities: [] };
  }
  // ("sober october" is a spell, "sober for 2 hours lol" a night's joke, "sober up" an order, "sober curious" a question.)
  if (!SOBER.test(text) || SOBER_FOR_NOW.test(text) || /\bsober (?:october|january|for (?:a|the) (?:night|day|weekend))\b/i.test(text) || /\bsober[- ](?:up|curious|ish)\b/i.test(text) || /\bsober\s+(?:for\s+)?(?:\d+|an?|one|two|three|a few|a couple of)\s+(?:hours?|hrs?|minutes?|mins?|seconds?|secs?)\b/i.test(text)) return null;
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
