/**
 * The last check before a fact leaves the offline reader: it must read as one clause a person would sign — a
 * subject and a finite verb ("User manages their social media"), not a fragment ("User managing their social
 * media", "User been to Rome", "User works at"). The fact is tagged again by the same analyzer; anything that
 * fails is dropped (a missed fact costs less than a wrong one).
 */
import type { TextAnalyzer, Token } from './analyzer';
import { CHAT_SHORTHAND, JOB_SUFFIX, NOT_JOBS, SAME_FORM_PASTS } from './lexicon';
import { indefiniteArticle } from '../../../src-shared/text';
import { isNameWord } from './first-names';

const FINITE_AUX = new Set(["'s", 'ca', 'is', 'are', 'was', 'were', 'has', 'have', 'had', 'does', 'do', 'did', 'can', "can't", 'could', 'will', 'would']);
/** Forms that are only participles: never the finite verb of a clause on their own. */
const PARTICIPLES = new Set(['been', 'being', 'gone', 'done', 'seen', 'taken', 'given', 'known', 'written', 'eaten', 'driven', 'ridden', 'broken', 'chosen', 'spoken', 'forgotten', 'begun', 'grown', 'flown', 'drawn', 'shown', 'sung', 'swum']);
const UNFINISHED_END = new Set(['DET', 'ADP', 'CCONJ', 'SCONJ', 'AUX']);
const SUBJECT_POS = new Set(['NOUN', 'PROPN', 'PRON', 'X']);

/** Facts repeat (a long message says the same thing many times): each text is tagged once. */
const checked = new Map<string, string | null>();
const CHECKED_MAX = 2_048;

/** A fact as it is signed (articlesPutRight), and why it is not a well-formed clause (null when it is). */
export interface SignedClause {
  content: string;
  defect: string | null;
}
const signed = new Map<string, SignedClause>();

/** Why `content` is not a well-formed clause, or null when it is. */
export function clauseDefect(analyzer: TextAnalyzer, content: string): string | null {
  const key = `${analyzer.name}\u0000${content}`;
  const known = checked.get(key);
  if (known !== undefined) return known;
  const defect = findDefect(analyzer.sentences(content).flatMap((s) => s.tokens));
  if (checked.size >= CHECKED_MAX) checked.clear();
  checked.set(key, defect);
  return defect;
}

/**
 * The fact with the articles a clause needs (articlesPutRight), and why it is still no well-formed clause. The fact is
 * tagged once; again only when an article was put in.
 */
export function signedClause(analyzer: TextAnalyzer, content: string): SignedClause {
  const key = `${analyzer.name}\u0000${content}`;
  const known = signed.get(key);
  if (known) return known;
  const tokens = analyzer.sentences(content).flatMap((s) => s.tokens);
  const repaired = articlesPutRight(content, tokens);
  const out = { content: repaired, defect: repaired === content ? findDefect(tokens) : clauseDefect(analyzer, repaired) };
  if (signed.size >= CHECKED_MAX) signed.clear();
  signed.set(key, out);
  return out;
}

const PARTICLES = new Set(['off']);

function findDefect(all: readonly Token[]): string | null {
  const tokens: Token[] = all.filter((t) => t.pos !== 'PUNCT' || t.text === "'s");
  if (tokens.length < 2) return 'no verb';
  // (Typed in lower case: "BC", "FR" are places.)
  const shorthand = tokens.find((t) => CHAT_SHORTHAND.has(t.text));
  if (shorthand) return `chat shorthand "${shorthand.text}"`;
  // ("Sue is 70 years old", "Josh is a nurse": a name the tagger reads as a verb, before the clause's own verb.)
  const nameAsVerb = /^\p{Lu}\p{Ll}+$/u.test(tokens[0]?.text ?? '') && ['AUX', 'VERB'].includes(tokens[1]?.pos ?? '');
  if (!SUBJECT_POS.has(tokens[0]?.pos ?? '') && !nameAsVerb) return 'no subject';
  const last = tokens.at(-1) as Token;
  // "User was laid off": a verb's particle ends a clause well.
  const particle = PARTICLES.has(last.text.toLowerCase()) && tokens.at(-2)?.pos === 'VERB';
  // ("User goes by Will": a first name the tagger reads as "will" ends a clause well.)
  const firstName = /^\p{Lu}\p{Ll}+$/u.test(last.text) && isNameWord(last.text);
  if (UNFINISHED_END.has(last.pos) && last.text !== 'in' && !particle && !firstName) return `ends with "${last.text}"`;
  // The tagger reads a verb right after a name as a noun now and then ("Ana lives"): the first word after the
  // subject that is a verb by tag, or by form (-s, -ed, or a past like "split", "quit") when nothing is tagged a verb,
  // is the clause's verb.
  const at = tokens.findIndex((t, i) => i > 0 && (t.pos === 'VERB' || t.pos === 'AUX'));
  const verb = at > 0 ? (tokens[at] as Token) : tokens.slice(1).find((t) => /(?:s|ed)$/i.test(t.text) || SAME_FORM_PASTS.has(t.text.toLowerCase()));
  if (!verb) return 'no verb';
  const lower = verb.text.toLowerCase();
  if (verb.pos === 'AUX') return FINITE_AUX.has(lower) || lower.endsWith("n't") ? null : `"${verb.text}" is not a finite verb`;
  if (/ing$/.test(lower) || PARTICIPLES.has(lower)) return `"${verb.text}" is not a finite verb`;
  return null;
}

