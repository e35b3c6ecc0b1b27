/** From a sentence to clauses: split at punctuation and conjunctions (its words were normalised first: parse-words.ts). */
import type { Sentence, Token } from './analyzer';
import { AFTER_HABIT_LIST, BREAK_UP_VERBS, DONE_NOT_HAD, FOODS_READ_AS_VERBS, HABIT_VERBS, isHabitVerbWord, OPENERS, PARTNERS, RECIPROCAL_VERBS, UNION_WORDS, VERB_CLASSES } from './lexicon';
import type { TimeMention } from './time';
import { namesAState } from './health-states';
import { hedgedFrom, plainStatement } from './sentence-scope';
import { startsWithoutSubject } from './chat-forms';

const lowerOf = (t: Token | undefined): string => t?.text.toLowerCase() ?? '';

export interface Clause {
  tokens: Token[];
  /** Introduced by "if", "when", "because"…: not an assertion of its own. */
  subordinate: boolean;
  /** "… and works for the UN": the verb shares the previous clause's subject. */
  sharedSubject: boolean;
}

const CLAUSE_PUNCT = new Set([',', ';', ':', '(', ')', '—', '–', '!', '.', '...', '"']);
const SUBORDINATORS = new Set(['because', 'although', 'though', 'whereas', 'unless', 'if', 'whenever', 'when', 'while', 'which', 'who', 'whom', 'whose', 'since', 'until', 'so', 'but', 'or', 'cause', 'cos', 'coz', 'that']);
/** Verbs of thinking, wanting and saying: what follows them may be about someone else ("i guess tom quit"). */
const THINKING = new Set(
  'guess think thought know knew want wanted hope hoped heard hear bet reckon believe suppose wish said says told tell feel felt assume assumed figured doubt expect expected imagine swear swore'.split(' '),
);

/** Whether a clause thinks or tells of someone else: "i guess tom quit", "i know jake lives in leeds" (not "i feel bad"). */
function thinksOfSomeoneElse(tokens: readonly Token[]): boolean {
  const at = tokens.findIndex((t) => THINKING.has(lowerOf(t)));
  return at >= 0 && tokens.slice(at + 1).some((t, i, rest) => ['he', 'she', 'they'].includes(lowerOf(t)) || t.pos === 'PROPN' || (t.pos === 'NOUN' && rest[i + 1]?.pos === 'VERB'));
}

/** Conjunctions in SUBORDINATORS that join two statements rather than make the second depend on the first. */
const COORDINATORS = new Set(['but', 'so']);
const SUBJECT_PRONOUNS = new Set(['i', 'he', 'she', 'it', 'we', 'they', 'you', 'this', 'that', 'there', 'my', 'our', 'his', 'her', 'their']);

