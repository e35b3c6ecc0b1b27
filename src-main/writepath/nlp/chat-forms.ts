/**
 * Forms of chat messages that the subject–verb rules miss: a message that drops its "I" ("just moved to Porto",
 * "got a job at Stripe"), a couple as the subject ("Jake and I broke up", "me and Jake split up"), "call me
 * Alex", "I used to live in Paris" (a past that ends the matching slot), and a job or home said with a copula
 * ("I'm not at Globex anymore", "I'm no longer in Leeds", "I'm now at Dropbox", "my new job is at Dropbox").
 */
import { normaliseFact } from '../text';
import { joinTokens, type Token } from './analyzer';
import { BREAK_UP_VERBS, DROPPED_ADVERBS, PARTNERS, SAME_FORM_PASTS, TAKEN_UP, UNION_WORDS } from './lexicon';
import { copulaState, isPartnerName, isPersonName } from './names';
import { employerAfter, handsInNotice, lowerOf, nameAfter, properRuns } from './phrases';
import { timeMentions } from './time';
import { onlyTimeOrFillers } from './state-words';
import { hisOrHerAfter } from './whose-news';
import { relationWord } from './relation-at';
import { endedValue } from '../../../src-shared/slot-values';
import type { Built, Context, Subject } from './statement-types';
import type { VerbGroup } from './verb-group';

/** Verbs of a change in life that messages often say without "I": "moved to …", "started at …", "left …". */
const SUBJECTLESS_VERBS = new Set(['move', 'relocate', 'start', 'begin', 'join', 'quit', 'leave', 'get', 'land', 'resign', 'switch', 'marry', 'give', 'stop', 'hire', 'break', 'split', 'emigrate', 'lose', 'adopt', 'delete', 'uninstall', 'install', 'download', 'reinstall', 'redownload']);
/** Plans said with the verb alone ("moving to cork"): read as plans (statements.ts, planned-changes.ts). */
const PLANNED_WITHOUT_SUBJECT = new Set(['move', 'relocate', 'start', 'join']);
/** Whether a message may hold such news at all (a cheap look before it is parsed). */
export const MAY_DROP_SUBJECT = /\b(?:moved|relocated|started|began|joined|quit|left|got|landed|resigned|switched|married|gave|stopped|broke up|split up|emigrated|went|working|living|lived in|came (?:back|home)|went back|been at|worked (?:at|for)|hired|going by|moving to|relocating to|starting at|joining|passed|no longer|any ?more|first day|lost|adopted|deleted|uninstalled|(?:re-?)?installed|(?:re-?)?downloaded)\b/i;

/** What one passes as news: a test, an exam, a probation. */
const TESTS_PASSED = new Set(['test', 'exam', 'exams', 'probation', 'finals', 'viva', 'thesis', 'dissertation', 'interview', 'audition', 'assessment', 'course', 'degree', 'mot', 'theory', 'practical', 'boards', 'bar', 'gcses', 'a-levels', 'levels', 'qualification']);

/** Words between a couple and its news: "Jake and I just broke up", "have finally split up". */
const COUPLE_FILLERS = new Set(['just', 'finally', 'officially', 'have', 'had', 'recently']);

/**
 * Whether the clause at `start` is a past verb of change with no subject before it (optionally after "just",
 * "finally"…): in a chat, the speaker's own news.
 */
