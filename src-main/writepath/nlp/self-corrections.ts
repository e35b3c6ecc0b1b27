/**
 * A message that corrects itself: "i work at tesco. sorry, aldi", "i live in york, i mean leeds", "i have 2 dogs\nactually
 * 3 now lol", "i'm 41, i mean 42", "i work at mnozo lol monzo*", "my boyfriend tom... well ex now". What the speaker put
 * right is read as they put it ("User works at Aldi"); what they took back ("well, had", "ex now", "or was") is not read
 * at all. Only the words put right are replaced, so the statement keeps its own verb and time.
 *
 * (A correction sent as a message of its own is corrections.ts's: the facts of the message before are redone there.)
 */
import { MONTH_NAME, RELATIONS } from './lexicon';
import { NUMBER_IN_WORDS } from '../../../src-shared/number-words';

/**
 * How a correction opens after what it corrects. Sure cues say so whatever follows. "actually", "well" also go on
 * talking ("i work at tesco. actually i love it"), so after them only a name, a number or a phrase of the same kind
 * counts (see withRightWords).
 */
const SURE_CUE = String.raw`or\s+was|or\s+used\s+to|(?:sorry|soz|oops|whoops),?\s+i\s+mean(?:t)?|i\s+mean(?:t)?|no\s+wait|wait\s+no|actually\s+no|no\s+sorry|correction|typo|nah`;
// ("sorry" alone apologises as often as it corrects, "i work at tesco. sorry, brb", "… sorry, tom": a soft cue, and the
// word after it must be of the kind it replaces; "no" and "wait" only before a comma or a number: "i live in cardiff, no,
// swansea", "i'm 41. no 42", not "i'm 41, no kids".)
const SOFT_CUE = String.raw`sorry|soz|oops|actually|well|or\s+rather|rather|nope|(?:no|wait)(?=\s*,|\s+\d)`;
const SURE = new RegExp(`^(?:${SURE_CUE})$`, 'iu');
/** A cue after a sentence's end, a comma, a dash or an ellipsis (or on a line of its own); "actually no" and "i mean" also mid-sentence. */
const CUE = new RegExp(
  String.raw`(?:(?<=[.,;!?…*\-–—)]|\n)[ \t]*|[ \t]+(?=(?:actually\s+no|i\s+mean)\b))(${SURE_CUE}|${SOFT_CUE})\b[ \t]*[,:\-–—]?[ \t]*`,
  'giu',
);
/**
 * Cues that take back what came before even when a whole clause follows: "i'm a nurse. or was, i'm a midwife now". Not
 * "i mean": before a clause it goes on talking ("i live in york, i mean it's a nice city").
 */
const TAKES_BACK_BEFORE_A_CLAUSE = /^(?:or\s+was|or\s+used\s+to|i\s+meant|(?:sorry|soz|oops|whoops),?\s+i\s+meant|no\s+wait|wait\s+no|actually\s+no|correction)$/i;
/** Where a name or state follows, so that a soft cue's single word may replace it: "in leeds", "at tesco", "is jo", "i'm vegan". */
const VALUE_BEFORE = new Set(['in', 'at', 'to', 'for', 'from', 'near', 'is', 'am', "'m", 'm', "i'm", 'im', "we're", "name's", 'are', "'re", 'was', 'called', 'named', 'as', 'with']);

