import { STOPWORDS } from '../../src-shared/text';
import { l2Normalise } from '../../src-shared/vectors';
import { EmbeddingError, type EmbeddingProvider } from './types';

/**
 * Offline embedder: signed feature hashing of words and character n-grams.
 *
 * No model file and no network, so memory search works on first launch and in tests. It is a
 * lexical embedder: texts score as similar when they share content words (after light stemming)
 * or word fragments. It does not know synonyms. Any change to tokenisation, stemming, weights or
 * hashing changes the vectors and must bump OFFLINE_EMBEDDER_ID so stored vectors get rebuilt.
 */
export const OFFLINE_EMBEDDER_ID = 'offline-hash-v1';
export const OFFLINE_DEFAULT_DIMENSIONS = 256;

export interface OfflineHashEmbedderOptions {
  /** Vector length, default 256. More dimensions mean fewer hash collisions. */
  dimensions?: number;
}

// Whole-word features carry most of the meaning; n-grams only bridge morphology, typos and
// unstemmed languages. Per word, the n-gram features together have L2 norm NGRAM_WEIGHT.
const WORD_WEIGHT = 1;
const NGRAM_WEIGHT = 0.6;
// Function words and question words ("when did you...") must not decide what gets recalled.
const STOPWORD_WEIGHT = 0.06;
const SINGLE_CHAR_WEIGHT = 0.3;
const WORD_PROBES = 8;

const WORD_SEED = 0x9e3779b9;
const NGRAM_SEED = 0x85ebca6b;

const TOKEN_RE = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const ASCII_WORD_RE = /^[a-z]+$/;
const CYRILLIC_WORD_RE = /^[а-я]+$/;
const DIGITS_RE = /^\p{N}+$/u;
const NON_ASCII_RE = /[^\p{ASCII}]/u;

// Longest first so "ами" wins over "и". Only applied when at least 4 letters remain.
const RUSSIAN_ENDINGS = [
  'иями', 'ями', 'ами', 'ого', 'его', 'ому', 'ему', 'ыми', 'ими', 'ией', 'ой', 'ей', 'ий', 'ый', 'ая',
  'яя', 'ое', 'ее', 'ые', 'ие', 'ов', 'ев', 'ах', 'ях', 'ом', 'ем', 'ам', 'ям', 'ую', 'юю', 'ью',
  'а', 'я', 'о', 'е', 'ы', 'и', 'у', 'ю', 'ь', 'й',
];

/**
 * Deterministic, dependency-free embedder for offline use.
 * Empty or whitespace-only text (or text without letters or digits) embeds to the zero vector,
 * which has cosine similarity 0 with everything; every other text gets a unit-length vector.
 */
export class OfflineHashEmbedder implements EmbeddingProvider {
  readonly id = OFFLINE_EMBEDDER_ID;
  readonly kind = 'lexical';
  readonly dimensions: number;

  constructor(options: OfflineHashEmbedderOptions = {}) {
    const dimensions = options.dimensions ?? OFFLINE_DEFAULT_DIMENSIONS;
    if (!Number.isInteger(dimensions) || dimensions < 1) {
      throw new RangeError(`Offline embedder dimensions must be a positive integer, got ${dimensions}`);
    }
    this.dimensions = dimensions;
  }