/**
 * Singular nouns that take an article, which a speaker writing fast or in a second language leaves out ("met nice girl",
 * "got job in Aberdeen"): the ones chats tell of their lives with. Roles are found by their ending (JOB_SUFFIX).
 */
const COUNT_NOUNS = new Set(
  ('job girl boy guy woman lady bloke flat house apartment car bike dog cat puppy kitten baby boyfriend girlfriend ' +
    'offer promotion raise place room phone laptop tattoo degree interview contract position role flatmate roommate ' +
    'friend wedding holiday trip mortgage loan scholarship internship apprenticeship placement course diagnosis').split(' '),
);

/** Verbs said of one's own job: "quit job", "lost job", "love job" are the speaker's job ("their"), not "a job". */
const OWN_JOB_VERBS = new Set(['quit', 'lose', 'leave', 'love', 'hate', 'like', 'start', 'change']);

/** A singular noun that needs an article before it: a listed one, or after "as" a role ("as ux designer"). */
function needsArticle(t: Token, afterAs: boolean): boolean {
  if (t.pos !== 'NOUN' || !/^\p{Ll}+$/u.test(t.text) || /s$/.test(t.text)) return false;
  return COUNT_NOUNS.has(t.text) || (afterAs && JOB_SUFFIX.test(t.text) && !NOT_JOBS.has(t.lemma));
}

/**
 * `content` (tagged as `tokens`) with the articles a clause needs: "a" or "an" as the next word sounds ("User works as ux designer in a
 * agency" → "… in an agency"), and "a" where a verb or "as" is followed by a singular noun left bare ("User met nice
 * girl" → "User met a nice girl", "User got job in Aberdeen" → "User got a job in Aberdeen", "works as test engineer"
 * → "works as a test engineer"). The speaker's words, put the way a person would sign them.
 */
function articlesPutRight(content: string, tokens: readonly Token[]): string {
  // Each token's place in the text (the analyzer keeps what it read, in order).
  const starts: number[] = [];
  let cursor = 0;
  for (const t of tokens) {
    const at = content.indexOf(t.text, cursor);
    starts.push(at);
    if (at >= 0) cursor = at + t.text.length;
  }
  const inserts: { at: number; word: string }[] = [];
  tokens.forEach((t, i) => {
    if (i === 0 || starts[i] === -1) return;
    const afterAs = t.text.toLowerCase() === 'as';
    if (t.pos !== 'VERB' && !afterAs) return;
    // Up to two describing words, then the noun ("nice girl", "ux designer", "senior test engineer"); the run's last
    // noun is the one that counts ("cat videos", "job interviews", "house music" need no article).
    let j = i + 1;
    while (j < tokens.length && j <= i + 3 && ['ADJ', 'NOUN', 'PROPN'].includes(tokens[j]?.pos ?? '') && !needsArticle(tokens[j] as Token, afterAs)) j++;
    const noun = tokens[j];
    const first = tokens[i + 1];
    if (!noun || !first || j > i + 3 || !needsArticle(noun, afterAs) || (starts[i + 1] ?? -1) < 0) return;
    if (['NOUN', 'PROPN', 'NUM'].includes(tokens[j + 1]?.pos ?? '')) return;
    // ("User works as Head Chef": capitals are a title, said as the speaker wrote it.)
    if (tokens.slice(i + 1, j + 1).some((w) => /^\p{Lu}/u.test(w.text))) return;
    // "quit job today", "lost job": the job was theirs.
    const theirs = noun.text === 'job' && OWN_JOB_VERBS.has(t.lemma);
    inserts.push({ at: starts[i + 1] as number, word: theirs ? 'their' : indefiniteArticle(first.text) });
  });
  let out = content;
  for (const { at, word } of inserts.reverse()) out = `${out.slice(0, at)}${word} ${out.slice(at)}`;
  // "in a agency": "an" before a word that begins with a vowel sound. ("an mba", "an hr assistant" are left as written.)
  return out
    .replace(/\ba ([aeio]\p{Ll}{2,})\b/gu, (whole, word: string) => (indefiniteArticle(word) === 'an' ? `an ${word}` : whole))
    // ("an university": a "u" said "you"; not "an mba", "an hr assistant", spelled out.)
    .replace(/\ban (u\p{Ll}{3,})\b/gu, (whole, word: string) => (indefiniteArticle(word) === 'a' ? `a ${word}` : whole));
}
