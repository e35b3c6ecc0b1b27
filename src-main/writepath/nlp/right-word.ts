/**
 * A correction sent as the next message that says only the right word, the wrong one left unsaid: "moved to leeds" /
 * "*sheffield", "i work at tesco" / "sorry i meant aldi", "i quit smoking in august" / "*july", "i'm a nurse" /
 * "*midwife". The wrong word is found in the message before: the one name its facts name, its one month, or the job or
 * diet it states. The caller reads that message again with the right word (extract-offline.ts), so the slot, the value
 * and the date follow it. (A correction that names the wrong word too is corrections.ts's.)
 */
import type { CandidateFact } from '../types';
import type { Correction } from './corrections';
import { wordPattern } from './corrections';
import { HABIT_NAMES, JOB_SUFFIX, meatlessDiet, MONTH_NAME, NOT_JOBS } from './lexicon';
import { editDistance, NOT_A_CORRECTION } from './self-corrections';

/** One to three words, fewest first: what follows may be "lol" or "sorry" ("*sheffield lol"); "marks & spencer". */
const FEWEST_WORDS = String.raw`[\p{L}\p{N}][\p{L}\p{N}'&-]*(?:\s+[\p{L}&][\p{L}'&-]*){0,2}?`;
/** What may follow the right word in a message that is only a correction: "lol", "typo", "sorry", "🤦", "i mean". */
const ONLY_END = String.raw`[\s.!,;)*]*(?:(?:lol|haha+|typo|sorry|soz|oops|my bad|autocorrect|ffs|i mean|i meant|obviously|obvs)\b[\s.!,]*)*[\s\p{Extended_Pictographic}\uFE0F\u200D]*$`;
const CUES = String.raw`sorry|soz|sry|oops|whoops|typo|autocorrect|correction|no|wait|ugh|jk|jks|actually|lol\s+no|haha\s+no`;
/** "sorry i meant leicester", "*sheffield", "aldi* sorry", "i mean Leicester", "well, hove, actually", "it's joanna", "york was right". */
const RIGHT_WORD_ONLY = [
  new RegExp(String.raw`^\W*(?:(?:${CUES})\b[\s,:!.-]*)+(?:i meant(?: to say)?|i mean|meant)?\s*(?:it'?s\s+)?\*?(${FEWEST_WORDS})${ONLY_END}`, 'iu'),
  new RegExp(String.raw`^\W*(?:i\s+)?mean(?:t)?(?: to say)?\s+\*?(${FEWEST_WORDS})${ONLY_END}`, 'iu'),
  new RegExp(String.raw`^\s*\*+\s*(${FEWEST_WORDS})${ONLY_END}`, 'iu'),
  new RegExp(String.raw`^\s*(${FEWEST_WORDS})\s*\*${ONLY_END}`, 'iu'),
  new RegExp(String.raw`^\W*(?:(?:well|no|sorry|oh)\b[\s,]*)?(${FEWEST_WORDS})[\s,]+(?:actually|technically)${ONLY_END}`, 'iu'),
  new RegExp(String.raw`^\W*(?:(?:no|sorry|wait|oh|oops)\b[\s,]*)*(${FEWEST_WORDS})\s+(?:was|is)\s+right${ONLY_END}`, 'iu'),
  new RegExp(String.raw`^\W*(${FEWEST_WORDS})[\s,]+i\s+mean(?:t)?${ONLY_END}`, 'iu'),
];
const MONTH = new RegExp(`^${MONTH_NAME}$`, 'i');
/** A month said as a time in the message before: "in august", "since march", "3rd july", "end of june". */
const MONTH_SAID = new RegExp(String.raw`(?<=\b(?:in|since|from|until|till|by|last|this|next|early|late|mid|of|on|\d{1,2}(?:st|nd|rd|th)?)\s+)(${MONTH_NAME})\b`, 'giu');

/** Words that make the rest a clause, not a word put right: "jk still in lisbon", "i mean near leeds", "*used to". */
const CLAUSE_WORDS = new Set(['still', 'in', 'at', 'to', 'near', 'outside', 'live', 'lives', 'living', 'moved', 'work', 'works', 'working', 'used', 'trying', 'does', 'did', 'do']);

/** How the reader tells a name from an everyday word and one kind of name from another. */
export interface NameJudge {
  /** Whether a single word is an everyday word and no name ("worries", "chat"; not "leicester", "aldi"). */
  isEverydayWord(word: string): boolean;
  /** The kind of name the words are (person, place, organization), when the name finder knows them. */
  kindOf(words: string): string | undefined;
}

/**
 * The correction `text` makes of `previous` (the same speaker's message before it, whose facts are `earlier`), or null:
 * when it is no such correction, when the message before names no thing or more than one, when the words are everyday
 * ones ("sorry wrong chat", "no worries"), a name of another kind ("sorry tom" after "moved to leeds" speaks to Tom), or
 * a misspelling of the very name ("*leeeds" after "leeds").
 */
