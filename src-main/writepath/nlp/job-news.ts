/**
 * The speaker's job or home, said the chat's way, however the clause begins (statements.ts asks before the general
 * rules): "today was my last day at Sky", "currently working at Tesco", "been at Google for 3 years", "we're in
 * walthamstow now" (chat-forms.ts, home-news.ts), and a new job told without a verb after the news: "got a new job!!
 * junior dev at a startup called Loopwise", "new job: barista at Costa".
 */
import { escapeRegExp, indefiniteArticle } from '../../../src-shared/text';
import { joinTokens, type Token } from './analyzer';
import { normaliseFact } from '../text';
import { beenAt, firstDayAt, jobRole, lastDayAt, NEW_JOB, noLongerAt, SOMEONE_ELSES, someoneElsesButColleagues, workingAt } from './job-forms';

export { NEW_JOB };

/** A message that may be only a role at a firm ("junior dev at zalando"): let in to be read though it says no "I". */
export const ROLE_AT_FIRM = new RegExp(String.raw`(?:^|[.!?]\s)\W*(?:(?:now|just|officially|currently|an?)\s+)*(?:[\p{L}-]+\s+){0,3}\p{L}*${JOB_SUFFIX.source.slice(0, -1)}\s+(?:at|for|with)\s+\p{L}`, 'iu');
import { cameBackTo, livingIn, newHomeIn, residentOf, settledIn } from './home-news';
import { employerAfter, lowerOf, properRuns } from './phrases';
import { JOB_SUFFIX, STREET_WORDS, US_STATES } from './lexicon';
import { onlyTimeOrFillers } from './state-words';
import type { Built, Context, Subject } from './statement-types';

/**
 * A message in which the verbless role may not be the speaker's job now: one that ended ("quit!! barista at Costa no
 * more", "old job: …", "3 years ago"), someone else's ("congrats on your new job", "new job for my brother", "so proud of
 * my sister"), a question, a plan or a maybe ("starting next week", "applied for", "might get", "jk"), an advert ("we're
 * hiring", "new role open"), or a choice ("… or barista at Costa").
 */
const NOT_OWN_NEW_JOB = new RegExp(
  [
    '\\?',
    '\\b(?:quit|left|resigned|laid off|fired|sacked|let go|last day|no more|not anymore|no longer|old job|previous|former|ago|used to)\\b',
    SOMEONE_ELSES.source,
    '\\b(?:next|tomorrow|soon|will|gonna|going to|starting|starts|start on|applied|applying|apply|interview|might|maybe|hopefully|if|jk|kidding|joking)\\b',
    // "new job at Ridgeline!! first day monday": taken, but not begun.
    '\\bfirst day (?:is |on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day\\b',
    '\\b(?:hiring|posting|vacanc\\w*|opening|open|advert|offer)\\b',
    '\\bor\\b',
  ].join('|'),
  'iu',
);
const PREPOSITIONS = ['at', 'for', 'with'];

/** The speaker's job or home from a chat form (null when the clause is none of them). */
export function jobOrHomeNews(tokens: readonly Token[], start: number, own: Subject, ctx: Context): Built | null {
  const workTalk = ctx.workTalk || /\b(?:quit|left|resigned|laid off|new job)\b/i.test(ctx.text);
  // "new job for Sam! working at Google now": someone else's new job, told without a subject.
  const othersNewJob = NEW_JOB.test(ctx.text) && SOMEONE_ELSES.test(ctx.text);
  const mayBeHome = (name: string): boolean => !ctx.isOrganisation(name) && ctx.named.get(name.toLowerCase()) !== 'organization';
  return (
    lastDayAt(tokens, start, own) ??
    (someoneElsesButColleagues(ctx.text) ? null : firstDayAt(tokens, start, own, ctx.text)) ??
    noLongerAt(tokens, start, own, (name) => ctx.named.get(name.toLowerCase()) === 'place', ctx.text) ??
    (othersNewJob ? null : workingAt(tokens, start, own, workTalk)) ??
    roleAt(tokens, start, own, ctx.text) ??
    (othersNewJob ? null : beenAt(tokens, start, own, (name) => ctx.named.get(name.toLowerCase()) === 'place', ctx.text)) ??
    settledIn(tokens, start, own, mayBeHome, ctx.text) ??
    livingIn(tokens, start, own, mayBeHome) ??
    newHomeIn(tokens, start, own, mayBeHome) ??
    residentOf(tokens, start, own, mayBeHome)
  );
}

