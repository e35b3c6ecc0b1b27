/**
 * The speaker's job said the chat's way, however the clause begins (job-news.ts asks these in turn): a last day ("today
 * was my last day at Sky"), a first day ("first day at Ridgeline today!"), "no longer at Google", "currently working at
 * Tesco", "been at Google for 3 years", "my new job is at Dropbox".
 */
import { normaliseFact } from '../text';
import { joinTokens, type Token } from './analyzer';
import { namedAfter } from './chat-forms';
import { lowerOf, nameAfter, properRuns } from './phrases';
import { onlyTimeOrFillers } from './state-words';
import { endedValue } from '../../../src-shared/slot-values';
import { EMPLOYER_ENDINGS, endsWithOneOf, FIGURES_OF_SPEECH, FIRM_ENDINGS, JOB_SUFFIX, JUDGEMENTS, NOT_JOBS, NOT_NOW_JOBS, RELATIONS } from './lexicon';
import { NUMBER_IN_WORDS } from '../../../src-shared/number-words';
import type { Built, Subject } from './statement-types';

/**
 * A job's name said without a verb of being, from `start`: up to four adjectives and nouns ending in a job noun ("junior
 * dev", "team lead", "senior software engineer"), not a judgement ("hard worker"), a past one ("former teacher") or a
 * figure of speech ("team player"). `end` is the index after it.
 */
export function jobRole(tokens: readonly Token[], start: number, stopWords: readonly string[]): { role: Token[]; end: number } | null {
  let i = start;
  while (i < tokens.length && i - start < 4 && ['ADJ', 'NOUN', 'PROPN'].includes((tokens[i] as Token).pos) && !stopWords.includes(lowerOf(tokens[i]))) i++;
  const role = tokens.slice(start, i);
  const head = role.at(-1);
  if (!head || head.pos !== 'NOUN' || !JOB_SUFFIX.test(head.text) || NOT_JOBS.has(lowerOf(head))) return null;
  if (role.some((t) => JUDGEMENTS.has(lowerOf(t)) || NOT_NOW_JOBS.has(lowerOf(t))) || FIGURES_OF_SPEECH.test(joinTokens(role))) return null;
  return { role, end: i };
}

const someoneElses = (relations: readonly string[]): RegExp =>
  new RegExp(
    `\\b(?:your|ur|his|her|him|their|he's|she's|he is|she is|they're|not me|my (?:mate|pal)|congrats?|congratulations|proud|happy for)\\b|\\b(?:job|role|position|gig|day)\\W* for\\b|\\b(?:${relations.join('|')})\\b`,
    'iu',
  );
/** Someone else's news: "congrats on your new job", "new job for my brother", "so proud of my sister", "he's buzzing". */
export const SOMEONE_ELSES = someoneElses([...RELATIONS]);
/** People at the speaker's own work: in a message that opens with the speaker's first day, they are no one else's news. */
const WORK_RELATIONS: ReadonlySet<string> = new Set(['boss', 'manager', 'colleague', 'coworker', 'co-worker', 'mentor']);
const BUT_COLLEAGUES = someoneElses([...RELATIONS].filter((r) => !WORK_RELATIONS.has(r)));
const FOR_A_COLLEAGUE = new RegExp(String.raw`\bfor (?:my|our|the|his|her|their|a)\s+(?:new\s+)?(?:${[...WORK_RELATIONS].join('|')})s?\b`, 'i');
/**
 * Someone else's news, where the speaker's own boss and colleagues are no one else's ("first day at Ridgeline today, my
 * manager is great") unless the news is told for one of them ("first day at Ridgeline today for my colleague Sam").
 */
export const someoneElsesButColleagues = (text: string): boolean => BUT_COLLEAGUES.test(text) || FOR_A_COLLEAGUE.test(text);
/** A message telling of a job just taken: "new job", "got the job", "got hired", "accepted the offer", "started a new role". */
export const NEW_JOB = /\b(?:new (?:job|role|position|gig)|got (?:the|a|that) job|got hired|(?:i'?m|am|been|was|got|i've been) (?:hired|taken on)|accepted (?:the|an|their) (?:job )?offer|start(?:ed|ing) (?:a|my|the) (?:new )?(?:job|role))\b/i;
/** A name that is a firm's by its last word: "Ridgeline Analytics", "Fenwick Labs", "Acme Ltd". */
const FIRM_NAME = endsWithOneOf(FIRM_ENDINGS);