export function nameCorrectionIn(text: string, previous: string, earlier: readonly CandidateFact[], kindOfEntity: (name: string) => string | undefined, judge: NameJudge): Correction | null {
  // ("no" and "wait" alone before a word go on talking: "no way", "wait what"; "*facepalm*" is an action.)
  if (/^\W*(?:no|wait)\s+(?!wait\b|no\b|i mean|sorry\b|actually\b)\p{L}/iu.test(text) || /^\s*\*[^*]+\*\s*$/u.test(text)) return null;
  // (The first form whose words are no clause: "no sorry york was right" is "york", not "york was right".)
  const said = (w: string): boolean => !w.toLowerCase().split(/\s+/).some((x) => NOT_A_CORRECTION.has(x) || CLAUSE_WORDS.has(x));
  // ("*at asda", "*a midwife": the word put right, without the little word before it; "*my brother" is no name.)
  const right = RIGHT_WORD_ONLY.map((p) => p.exec(text)?.[1]?.trim().replace(/^(?:at|in|to|from|for|a|an)\s+/i, '')).find((w) => w !== undefined && said(w));
  if (!right || /^(?:my|your|ur|his|her|our|their|the)\b/i.test(right)) return null;
  const words = right.toLowerCase().split(/\s+/);
  const inPrevious = (said: string): string | undefined => wordPattern(said).exec(previous)?.[0];
  // A year for a year, or after the month said: "i moved to leeds in 2023" / "*2024", "… in march" / "*2024".
  if (/^(?:19|20)\d\d$/.test(right)) {
    const years = [...new Set(previous.match(/\b(?:19|20)\d\d\b/g) ?? [])];
    if (years.length === 1 && years[0] !== right) return { right, wrong: years[0] as string };
    const months = years.length === 0 ? [...new Set([...previous.matchAll(MONTH_SAID)].map((m) => m[0]))] : [];
    return months.length === 1 ? { right: `${months[0] as string} ${right}`, wrong: months[0] as string } : null;
  }
  // A count for a count: "i quit smoking 2 months ago" / "*3"; an age for an age.
  if (/^\d{1,3}$/.test(right)) {
    const counts = [...new Set(previous.match(/\b\d{1,3}(?=\s+(?:days?|weeks?|months?|years?|yrs?)\s+ago\b)/gi) ?? [])];
    // An age for the age stated: "i'm 34" / "*35".
    const age = earlier.find((f) => /\.age$/.test(f.slot ?? '') && f.value !== null && new RegExp(String.raw`\b${f.value}\b`).test(previous));
    if (counts.length === 0 && age?.value && age.value !== right && Number(right) >= 16 && Number(right) <= 110) return { right, wrong: age.value };
    return counts.length === 1 && counts[0] !== right ? { right, wrong: counts[0] as string } : null;
  }
  // (A number is no name: "*2" corrects nothing else.)
  if (/\p{N}/u.test(right)) return null;
  // A month for a month: "i quit smoking in august" / "*july".
  if (MONTH.test(right)) {
    const months = [...new Set([...previous.matchAll(MONTH_SAID)].map((m) => m[0].toLowerCase()))];
    return months.length === 1 && months[0] !== right.toLowerCase() ? { right, wrong: inPrevious(months[0] as string) ?? (months[0] as string) } : null;
  }
  // A habit for a habit: "i quit smoking in august" / "*drinking".
  if (HABIT_NAMES.has(right.toLowerCase())) {
    const habits = [...new Set([...previous.toLowerCase().matchAll(/[\p{L}]+/gu)].map((m) => m[0]).filter((w) => HABIT_NAMES.has(w)))];
    return habits.length === 1 && HABIT_NAMES.get(habits[0] as string) !== HABIT_NAMES.get(right.toLowerCase()) ? { right, wrong: inPrevious(habits[0] as string) ?? (habits[0] as string) } : null;
  }
  // A job or a diet for the one stated: "i'm a nurse" / "*midwife", "i'm vegan" / "sorry vegetarian".
  const stated = earlier.filter((f) => /\.(?:occupation|diet)$/.test(f.slot ?? '') && f.value !== null && !f.value.startsWith('ended:'));
  const kindOfWord = stated.length === 1 && words.length === 1 ? stated[0] : undefined;
  if (kindOfWord?.value && ((kindOfWord.slot?.endsWith('.occupation') && JOB_SUFFIX.test(right) && !NOT_JOBS.has(right.toLowerCase())) || (kindOfWord.slot?.endsWith('.diet') && meatlessDiet(right)))) {
    const wrong = inPrevious(kindOfWord.value);
    return wrong && wrong.toLowerCase() !== right.toLowerCase() ? { right, wrong } : null;
  }
  if (words.every((w) => judge.isEverydayWord(w))) return null;
  const named = new Map<string, string>();
  for (const f of earlier) for (const n of f.entityNames) if (wordPattern(n).test(f.content) && inPrevious(n)) named.set(n.toLowerCase(), n);
  const kind = judge.kindOf(right);
  // Of two names, the one of the right word's kind: "i work at tesco and live in leeds" / "*york".
  const candidates = named.size > 1 && kind !== undefined ? [...named.values()].filter((n) => (kindOfEntity(n) ?? judge.kindOf(n)) === kind) : [...named.values()];
  const [name, ...more] = candidates;
  if (!name || more.length > 0 || name.toLowerCase() === right.toLowerCase()) return null;
  const wrongKind = kindOfEntity(name) ?? judge.kindOf(name);
  if (kind !== undefined && wrongKind !== undefined && kind !== wrongKind) return null;
  // "*leeeds", "*tesoc": a known name spelt wrong is no correction of it.
  if (kind === undefined && wrongKind !== undefined && misspelt(name.toLowerCase(), right.toLowerCase())) return null;
  return { right, wrong: inPrevious(name) ?? name };
}

/** One letter off, or two letters swapped: "leeds" / "leds", "tesco" / "tesoc" (not "asda" / "aldi"). */
function misspelt(a: string, b: string): boolean {
  const d = editDistance(a, b);
  return d <= 1 || (d === 2 && [...a].sort().join('') === [...b].sort().join(''));
}