  embedBatch(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<Float32Array[]> {
    if (options?.signal?.aborted) {
      return Promise.reject(new EmbeddingError('cancelled', 'Embedding request was cancelled', { cause: options.signal.reason }));
    }
    return Promise.resolve(texts.map((text) => this.embed(text)));
  }

  /** Synchronous single-text embedding (the provider interface is async and batch-first). */
  embed(text: string): Float32Array {
    return this.embedWordCounts(countWords(text));
  }

  /**
   * The embedding of a text given as its words with their counts (countWords order): each distinct word is
   * stemmed and hashed once, so a long text repeating a few words costs what its distinct words cost.
   */
  embedWordCounts(words: ReadonlyMap<string, number>): Float32Array {
    const acc = new Float64Array(this.dimensions);
    for (const term of countTerms(words)) {
      const weight = (1 + Math.log(term.count)) * termWeight(term.raw);
      this.addTerm(acc, term.stem, weight);
    }
    return l2Normalise(acc);
  }

  private addTerm(acc: Float64Array, stem: string, weight: number): void {
    // Several probes per word: a collision with an unrelated word then costs 1/WORD_PROBES of a
    // match instead of a whole one, which keeps rare collisions from outranking true matches.
    const wordHash = hashString(stem, 0, stem.length, WORD_SEED);
    const probeWeight = (WORD_WEIGHT * weight) / Math.sqrt(WORD_PROBES);
    for (let probe = 0; probe < WORD_PROBES; probe++) {
      addFeature(acc, fmix32(wordHash + Math.imul(probe, 0x9e3779b9)), probeWeight);
    }
    if (DIGITS_RE.test(stem)) return; // "2023" vs "2024" are different facts, not typos.

    // \u0002 and \u0003 mark word boundaries, so "<mo" (a prefix) differs from "mo" mid-word.
    const marked = `\u0002${stem}\u0003`;
    const grams3 = marked.length - 2;
    const grams4 = Math.max(0, marked.length - 3);
    const perGram = (NGRAM_WEIGHT * weight) / Math.sqrt(grams3 + grams4);
    for (let i = 0; i + 3 <= marked.length; i++) {
      addFeature(acc, hashString(marked, i, i + 3, NGRAM_SEED), perGram);
    }
    for (let i = 0; i + 4 <= marked.length; i++) {
      addFeature(acc, hashString(marked, i, i + 4, NGRAM_SEED), perGram);
    }
  }
}

interface Term {
  /** First surface form seen, used for stopword weighting. */
  raw: string;
  stem: string;
  count: number;
}

/**
 * The words of a text as both offline embedders see them (lower-case, NFKC, "user's" → "user"), each distinct
 * word once with its count, in order of first occurrence. Counting here lets the embedders do their per-word
 * work (lookups, stemming, hashing) once per distinct word: a 100k-character text of one repeated word costs
 * one tokenising pass, not 25,000 times the per-word work.
 */
export function countWords(text: string): Map<string, number> {
  let lower = text.toLowerCase();
  if (NON_ASCII_RE.test(lower)) lower = lower.normalize('NFKC').replaceAll('ё', 'е');
  const counts = new Map<string, number>();
  for (const token of lower.match(TOKEN_RE) ?? []) {
    const word = stripApostrophes(token);
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

function countTerms(words: ReadonlyMap<string, number>): Iterable<Term> {
  // Stems in order of their first word's first occurrence, and `raw` that first word: what a pass over
  // every occurrence would give.
  const byStem = new Map<string, Term>();
  for (const [raw, count] of words) {
    const stem = stemWord(raw);
    const term = byStem.get(stem);
    if (term) term.count += count;
    else byStem.set(stem, { raw, stem, count });
  }
  return byStem.values();
}

function stripApostrophes(token: string): string {
  if (!token.includes("'") && !token.includes('’')) return token;
  // "user's" -> "user", "don't" -> "dont".
  return token.replace(/['’]s$/u, '').replace(/['’]/gu, '');
}

function termWeight(raw: string): number {
  if (STOPWORDS.has(raw)) return STOPWORD_WEIGHT;
  if (raw.length === 1 && !DIGITS_RE.test(raw)) return SINGLE_CHAR_WEIGHT;
  return 1;
}

/**
 * Light, conservative stemming so inflections share a feature ("move", "moves", "moved",
 * "moving" -> "mov"). Not linguistically exact; it only has to map variants of one word together
 * and rarely merge unrelated words.
 */
export function stemWord(word: string): string {
  if (ASCII_WORD_RE.test(word)) return stemEnglish(word);
  if (CYRILLIC_WORD_RE.test(word)) return stemRussian(word);
  return word;
}

function stemEnglish(input: string): string {
  let w = input;
  if (w.length <= 3) return w;

  // Plurals and third person.
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ss') || w.endsWith('us') || w.endsWith('is')) {
    // "class", "bus", "this": not plurals.
  } else if (/(?:[sxz]|ch|sh)es$/.test(w) && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('s')) w = w.slice(0, -1);

  // Verb and adverb endings; require a stem of 3+ letters with a vowel ("thing", "bring" stay).
  if (w.endsWith('ing') && hasVowelStem(w, 3)) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && !w.endsWith('eed') && hasVowelStem(w, 2)) w = undouble(w.slice(0, -2));
  // Two-letter stems lost an "e": "used" -> "use", "using" -> "use".
  else if (w.endsWith('ed') && !w.endsWith('eed') && w.length === 4) w = w.slice(0, -1);
  else if (w.endsWith('ing') && w.length === 5 && /[aeiouy]/.test(w.slice(0, 2))) w = `${w.slice(0, 2)}e`;
  else if (w.endsWith('ly') && w.length >= 6 && !w.endsWith('ily') && !w.endsWith('ply')) w = w.slice(0, -2);

  // "move"/"moving" and "city"/"cities" end differently after suffix removal; fold the ends.
  if (w.length >= 4 && w.endsWith('e')) w = w.slice(0, -1);
  else if (w.length >= 4 && w.endsWith('y')) w = `${w.slice(0, -1)}i`;
  return w;
}

function hasVowelStem(word: string, suffixLength: number): boolean {
  const stem = word.slice(0, -suffixLength);
  return stem.length >= 3 && /[aeiouy]/.test(stem);
}

function undouble(stem: string): string {
  const last = stem.charCodeAt(stem.length - 1);
  if (stem.length >= 4 && last === stem.charCodeAt(stem.length - 2) && !'lsz'.includes(stem[stem.length - 1] ?? '')) {
    return stem.slice(0, -1); // "stopp" -> "stop", "runn" -> "run"
  }
  return stem;
}

function stemRussian(word: string): string {
  if (word.length < 5) return word;
  for (const ending of RUSSIAN_ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= 4) return word.slice(0, -ending.length);
  }
  return word;
}

/** FNV-1a over UTF-16 code units of s[start, end), finalised with murmur3 fmix32 for good low bits. */
function hashString(s: string, start: number, end: number, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = start; i < end; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

function fmix32(input: number): number {
  let h = input;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function addFeature(acc: Float64Array, hash: number, weight: number): void {
  // The top bit picks the sign, so colliding features cancel out on average instead of piling up.
  const index = (hash & 0x7fffffff) % acc.length;
  acc[index] = (acc[index] ?? 0) + (hash & 0x80000000 ? -weight : weight);
}

