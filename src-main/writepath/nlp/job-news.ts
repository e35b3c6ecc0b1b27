/**
 * The speaker's job or home, said the chat's way, however the clause begins (statements.ts asks before the general
 * rules): "today was my last day at Sky", "currently working at Tesco", "been at Google for 3 years", "we're in
 * walthamstow now" (chat-forms.ts, home-news.ts), and a new job told without a verb after the news: "got a new job!!
 * junior dev at a startup called Loopwise", "new job: barista at Costa".
 */
import { joinTokens, type Token } from './analyzer';
import { normaliseFact } from '../text';
import { beenAt, lastDayAt, workingAt } from './chat-forms';
import { settledIn } from './home-news';
import { JOB_SUFFIX, JUDGEMENTS, NOT_JOBS, NOT_NOW_JOBS } from './lexicon';
import { employerAfter, lowerOf, properRuns } from './phrases';
import { onlyTimeOrFillers } from './state-words';
import type { Built, Context, Subject } from './statement-types';

/** A message telling of a job just taken: "new job", "got the job", "got hired", "accepted the offer", "started a new role". */
export const NEW_JOB = /\b(?:new (?:job|role|position|gig)|got (?:the|a|that) job|got hired|(?:i'?m|am|been|was|got|i've been) (?:hired|taken on)|accepted (?:the|an|their) (?:job )?offer|start(?:ed|ing) (?:a|my|the) (?:new )?(?:job|role))\b/i;
/** A job that ended in the same message: the verbless role may be the old one ("quit!! barista at Costa no more"). */
const JOB_ENDED = /\b(?:quit|left|resigned|laid off|fired|sacked|let go|last day|no more|not anymore|no longer)\b/i;
const PREPOSITIONS = ['at', 'for', 'with'];

/** The speaker's job or home from a chat form (null when the clause is none of them). */
export function jobOrHomeNews(tokens: readonly Token[], start: number, own: Subject, ctx: Context): Built | null {
  const workTalk = ctx.workTalk || /\b(?:quit|left|resigned|laid off|new job)\b/i.test(ctx.text);
  return (
    lastDayAt(tokens, start, own) ??
    workingAt(tokens, start, own, workTalk) ??
    roleAt(tokens, start, own, ctx.text) ??
    beenAt(tokens, start, own, (name) => ctx.named.get(name.toLowerCase()) === 'place', ctx.text) ??
    settledIn(tokens, start, own, (name) => !ctx.isOrganisation(name) && ctx.named.get(name.toLowerCase()) !== 'organization', ctx.text)
  );
}

/**
 * "junior dev at a startup called Loopwise", "barista at Costa 🎉", "now senior designer at Figma": a role (a job noun
 * and up to three words before it) at a firm, with nothing after but when or a filler, in a message that tells of a
 * job just taken and of none ended. The speaker works there.
 */
export function roleAt(tokens: readonly Token[], start: number, own: Subject, text: string): Built | null {
  if (!NEW_JOB.test(text) || JOB_ENDED.test(text)) return null;
  let i = start;
  while (['now', 'just', 'officially', 'a', 'an'].includes(lowerOf(tokens[i]))) i++;
  const roleStart = i;
  while (i < tokens.length && i - roleStart < 4 && ['ADJ', 'NOUN', 'PROPN'].includes((tokens[i] as Token).pos) && !PREPOSITIONS.includes(lowerOf(tokens[i]))) i++;
  const role = tokens.slice(roleStart, i);
  const head = role.at(-1);
  if (!head || head.pos !== 'NOUN' || !JOB_SUFFIX.test(head.text) || NOT_JOBS.has(lowerOf(head))) return null;
  if (role.some((t) => JUDGEMENTS.has(lowerOf(t)) || NOT_NOW_JOBS.has(lowerOf(t)))) return null;
  if (!PREPOSITIONS.includes(lowerOf(tokens[i]))) return null;
  const rest = tokens.slice(i);
  const org = employerAfter(rest, PREPOSITIONS);
  const run = org === null ? undefined : properRuns(rest).find((r) => r.text === org);
  if (!org || !run || !onlyTimeOrFillers(joinTokens(rest.slice(run.end)))) return null;
  return { content: `${own.text} works at ${org}`, type: 'semantic', slot: `${own.key}.employer`, value: normaliseFact(org), entities: [{ name: org, type: 'organization', aliases: [] }] };
}
