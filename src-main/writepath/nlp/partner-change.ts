/**
 * A partner found or left, read offline: "I married Tom", "I'm engaged to Chris", "I've been seeing Jo for a few
 * months", "I broke up with Sam", "I split from Dan in june", "I'm divorced". Each lands in the subject's partner slot,
 * a break-up with the value `ended:X` (or `ended:` when no one is named), so consolidation supersedes the partner fact.
 */
import { escapeRegExp } from '../../../src-shared/text';
import { normaliseFact } from '../text';
import { joinTokens, type Token } from './analyzer';
import { isTimePhrase, lowerOf, nameAfter, possessive, properRuns } from './phrases';
import { isPersonName } from './names';
import { PARTNERS } from './lexicon';
import { endedValue } from '../../../src-shared/slot-values';
import type { Built, Context, StatementEntity, Subject } from './statement-types';
import type { VerbGroup } from './verb-group';
import { JOB_LENGTH } from './job-forms';
import { onlyTimeOrFillers } from './state-words';
import { relationAt, relativeAt } from './relation-at';

/** What one calls a partner: "my boyfriend", "my gf". */
const PARTNER_WORDS = new Set([...PARTNERS, 'bf', 'gf', 'hubby']);

export const person = (name: string): StatementEntity => ({ name, type: 'person', aliases: [] });

/** A clause readChange has taken apart: what the partner rules read of it. */
export interface ChangeClause {
  subject: Subject;
  group: VerbGroup;
  object: Token[];
  ctx: Context;
  /** The subject as a fact writes it ("User", "Sam"). */
  s: string;
  /** The clause as said, in the third person ("User broke up with Sam"). */
  said: string;
  /** The object's first word, lower case. */
  first: string;
  /** The object's first run of capitalised words. */
  named: { start: number; end: number; text: string } | undefined;
  /** That run, when the object starts with it. */
  namedFirst: string | null;
  /** Said as done: a past tense or "has/have …". */
  done: boolean;
  /** Said in the passive or with "got": "I'm divorced", "I got dumped". */
  passive: boolean;
  built(content: string, slotName: string, value: string, entities: StatementEntity[]): Built[];
}

/** "I got dumped (by Dan)": as "I was dumped". */
export const gotDumped = (clause: ChangeClause): Built[] | null => (clause.subject.firstPerson ? partnerDumped(clause, clause.object.slice(1), true) : null);

/** "I got divorced from Mark (in 2019)": as "I'm divorced from Mark". */
export function gotDivorcedFrom(clause: ChangeClause): Built[] | null {
  const object = clause.object.slice(1);
  const named = properRuns(object)[0];
  return partnerChange({ ...clause, group: { ...clause.group, lemma: 'divorce' }, object, first: 'from', named, namedFirst: null, passive: true });
}

/**
 * The partner the subject dumped or divorced (`verb`; `object`: "him", "Dan", "my boyfriend", then at most a time), or was
 * dumped by ("by Dan", or nothing).
 */
function partnerDumped({ s, built, ctx }: ChangeClause, object: readonly Token[], passive: boolean, verb = 'dumped'): Built[] | null {
  const first = lowerOf(object[0]);
  if (passive && (object.length === 0 || isTimePhrase(object))) return built(`${s} was ${verb}`, 'partner', endedValue(''), []);
  // ("dumped my boyfriend (Tom)", "got dumped by my gf": the partner, named after the word or not.)
  const own = ['my', 'their'].includes(lowerOf(object[passive ? 1 : 0])) && PARTNER_WORDS.has(lowerOf(object[passive ? 2 : 1])) ? 2 : 0;
  const at = (passive ? (first === 'by' ? 1 : -1) : 0) + own;
  if (at < own) return null;
  if (own > 0 && (at === object.length || isTimePhrase(object.slice(at)))) return built(passive ? `${s} was ${verb} by their partner` : `${s} ${verb} their partner`, 'partner', endedValue(''), []);
  const run = properRuns(object).find((r) => r.start === at);
  const end = run ? run.end : ['him', 'her'].includes(lowerOf(object[at])) ? at + 1 : -1;
  // (A person the name finder knows: "I dumped Vodafone" is a contract ended.)
  if (end < 0 || (end < object.length && !isTimePhrase(object.slice(end))) || (run && (!isPersonName(object.slice(at, run.end)) || ctx.named.get(run.text.toLowerCase()) !== 'person'))) return null;
  const name = run?.text ?? '';
  const whom = name || 'their partner';
  return built(passive ? `${s} was ${verb} by ${whom}` : `${s} ${verb} ${whom}`, 'partner', endedValue(normaliseFact(name)), name ? [person(name)] : []);
}