/**
 * The speaker's news that follows names the reader may take for people, read wherever it stands: the employer now after
 * a career told as a list ("…, then PwC, now EY"), the home come back to after moves ("…, then berlin, came back to
 * manchester"). Each rule checks the message is the speaker's own story.
 */
export function newsAfterNames(tokens: readonly Token[], start: number, own: Subject, ctx: Context): Built | null {
  const mayBeHome = (name: string): boolean => !ctx.isOrganisation(name) && ctx.named.get(name.toLowerCase()) !== 'organization';
  return nowAtAfterJobs(tokens, start, own, ctx.text) ?? cameBackTo(tokens, start, own, mayBeHome, ctx.text);
}

/** A message let in only for news of a new job (statements.ts): the verbless role is all that is read. */
export function newJobOnly(tokens: readonly Token[], start: number, own: Subject, text: string, afterSomeoneElse: boolean): { subject: Subject; statements: Built[] } | null {
  const role = afterSomeoneElse ? null : roleAt(tokens, start, own, text);
  return role ? { subject: own, statements: [role] } : null;
}

/**
 * "junior dev at a startup called Loopwise", "barista at Costa 🎉", "now senior designer at Figma": a role (a job noun
 * and up to three words before it) at a firm, with nothing after but when or a filler, in a message that tells of a
 * job just taken and of none ended. The speaker works there.
 */
export function roleAt(tokens: readonly Token[], start: number, own: Subject, text: string): Built | null {
  if (!NEW_JOB.test(text) || NOT_OWN_NEW_JOB.test(text)) return null;
  let i = start;
  while (['now', 'just', 'officially', 'a', 'an'].includes(lowerOf(tokens[i]))) i++;
  // "new job at Ridgeline 🎉", "got a new job with Monzo!!": the job itself at a firm, no role said.
  // (Not "new gig at Brixton Academy": a concert as often; not "new position at chess club".)
  const jobWord = lowerOf(tokens[i]) === 'new' && ['job', 'role'].includes(lowerOf(tokens[i + 1])) ? i + 2 : -1;
  if (jobWord > 0 && PREPOSITIONS.includes(lowerOf(tokens[jobWord]))) return employerIn(tokens.slice(jobWord), own);
  const role = jobRole(tokens, i, PREPOSITIONS);
  if (!role || !PREPOSITIONS.includes(lowerOf(tokens[role.end]))) return null;
  return employerIn(tokens.slice(role.end), own);
}

/**
 * A line that is only a role at a firm, the way people introduce themselves in a chat: "junior dev at zalando", "data
 * analyst at delta, atlanta", "now a nurse at St James's 💉". The speaker's occupation and employer (a place after a
 * comma may follow the firm). Not someone else's, a question, a plan or a job ended (as for a new job's news).
 */