export function startsWithoutSubject(tokens: readonly Token[], start: number): boolean {
  let i = start;
  if (tokens[i]?.pos === 'ADV' && DROPPED_ADVERBS.has(lowerOf(tokens[i]))) i++;
  const verb = tokens[i];
  // "quit her job", "moved in with his mum": someone else's news, said of them.
  if (hisOrHerAfter(tokens, i)) return false;
  // "went vegan last month": a diet or a way of working taken up.
  if (verb && lowerOf(verb) === 'went' && TAKEN_UP.has(lowerOf(tokens[i + 1]))) return true;
  // "finally passed my driving test", "passed my probation": a test of the speaker's ("passed away" is no one's news
  // here, "passed my mum on the street" none at all).
  if (verb && lowerOf(verb) === 'passed' && lowerOf(tokens[i + 1]) === 'my' && tokens.slice(i + 2, i + 5).some((t) => TESTS_PASSED.has(lowerOf(t)))) return true;
  // "handed in my notice today!!", "put in my resignation": the speaker's job ending.
  const own = lowerOf(tokens[i + 1]) === 'in' ? i + 2 : i + 1;
  if (verb && ['handed', 'gave', 'put'].includes(lowerOf(verb)) && lowerOf(tokens[own]) === 'my' && handsInNotice(tokens.slice(i + 1), lowerOf(verb) !== 'gave')) return true;
  if (!verb || verb.pos !== 'VERB' || !SUBJECTLESS_VERBS.has(verb.lemma)) return false;
  const lower = lowerOf(verb);
  // "moving to cork in september!!", "starting at feedzai on the 8th": a move or a job planned, said without "I'm"
  // (not "moving to cork would be a dream": a verb after it makes the change a thing talked about).
  if (/ing$/.test(lower) && PLANNED_WITHOUT_SUBJECT.has(verb.lemma)) return ['to', 'at'].includes(lowerOf(tokens[i + 1])) || verb.lemma === 'join' ? !tokens.slice(i + 1).some((t) => t.pos === 'VERB' || t.pos === 'AUX') : false;
  const past = lower !== verb.lemma && !/(?:s|ing)$/.test(lower);
  // "quit my job at Globex" reads as news; a bare "quit" is left alone.
  return past || (SAME_FORM_PASTS.has(lower) && tokens.length > i + 1);
}

/** What chats call a partner: "me and wifey", "me and hubs", "me and bae". */
const CHAT_PARTNERS = new Map([
  ['wifey', 'wife'], ['wife', 'wife'], ['hubby', 'husband'], ['hubs', 'husband'], ['husband', 'husband'], ['bae', 'partner'], ['boo', 'partner'], ['missus', 'wife'], ['misses', 'wife'],
]);

/** Who the couple at `start` is with: a name ("Jake and I", "me and Jake") or a relation ("my boyfriend and I"). */
function coupleAt(tokens: readonly Token[], start: number): { name: string | null; relation: string | null; rest: number } | null {
  // "we broke up", "we got engaged": the speaker and their partner, unnamed.
  if (lowerOf(tokens[start]) === 'we') return { name: null, relation: null, rest: start + 1 };
  const and = (t: Token | undefined): boolean => ['and', 'n', '&'].includes(lowerOf(t));
  if (lowerOf(tokens[start]) === 'my' && PARTNERS.has(lowerOf(tokens[start + 1])) && and(tokens[start + 2]) && lowerOf(tokens[start + 3]) === 'i') {
    return { name: null, relation: lowerOf(tokens[start + 1]), rest: start + 4 };
  }
  // "my girlfriend Priya and I broke up": the partner, named after the relation.
  if (lowerOf(tokens[start]) === 'my' && PARTNERS.has(lowerOf(tokens[start + 1]))) {
    const named = properRuns(tokens.slice(start + 2))[0];
    const after = start + 2 + (named?.end ?? 0);
    if (named && named.start === 0 && and(tokens[after]) && ['i', 'me'].includes(lowerOf(tokens[after + 1])) && isPersonName(tokens.slice(start + 2, after))) {
      return { name: joinTokens(tokens.slice(start + 2, after)), relation: lowerOf(tokens[start + 1]), rest: after + 2 };
    }
  }
  const meFirst = lowerOf(tokens[start]) === 'me' && and(tokens[start + 1]);
  // "me and my girlfriend broke up", "me and wifey got married": the partner, unnamed.
  const partnerAt = meFirst ? (lowerOf(tokens[start + 2]) === 'my' ? start + 3 : start + 2) : -1;
  const partner = partnerAt > 0 ? (PARTNERS.has(lowerOf(tokens[partnerAt])) && partnerAt === start + 3 ? lowerOf(tokens[partnerAt]) : CHAT_PARTNERS.get(lowerOf(tokens[partnerAt]))) : undefined;
  if (partner) return { name: null, relation: partner, rest: partnerAt + 1 };
  const from = meFirst ? start + 2 : start;
  const run = properRuns(tokens.slice(from))[0];
  if (!run || run.start !== 0) return null;
  const name = tokens.slice(from, from + run.end);
  const meLast = !meFirst && and(tokens[from + run.end]) && ['i', 'me'].includes(lowerOf(tokens[from + run.end + 1]));
  if (!(meFirst || meLast) || !isPersonName(name)) return null;
  return { name: joinTokens(name), relation: null, rest: from + run.end + (meLast ? 2 : 0) };
}