export function splitClauses(sentence: Sentence): Clause[] {
  const clauses: Clause[] = [];
  let current: Token[] = [];
  let subordinate = false;
  let shared = false;
  const push = (): void => {
    if (current.length > 0) clauses.push({ tokens: current, subordinate, sharedSubject: shared });
    current = [];
    subordinate = false;
    shared = false;
  };
  const tokens = [...sentence.tokens];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const lower = t.text.toLowerCase();
    const next = tokens[i + 1];
    // "I eat meat, fish and eggs", "I drink coffee and tea", "I don't eat meat, fish or eggs": the things a habit
    // names stay in its clause, each read on its own (change.ts); the tagger's verb reading of "fish" is a noun here.
    if ((t.text === ',' || ['and', 'or', 'nor'].includes(lower)) && continuesHabitList(current, tokens, i)) {
      current.push(t);
      // "meat, and fish": the comma and the conjunction together.
      if (t.text === ',' && ['and', 'or', 'nor'].includes(lowerOf(next))) current.push(tokens[++i] as Token);
      const item = tokens[i + 1]?.pos === 'ADJ' ? i + 2 : i + 1;
      const head = tokens[item];
      if (head?.pos === 'VERB') tokens[item] = { ...head, pos: 'NOUN', lemma: lowerOf(head) };
      continue;
    }
    // "I don't drink and drive": one thing not done, not a habit denied.
    if (lower === 'and' && isHabitVerb(tokens[i - 1]) && lowerOf(next).startsWith('drive') && deniesSomething(current)) {
      current.push(t);
      continue;
    }
    // "I don't smoke or drink", "I never smoke or vape", "not cigarettes or vape": each habit the speaker denies, in a
    // clause of its own — only in the present ("I didn't smoke or drink last night", "I can't smoke or drink while
    // pregnant" deny no habit), and not when a condition follows, which holds for both ("… or vape at work").
    const presentDenial = current.every((c) => c.pos !== 'AUX' || ['do', 'does'].includes(lowerOf(c)));
    const ownHabitDenied = ['i', 'we'].includes(lowerOf(current[0])) && current.slice(1, 4).some((c) => c.pos === 'VERB' && HABIT_VERBS.has(c.lemma));
    if ((lower === 'or' || lower === 'nor') && ownHabitDenied && isHabitVerb(next) && deniesSomething(current) && presentDenial && !conditionFrom(tokens, i + 2)) {
      const denial = current.filter((c) => ['do', 'does', 'not', "n't", 'never'].includes(lowerOf(c)));
      push();
      current = [...denial];
      shared = true;
      if (next?.pos !== 'VERB') tokens[i + 1] = { ...(next as Token), pos: 'VERB', lemma: lowerOf(next).replace(/s$/, '') };
      continue;
    }
    // Else together, neither read without its condition or time ("… or drink when I'm driving", "didn't … last night").
    if ((lower === 'or' || lower === 'nor') && ownHabitDenied && isHabitVerb(next) && deniesSomething(current)) {
      current.push(t);
      continue;
    }
    if (t.pos === 'PUNCT' && CLAUSE_PUNCT.has(t.text)) {
      push();
      continue;
    }
    // "so", "that", "since", "until", "before", "after" only open a clause where a subject follows ("so I visit
    // her", "since I moved"), not in "so much" or "vegan since 2018".
    const needsSubject = ['so', 'that', 'since', 'until', 'till', 'before', 'after'].includes(lower);
    // "i hate my job so quit today": "so" before a verb opens a clause of the same subject.
    // "im vegetarian so no meat pls": what follows is a consequence, no more of the object.
    // "allergic to peanuts so careful with the satay": after a noun, "so" is a consequence too ("so tired" is not).
    const consequence = lower === 'so' && ['NOUN', 'PROPN', 'NUM'].includes(tokens[i - 1]?.pos ?? '') && next !== undefined && !['much', 'many', 'far', 'long'].includes(next.text.toLowerCase());
    // "no longer allergic to peanuts or shellfish", "i don't have asthma or eczema", "no longer an arsenal fan or a
    // spurs fan": after a denial of a state, "or" lists more of what is denied (neither is held), so the list stays in
    // its clause for states-over.ts. Anything else ("not vegan or vegetarian", "not at google or microsoft") splits.
    // So does "i don't eat meat or fish": a habit denied of each thing listed (change.ts) — not "i don't eat dinner
    // or Jake gets mad", where a verb follows.
    const denied = lowerOf(tokens[i - 1]);
    const deniedHabit = current.some((c) => c.pos === 'VERB' && HABIT_VERBS.has(c.lemma)) && ['NOUN', 'PROPN'].includes(tokens[i - 1]?.pos ?? '') && !verbBeforeClauseEnd(tokens, i + 1);
    if ((lower === 'or' || lower === 'nor') && deniesSomething(current) && (namesAState(denied) || denied === 'fan' || denied === 'supporter' || deniedHabit) && ['NOUN', 'PROPN', 'ADJ', 'DET'].includes(next?.pos ?? '')) {
      current.push(t);
      continue;
    }
    const opensClause = needsSubject ? next?.pos === 'PRON' || (COORDINATORS.has(lower) && next?.pos === 'VERB') || (lower === 'so' && next?.text.toLowerCase() === 'no') || consequence : t.pos === 'SCONJ' || SUBORDINATORS.has(lower);
    if (current.length > 0 && opensClause && (t.pos === 'SCONJ' || t.pos === 'CCONJ' || SUBORDINATORS.has(lower))) {
      const before = current;
      push();
      // "… but I live in London now", "… so I moved back home": a statement of its own, not a condition or a
      // reason; "… but live in London" shares the subject before it.
      // "i guess tom quit but moved to leeds", "i know jake lives in leeds but works at asda": whose verb follows is
      // not clear after a verb of thinking or saying, so that clause is left unread.
      if (COORDINATORS.has(lower) && !(next?.pos === 'VERB' && thinksOfSomeoneElse(before))) shared = next?.pos === 'VERB';
      else subordinate = true;
      continue;
    }
    if (lower === 'and' && current.length > 0 && next) {
      const nextLower = next.text.toLowerCase();
      // "Jake and I broke up": a couple as the subject, one clause (not "I broke up" on its own).
      const after = tokens.slice(i + 2, i + 6).map(lowerOf);
      // ("Sam and I are not together anymore" too; not "Sam and I play football together".)
      const apart = after.includes('together') && after.some((w) => ['not', "n't", 'longer', 'back'].includes(w));
      // ("Sam and I called it quits", "Sam and I are done", "… are over".)
      const over = after.includes('quits') || after.includes('separated') || (['are', "'re"].includes(after[0] ?? '') && (['done', 'over', 'finished'].includes(after[1] ?? '') || after.includes('together')));
      const coupleNews = (after.includes('up') && after.some((w) => BREAK_UP_VERBS.has(w))) || after.some((w) => UNION_WORDS.has(w) || w === 'divorced') || apart || over;
      const named = current.length <= 3 && current.every((c) => c.pos === 'PROPN');
      // "my girlfriend and I", "my girlfriend Priya and I".
      const partner = current.length >= 2 && lowerOf(current[0]) === 'my' && PARTNERS.has(lowerOf(current[1])) && current.slice(2).every((c) => c.pos === 'PROPN') && current.length <= 4;
      // "me and my girlfriend broke up": the couple again, the speaker first.
      const meFirst = current.length === 1 && lowerOf(current[0]) === 'me';
      const couple = coupleNews && (((nextLower === 'i' || nextLower === 'me') && (named || partner)) || meFirst);
      // "I left Google and now I work at Meta": a statement of now, of its own — after a plain statement only ("if I quit
      // and now…", "as a kid I lived in Leeds and now…" say nothing of now), and not hedged after ("… hopefully").
      const subjectAfterOpener = ['now', 'currently'].includes(nextLower) && ['i', 'we'].includes(lowerOf(tokens[i + 2])) && plainStatement(current) && !hedgedFrom(tokens, i + 3);
      // "me and my mum moved to leeds": one subject of two, not a clause of "my mum" alone.
      // ("my brother and i haven't spoken in years", "me and my mum fell out": what two do to each other is no one's alone.)
      const eachOther = !current.some((c) => c.pos === 'VERB' || c.pos === 'AUX') && tokens.slice(i + 2, i + 6).some((w) => RECIPROCAL_VERBS.has(lowerOf(w)));
      if (((SUBJECT_PRONOUNS.has(nextLower) && next.pos !== 'DET') || subjectAfterOpener) && !couple && !meFirst && !eachOther) {
        push();
        continue;
      }
      // "i work at tesco and jake works at asda": someone else's statement, not more of the speaker's object.
      if (!(current.length === 1 && lowerOf(current[0]) === 'me') && someoneElseSays(tokens, i + 1)) {
        push();
        continue;
      }
      // "i live in Austin and work at Starbucks", "and commute in", "and sleep", "and drink beer": a verb the tagger
      // took for a noun after "and", followed by what follows a verb, is the next clause's verb.
      const after2 = tokens[i + 2];
      const verbAfter = !after2 || ['ADP', 'DET', 'PRON', 'ADV', 'PART'].includes(after2.pos) || (isHabitVerb(next) && after2.pos === 'NOUN');
      if (next.pos === 'NOUN' && next.text === nextLower && (NOUN_LOOKING_VERBS.has(nextLower) || DONE_NOT_HAD.has(nextLower)) && verbAfter) {
        tokens[i + 1] = { ...next, pos: 'VERB', lemma: nextLower };
        push();
        shared = true;
        continue;
      }
      if (next.pos === 'VERB' || (next.pos === 'AUX' && next.lemma !== 'be')) {
        push();
        shared = true;
        continue;
      }
    }
    current.push(t);
  }
  push();
  return clauses;
}

