/**
 * The last check before a fact leaves the offline reader: it must read as one clause a person would sign — a
 * subject and a finite verb ("User manages their social media"), not a fragment ("User managing their social
 * media", "User been to Rome", "User works at"). The fact is tagged again by the same analyzer; anything that
 * fails is dropped (a missed fact costs less than a wrong one).
 */
import type { TextAnalyzer, Token } from './analyzer';
import { CHAT_SHORTHAND, SAME_FORM_PASTS } from './lexicon';
import { isNameWord } from './first-names';

const FINITE_AUX = new Set(["'s", 'ca', 'is', 'are', 'was', 'were', 'has', 'have', 'had', 'does', 'do', 'did', 'can', "can't", 'could', 'will', 'would']);
/** Forms that are only participles: never the finite verb of a clause on their own. */
const PARTICIPLES = new Set(['been', 'being', 'gone', 'done', 'seen', 'taken', 'given', 'known', 'written', 'eaten', 'driven', 'ridden', 'broken', 'chosen', 'spoken', 'forgotten', 'begun', 'grown', 'flown', 'drawn', 'shown', 'sung', 'swum']);
const UNFINISHED_END = new Set(['DET', 'ADP', 'CCONJ', 'SCONJ', 'AUX']);
const SUBJECT_POS = new Set(['NOUN', 'PROPN', 'PRON', 'X']);

/** Facts repeat (a long message says the same thing many times): each text is tagged once. */
const checked = new Map<string, string | null>();
const CHECKED_MAX = 2_048;

/** Why `content` is not a well-formed clause, or null when it is. */
export function clauseDefect(analyzer: TextAnalyzer, content: string): string | null {
  const key = `${analyzer.name}\u0000${content}`;
  const known = checked.get(key);
  if (known !== undefined) return known;
  const defect = findDefect(analyzer, content);
  if (checked.size >= CHECKED_MAX) checked.clear();
  checked.set(key, defect);
  return defect;
}

const PARTICLES = new Set(['off']);

function findDefect(analyzer: TextAnalyzer, content: string): string | null {
  const sentences = analyzer.sentences(content);
  const tokens: Token[] = sentences.flatMap((s) => s.tokens).filter((t) => t.pos !== 'PUNCT' || t.text === "'s");
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