/**
 * "Jake and I broke up", "me and Jake split up", "my boyfriend and I broke up" (ends whoever holds the slot),
 * "Jake and I got married": the partner, and whether the couple ended or began. Null for any other subject.
 */
/** "it's over with sean", "its over w sean. properly this time", "it's over between me and Dan": the partner is over. */
const OVER_WITH = /^(?:it['’]?s|it is|its)\s+(?:(?:so|officially|properly|finally|really|all|well and truly)\s+)*over\s+(?:with|w\/?|between\s+(?:me|us)\s+(?:and|n|&))\s+$/iu;

/** A message that may say so, without "I" (let in to be read: statements.ts). */
export const MAY_BE_OVER_WITH = /\b(?:it['’]?s|it is|its)\s+(?:\p{L}+\s+){0,3}over\s+(?:with|w\/?|between)\s/iu;

/** The speaker's relationship with a named person ended, said as "it's over with NAME" (and nothing after but a filler or when). */
export function overWith(tokens: readonly Token[], start: number, own: Subject, ctx: Context): Built | null {
  const run = properRuns(tokens.slice(start))[0];
  if (!run || !OVER_WITH.test(`${joinTokens(tokens.slice(start, start + run.start))} `) || !onlyTimeOrFillers(joinTokens(tokens.slice(start + run.end)))) return null;
  const name = tokens.slice(start + run.start, start + run.end);
  if (!isPersonName(name) || ctx.named.get(run.text.toLowerCase()) === 'organization' || ctx.named.get(run.text.toLowerCase()) === 'place') return null;
  return { content: `${own.text} is no longer with ${run.text}`, type: 'semantic', slot: `${own.key}.partner`, value: endedValue(normaliseFact(run.text)), entities: [{ name: run.text, type: 'person', aliases: [] }] };
}

export function coupleStatement(tokens: readonly Token[], start: number, own: Subject, ctx: Context, doubt: boolean): { statement: Built; past: boolean } | null {
  const couple = coupleAt(tokens, start);
  if (!couple) return null;
  const [verb, particle] = tokens.slice(couple.rest).map((t) => lowerOf(t)).filter((w) => !COUPLE_FILLERS.has(w));
  const slot = `${own.key}.partner`;
  const entities = couple.name ? [{ name: couple.name, type: 'person' as const, aliases: [] }] : [];
  const we = lowerOf(tokens[start]) === 'we';
  // "me and my wife got divorced last year": a break-up too.
  // ("we got separated" alone is as often a crowd at a gig.)
  const divorced = verb === 'got' && (particle === 'divorced' || (particle === 'separated' && !we));
  // "my wife and I separated last month", "we split over the weekend": one word, then only a time.
  const oneWord = verb === 'separated' || verb === 'divorced' || (verb === 'split' && particle !== 'up');
  if ((BREAK_UP_VERBS.has(verb ?? '') && particle === 'up') || divorced || oneWord) {
    // "me and jake split up the bill", "we split up at the station", "we broke up at 6", "we broke up for xmas": something
    // else parted. Only a time may follow; and not where the message says they are back together, or "we" are a band.
    if (!onlyATimeAfter(tokens, couple.rest - (oneWord ? 1 : 0), ctx.reference) || doubt) return null;
    const ended = [verb, particle].includes('separated') ? 'separated from' : [verb, particle].includes('divorced') ? 'divorced' : 'broke up with';
    const content = `${own.text} ${ended} ${couple.name ?? `their ${couple.relation ?? 'partner'}`}`;
    return { statement: { content, type: 'semantic', slot, value: endedValue(couple.name ? normaliseFact(couple.name) : ''), entities }, past: true };
  }
  // "Jake and I got married", "my husband Tom and I got married in June": to whom.
  if (couple.name && (verb === 'got' || verb === 'are') && UNION_WORDS.has(particle ?? '')) {
    const content = `${own.text} ${verb === 'got' ? 'got' : 'is'} ${particle ?? ''} to ${couple.name}`;
    return { statement: { content, type: 'semantic', slot, value: normaliseFact(couple.name), entities }, past: verb === 'got' };
  }
  // "we got engaged!!", "we got married in June": news, though not to whom.
  if ((we || couple.relation !== null) && (verb === 'got' || verb === 'are') && UNION_WORDS.has(particle ?? '')) {
    return { statement: { content: `${own.text} ${verb === 'got' ? 'got' : 'is'} ${particle ?? ''}`, type: 'semantic', slot: null, value: null, entities: [] }, past: verb === 'got' };
  }
  // "dan and i are back together 🙈", "me and jake got back together": the partner again.
  const words = tokens.slice(couple.rest).map((t) => lowerOf(t)).filter((w) => !COUPLE_FILLERS.has(w));
  // "Sam and I called it quits", "me and Sam are done", "my girlfriend and I are over": over too (not "we're done" or "we
  // called it quits", which as often end a task or a game).
  // (A time may follow "called it quits … last week"; after "are done" only a filler: "are done shopping", "are over the
  // moon", "are over 30" say something else. "me and Twitter are done" is no couple.)
  const quitsAt = tokens.findIndex((t, i) => i >= couple.rest && lowerOf(t) === 'quits');
  const someone = !we && (couple.name === null || (ctx.named.get(couple.name.toLowerCase()) !== 'organization' && !ctx.isOrganisation(couple.name)));
  // (onlyATimeAfter passes over the two words it starts at: "it quits".)
  const quits = someone && words[0] === 'called' && words[1] === 'it' && words[2] === 'quits' && onlyATimeAfter(tokens, quitsAt - 1, ctx.reference);
  const done = someone && ['are', "'re", 're'].includes(words[0] ?? '') && ['done', 'over', 'finished'].includes(words[1] ?? '') && words.slice(2).every((w) => NEWS_FILLERS.has(w) || !/[\p{L}\p{N}]/u.test(w));
  if ((notTogetherAnyMore(words) || quits || done) && !doubt) {
    const content = `${own.text} is no longer with ${couple.name ?? `their ${couple.relation ?? 'partner'}`}`;
    return { statement: { content, type: 'semantic', slot, value: endedValue(couple.name ? normaliseFact(couple.name) : ''), entities }, past: false };
  }
  // "Ellie and I are (officially) together 😍": the partner.
  if (couple.name && someone && ['are', "'re", 're'].includes(words[0] ?? '') && words[1] === 'together' && words.slice(2).every((w) => NEWS_FILLERS.has(w) || !/[\p{L}\p{N}]/u.test(w))) {
    return { statement: { content: `${own.text} is together with ${couple.name}`, type: 'semantic', slot, value: normaliseFact(couple.name), entities }, past: false };
  }
  if (couple.name && ['are', 'got', 'is'].includes(words[0] ?? '') && words[1] === 'back' && words[2] === 'together' && !doubtsReunion(words.slice(3))) {
    return { statement: { content: `${own.text} is back together with ${couple.name}`, type: 'semantic', slot, value: normaliseFact(couple.name), entities }, past: false };
  }
  return null;
}

/** "a (new) girlfriend called Jo", "a boyfriend named Theo": the partner's name (nothing after it but a time or a filler), or null. */
export function partnerCalled(object: readonly Token[]): string | null {
  let i = lowerOf(object[0]) === 'a' ? 1 : 0;
  if (i === 0) return null;
  if (['new', 'lovely', 'gorgeous'].includes(lowerOf(object[i]))) i++;
  if (!(PARTNERS.has(lowerOf(object[i])) || CHAT_PARTNERS.has(lowerOf(object[i])) || ['bf', 'gf'].includes(lowerOf(object[i]))) || !['called', 'named'].includes(lowerOf(object[i + 1]))) return null;
  const run = properRuns(object.slice(i + 2))[0];
  if (!run || run.start !== 0 || !isPersonName(object.slice(i + 2, i + 2 + run.end))) return null;
  return onlyTimeOrFillers(joinTokens(object.slice(i + 2 + run.end))) ? run.text : null;
}

/** "are not together anymore", "'re no longer together", "aren't together any more (lol)": nothing after but fillers. */
function notTogetherAnyMore(words: readonly string[]): boolean {
  if (!['are', "'re", 're'].includes(words[0] ?? '')) return false;
  const denial = ['not', "n't"].includes(words[1] ?? '') ? 2 : words[1] === 'no' && words[2] === 'longer' ? 3 : 0;
  if (denial === 0 || words[denial] !== 'together') return false;
  const rest = words.slice(denial + 1).filter((w) => /[\p{L}\p{N}]/u.test(w) && !NEWS_FILLERS.has(w));
  // "not together anymore" needs its "anymore"; "no longer together" says it already.
  const anyMore = rest[0] === 'anymore' ? 1 : rest[0] === 'any' && rest[1] === 'more' ? 2 : 0;
  return (anyMore > 0 || denial === 3) && rest.length === anyMore;
}

/** "back together … for the gig", "… for one night": a band or a night out, not a couple. */
const doubtsReunion = (rest: readonly string[]): boolean => rest.some((w) => ['band', 'gig', 'tour', 'reunion', 'night', 'show'].includes(w));

/** Chat fillers a couple's news may end with ("we broke up lol", "officially split up!!"). */
const NEWS_FILLERS = new Set([
  'lol', 'haha', 'omg', 'ugh', 'finally', 'officially', 'tho', 'though', 'xx', 'x', 'fr', 'ngl', 'tbh', 'btw', 'actually', 'sadly', 'now',
  'again', 'properly', 'apparently', 'basically', 'honestly', 'for', 'good', 'innit', 'yeah', 'sigh',
]);
/** Times chrono does not read whole: "over the weekend", "in the summer", "during lockdown", "ages ago", "nearly a year ago". */
const LOOSE_TIME = /^(?:(?:at|over|on) the weekend|(?:in|over|during) the (?:summer|spring|autumn|fall|winter|holidays)|during lockdown|(?:\S+ ){0,3}ago|after \S+ (?:years?|months?|weeks?)(?: together)?)$/i;

/**
 * Whether nothing but a time (and fillers) follows the couple's verb and particle from `at`: "we broke up last week
 * lol", "split up in march", "broke up on sunday", "after 5 years"; not an object ("the bill"), a place ("at the
 * station") or a time of day ("at 6").
 */
function onlyATimeAfter(tokens: readonly Token[], at: number, reference: number): boolean {
  const rest = tokens.slice(at).filter((t) => !COUPLE_FILLERS.has(lowerOf(t)));
  // Marks, emoji ("last week 😭") and fillers say nothing more.
  const said = rest.slice(2).filter((t) => !['PUNCT', 'SYM', 'X'].includes(t.pos) && /[\p{L}\p{N}]/u.test(t.text));
  // "for xmas" is a school's holiday ("we broke up for christmas, 2 weeks off").
  if (lowerOf(said[0]) === 'for') return false;
  const after = said.filter((t) => !NEWS_FILLERS.has(lowerOf(t)));
  if (after.length === 0) return true;
  const text = joinTokens(after);
  if (LOOSE_TIME.test(text)) return true;
  const first = timeMentions(text, reference)[0];
  // chrono's mention leaves out its preposition ("in march", "back in may", "on the 3rd of march").
  const before = first ? text.slice(0, first.index).trim().toLowerCase() : null;
  if (!first || !(before === '' || /^(?:back )?(?:in|on|at|during|over|around|before|after)(?: the)?$/.test(before ?? ''))) return false;
  return text.slice(first.index + first.text.length).trim().length === 0;
}

/**
 * A message that says the speaker's job changed: "moved jobs", "switched jobs", "new job", "quit my job" — opening it or
 * a sentence, or after "I" ("sam switched jobs" is Sam's).
 */
const JOB_CHANGED = /(?:^|[.!?,;]\s*|\b(?:i|i've|ive|i have)\s+)(?:(?:just|finally|have)\s+)*(?:(?:switched|changed|moved|swapped) jobs|new (?:job|role)(?!\s+for\b)|(?:quit|left|resigned from) my job|got a (?:new )?job|started (?:a|my) new (?:job|role)|(?:am|'m) no longer (?:(?:working|employed) (?:at|with|for)|at|for))\b/i;

/** "I used to live in Paris", "Tom used to work at IBM": that home or job is over (null for anything else). */
export function usedTo(tokens: readonly Token[], at: number, subject: Subject): Built | null {
  if (lowerOf(tokens[at]) !== 'used' || lowerOf(tokens[at + 1]) !== 'to') return null;
  const verb = tokens[at + 2];
  const rest = tokens.slice(at + 3);
  if (verb?.lemma === 'live') {
    const place = lowerOf(rest[0]) === 'in' ? nameAfter(rest, ['in']) : null;
    return place
      ? { content: `${subject.text} used to live in ${place}`, type: 'semantic', slot: `${subject.key}.residence`, value: endedValue(normaliseFact(place)), entities: [{ name: place, type: 'place', aliases: [] }] }
      : null;
  }
  if (verb?.lemma === 'work') {
    const org = ['at', 'for'].includes(lowerOf(rest[0])) ? employerAfter(rest, ['at', 'for']) : null;
    return org
      ? { content: `${subject.text} used to work at ${org}`, type: 'semantic', slot: `${subject.key}.employer`, value: endedValue(normaliseFact(org)), entities: [{ name: org, type: 'organization', aliases: [] }] }
      : null;
  }
  // "I used to be married to Nina", "used to be engaged to Chris": a partner that was.
  if (verb?.lemma === 'be' && ['married', 'engaged'].includes(lowerOf(rest[0])) && lowerOf(rest[1]) === 'to') {
    const run = properRuns(rest).find((r) => r.start === 2);
    const partner = run && onlyTimeOrFillers(joinTokens(rest.slice(run.end))) && isPersonName(rest.slice(2, run.end)) ? run.text : null;
    return partner ? { content: `${subject.text} used to be ${lowerOf(rest[0])} to ${partner}`, type: 'semantic', slot: `${subject.key}.partner`, value: endedValue(normaliseFact(partner)), entities: [{ name: partner, type: 'person', aliases: [] }] } : null;
  }
  return null;
}

/** Where one is for a moment, not where one works: "I'm now at Heathrow Airport" says nothing of a job. */
const VENUES = new Set(['airport', 'station', 'terminal', 'hotel', 'gate', 'mall', 'park', 'beach', 'cafe', 'café', 'bar', 'pub', 'restaurant', 'gym']);

/** The organisation or place a copula's object names after its preposition, the whole rest of it ("at the Met Office"). */
export function namedAfter(object: readonly Token[], preps: readonly string[]): string | null {
  if (!preps.includes(lowerOf(object[0]))) return null;
  const tail = object.slice(lowerOf(object[1]) === 'the' ? 2 : 1);
  const run = properRuns(tail)[0];
  if (!run || run.start !== 0 || run.end !== tail.length) return null;
  return VENUES.has(lowerOf(tail.at(-1))) ? null : run.text;
}

/**
 * A job or home said with a copula: over for good ("I'm not at Globex anymore", "I'm no longer in Leeds") ends the
 * slot; "I'm now at Dropbox" (now right after the copula: a change) fills it. "I'm at Dropbox", "I'm in Leeds"
 * and "I'm not at work" say where someone is today, and give nothing.
 */
export function copulaJobOrHome(subject: Subject, group: VerbGroup, object: readonly Token[], said: readonly Token[], ctx: Context): Built[] | null {
  if (group.past) return null;
  const state = copulaState(group, object, said);
  // "I've moved jobs, I'm at Lidl now", "switched jobs, I'm at Ridgeline now": a trailing "now" is a change where the
  // message says the job changed, not only where it talks of work ("left work early, I'm at Tesco now" is an errand).
  const nowAtWork = JOB_CHANGED.test(ctx.text) && !state.negated && lowerOf(said.filter((t) => t.pos !== 'PUNCT').at(-1)) === 'now' && lowerOf(state.rest[0]) === 'at';
  if (!state.overForGood && !state.now && !nowAtWork) return null;
  // "my mum is now at lidl": where an unnamed relative is today, as likely as where she works.
  if (subject.unnamed && !state.overForGood) return null;
  const place = state.overForGood ? namedAfter(state.rest, ['in']) : null;
  if (place) {
    return [{ content: `${subject.text} no longer lives in ${place}`, type: 'semantic', slot: `${subject.key}.residence`, value: endedValue(normaliseFact(place)), entities: [{ name: place, type: 'place', aliases: [] }] }];
  }
  // "I'm now at Ocado as a data analyst": the role after the name is not part of it.
  const asRole = state.rest.findIndex((t, i) => i > 1 && lowerOf(t) === 'as' && ['a', 'an'].includes(lowerOf(state.rest[i + 1])));
  const org = namedAfter(asRole > 0 ? state.rest.slice(0, asRole) : state.rest, ['at', 'with', 'for']);
  // "with" a person is a partner (names.ts), not an employer; "now with Vodafone" is a phone contract unless the
  // message talks about work; "now at Heathrow" is a place.
  if (!org || (lowerOf(state.rest[0]) === 'with' && (isPartnerName(state.rest.slice(1), ctx) || (!state.overForGood && !ctx.workTalk)))) return null;
  if (ctx.named.get(org.toLowerCase()) === 'place') return null;
  const entities = [{ name: org, type: 'organization' as const, aliases: [] }];
  return state.overForGood
    ? [{ content: `${subject.text} no longer works at ${org}`, type: 'semantic', slot: `${subject.key}.employer`, value: endedValue(normaliseFact(org)), entities }]
    : [{ content: `${subject.text} works at ${org}`, type: 'semantic', slot: `${subject.key}.employer`, value: normaliseFact(org), entities }];
}

/** "my home is in Bath now", "our new place is in Hove", "my flat's in Leith": where the speaker lives, or null. */
export function homeIsIn(tokens: readonly Token[], start: number, own: Subject): Built | null {
  let i = start + 1;
  if (['new', 'current'].includes(lowerOf(tokens[i]))) i++;
  if (!['home', 'place', 'flat', 'house', 'apartment'].includes(lowerOf(tokens[i]))) return null;
  if (!['is', "'s"].includes(lowerOf(tokens[i + 1]))) return null;
  let object = tokens.slice(i + 2).filter((t) => t.pos !== 'PUNCT');
  if (lowerOf(object.at(-1)) === 'now') object = object.slice(0, -1);
  const place = namedAfter(object, ['in']);
  return place ? { content: `${own.text} lives in ${place}`, type: 'semantic', slot: `${own.key}.residence`, value: normaliseFact(place), entities: [{ name: place, type: 'place', aliases: [] }] } : null;
}

/** "Jess is my girlfriend now!!", "Tom's my brother": a name first, then the relation it is to the speaker. */
export function nameIsMyRelative(tokens: readonly Token[], start: number, ctx: Context): { name: string; relation: string; was: boolean } | null {
  const run = properRuns(tokens.slice(start)).find((r) => r.start === 0);
  if (!run || !isPersonName(tokens.slice(start, start + run.end))) return null;
  // ("netflix is my boyfriend now": a firm the name finder knows is no one's relative.)
  if (['place', 'organization'].includes(ctx.named.get(run.text.toLowerCase()) ?? '') || ctx.isOrganisation(run.text)) return null;
  // "Tom is officially my husband", "Priya is now my girlfriend", "ella is my new gf 🥰", "kai's my boyfriend as of last night".
  const after = tokens.slice(start + run.end);
  const rest = after.filter((t) => t.pos !== 'PUNCT' && /[\p{L}\p{N}]/u.test(t.text) && !['now', 'officially', 'finally', 'actually'].includes(lowerOf(t)));
  const fresh = lowerOf(rest[2]) === 'new' ? 1 : 0;
  // ("Claire was my wife", "tom was my bf": one that was.)
  const was = lowerOf(rest[0]) === 'was';
  if (!['is', "'s", 'was'].includes(lowerOf(rest[0])) || lowerOf(rest[1]) !== 'my' || !rest[2 + fresh]) return null;
  const relation = lowerOf(rest[2 + fresh]);
  // Nothing after the relation but a time or a filler ("my brother's car" and "my friend from work" say more).
  const tail = joinTokens(after.slice(after.indexOf(rest[2 + fresh] as Token) + 1)).replace(/^\s*as of\b/i, '');
  return relationWord(relation) && onlyTimeOrFillers(tail) ? { name: run.text, relation, was } : null;
}

