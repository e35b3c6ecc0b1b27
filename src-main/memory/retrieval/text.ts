/**
 * Query text → FTS5 MATCH expression. User text never reaches FTS5 syntax: every term is a quoted string
 * (quotes doubled), so operators, NEAR, parentheses, `*`, `:` and emoji are plain text, never an error.
 */
import { quoteFtsTerm as quote, STOPWORDS } from '../../../src-shared/text';
import { stemWord } from '../../embeddings/offline';

const TOKEN_RE = /[\p{L}\p{N}]+/gu;
const CYRILLIC_RE = /^[а-яё]+$/u;

/** How much of a query the read path analyses: its start and its end (where a pasted text's question usually is). */
const QUERY_HEAD_CHARS = 3_000;
const QUERY_TAIL_CHARS = 1_000;

/**
 * The part of a query or prompt that retrieval reads. A message can be 100,000 characters (a pasted document);
 * classifying, embedding and matching all of it cost ~1 s on the read path that runs before every reply, and
 * its first pages and its last lines carry the signal. Short queries pass through unchanged.
 */
export function retrievalQuery(query: string): string {
  if (query.length <= QUERY_HEAD_CHARS + QUERY_TAIL_CHARS) return query;
  return `${query.slice(0, QUERY_HEAD_CHARS)}\n…\n${query.slice(-QUERY_TAIL_CHARS)}`;
}

export interface QueryTerms {
  /** Content terms (stopwords removed), lower-case, deduplicated, in query order. */
  terms: string[];
  /** Every token, for when a query is all stopwords ("what was that?"). */
  all: string[];
}

export function queryTerms(query: string): QueryTerms {
  const all: string[] = [];
  const seen = new Set<string>();
  for (const m of query.normalize('NFKC').toLowerCase().matchAll(TOKEN_RE)) {
    const t = m[0];
    if (seen.has(t)) continue;
    seen.add(t);
    all.push(t);
  }
  return { terms: all.filter(isContentWord), all };
}

/** Not a stopword, and not a lone letter ("a", "x"): a lone digit still counts. */
const isContentWord = (t: string): boolean => !STOPWORDS.has(t) && (t.length > 1 || /\p{N}/u.test(t));

/** Each content word of `text` as queryTerms reads it, repeats included, without building lists. */
export function forEachContentWord(text: string, visit: (word: string) => void): void {
  for (const t of text.normalize('NFKC').toLowerCase().match(TOKEN_RE) ?? []) if (isContentWord(t)) visit(t);
}

/** Every content word of `text` at once, as FTS5 reads it (null when it has none): the facts that say all of it. */
export function allTermsExpression(text: string): string | null {
  const { terms } = queryTerms(text);
  return terms.length === 0 ? null : terms.slice(0, MAX_QUERY_TERMS).map(termExpression).join(' AND ');
}

function termExpression(t: string): string {
  if (CYRILLIC_RE.test(t) && t.length >= 5) {
    const stem = stemWord(t.replaceAll('ё', 'е'));
    if (stem.length >= 4 && stem !== t) return `${quote(stem)}*`;
  }
  return quote(t);
}

/** How many documents contain a term (0 when unknown). */
export type DocumentFrequency = (term: string) => number;

export interface MatchOptions {
  maxTerms?: number;
  /** With term statistics, very common terms only match together (see below). */
  df?: DocumentFrequency;
  /** A term in more documents than this is "frequent". */
  frequentDocs?: number;
}

/** A full-text query: the MATCH expression, and how much of a large memory BM25 may score for it. */
export interface FtsQuery {
  match: string;
  /**
   * The rare terms alone (an OR), or null when there are none. When the expression matches more than
   * `recentMatches` rows, BM25 scores only the most recently stored of them, plus every row this part
   * matches: a rare word's old turn is never cut off by a common word's new ones.
   */
  rare: string | null;
  /** Most matches BM25 scores on a large memory; null: all of them. */
  recentMatches: number | null;
}

/**
 * An OR of the query's content terms. Russian words get a prefix query on their stem, since the porter
 * tokenizer only stems English ("кошку" finds "кошка"). Returns null when nothing is searchable.
 *
 * On a large memory, OR-ing a term found in thousands of turns makes FTS5 score every one of them. With
 * document frequencies, frequent terms are required two at a time — `rare1 OR rare2 OR (freq2 AND freq1)` —
 * which keeps every turn that could rank well (bm25 still scores all phrases) and skips the long tail of
 * turns that share one common word and nothing else.
 */
export function ftsMatchExpression(query: string, options: MatchOptions = {}): string | null {
  return ftsQuery(query, options)?.match ?? null;
}

/**
 * Words that frame a question rather than say what it is about: "Is Ania *likely* to…", "What *happened* to…",
 * "What did Marco *become*…", "…found *since*?", "does she *usually*…". Matched, they rank the chat's "since
 * april" and "what happened lol" above the turns about the dog or the diet (on the long messaging fixtures,
 * recall@10 0.348 → 0.361 and @20 0.406 → 0.433; tidy dialogue 0.704 → 0.707; the rest unchanged). Words that
 * are as often the topic ("kind", "type", "course", "different") stay. Only left out of the full-text query, and
 * only when other content words remain.
 */