export function roleAtFirmAlone(tokens: readonly Token[], start: number, own: Subject, text: string, isCity: (name: string) => boolean = () => false): Built[] | null {
  if (NOT_OWN_NEW_JOB.test(text)) return null;
  let i = start;
  while (['now', 'just', 'officially', 'currently', 'a', 'an'].includes(lowerOf(tokens[i]))) i++;
  const found = jobRole(tokens, i, PREPOSITIONS);
  if (!found || !PREPOSITIONS.includes(lowerOf(tokens[found.end]))) return null;
  const rest = tokens.slice(found.end);
  const org = employerAfter(rest, PREPOSITIONS);
  const run = org === null ? undefined : properRuns(rest).find((r) => r.text === org);
  if (!org || !run) return null;
  // After the firm: when, a filler, or where ("…, atlanta").
  let after = rest.slice(run.end);
  const place = lowerOf(after[0]) === ',' ? properRuns(after.slice(1))[0] : undefined;
  if (place && place.start === 0) after = after.slice(1 + place.end);
  if (!onlyTimeOrFillers(joinTokens(after))) return null;
  const role = normaliseFact(joinTokens(found.role));
  const firm = { name: org, type: 'organization' as const, aliases: [] };
  // "data analyst at delta, atlanta": a self-introduction's city after the firm is where the speaker is based.
  // (The reader may end the clause at the comma: the city is then read from the message.)
  const placeText = place && place.start === 0 ? place.text : (new RegExp(`${escapeRegExp(org)}\\s*,\\s*(\\p{Lu}[\\p{L}'-]*(?:\\s(?:\\p{Lu}[\\p{L}'-]*|\\p{Ll}{2}))?)\\s*(?:$|[.!?]|\\p{Extended_Pictographic})`, 'u').exec(text)?.[1] ?? null);
  // ("atlanta ga": the state after the city; "oxford street" is a place in a town, not where one lives.)
  const words = placeText?.split(/\s+/) ?? [];
  const town = words.length === 2 && US_STATES.has((words[1] ?? '').toLowerCase()) ? (words[0] ?? '') : (placeText ?? '');
  const city = town !== '' && !STREET_WORDS.has((town.split(/\s+/).at(-1) ?? '').toLowerCase()) && isCity(town) ? town : null;
  return [
    { content: `${own.text} is ${indefiniteArticle(role)} ${joinTokens(found.role)} at ${org}`, type: 'semantic', slot: `${own.key}.occupation`, value: role, entities: [firm] },
    { content: `${own.text} works at ${org}`, type: 'semantic', slot: `${own.key}.employer`, value: normaliseFact(org), entities: [firm] },
    ...(city ? [{ content: `${own.text} is based in ${city}`, type: 'semantic' as const, slot: `${own.key}.residence`, value: normaliseFact(city), entities: [{ name: city, type: 'place' as const, aliases: [] }] }] : []),
  ];
}

/** The firm after "at", "for" or "with" at the start of `rest`, with nothing after it but when or a filler. */
function employerIn(rest: readonly Token[], own: Subject): Built | null {
  const org = employerAfter(rest, PREPOSITIONS);
  const run = org === null ? undefined : properRuns(rest).find((r) => r.text === org);
  if (!org || !run || !onlyTimeOrFillers(joinTokens(rest.slice(run.end)))) return null;
  return { content: `${own.text} works at ${org}`, type: 'semantic', slot: `${own.key}.employer`, value: normaliseFact(org), entities: [{ name: org, type: 'organization', aliases: [] }] };
}

/** A career told as a list, the speaker's: "i worked at Accenture, then PwC, now EY", "was at Aldi, then Lidl. now at Tesco". */
const CAREER_LIST = /(?:^|[.!?]\s*|\bi\s+(?:have\s+|'ve\s+)?)(?:worked|was|been|started|began|used to (?:work|be))\s+(?:at|for|with)\s+[^!?;]+?(?:,|\bthen\b)[^!?;]*?\b(?:now|currently)\b/i;

/**
 * "…, now EY", "… and now at Tesco": the employer now, the last of a career the speaker tells as a list (the ones before
 * it are where they worked). Only a name, with nothing after it but a filler. (Read even after the names of the list,
 * which the reader may take for people.)
 */
function nowAtAfterJobs(tokens: readonly Token[], start: number, own: Subject, text: string): Built | null {
  // (The clause reader skips "and now" as an opener.)
  const now = tokens.slice(0, start + 1).findLastIndex((t) => ['now', 'currently'].includes(lowerOf(t)));
  if (now < 0 || tokens.slice(0, now).some((t) => !['and', ',', 'but'].includes(lowerOf(t))) || !CAREER_LIST.test(text)) return null;
  let i = now + 1;
  // ("now I'm at EY", "now im with Monzo".)
  if (lowerOf(tokens[i]) === 'i' && ["'m", 'm', 'am'].includes(lowerOf(tokens[i + 1]))) i += 2;
  else if (lowerOf(tokens[i]) === 'im') i++;
  if (PREPOSITIONS.includes(lowerOf(tokens[i]))) i++;
  const the = lowerOf(tokens[i]) === 'the' ? 1 : 0;
  const run = properRuns(tokens.slice(i))[0];
  if (!run || run.start !== the || !onlyTimeOrFillers(joinTokens(tokens.slice(i + run.end)))) return null;
  return { content: `${own.text} works at ${the ? 'the ' : ''}${run.text}`, type: 'semantic', slot: `${own.key}.employer`, value: normaliseFact(run.text), entities: [{ name: run.text, type: 'organization', aliases: [] }] };
}