/**
 * "new job! I've moved to Ridgeline Analytics": a move to a firm (one the name finder knows, or one named like a firm),
 * in a message telling of a new job, is where one works, not lives.
 */
export const movedToANewJob = (place: string, text: string, knownOrg: boolean): boolean => NEW_JOB.test(text) && (knownOrg || firmNamed(place));
/** A name only an employer has: "Ridgeline Analytics", "Fenwick Labs", "Kestrel Partners" (not "Virgin Media", "Vanguard Group"). */
const EMPLOYER_NAME = endsWithOneOf(EMPLOYER_ENDINGS);
export const employerShaped = (name: string): boolean => EMPLOYER_NAME.test(name);
/** "I've moved to Ridgeline Analytics": a name like a firm's is no home, whatever the message says. */
export function firmNamed(place: string): boolean {
  return FIRM_NAME.test(place);
}

/**
 * A job taken that has not begun: "I got a new job at Ridgeline, I start in january", "starting next month", "start
 * in jan", "first day is monday". Where the speaker works is still the old place.
 */
export const startsLater = (text: string): boolean =>
  /\b(?:start(?:s|ing)?|begin(?:s|ning)?)\b[^.!?\n]{0,25}?\b(?:next|tomorrow|soon|in (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|a (?:week|month|fortnight)|\d+|two|three|a few|a couple)|(?:on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day|on (?:mon|tue|wed|thu|fri|sat|sun|the)|after)|\bstart date\b|\bfirst day (?:is |will be )?(?:on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/i.test(text);

/** What a job is called after "started", "quit", "lost": "working", "a (new) job", "my role". */
export const JOB_WORDS: ReadonlySet<string> = new Set(['working', 'work', 'job', 'position', 'role', 'internship', 'placement']);

/**
 * The job an object names ("my job", "my part time job at Initech", "the internship"): the job word heads it,
 * after a determiner and at most three modifiers, with no noun after it ("my job title", "my work phone", "a job
 * interview" are things; "my friend a job" is someone else's). Only "quit" takes "work" ("I left work at 6" is the
 * day's end); one loses a job, an internship or a placement, not a "role in the play". `other`: a job that is not
 * the current one ("my last job", "my first job", "my summer job") or not one job ("every job").
 */
export function jobAt(object: readonly Token[], lemma: string): { other: boolean } | null {
  const at = object.slice(0, 5).findIndex((t) => JOB_WORDS.has(lowerOf(t)) && t.pos !== 'VERB');
  if (at < 0) return null;
  const word = lowerOf(object[at]);
  if ((word === 'work' && lemma !== 'quit') || (lemma === 'lose' && !LOST_JOBS.has(word))) return null;
  const before = object.slice(0, at);
  const modifiers = ['DET', 'PRON'].includes(before[0]?.pos ?? '') ? before.slice(1) : before;
  if (modifiers.length > 3 || !modifiers.every((t) => ['ADJ', 'NOUN', 'NUM'].includes(t.pos) || t.text === '-')) return null;
  const after = object[at + 1];
  // ("my job mid-march": a time, not a noun the job word qualifies.)
  if (after && ['NOUN', 'PROPN', 'VERB'].includes(after.pos) && !/^(?:mid|early|late)-/i.test(after.text)) return null;
  return { other: before.some((t) => OTHER_JOBS.has(lowerOf(t))) };
}
/** "my last job", "my first job", "my summer job", "every job": not the job the person has now. */
const OTHER_JOBS = new Set(['last', 'first', 'old', 'previous', 'former', 'summer', 'holiday', 'weekend', 'side', 'second', 'other', 'every', 'each', 'any', 'dream']);
const LOST_JOBS = new Set(['job', 'internship', 'placement']);

/** A first day that is a job's: the message talks of work ("new team", "colleagues", "onboarding"). */
const FIRST_DAY_AT_WORK = /\b(?:new (?:job|role|team|position|place)|job|work|office|colleagues?|co-?workers?|teammates?|managers?|supervisors?|boss|bosses|team|onboarding|induction|laptop|desk|shift)\b/i;
/** Not a first day of a job held: a visit, an interview, or one that ended at once. */
const FIRST_DAY_NOT_A_JOB = /\b(?:visit(?:ing)?|interview|let (?:me|us) go|fired|sacked|quit|lol)\b/i;

/**
 * "today was my last day at Sky", "my last day at work was friday", "last day at tesco today 🥲": the job is over
 * (not "my last day at Sky is next friday" or "my last day at work is friday", plans). Null for anything else.
 */
export function lastDayAt(tokens: readonly Token[], start: number, own: Subject): Built | null {
  const words = tokens.map(lowerOf);
  const at = words.findIndex((w, i) => i >= start && w === 'last' && words[i + 1] === 'day' && words[i + 2] === 'at');
  if (at < 0 || (words[at - 1] !== 'my' && at !== start)) return null;
  if (words.some((w) => ['will', 'next', 'tomorrow', 'gonna', 'going', "'ll", 'soon', 'when', 'if', 'before'].includes(w))) return null;
  // "my last day at work is friday", "last day at sky's the 14th": still to come (but "… is today" is the day).
  const present = words.slice(at + 3).some((w) => ['is', "'s", 'be', 'are'].includes(w));
  if (present && !words.includes('today')) return null;
  const rest = tokens.slice(at + 2);
  const org = nameAfter(rest, ['at']);
  if (org) return { content: `${own.text} left ${org}`, type: 'semantic', slot: `${own.key}.employer`, value: endedValue(normaliseFact(org)), entities: [{ name: org, type: 'organization', aliases: [] }] };
  return ['work', 'the office', 'my job'].some((w) => joinTokens(rest.slice(1, 1 + w.split(' ').length)).toLowerCase() === w)
    ? { content: `${own.text} left their job`, type: 'semantic', slot: `${own.key}.employer`, value: endedValue(''), entities: [] }
    : null;
}

/**
 * "first day at Ridgeline today!", "my first day at Monzo was great", "had my first day at Deloitte yesterday": the
 * speaker works there now, in a message that talks of work ("new team", "colleagues"): "first day at Disneyland" is a
 * day out. Not a first day still to come ("… tomorrow", "… is on monday", "in 2 weeks"), at school, uni or nursery,
 * someone else's ("his first day at Google", "… so proud of my daughter": job-news.ts), a visit or an interview, nor one
 * long ago ("my first day at Tesco in 2015").
 */
export function firstDayAt(tokens: readonly Token[], start: number, own: Subject, text: string): Built | null {
  const words = tokens.map(lowerOf);
  const at = words.findIndex((w, i) => i >= start && w === 'first' && words[i + 1] === 'day' && words[i + 2] === 'at');
  // "first day at …", "my first day at …", "had my first day at …" open the clause ("remember my first day at Tesco" is a memory).
  const opens = at === start || (words[at - 1] === 'my' && (at - 1 === start || (at - 2 === start && words[start] === 'had')));
  if (at < 0 || !opens) return null;
  const ahead = words.some((w) => ['will', 'next', 'tomorrow', 'gonna', 'going', "'ll", 'soon', 'when', 'if', 'before', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].includes(w));
  if (ahead && !/\b(?:today|yesterday|this morning)\b/i.test(text)) return null;
  // "my first day at Tesco was in 2015", "… back in 2019": a time long gone is no job now.
  if (/\b(?:19|20)\d\d\b|\bago\b|\bused to\b/i.test(text)) return null;
  const present = words.slice(at + 3).some((w) => ['is', "'s", 'be'].includes(w));
  if (present && !/\btoday\b/i.test(text)) return null;
  const org = nameAfter(tokens.slice(at + 2), ['at']);
  if (!org || NOT_A_WORKPLACE_NAME.test(org) || !FIRST_DAY_AT_WORK.test(text) || FIRST_DAY_NOT_A_JOB.test(text) || /\bin \d+ (?:days?|weeks?|months?)\b/i.test(text)) return null;
  return { content: `${own.text} works at ${org}`, type: 'semantic', slot: `${own.key}.employer`, value: normaliseFact(org), entities: [{ name: org, type: 'organization', aliases: [] }] };
}

/** After "no longer at X": when it ended ("as of today", "after 5 years"), nothing, or a filler. */
const ENDED_WHEN = /^(?:(?:as of|from) (?:today|now|yesterday|this week|this month|monday|friday)|after (?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several) (?:years?|yrs?|months?))\b/i;
/** Someone else's words: a quote, or a message that reports what was posted or said. */
const REPORTED = /["“”]|\b(?:posted|tweeted|wrote|said|says|told me|according to)\b/i;

/**
 * "no longer at Google", "i'm no longer at Deloitte", "no longer at Amazon after 5 years": the job there is over, said
 * without a verb. Not "no longer at Google on fridays" (a day of the week, not the job), not where someone is ("not at
 * Tesco anymore" is read nowhere: it says where one is as often as where one works), not a place ("no longer at
 * Leeds"), a school, a hospital or a club, and not in a quote or a report of what someone else posted or said.
 */
export function noLongerAt(tokens: readonly Token[], start: number, own: Subject, isPlace: (name: string) => boolean, text: string): Built | null {
  let i = start;
  if (lowerOf(tokens[i]) === 'i' && ['am', "'m", 'm'].includes(lowerOf(tokens[i + 1]))) i += 2;
  else if (['im', "i'm"].includes(lowerOf(tokens[i]))) i++;
  if (lowerOf(tokens[i]) !== 'no' || lowerOf(tokens[i + 1]) !== 'longer' || REPORTED.test(text)) return null;
  i += 2;
  // ("no longer with Priya" is a partner as often as a firm: only "at".)
  if (lowerOf(tokens[i]) !== 'at') return null;
  const the = lowerOf(tokens[i + 1]) === 'the' ? 1 : 0;
  const run = properRuns(tokens.slice(i + 1))[0];
  if (!run || run.start !== the || NOT_A_WORKPLACE_NAME.test(run.text) || isPlace(run.text)) return null;
  const after = joinTokens(tokens.slice(i + 1 + run.end)).trim();
  const rest = after.replace(ENDED_WHEN, '').trim();
  if (rest !== '' && (!onlyTimeOrFillers(rest) || /\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\bweekends\b|\bthen\b/i.test(rest))) return null;
  const org = `${the ? 'the ' : ''}${run.text}`;
  return { content: `${own.text} no longer works at ${org}`, type: 'semantic', slot: `${own.key}.employer`, value: endedValue(normaliseFact(run.text)), entities: [{ name: run.text, type: 'organization', aliases: [] }] };
}

/**
 * "currently working at Tesco", "working for the NHS now", "still working at Aldi": the speaker's job, said without
 * "I"; and in a message about work, "still at Fenwick Labs" ("ok so I didnt actually quit, still at Fenwick Labs").
 */
export function workingAt(tokens: readonly Token[], start: number, own: Subject, workTalk: boolean): Built | null {
  let i = start;
  // "I'm back at AstraZeneca": the copula said; the rest is read as without it.
  const copula = lowerOf(tokens[i]) === 'i' && ['am', "'m", 'm'].includes(lowerOf(tokens[i + 1])) && ['back', 'still', 'now'].includes(lowerOf(tokens[i + 2]));
  if (copula) i += 2;
  while (['currently', 'now', 'still', 'been', 'just', 'back'].includes(lowerOf(tokens[i]))) i++;
  // "still at Fenwick Labs", "now at Monzo", "back at AstraZeneca! they rehired me" — in a message about work.
  const stillAt = workTalk && lowerOf(tokens[i]) === 'at' && ['still', 'now', 'back'].includes(lowerOf(tokens[i - 1]));
  if (stillAt) i--;
  else if (lowerOf(tokens[i]) !== 'working' || !['at', 'for'].includes(lowerOf(tokens[i + 1]))) return null;
  const run = properRuns(tokens.slice(i + 2))[0];
  const DET = tokens[i + 2]?.pos === 'DET' ? 1 : 0;
  if (!run || run.start !== DET) return null;
  const org = run.text;
  return { content: `${own.text} works at ${DET ? `${lowerOf(tokens[i + 2])} ` : ''}${org}`, type: 'semantic', slot: `${own.key}.employer`, value: normaliseFact(org), entities: [{ name: org, type: 'organization', aliases: [] }] };
}

/** How long a stay has lasted, as a job's or a home's is said: "for 3 years", "for a few months", "since 2019"; a chat's "8 years now". */
export const JOB_LENGTH = new RegExp(
  String.raw`^\s*(?:(?:now|already|nearly|almost|over|just)\s+)*(?:for\s+(?:(?:almost|nearly|over|about|like)\s+)?(?:\d+|a few|a couple of|a|an|${NUMBER_IN_WORDS}|few|several)\s+(?:years?|yrs?|months?|weeks?)|(?:(?:almost|nearly|over|about|like)\s+)?(?:\d+|a few|a couple of|${NUMBER_IN_WORDS}|several)\s+(?:years?|yrs?|months?)(?!\s+ago\b)|since\s+(?:(?:19|20)\d\d|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*|last year|uni|graduating))\b`,
  'i',
);

/** A name that is a school, a hospital, a prison or a club, where one is not employed by being there. */
const NOT_A_WORKPLACE_NAME = /\b(?:uni|university|college|school|nursery|academy|sixth form|hospital|clinic|hospice|priory|prison|hmp|gym|club|fc|arsenal|united|city|rovers|wanderers)\b/i;

/**
 * "i've been at Google for 3 years (now)": the speaker's employer — a name that is no place (`isPlace`: "been at Leeds
 * for 3 years" is a home or a university) nor a school, hospital or club, held for months or years, with nothing
 * after the length but a filler ("been at the Crown for 2 hours" is an evening; "… for 3 months as a customer lol"
 * and "… studying nursing" are no job), in a message that says no job was left (`text`).
 */
export function beenAt(tokens: readonly Token[], start: number, own: Subject, isPlace: (name: string) => boolean, text: string): Built | null {
  let i = start;
  if (lowerOf(tokens[i]) === 'i') i++;
  if (['have', "'ve", 've'].includes(lowerOf(tokens[i]))) i++;
  if (lowerOf(tokens[i]) !== 'been' || lowerOf(tokens[i + 1]) !== 'at') return null;
  // "been at the BBC": the name keeps its article.
  const the = lowerOf(tokens[i + 2]) === 'the' ? 1 : 0;
  const run = properRuns(tokens.slice(i + 2))[0];
  if (!run || run.start !== the || isPlace(run.text) || NOT_A_WORKPLACE_NAME.test(run.text)) return null;
  const length = JOB_LENGTH.exec(joinTokens(tokens.slice(i + 2 + run.end)));
  if (!length || !onlyTimeOrFillers(joinTokens(tokens.slice(i + 2 + run.end)).slice(length.index + length[0].length))) return null;
  if (/\b(?:left|quit|resigned|laid off|fired|sacked|last day)\b/i.test(text)) return null;
  return { content: `${own.text} works at ${the ? 'the ' : ''}${run.text}`, type: 'semantic', slot: `${own.key}.employer`, value: normaliseFact(run.text), entities: [{ name: run.text, type: 'organization', aliases: [] }] };
}

/** "my new job is at Dropbox", "my job is with Acme now": the speaker's employer, or null. */
export function jobIsAt(tokens: readonly Token[], start: number, own: Subject): Built | null {
  let i = start + 1;
  if (['new', 'current'].includes(lowerOf(tokens[i]))) i++;
  if (!['job', 'work', 'workplace', 'employer'].includes(lowerOf(tokens[i]))) return null;
  if (!['is', "'s"].includes(lowerOf(tokens[i + 1]))) return null;
  let object = tokens.slice(i + 2).filter((t) => t.pos !== 'PUNCT');
  if (lowerOf(object.at(-1)) === 'now') object = object.slice(0, -1);
  // "my current employer is the NHS": the employer is named without a preposition.
  const org = lowerOf(tokens[i]) === 'employer' ? namedAfter(lowerOf(object[0]) === 'at' ? object : [{ ...(object[0] as Token), text: 'at', pos: 'ADP' }, ...object], ['at']) : namedAfter(object, ['at', 'with', 'for']);
  return org ? { content: `${own.text} works at ${org}`, type: 'semantic', slot: `${own.key}.employer`, value: normaliseFact(org), entities: [{ name: org, type: 'organization', aliases: [] }] } : null;
}