const deniesSomething = (tokens: readonly Token[]): boolean =>
  tokens.some((t, i) => ['not', "n't", 'never'].includes(lowerOf(t)) || (lowerOf(t) === 'no' && lowerOf(tokens[i + 1]) === 'longer'));

/** Base forms the tagger may read as nouns after "and" ("and work at", "and commute in"). */
const NOUN_LOOKING_VERBS: ReadonlySet<string> = new Set([...[...VERB_CLASSES.keys()].filter((w) => !w.includes(' ')), 'commute', 'study', 'teach', 'travel', 'cook', 'run']);

/** Third-person verbs the tagger reads as nouns after a lower-case name ("tom lives in york"). */
const THIRD_PERSON_VERBS = new Set(['lives', 'works', 'moved', 'started', 'left', 'quit', 'got', 'has', 'is', 'was', 'drinks', 'eats', 'smokes']);

/** Whether a name (one or two words, or one word the tagger calls a noun) and a finite verb start at `at`. */
function someoneElseSays(tokens: readonly Token[], at: number): boolean {
  const first = tokens[at];
  if (!first || !(first.pos === 'PROPN' || (first.pos === 'NOUN' && /^\p{L}+$/u.test(first.text)))) return false;
  const verbAt = first.pos === 'PROPN' && tokens[at + 1]?.pos === 'PROPN' ? at + 2 : at + 1;
  const verb = tokens[verbAt];
  if (!verb) return false;
  const word = verb.text.toLowerCase();
  if (THIRD_PERSON_VERBS.has(word)) return true;
  return (verb.pos === 'VERB' || verb.pos === 'AUX') && !word.endsWith('ing') && (word.endsWith('s') || word !== verb.lemma);
}

