/**
 * A home settled in, said the chat's way (build-statement.ts reads "moved to Leeds", "we live in Leeds now"; change.ts
 * "moved out of Hackney"): "we're in walthamstow now" is the new home when the message tells of a move ("moved out of
 * hackney, we're in walthamstow now") — without one it is as often a trip or an errand ("we're in paris now!", "i'm in
 * tesco now").
 */
import { joinTokens, type Token } from './analyzer';
import { normaliseFact } from '../text';
import { lowerOf, properRuns } from './phrases';
import { onlyTimeOrFillers } from './state-words';
import type { Built, Subject } from './statement-types';

/** Whether a name may be a home: not an organisation's (the caller's reading of the message; a name finder often takes a suburb for a person). */
export type MayBeHome = (name: string) => boolean;

/**
 * The speaker's own move, done: "we moved in june", "just moved!!", "…, moved on saturday", "i've finally moved". Not a
 * move ahead ("we're moving next month"), someone else's ("my friend moved to Paris"), nor "moving jobs".
 */
const TELLS_OF_A_MOVE = /(?:^|[.!?,;:…]\s*|\b(?:i|we)\s+(?:(?:'ve|ve|have|just|finally|officially|actually)\s+)*)(?:(?:just|finally|officially)\s+)*(?:moved|relocated)\b(?!\s+(?:jobs?|teams?|desks?|schools?|offices?)\b)/i;

/** "we're in walthamstow now", "i'm now in leeds": where the speaker lives, in a message that tells of their move; else null. */
export function settledIn(tokens: readonly Token[], start: number, own: Subject, mayBeHome: MayBeHome, text: string): Built | null {
  if (!TELLS_OF_A_MOVE.test(text)) return null;
  let i = start;
  if (!['i', 'we'].includes(lowerOf(tokens[i]))) return null;
  if (!['am', "'m", 'm', 'are', "'re", 're'].includes(lowerOf(tokens[i + 1]))) return null;
  i += 2;
  const now = lowerOf(tokens[i]) === 'now';
  if (now) i++;
  if (lowerOf(tokens[i]) !== 'in') return null;
  // "now" said before or after the place: without it "we're in leeds" is as often a visit.
  if (!now && !/\bnow\b/i.test(joinTokens(tokens.slice(i)))) return null;
  const at = i + 1;
  const run = properRuns(tokens.slice(at))[0];
  if (!run || run.start !== 0 || !mayBeHome(run.text)) return null;
  // "we're in Jake's now": someone's home, not a place of its own.
  if (/['’]s?$/.test(run.text) || /^['’]s?$/.test(tokens[at + run.end]?.text ?? '')) return null;
  if (!onlyTimeOrFillers(joinTokens(tokens.slice(at + run.end)))) return null;
  return { content: `${own.text} lives in ${run.text}`, type: 'semantic', slot: `${own.key}.residence`, value: normaliseFact(run.text), entities: [{ name: run.text, type: 'place', aliases: [] }] };
}