/**
 * "Dan dumped me (last week)", "she broke up with me", "he left me for his ex": someone the speaker does not call a
 * partner ends the couple all the same (a name or "he"/"she" first; "left me" only for someone: "she left me at the
 * station" is a lift).
 */
export function dumpedBy(tokens: readonly Token[], start: number, own: Subject, ctx: Context): Built | null {
  const pronoun = ['he', 'she'].includes(lowerOf(tokens[start]));
  const run = pronoun ? undefined : properRuns(tokens.slice(start)).find((r) => r.start === 0);
  if (!pronoun && (!run || !isPersonName(tokens.slice(start, start + run.end)) || ctx.named.get(run.text.toLowerCase()) === 'organization')) return null;
  const rest = joinTokens(tokens.slice(start + (run?.end ?? 1)));
  const left = LEFT_ME.exec(rest);
  const verb = left?.[1]?.toLowerCase();
  if (!left || !verb || (verb === 'left' && !/^\s*for\b/i.test(rest.slice(left[0].length)))) return null;
  const name = run?.text ?? '';
  return {
    content: `${name || `${possessive(own.text)} partner`} ${verb} ${own.text}`,
    type: 'semantic',
    slot: `${own.key}.partner`,
    value: endedValue(normaliseFact(name)),
    entities: name ? [person(name)] : [],
  };
}

/** "my divorce came through (today)", "my divorce was finalised", "my divorce is final" (read where a sentence opens with "my"). */
const DIVORCE_FINAL = /^(?:my|the|our)\s+divorce\s+(?:(?:has|is|was|got|have|finally)\s+)*(?:came through|come through|went through|gone through|final|finali[sz]ed|official|done|granted|through)\b/i;

/** The speaker's divorce done ("my divorce came through today"): no partner now, whoever it was. */
export function divorceFinal(tokens: readonly Token[], start: number, own: Subject): Built | null {
  const text = joinTokens(tokens.slice(start));
  const m = DIVORCE_FINAL.exec(text);
  if (!m || !onlyTimeOrFillers(text.slice(m[0].length))) return null;
  return { content: `${possessive(own.text)} divorce is final`, type: 'semantic', slot: `${own.key}.partner`, value: endedValue(''), entities: [] };
}

