/**
 * A message that corrects the speaker's message before it: "sorry i meant Leicester not Leeds", "no wait, it's Derby
 * not Nottingham", "correction: i work at Tesco, not Greggs. typo". What the earlier message taught with the wrong word
 * is not learned: it is read again with the right one, or left to the statement the correction makes itself. So a
 * slip of the keyboard never becomes a home or a job that held for a day.
 */
import { escapeRegExp, normaliseFact } from '../../../src-shared/text';
import type { CandidateFact } from '../types';

/** How a correction opens: "sorry", "oops", "typo", "correction:", "no wait", "i meant". */
const CUE = /^\W*(?:(?:sorry|soz|oops|whoops|typo|correction|autocorrect|no|wait|ugh)\b[\s,:!.-]*)+(?:i meant|i mean|meant)?\s*|^\W*(?:i meant|i mean)\b\s*/i;
const WORDS = String.raw`[\p{L}][\p{L}'&-]*(?:\s+[\p{L}][\p{L}'&-]*){0,2}`;
const END = String.raw`\s*(?:[.!,;)]|\s+(?:lol|haha|typo|sorry|oops|my bad)\b|$)`;
/** After the cue: "Leicester not Leeds", "it's Derby not Nottingham" (the right word, then the wrong one). */
const RIGHT_NOT_WRONG = new RegExp(String.raw`^(?:it'?s|its|it was|should be|should say)?\s*(${WORDS})\s*,?\s+not\s+(${WORDS})${END}`, 'iu');
/** Anywhere in a corrected statement: "…, not Greggs." */
const NOT_WRONG = new RegExp(String.raw`\bnot\s+(${WORDS})${END}`, 'iu');

export interface Correction {
  /** The word put right, when the message says it alone ("Leicester"); null when it makes its own statement. */
  right: string | null;
  wrong: string;
}

/** A message that is only the right word and the wrong one: "sheffield, not leeds", "*sheffield not leeds", "not leeds, sheffield". */
const RIGHT_NOT_WRONG_ONLY = new RegExp(String.raw`^\W*\*?(${WORDS})\s*,?\s+not\s+(${WORDS})[\s.!…]*$`, 'iu');
const NOT_WRONG_BUT_RIGHT_ONLY = new RegExp(String.raw`^\W*not\s+(${WORDS})\s*[,.;:-]+\s*\*?(${WORDS})[\s.!…]*$`, 'iu');

/** The correction a message makes, or null: a message that opens as one ("sorry", "i meant", "correction"…) or is only one. */
export function correctionIn(text: string): Correction | null {
  const only = RIGHT_NOT_WRONG_ONLY.exec(text);
  if (only?.[1] && only[2]) return { right: only[1], wrong: only[2] };
  const notFirst = NOT_WRONG_BUT_RIGHT_ONLY.exec(text);
  if (notFirst?.[1] && notFirst[2]) return { right: notFirst[2], wrong: notFirst[1] };
  const cue = CUE.exec(text);
  if (!cue || cue[0].trim() === '') return null;
  const rest = text.slice(cue[0].length);
  const bare = RIGHT_NOT_WRONG.exec(rest);
  if (bare?.[1] && bare[2]) return { right: bare[1], wrong: bare[2] };
  const wrong = NOT_WRONG.exec(rest)?.[1];
  return wrong ? { right: null, wrong } : null;
}

/** `words` as a whole word or phrase, in any case. */
export const wordPattern = (words: string): RegExp => new RegExp(`(?<![\\p{L}])${escapeRegExp(words)}(?![\\p{L}])`, 'iu');

/** A name as the fact would say it: "leicester" → "Leicester" (what was typed in capitals stays). */
export const asName = (words: string): string => words.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`);

/**
 * Applies `correction` to the facts of the message it corrects (`earlier`, which it replaces in place): the facts
 * that say the wrong word go; when the correction says only the right word, each comes back with it, citing both
 * messages. Returns the names no fact names any more (their entities go too).
 */
export function applyCorrection(facts: CandidateFact[], from: number, to: number, correction: Correction, episodeId: string): { fixed: number; unnamed: string[] } {
  const wrong = wordPattern(correction.wrong);
  const earlier = facts.slice(from, to);
  const hit = earlier.filter((f) => wrong.test(f.content));
  if (hit.length === 0) return { fixed: 0, unnamed: [] };
  const right = correction.right === null ? null : asName(correction.right);
  const kept = earlier.filter((f) => !hit.includes(f));
  const redone: CandidateFact[] =
    right === null
      ? []
      : hit.map((f) => ({
          ...f,
          content: f.content.replace(wrong, right),
          value: f.value === null ? null : f.value.replace(wordPattern(normaliseFact(correction.wrong)), normaliseFact(right)),
          entityNames: f.entityNames.map((n) => (wrong.test(n) ? n.replace(wrong, right) : n)),
          sourceEpisodeIds: [...f.sourceEpisodeIds, episodeId],
        }));
  facts.splice(from, to - from, ...kept, ...redone);
  const named = new Set(facts.flatMap((f) => f.entityNames.map((n) => n.toLowerCase())));
  const unnamed = [...new Set(hit.flatMap((f) => f.entityNames))].filter((n) => !named.has(n.toLowerCase()));
  return { fixed: hit.length, unnamed };
}