/** Index of the clause's subject after openers ("Actually,", "Last year"), or -1. */
export function skipOpeners(tokens: readonly Token[], offsets: readonly number[], times: readonly TimeMention[]): number {
  let i = headingEnd(tokens);
  while (i < tokens.length && i < 8) {
    const t = tokens[i] as Token;
    const lower = t.text.toLowerCase();
    const inTime = (at: number): boolean => times.some((m) => (offsets[at] ?? -1) >= m.index && (offsets[at] ?? -1) < m.index + m.text.length);
    // "On 29.12.2023 I …": the preposition of a date opens the clause with it.
    const beforeTime = t.pos === 'ADP' && inTime(i + 1);
    // Chat spellings stretch openers: "sooo", "okkk", "hiii".
    // ("no longer diabetic": the "no" of "no longer" opens nothing.)
    const opener = (OPENERS.has(lower) || OPENERS.has(lower.replace(/(\p{L})\1+$/u, '$1'))) && !(lower === 'no' && lowerOf(tokens[i + 1]) === 'longer');
    if (inTime(i) || beforeTime || opener || t.pos === 'INTJ' || (t.pos === 'PUNCT' && t.text !== '?')) {
      i++;
      continue;
    }
    // "These days I drink coffee", "Nowadays I …": a change of habit, said before its subject.
    if (lower === 'these' && lowerOf(tokens[i + 1]) === 'days') {
      i += 2;
      continue;
    }
    return i;
  }
  return -1;
}

/** Words of a heading that names no one's news but the speaker's: "life update", "big news", "quick update". */
const NEWS_HEADINGS: ReadonlySet<string> = new Set('life update updates news big small quick little some good bad exciting random personal change changes psa fyi edit'.split(' '));

/**
 * Past a heading of a few words and a dash or colon before the speaker's own statement: "small change - i'm
 * pescatarian now", "big news: we moved to Leeds", "life update – I quit". 0 when the clause opens otherwise.
 */
function headingEnd(tokens: readonly Token[]): number {
  const mark = tokens.findIndex((t, i) => i > 0 && i <= 3 && ['-', '–', '—', ':'].includes(t.text));
  // ("life update": the tagger may read "update" as a verb.)
  const headingWord = (t: Token): boolean => ['ADJ', 'NOUN', 'PROPN', 'NUM', 'DET'].includes(t.pos) || ['update', 'updates'].includes(lowerOf(t));
  if (mark < 0 || !tokens.slice(0, mark).every(headingWord)) return 0;
  // "life update - moved to Leeds": news said without "I" after it too, under a heading that names no one ("tom update -").
  const noOnesNews = tokens.slice(0, mark).every((t) => NEWS_HEADINGS.has(lowerOf(t))) && startsWithoutSubject(tokens, mark + 1);
  return ['i', 'my', 'we', 'our', 'me'].includes(lowerOf(tokens[mark + 1])) || noOnesNews ? mark + 1 : 0;
}