/** Statements for a change of partner, or null when the clause is not one. */
export function partnerChange(clause: ChangeClause): Built[] | null {
  const { subject, group, object, ctx, s, said, first, named, namedFirst, done, passive, built } = clause;
  switch (group.lemma) {
    case 'marry': // "I married Tom in June": a partner (the time is the fact's date).
      return group.negated || !done || !namedFirst ? null : built(`${s} married ${namedFirst}`, 'partner', normaliseFact(namedFirst), [person(namedFirst)]);
    case 'engage': {
      // "I'm engaged to Chris (now)": the partner, engaged; not "was engaged to" (over), not "engaged to be married".
      const partner = first === 'to' ? nameAfter(object, ['to']) : null;
      if (!partner || group.negated || !/\bengaged$/.test(group.phrase) || /\b(?:was|were|had|been)\b/.test(group.phrase)) return null;
      return built(`${s} is engaged to ${partner}`, 'partner', normaliseFact(partner), [person(partner)]);
    }
    case 'date':
    case 'see': {
      // "I'm seeing Alex", "I've been dating Alex": a partner; "I saw Alex" is not, nor is "I was seeing Alex" (then).
      if (!/\b(?:is|are|been)\b/.test(group.phrase) || /\b(?:was|were|had) been\b/.test(group.phrase)) return null;
      // "I'm dating a guy called Pete": the partner, named after who they are.
      const nameAt = first === 'someone' ? 2 : /^(?:a|this|some)$/.test(first) && /^(?:guy|girl|man|woman|boy|lad|bloke|person|dude|chap)$/.test(lowerOf(object[1])) ? 3 : -1;
      const called = !namedFirst && nameAt > 0 && ['called', 'named'].includes(lowerOf(object[nameAt - 1]));
      // ("I've been seeing Jo for a few months now": how long may follow the name.)
      const lasting = named ? JOB_LENGTH.exec(joinTokens(object.slice(named.end))) : null;
      const whole = named?.end === object.length || (lasting !== null && lasting.index === 0 && /\b(?:has|have) been\b/.test(group.phrase));
      const who = called ? properRuns(object).find((r) => r.start === nameAt && r.end === object.length)?.text : namedFirst && whole ? namedFirst : undefined;
      // "seeing Dr Jones": a doctor, not a partner.
      if (!who || /^(?:dr|doctor|prof|professor|nurse|mr|mrs|ms|miss|sir)\b\.?/i.test(who)) return null;
      return built(called ? `${s} ${group.phrase} ${who}` : said, 'partner', group.negated ? endedValue(normaliseFact(who)) : normaliseFact(who), [person(who)]);
    }
    case 'break':
    case 'split':
    case 'divorce': {
      // ("I'm (finally) divorced from Mark": from whom, as "split from".)
      const partner = group.lemma === 'divorce' && first !== 'from' ? namedFirst : ['with', 'from'].includes(first) ? (properRuns(object)[0]?.start === 1 ? properRuns(object)[0]?.text : null) : null;
      // "I split from Dan (in june / after six years)", "from my husband": as "split up with"; not "Dan's band", "at the mall".
      const fromWhom = partner ? object.slice(1, 1 + partner.split(' ').length) : [];
      const [after, rest] = [object.slice(1 + fromWhom.length), object[1 + fromWhom.length]];
      const someone = partner !== null && partner !== undefined && isPersonName(fromWhom) && (!rest || isTimePhrase(after) || lowerOf(rest) === 'after');
      const splitFrom = ['split', 'divorce'].includes(group.lemma) && first === 'from' && (partner ? someone && ctx.named.get(partner.toLowerCase()) !== 'organization' && !ctx.isOrganisation(partner) : PARTNERS.has(lowerOf(object[2])));
      if (group.negated || (group.lemma !== 'divorce' && !group.phrase.endsWith(' up') && !splitFrom) || (first === 'from' && !splitFrom)) return null;
      // "I divorced him (in 2022)", "I divorced my husband two years ago": as "I dumped him".
      if (group.lemma === 'divorce' && !passive && done && subject.firstPerson && !namedFirst && first !== 'from') return partnerDumped(clause, object, false, 'divorced');
      // "I'm divorced (now)", "I got divorced": no partner now, whoever it was.
      if (group.lemma === 'divorce' && passive && object.length === 0 && subject.firstPerson) return built(said, 'partner', endedValue(''), []);
      // "I broke up with my boyfriend (of 3 years)", "split up with my girlfriend Jess": the partner, named or not.
      const own = ['with', 'from'].includes(first) && ['my', 'their', 'his', 'her'].includes(lowerOf(object[1])) && PARTNERS.has(lowerOf(object[2])) && !/^['’]s$/.test(object[3]?.text ?? '');
      if (!partner && own && subject.firstPerson) {
        const name = properRuns(object).find((r) => r.start === 3)?.text;
        return built(said, 'partner', endedValue(name ? normaliseFact(name) : ''), name ? [person(name)] : []);
      }
      // "I broke up with him (on tuesday)": the speaker's partner, unnamed.
      const them = !partner && first === 'with' && ['him', 'her'].includes(lowerOf(object[1])) && subject.firstPerson && (object.length === 2 || isTimePhrase(object.slice(2)));
      return partner ? built(said, 'partner', endedValue(normaliseFact(partner)), [person(partner)]) : them ? built(`${s} broke up with their partner`, 'partner', endedValue(''), []) : null;
    }
    case 'dump':
      // "I've been dumped (by Dan) (last week)", "I dumped him", "I dumped Dan": no partner now; not "I dumped the old
      // sofa at the tip".
      return group.negated || !done || !subject.firstPerson ? null : partnerDumped(clause, object, passive);
    default:
      return null;
  }
}

/** What a partner did to the speaker that ends them as a couple (the subject is the partner, the object "me"). */
export const LEFT_ME =
  /^(?:(?:just|has|had|finally)\s+)*(dumped|left|ditched|broke up with|split up with|split with|walked out on|divorced)\s+(?:me|us)(?=[\s.!?,…]*$|[\s.!?,…]+(?:on\s+(?:(?:mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(?:day)?|my|our|valentine'?s?|christmas|xmas|new\s+year'?s?|boxing\s+day|the\s+(?:\d|phone|first|last))|last|yesterday|today|tonight|this|after|in (?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*|\d+)|\d|ages|a (?:week|month|year|while|few)|for (?:someone|somebody|some|another|her|him|his|a|my|\p{Lu})|lol|haha|omg|tbh|ngl|fml|smh|and|so|but|(?:over|by|via|on)\s+(?:a\s+|the\s+)?(?:text|txt|phone|whatsapp|email|e-mail|message|voicemail|voice note|snapchat|snap|instagram|insta|dm))\b(?!\s+read\b)|[\s.!?,…]*\p{Extended_Pictographic})/iu;

/**
 * "my girlfriend dumped me", "my husband left me", "my boyfriend Tom broke up with me": the clause after a partner
 * (`relation`, the subject) ends them as the speaker's (`own`) partner; null for anything else ("left me a note").
 */
export function partnerLeft(rest: readonly Token[], relation: string, subject: Subject, own: Subject): Built | null {
  if (!PARTNERS.has(relation.split(' ').at(-1) ?? '') || subject.text === own.text) return null;
  // ("my boyfriend of two years dumped me": how long they were together comes first.)
  const left = LEFT_ME.exec(joinTokens(rest).replace(/^of\s+(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)\s+(?:years?|yrs?|months?|weeks?)\s+/i, ''));
  if (!left) return null;
  const partner = subject.unnamed ? '' : subject.text;
  const who = subject.unnamed ? subject.text : `${possessive(own.text)} ${relation} ${partner}`;
  return {
    content: `${who} ${left[1]?.toLowerCase()} ${own.text}`,
    type: 'semantic',
    slot: `${own.key}.partner`,
    value: endedValue(normaliseFact(partner)),
    entities: subject.entity && !subject.unnamed ? [subject.entity] : [],
  };
}

/**
 * What is said of a named partner that makes them one no more: a death ("passed away", "died in 2019", "is in heaven
 * now"), "is my ex now", "we're over", "he's gone" after a cheat. The partner fact is then written as what was ("James
 * was the user's husband", `ended:james`), where "James is the user's husband" would keep a dead husband or an ex as the
 * current partner. Not "is late", "is away", "is gone for the weekend"; and a death only where nothing but a time, a
 * cause or the message's end follows ("passed his test", "passed out", "died laughing", "dead tired", "an ex-smoker" are
 * no endings).
 */
const DEATH_TAIL = String.raw`(?=\s*(?:$|[.!,;:…)\-–—?]|\p{Extended_Pictographic}|(?:in|on|at|last|this|yesterday|today|suddenly|peacefully|unexpectedly|after|from|of|aged?|when|and|but|so|years?|months?|weeks?|a\s+(?:year|month|week|few|couple)|\d|rip|lol|x+)\b))`;
/** A euphemism's end: nothing more said in the clause ("is in heaven now 💔"; not "in heaven at this spa lol"). */
const SAID_AND_DONE = String.raw`(?=\s*(?:now\b)?\s*(?:rip\b)?\s*(?:$|[.!,;…?]|\p{Extended_Pictographic}))`;
/** "passed", "passed away", "passed on" (not "passed on the job offer"). */
const PASSED = String.raw`passed(?!\s+on\s+(?:the|a|an|his|her|it|that|this|my|your|their)\b)(?:\s+away|\s+on)?`;
const NO_MORE = new RegExp(
  String.raw`^(?:,\s*)?(?:(?:who|that|has|had|just|sadly|suddenly|unexpectedly)\s+)*(?:(?:${PASSED}|died|(?:is|was)\s+(?:now\s+)?dead|was\s+killed(?:\s+in\s+\S+(?:\s+\S+)?)?)${DEATH_TAIL}|passed\s+away|(?:is|'s|’s)\s+(?:now\s+|officially\s+)?(?:my|an|the)\s+ex(?![-\p{L}])(?!\s+(?:smoker|soldier|\p{L}+(?:er|or|ist|ian)\b))|(?:(?:is|'s|’s)\s+(?:now\s+)?(?:in\s+heaven|with\s+the\s+angels|no\s+longer\s+with\s+us|no\s+more)|(?:went|gone)\s+to\s+heaven)${SAID_AND_DONE}|(?:is\s+no\s+longer\s+my|(?:isn['’]?t|is\s+not)\s+my\s+\p{L}+\s+(?:any\s?more|any\s+longer))\b|lost\s+(?:his|her|their)\s+(?:long\s+|brave\s+)?(?:battle|fight)(?:\s+(?:with|against)\s+(?:cancer|covid|leuka?emia|illness|dementia|depression|addiction|\p{L}+\s+(?:disease|cancer)))?${DEATH_TAIL})`,
  'iu',
);
/** Said anywhere in the message, often a clause of its own ("…cheated on me so hes gone"). */
const OVER_NOW = /\b(?:ex\s+now|(?:and|n|&)\s+(?:i|me)\s+(?:(?:have|'ve|are|'re|r|got|just|finally|now)\s+)*(?:split(?:\s+up)?(?=\s*(?:$|[.!,;…?]|\p{Extended_Pictographic}|(?:in|on|last|this|yesterday|today|after|lol|now|for\s+good)\b))|separated(?!\s+by\b)|separating|divorced|getting\s+divorced|broken\s+up)\b|(?:me|i)\s+(?:and|n|&)\s+[^.!?\n]*?\b(?:are|r|'re)\s+(?:(?:now|officially)\s+)?(?:done|over|finished|separated|separating|divorced|getting\s+divorced)(?!\s+(?:at|with|here|there|eating|for|in|by)\b)|we(?:'re|’re| are| r)\s+(?:over|done|finished)(?!\s+(?:at|with|here|there|eating|for|in|by)\b)|(?:he|she)(?:['’]?s| is)\s+gone(?!\s+(?:for|to|till|until|away|out|back|home|shopping|off|quiet|mad|crazy)\b))/iu;

export function partnerNoMore(rest: readonly Token[], relative: { relation: string; name: string }, message: string): boolean {
  // ("my bf tom is an ex now, if he doesnt apologise": a threat, not news.)
  if (!PARTNERS.has(relative.relation.split(' ').at(-1) ?? '') || /\b(?:if|unless)\b/i.test(message)) return false;
  // "my husband James, who passed in 2020, …": the clause after the name may be cut off as a clause of its own.
  const name = escapeRegExp(relative.name);
  const whoDied = new RegExp(`\\b${name}\\s*[,(-]?\\s*(?:who|that)?\\s+(?:has\\s+|had\\s+|sadly\\s+)?(?:${PASSED}|died)${DEATH_TAIL}`, 'iu');
  // ("my wife Mo's funeral is on friday".)
  const mourned = new RegExp(`\\b${name}['’]s\\s+(?:funeral|wake|memorial|grave)\\b`, 'iu');
  return NO_MORE.test(joinTokens(rest)) || OVER_NOW.test(message) || whoDied.test(message) || mourned.test(message);
}

/**
 * "I'm married to Claire", "I'm engaged to Chris": the partner, after a copula; "I was married to Claire (for 10 years)"
 * one that was ("I was married to Tom in 2010", "… yesterday" tell of a wedding, and are left). Null when the object is
 * not so.
 */
export function marriedOrEngagedTo(subject: Subject, group: VerbGroup, object: readonly Token[], said: readonly Token[]): Built[] | null {
  const union = lowerOf(object[0]);
  if (!['married', 'engaged'].includes(union) || lowerOf(object[1]) !== 'to') return null;
  const run = properRuns(object)[0];
  // (After a marriage that was, only how long it lasted, in the words as said: "was married to Claire yesterday!!" tells
  // of the wedding.)
  const end = properRuns(said).find((r) => r.text === run?.text)?.end ?? said.length;
  const after = said.slice(end).filter((t) => t.pos !== 'PUNCT' && !/^\p{Extended_Pictographic}/u.test(t.text));
  if (!run || (group.past && after.length > 0 && lowerOf(after[0]) !== 'for')) return [];
  const value = normaliseFact(run.text);
  return [{ content: `${subject.text} ${group.phrase} ${union} to ${run.text}`, type: 'semantic', slot: `${subject.key}.partner`, value: group.past ? endedValue(value) : value, entities: [person(run.text)] }];
}

/**
 * "I left my husband", "I left my wife Sarah in 2019": the speaker ended it; "I lost my husband Ken 5 years ago": he
 * died (not "left my husband at home", "lost my wife at ikea").
 */
export function leftMyPartner(clause: ChangeClause): Built[] | null {
  const { group, object, said, built } = clause;
  if (!['leave', 'lose'].includes(group.lemma) || !clause.done || group.negated) return null;
  // (The object is said in the third person by now: "their husband".)
  const mine = lowerOf(object[0]) === 'their' ? [{ ...(object[0] as Token), text: 'my' }, ...object.slice(1)] : object;
  const relative = relativeAt(mine, 0);
  const relation = relative ?? relationAt(mine, 0);
  if (!relation || !PARTNER_WORDS.has(relation.relation.split(' ').at(-1) ?? '')) return null;
  const next = relative?.next ?? relation.next;
  if (next < object.length && !isTimePhrase(object.slice(next))) return null;
  const name = relative?.name;
  return built(said, 'partner', endedValue(name ? normaliseFact(name) : ''), name ? [person(name)] : []);
}

