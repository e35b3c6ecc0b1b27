/**
 * A message that corrects the speaker's message before it: "sorry i meant Leicester not Leeds", "no wait, it's Derby
 * not Nottingham", "correction: i work at Tesco, not Greggs. typo". What the earlier message taught with the wrong word
 * is not learned: it is read again with the right one, or left to the statement the correction makes itself. So a
 * slip of the keyboard never becomes a home or a job that held for a day.
 */
import { escapeRegExp, normaliseFact } from '../../../src-shared/text';
import type { CandidateFact } from '../types';
import { NOT_A_CORRECTION } from './self-corrections';

/** How a correction opens: "sorry", "oops", "typo", "correction:", "no wait", "i meant". */
const CUE = /^\W*(?:(?:sorry|soz|oops|whoops|typo|correction|autocorrect|no|wait|ugh)\b[\s,:!.-]*)+(?:i meant|i mean|meant)?\s*|^\W*(?:i meant|i mean)\b\s*/i;
const WORDS = String.raw`[\p{L}][\p{L}'&-]*(?:\s+[\p{L}][\p{L}'&-]*){0,2}`;
/** The same, fewest words first: what follows may be "lol" or "sorry" ("*sheffield lol"). */
const FEWEST_WORDS = String.raw`[\p{L}][\p{L}'&-]*(?:\s+[\p{L}][\p{L}'&-]*){0,2}?`;
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

/** The correction a message makes, or null: only a message that opens as one ("sorry", "i meant", "correction"…). */
export function correctionIn(text: string): Correction | null {
  const cue = CUE.exec(text);
  if (!cue || cue[0].trim() === '') return null;
  const rest = text.slice(cue[0].length);
  const bare = RIGHT_NOT_WRONG.exec(rest);
  if (bare?.[1] && bare[2]) return { right: bare[1], wrong: bare[2] };
  const wrong = NOT_WRONG.exec(rest)?.[1];
  return wrong ? { right: null, wrong } : null;
}

/** What may follow the right word in a message that is only a correction: "lol", "typo", "sorry", "🤦". */
const ONLY_END = String.raw`[\s.!,;)*]*(?:(?:lol|haha+|typo|sorry|soz|oops|my bad|autocorrect|ffs)\b[\s.!,]*)*[\s\p{Extended_Pictographic}\uFE0F\u200D]*$`;
/**
 * A message that is only the right word, the wrong one left unsaid: "sorry i meant leicester", "*sheffield", "aldi*
 * sorry", "i meant Leicester", "well hove actually", "no wait, york".
 */
const RIGHT_WORD_ONLY = [
  new RegExp(String.raw`^\W*(?:(?:sorry|soz|oops|whoops|typo|autocorrect|no|wait|ugh)\b[\s,:!.-]*)+(?:i meant|i mean|meant)?\s*\*?(${FEWEST_WORDS})${ONLY_END}`, 'iu'),
  new RegExp(String.raw`^\W*i meant\s+\*?(${FEWEST_WORDS})${ONLY_END}`, 'iu'),
  new RegExp(String.raw`^\s*\*\s*(${FEWEST_WORDS})${ONLY_END}`, 'iu'),
  new RegExp(String.raw`^\s*(${FEWEST_WORDS})\s*\*${ONLY_END}`, 'iu'),
  new RegExp(String.raw`^\W*(?:(?:well|no|sorry|oh)\b[\s,]*)?(${FEWEST_WORDS})\s+actually${ONLY_END}`, 'iu'),
];

/** How the reader tells a name from an everyday word and one kind of name from another. */
export interface NameJudge {
  /** Whether a single word is an everyday word and no name ("worries", "chat"; not "leicester", "aldi"). */
  isEverydayWord(word: string): boolean;
  /** The kind of name the words are (person, place, organization), when the name finder knows them. */
  kindOf(words: string): string | undefined;
}

/**
 * The correction a message makes when it says only the right name ("*sheffield" after "moved to leeds"): the wrong
 * one is the one name the message before it gave its facts, so the reader need not be told it. Null when the message
 * is no such correction, when the facts before name no thing or more than one, or when the words are everyday ones
 * ("sorry wrong chat", "no worries") or a name of another kind ("sorry tom" after "moved to leeds" speaks to Tom).
 */
export function nameCorrectionIn(text: string, earlier: readonly CandidateFact[], kindOfEntity: (name: string) => string | undefined, judge: NameJudge): Correction | null {
  // ("no" and "wait" alone before a word go on talking: "no way", "wait what".)
  if (/^\W*(?:no|wait)\s+(?!wait\b|no\b|i mean)\p{L}/iu.test(text)) return null;
  const right = RIGHT_WORD_ONLY.map((p) => p.exec(text)?.[1]).find((w) => w !== undefined)?.trim();
  if (!right) return null;
  const words = right.toLowerCase().split(/\s+/);
  if (words.some((w) => NOT_A_CORRECTION.has(w)) || words.every((w) => judge.isEverydayWord(w))) return null;
  const named = new Map<string, string>();
  for (const f of earlier) for (const n of f.entityNames) if (wordPattern(n).test(f.content)) named.set(n.toLowerCase(), n);
  const [wrong, ...more] = [...named.values()];
  if (!wrong || more.length > 0 || wrong.toLowerCase() === right.toLowerCase()) return null;
  const kind = judge.kindOf(right);
  const wrongKind = kindOfEntity(wrong);
  if (kind !== undefined && wrongKind !== undefined && kind !== wrongKind) return null;
  return { right, wrong };
}

const wordPattern = (words: string): RegExp => new RegExp(`(?<![\\p{L}])${escapeRegExp(words)}(?![\\p{L}])`, 'iu');

/** A name as the fact would say it: "leicester" → "Leicester" (what was typed in capitals stays). */
const asName = (words: string): string => words.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`);

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