export function clauseText(tokens: readonly Token[]): { text: string; offsets: number[] } {
  const offsets: number[] = [];
  let text = '';
  tokens.forEach((t, i) => {
    if (i > 0) text += t.space || (t.pos === 'PUNCT' || t.text.startsWith("'") ? '' : ' ');
    offsets.push(text.length);
    text += t.text;
  });
  return { text, offsets };
}

/** Whether a verb comes from `from` on before the sentence's next clause punctuation. */
function verbBeforeClauseEnd(tokens: readonly Token[], from: number): boolean {
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.pos === 'PUNCT' && CLAUSE_PUNCT.has(t.text)) return false;
    if (t.pos === 'VERB' || t.pos === 'AUX') return true;
  }
  return false;
}

/** What may follow a listed thing: another item, or when, where, how often ("… and tea every morning", "… at work"). */
const AFTER_ITEM = new Set([',', 'and', 'or', 'nor', ...AFTER_HABIT_LIST]);

const isHabitVerb = (t: Token | undefined): boolean => t !== undefined && (t.pos === 'VERB' || t.pos === 'NOUN') && isHabitVerbWord(t.text);

/**
 * Whether the "," or conjunction at `at` goes on listing what a habit verb of `current` names: after a noun, items of
 * a noun (an adjective before it allowed) joined by commas up to a last "and" (or "or"/"nor" in a denial), and no verb
 * after the list in its clause. "I eat meat and fish", not "I eat meat and cook" or "I drink coffee, every morning".
 */
function continuesHabitList(current: readonly Token[], tokens: readonly Token[], at: number): boolean {
  if (!current.some((c) => c.pos === 'VERB' && HABIT_VERBS.has(c.lemma)) || !['NOUN', 'PROPN'].includes(tokens[at - 1]?.pos ?? '')) return false;
  const denied = deniesSomething(current);
  for (let i = at; i < tokens.length; ) {
    let sep = lowerOf(tokens[i]);
    if (sep === ',' && ['and', 'or', 'nor'].includes(lowerOf(tokens[i + 1]))) sep = lowerOf(tokens[++i]);
    if (sep !== ',' && sep !== 'and' && !(denied && (sep === 'or' || sep === 'nor'))) return false;
    const head = tokens[i + 1]?.pos === 'ADJ' ? i + 2 : i + 1;
    const item = tokens[head];
    // "… and cook": a verb the tagger took for a noun ends the list (the clause splits there, below).
    const word = lowerOf(item);
    const verbLooking = item?.pos === 'NOUN' && word === item.text && ((NOUN_LOOKING_VERBS.has(word) && !FOODS_READ_AS_VERBS.has(word)) || DONE_NOT_HAD.has(word.replace(/s$/, '')));
    const noun = item !== undefined && !verbLooking && (item.pos === 'NOUN' || item.pos === 'PROPN' || (item.pos === 'VERB' && FOODS_READ_AS_VERBS.has(word)));
    // "… and Sarah drinks tea", "… and drink beer": what follows the item is no more of a list.
    const after = tokens[head + 1];
    const ends = after === undefined || (after.pos === 'PUNCT' && CLAUSE_PUNCT.has(after.text)) || ['ADP', 'ADV'].includes(after.pos) || AFTER_ITEM.has(lowerOf(after));
    if (!noun || !ends) return false;
    if (sep !== ',') return !verbBeforeClauseEnd(tokens, head + 1);
    i = head + 1;
  }
  return false;
}

/** A condition later in the clause: a preposition or "when", "while", "if" ("… or vape at work", "… when I'm driving"). */
function conditionFrom(tokens: readonly Token[], from: number): boolean {
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.pos === 'PUNCT' && CLAUSE_PUNCT.has(t.text)) return false;
    if (t.pos === 'ADP' || t.pos === 'SCONJ' || ['when', 'while', 'if'].includes(lowerOf(t))) return true;
  }
  return false;
}
