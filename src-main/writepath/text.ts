/** Text comparisons for deduplication: normalised equality, token Jaccard (stopwords from src-shared/text). */
import { FACT_STOPWORDS, normaliseFact } from '../../src-shared/text';

// One normalisation for the engine and the write path (src-shared/text.ts).
export { normaliseFact };

/**
 * Facts are compared on their first COMPARE_CHARS characters. A fact is a sentence or two; one of 100,000
 * characters (pasted into remember_fact) was normalised whole against every new fact of every session.
 */
const COMPARE_CHARS = 4_000;
/** The part of a fact that comparisons read. */
export const comparedPart = (text: string): string => (text.length > COMPARE_CHARS ? text.slice(0, COMPARE_CHARS) : text);

/** Facts are compared many times per session (neighbours, candidates): memoise the normalised forms. */
const memo = new Map<string, { norm: string; whole: boolean; tokens: Set<string>; significant: Set<string> }>();

function analyse(text: string): { norm: string; whole: boolean; tokens: Set<string>; significant: Set<string> } {
  let a = memo.get(text);
  if (!a) {
    if (memo.size >= 4_096) memo.clear();
    const part = comparedPart(text);
    const norm = normaliseFact(part);
    a = { norm, whole: part.length === text.length, tokens: tokensOf(norm), significant: significantTokens(part) };
    memo.set(text, a);
  }
  return a;
}


/** A crude English stem: enough for "lives"/"live", "prefers"/"prefer", "moved"/"move". */
function stem(word: string): string {
  return word.replace(/('s|ies|es|s|ed|ing)$/u, (m) => (m === 'ies' ? 'y' : '')).replace(/e$/u, '');
}

/** The content words of a fact (a copy: callers remove names from it). */
export function contentTokens(text: string): Set<string> {
  return new Set(analyse(text).tokens);
}

function tokensOf(norm: string): Set<string> {
  return new Set(
    norm
      .split(' ')
      .filter((w) => w.length > 0 && !FACT_STOPWORDS.has(w))
      .map(stem),
  );
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  for (const t of a) if (b.has(t)) inter++;
  return inter / (a.size + b.size - inter);
}

/** Tokens that carry identity: numbers and words written with a capital in the original text. */
function significantTokens(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\p{N}[\p{N}.,:/-]*|\p{Lu}[\p{L}\p{N}'-]*/gu)) out.add(stem(normaliseFact(m[0])));
  return out;
}

export const DUPLICATE_JACCARD = 0.75;
export const DUPLICATE_COSINE = 0.85;

/**
 * Two facts say the same thing when their normalised text is equal, or their content words overlap by
 * Jaccard ≥ 0.75 (and, when vectors are available, cosine ≥ 0.85) with no differing name or number —
 * so "lives in Berlin" and "lives in Lisbon" stay apart: that is a contradiction, not a duplicate.
 */
const NEGATED = /\b(?:not|never|no longer)\b|n'?t\b/;

export function isNearDuplicate(a: string, b: string, cosine: number | null): boolean {
  const x = analyse(a);
  const y = analyse(b);
  // Equal beginnings of two very long facts are not equal facts: then only equal texts are.
  if (x.norm === y.norm && ((x.whole && y.whole) || a === b)) return true;
  // "User does not drink coffee" is the opposite of "User drinks coffee", however alike the words.
  if (NEGATED.test(x.norm) !== NEGATED.test(y.norm)) return false;
  const j = jaccard(x.tokens, y.tokens);
  if (j < DUPLICATE_JACCARD) return false;
  if (cosine !== null && cosine < DUPLICATE_COSINE) return false;
  // A name or number on one side that the other side does not mention at all makes them different facts.
  for (const t of x.significant) if (t && !y.tokens.has(t) && !FACT_STOPWORDS.has(t)) return false;
  for (const t of y.significant) if (t && !x.tokens.has(t) && !FACT_STOPWORDS.has(t)) return false;
  return true;
}