const QUESTION_FRAMING: ReadonlySet<string> = new Set(
  ('likely probably possibly happened happen happens became become becomes exactly actually since ever anymore ' +
    'currently recently lately usually often').split(' '),
);

/**
 * "When did I *last* meet Grace?", "when was Jo last here", "when I last spoke to mum", "the last time I saw her": *last*
 * asks for the latest occasion (recency.ts lifts the newest turns for it); the turn that answers says "met Grace for
 * coffee". Russian "в последний раз" the same. As a matched word it brought every "last night" and "last week" of a chat, a third of a large memory's
 * turns to score. "My last day", "her last concert" and "last month" keep it.
 */
const LAST_OCCASION = [
  // Not the verb: "did we last long", "will they last until May".
  /\b(?:i|you|we|he|she|they)\s+last\b(?!\s+(?:long|longer|for|forever|until|till|through|the\s+(?:night|week|year)))|\bthe\s+last\s+time\b|в\s+последний\s+раз/iu,
  // A name as the subject: "When did Sam last call?" (not "was it last week", "is my last day").
  /\b(?:[Dd]id|[Dd]oes|[Hh]ave|[Hh]as|[Hh]ad|[Ww]as|[Ww]ere)\s+\p{Lu}\p{Ll}+\s+last\b/u,
];
const LAST_OCCASION_WORDS: ReadonlySet<string> = new Set(['last', 'time', 'последний', 'раз']);
const NO_WORDS: ReadonlySet<string> = new Set();

export function asksForLastOccasion(query: string): boolean {
  return LAST_OCCASION.some((re) => re.test(query));
}

/**
 * "On what *date* did…", "between which *dates*…", "what *day*…", "in which *month*…": the unit of the time asked
 * for frames the question; the turn that answers says "tues 2nd april", not "date" (as a matched word it ranked "second
 * date?" first for a trip's dates).
 */
const ASKS_FOR_A_TIME = /\b(?:what|which)\s+(dates?|days?|months?|years?|time)\b/giu;

/** Query words a search reads at most: a pasted page's hundreds of words would make each step cost ~100× more. */
export const MAX_QUERY_TERMS = 32;

/** The content words a query is about: without the words that frame it, unless nothing else is left. */
export function topicalTerms(query: string): string[] {
  const { terms } = queryTerms(query);
  const framing = asksForLastOccasion(query) ? LAST_OCCASION_WORDS : NO_WORDS;
  const unit = new Set([...query.toLowerCase().matchAll(ASKS_FOR_A_TIME)].map((m) => m[1] as string));
  const topical = terms.filter((t) => !QUESTION_FRAMING.has(t) && !framing.has(t) && !unit.has(t));
  return topical.length > 0 ? topical : terms;
}

/** ftsMatchExpression, with the rare part kept apart and the bound on scored matches (see FtsQuery). */
export function ftsQuery(query: string, options: MatchOptions & { recentMatches?: number } = {}): FtsQuery | null {
  const topical = topicalTerms(query);
  const chosen = (topical.length > 0 ? topical : queryTerms(query).all).slice(0, options.maxTerms ?? MAX_QUERY_TERMS);
  if (chosen.length === 0) return null;
  const recentMatches = options.recentMatches ?? null;
  const { df, frequentDocs } = options;
  const plain = (bound: number | null): FtsQuery => ({ match: chosen.map(termExpression).join(' OR '), rare: null, recentMatches: bound });
  if (!df || frequentDocs === undefined || chosen.length < 2) return plain(recentMatches);
  const rare: string[] = [];
  const frequent: { t: string; n: number }[] = [];
  for (const t of chosen) {
    const n = df(t);
    if (n > frequentDocs) frequent.push({ t, n });
    else rare.push(t);
  }
  // Only rare terms: their matches are few by definition, so all are scored.
  if (frequent.length === 0) return plain(null);
  const rareParts = rare.map(termExpression);
  const parts = [...rareParts];
  // The rarest few frequent terms, at least two of them together: their intersections are small. Written with
  // the most frequent term named once — "(t3 AND (t0 OR t1 OR t2)) OR (t2 AND (t0 OR t1)) OR (t1 AND t0)" — not
  // as every pair: the same rows match, but bm25() scans a phrase's whole doclist once per time the expression
  // names it (its document count), and every pair named each frequent term three times. At 100k nodes: full-text
  // step p95 16.0 → 13.2 ms, the top 10 of 119 bench questions 99.4% the same (103 in the same order).
  const top = frequent.sort((a, b) => a.n - b.n).slice(0, 4).map((f) => termExpression(f.t));
  if (top.length === 1 && parts.length === 0) parts.push(top[0] as string);
  for (let i = top.length - 1; i >= 1; i--) {
    const rarer = top.slice(0, i);
    parts.push(`(${top[i]} AND ${rarer.length === 1 ? rarer[0] : `(${rarer.join(' OR ')})`})`);
  }
  return { match: parts.join(' OR '), rare: rareParts.length > 0 ? rareParts.join(' OR ') : null, recentMatches };
}