/** A line hedged by the next, which is only the hedge: "i'm single\nish. it's complicated", "i'm vegan\nkinda". */
const HEDGED_LINE = /(^|\n)[^\n]*\n[ \t]*(?:ish|kinda|sorta|sort of|kind of|i think|maybe|probably)\b[ \t]*(?:lol|haha)?[ \t]*(?:[.!?…]+[ \t]*|(?=\n|$))/giu;
/** A sentence or line of only a word or two and "actually" / "technically" after another sentence. */
const RIGHT_WORDS_FIRST = /(?<=[.!?][ \t]+|\n[ \t]*)(?!(?:well|sorry|nah|or|i|so|and|but)\b)((?:[\p{L}\p{N}][\p{L}\p{N}'&-]*[ \t]+){0,2}[\p{L}\p{N}][\p{L}\p{N}'&-]*)[ \t]+(?:actually|technically)\b(?=[ \t]*(?:[.,!?;\n]|$))/gu;
/** What a correction may carry after the words it puts right: "sorry, aldi. brain fog lol", "33 lol forgot my own bday". */
const AFTER_THE_RIGHT_WORDS = /\s+(?:lol|haha+|lmao|typo|autocorrect|now|tbh|ngl|technically|obvs|obviously|oops|sorry|my bad|i think|fr)\b.*$|\s*[\p{Extended_Pictographic}].*$/su;
/** Words that make a phrase no correction (a clause, an apology): "sorry for the late reply", "sorry been busy". */
export const NOT_A_CORRECTION = new Set(
  `i i'm im i've ive me you u your ur we he she they it it's its is was were be been being am are have has had got get
   do did does love like want need think know just really so very not no for about to with that this there what
   if when but and or because cos late busy ok okay fine good bad sure again too anymore thanks ty yes yeah yep on by next since until till
   after before of mostly roughly basically technically honestly whatever kinda sorta ish approx around probably maybe
   sometimes usually mainly partly officially legally anyway anyways idk lol haha who cares try now then here literally
   seriously brb bye hi hey hun hon mate babe bro sis guys x xx love mum dad all everyone sorry typo`.split(/\s+/),
);
/** A correction that takes the statement back rather than putting a word right: "well, had", "ex now", "or was", "trying to". */
const TAKE_BACK = /^(?:well\s+|or\s+)?(?:had|was|were|used\s+to|ex(?:\s+\S+)?|trying(?:\s+to)?|sort\s+of|kind\s+of|kinda|not\s+(?:really|anymore|any\s?more)|no\s+longer|studied|worked|lived)$/i;

const NUMBER = new RegExp(String.raw`^(?:\d+(?:\.\d+)?|${NUMBER_IN_WORDS})$`, 'i');
const DETERMINERS = new Set(['a', 'an', 'the', 'my', 'our']);
const PLACE_WORDS = new Set(['in', 'near', 'at', 'outside', 'around', 'from']);
/** What a statement may end with that is no part of the words put right: "i work at mnozo lol". */
const TRAILING = /(?:[\s.,;!?…\-–—]|\blol\b|\bhaha+\b|\blmao\b|\bugh\b)+$/iu;

/** What says when at a statement's end: "since march", "last week", "now". */
const MONTH_OR_DAY = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d{4}|the (?:summer|winter|spring|autumn)`;
const WHEN_TAIL = new RegExp(String.raw`(?:\s+(?:(?:since|in|on|from|until|till)\s+(?:${MONTH_OR_DAY})|(?:last|this|next)\s+\p{L}+|yesterday|today|tonight|now|these days|atm|rn))+$`, 'iu');

interface Found {
  /** Where the correction ends in the text. */
  to: number;
  /** The words put right (fillers after them left out), or null when the statement is taken back. */
  right: string[] | null;
}

/** What kind of name a word is (a person's, a place's, a firm's), when the name finder knows it. */
export type NameKind = (word: string) => string | undefined;

/**
 * `text` with each correction applied to the words it corrects (the correction itself removed). `kindOf` keeps a word
 * of one kind from replacing one of another: "i work at tesco. sorry, tom" speaks to Tom.
 */
export function selfCorrected(text: string, kindOf: NameKind = () => undefined): string {
  const starred = withoutStars(starCorrected(text)).replace(HEDGED_LINE, '$1');
  // "i have 2 kids\n3 actually", "i'm Marie. Marie-Claire actually": the right words said first, then "actually".
  const reordered = starred.replace(RIGHT_WORDS_FIRST, 'actually $1');
  // One correction at a time, from the start: each is applied to the text the earlier ones left.
  let out = reordered;
  for (let guard = 0; guard < 5; guard++) {
    const next = firstCorrection(out, kindOf);
    if (next === null) break;
    out = next;
  }
  return out === reordered ? starred : out;
}

function firstCorrection(text: string, kindOf: NameKind): string | null {
  for (const m of text.matchAll(CUE)) {
    const cue = (m[1] ?? '').toLowerCase().replace(/\s+/g, ' ');
    const at = m.index ?? 0;
    const head = text.slice(0, at).replace(TRAILING, '');
    // The statement corrected: the sentence or line the cue follows.
    const sentenceStart = Math.max(head.lastIndexOf('\n'), ...[...head.matchAll(/[.!?]\s+/gu)].map((s) => (s.index ?? 0) + s[0].length - 1)) + 1;
    const before = head.slice(sentenceStart);
    if (!/\p{L}/u.test(before)) continue;
    const found = correctionAfter(text, at + m[0].length, cue);
    if (!found) continue;
    const prefix = text.slice(0, sentenceStart);
    if (found.right === null) return `${prefix}${text.slice(found.to).replace(/^[\s,.;:!?…\-–—]+/u, '')}`;
    // The words put right are before what says when: "i work at tesco since march, i mean aldi".
    const when = WHEN_TAIL.exec(before)?.[0] ?? '';
    // "moved to leeds in 2019. actually 2018", "since may, i mean june": a year or a month put right is the time's.
    const time = found.right.length === 1 ? rightTime(when, found.right[0] as string) : null;
    if (time !== null) return `${prefix}${before.slice(0, before.length - when.length)}${time}${text.slice(found.to)}`;
    const corrected = withRightWords(before.slice(0, before.length - when.length), found.right, SURE.test(cue), kindOf);
    if (corrected !== null) return `${prefix}${corrected}${when}${text.slice(found.to)}`;
  }
  return null;
}

const YEAR = /\b(?:19|20)\d{2}\b/g;
const MONTH = new RegExp(String.raw`\b${MONTH_NAME}\b`, 'gi');

/** `when` ("in 2019", "since may") with its last year or month replaced by `right` of the same kind, or null. */
function rightTime(when: string, right: string): string | null {
  for (const kind of [YEAR, MONTH]) {
    const whole = new RegExp(`^${kind.source}$`, 'i');
    if (!whole.test(right)) continue;
    const last = [...when.matchAll(kind)].at(-1);
    if (last?.index === undefined) return null;
    return `${when.slice(0, last.index)}${right}${when.slice(last.index + last[0].length)}`;
  }
  return null;
}

function correctionAfter(text: string, restAt: number, cue: string): Found | null {
  const rest = text.slice(restAt);
  // The correction's phrase runs to the end of its sentence or clause ("sorry, bath. always mix them up").
  const phraseEnd = rest.search(/[.,;!?(\n]|$/u);
  const phrase = rest.slice(0, phraseEnd).replace(AFTER_THE_RIGHT_WORDS, '').trim();
  const words = phrase.split(/\s+/).filter(Boolean);
  // (The space before what follows stays: "my wife jess (sarah's my sister)".)
  const to = restAt + phraseEnd - (/\s*$/u.exec(rest.slice(0, phraseEnd))?.[0].length ?? 0);
  if (words.length > 0 && TAKE_BACK.test(phrase)) return { to, right: null };
  const bare = words.length > 0 && words.length <= 3 && words.every((w) => /^[\p{L}\p{N}][\p{L}\p{N}'&-]*$/u.test(w) && !NOT_A_CORRECTION.has(w.toLowerCase()));
  if (bare) return { to, right: words };
  // "i'm a nurse. i mean, i'm a midwife now": the statement before goes, the clause after is read as said.
  if (TAKES_BACK_BEFORE_A_CLAUSE.test(cue) && words.length > 0) return { to: restAt, right: null };
  return null;
}

/**
 * `statement` with `right` in place of the words it corrects: a number for a number ("2 dogs" → "3 dogs"), a phrase with
 * its article or place word for the one there ("a cat" → "a dog", "in leeds" → "near leeds"), a relation for a relation
 * ("my husband dave" → "my boyfriend dave"), else the last words ("tesco" → "aldi"). Null when nothing fits.
 */
function withRightWords(statement: string, right: string[], sure: boolean, kindOf: NameKind): string | null {
  const words = statement.split(/(\s+)/);
  const indexes = words.map((w, i) => (i % 2 === 0 && w !== '' ? i : -1)).filter((i) => i >= 0);
  const lower = (i: number): string => (words[i] ?? '').toLowerCase().replace(/[^\p{L}\p{N}'-]/gu, '');
  const replaceFrom = (start: number, count: number): string => {
    const first = indexes.indexOf(start);
    const span = indexes.slice(first, first + count);
    const last = span.at(-1) ?? start;
    const head = words.slice(0, start);
    // "im a plumber. i mean electrician": the article before the words put right agrees with them.
    const article = head[start - 2] ?? '';
    if (/^an?$/i.test(article)) head[start - 2] = /^[aeiou]/i.test(right[0] ?? '') ? `${article.charAt(0)}n` : article.charAt(0);
    return `${head.join('')}${right.join(' ')}${words.slice(last + 1).join('')}`;
  };
  const head = right[0]?.toLowerCase() ?? '';
  if (NUMBER.test(head)) {
    const at = indexes.findLast((i) => NUMBER.test(lower(i)));
    return at === undefined ? null : replaceFrom(at, right.length);
  }
  if (DETERMINERS.has(head) || PLACE_WORDS.has(head)) {
    const kind = DETERMINERS.has(head) ? DETERMINERS : PLACE_WORDS;
    const at = indexes.findLast((i) => kind.has(lower(i)));
    return at === undefined ? null : replaceFrom(at, indexes.length - indexes.indexOf(at));
  }
  if (right.length === 1 && RELATIONS.has(head)) {
    const at = indexes.findLast((i) => RELATIONS.has(lower(i)));
    return at === undefined ? null : replaceFrom(at, 1);
  }
  if (indexes.length <= right.length) return null;
  const last = indexes.slice(-right.length);
  // After a soft cue, one word for the name or state said last: "i live in leeds, actually york" (not "i love my job.
  // well, most days", "i eat meat again. sorry cows").
  if (!sure && (right.length > 1 || !VALUE_BEFORE.has(lower(indexes[indexes.length - 2] as number)))) return null;
  // Only content words are put right: not "in", "my", nor "originally" ("i'm from york originally, well, nearby").
  if (last.some((i) => isFunctionWord(lower(i)) || (/ly$/.test(lower(i)) && !/ly$/i.test(head)))) return null;
  // A person's name for a firm or a place, or a place for a firm, is no correction of it.
  if (right.length === 1 && kindsClash(kindOf(right[0] ?? ''), kindOf(lower(last[0] as number)))) return null;
  return replaceFrom(last[0] as number, right.length);
}

const kindsClash = (a: string | undefined, b: string | undefined): boolean => (a === 'person') !== (b === 'person') || (a !== undefined && b !== undefined && a !== b);

/**
 * "i live in york... leeds*", "i work at mnozo lol monzo*", "*monzo": a starred word puts right the word it is most like
 * (a typo), else the last word said before it.
 */
function starCorrected(text: string): string {
  // ("*eats burger*", "i *love* it": stars around words are actions and stress.)
  if ((text.match(/\*/g) ?? []).length !== 1) return text;
  const star = /(?:^|\s)(?:\*([\p{L}\p{N}][\p{L}\p{N}'-]*)|([\p{L}\p{N}][\p{L}\p{N}'-]*)\*)(?=[\s.,!?]|$)/u.exec(text);
  if (!star) return text;
  const right = star[1] ?? star[2] ?? '';
  const before = text.slice(0, star.index).replace(TRAILING, '');
  // "i have 2 dogs\n3*": a number for the last number said.
  if (NUMBER.test(right)) {
    const number = [...before.matchAll(/\b\d+(?:\.\d+)?\b/g)].at(-1);
    if (!number) return text;
    const at = number.index ?? 0;
    return `${before.slice(0, at)}${right}${before.slice(at + number[0].length)}${text.slice(star.index + star[0].length)}`;
  }
  const words = [...before.matchAll(/\p{L}[\p{L}'-]*/gu)];
  if (words.length < 2) return text;
  const near = words.findLast((w) => w[0].length >= 3 && w[0].toLowerCase() !== right.toLowerCase() && editDistance(w[0].toLowerCase(), right.toLowerCase()) <= Math.max(1, Math.floor(right.length / 3)));
  const target = near ?? words.at(-1);
  if (!target || isFunctionWord(target[0].toLowerCase())) return text;
  const at = target.index ?? 0;
  const tail = text.slice(star.index + star[0].length);
  return `${before.slice(0, at)}${right}${before.slice(at + target[0].length)}${tail}`;
}

const isFunctionWord = (word: string): boolean => NOT_A_CORRECTION.has(word) || DETERMINERS.has(word) || PLACE_WORDS.has(word);

/** Stars around an action ("*sigh*", "*eats burger*", "*checks notes*"): no words of the statement. */
const ACTION = /\*\s*(?:sighs?|gasps?|drumroll|facepalms?|coughs?|fingers crossed|\p{L}+s(?:\s+[\p{L}']+){0,2})\s*\*/giu;

/**
 * The text without a chat's stars: an action between stars goes ("i'm vegan *gasp*"), a word stressed between them
 * stays ("i live in *leeds*"), and a star left at a word's edge goes ("i have 2* dogs").
 */
function withoutStars(text: string): string {
  if (!text.includes('*')) return text;
  return text
    // (Not one word ending in "s" where a name goes: "i live in *leeds*"; "i work at *checks notes* monzo" is an action.)
    .replace(ACTION, (action: string, at: number, whole: string) =>
      !/\s/.test(action.slice(1, -1).trim()) && /\b(?:in|at|to|from|for|with|near|called|named|is|am|my|the|a|an)\s*$/i.test(whole.slice(0, at)) ? action : ' ',
    )
    .replace(/\*([^*\n]{1,40})\*/g, '$1')
    .replace(/(?<=[\p{L}\p{N}])\*+|\*+(?=[\p{L}\p{N}])/gu, '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] as number;
}
