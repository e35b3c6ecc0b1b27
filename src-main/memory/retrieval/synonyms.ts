/**
 * Soft term matching ("synonyms"): a turn scores by how much of the question it says, word by word, where a
 * word counts as said when the turn has it or a word near it in the word-vector space ("diet" ~ "meat",
 * "engaged" ~ "proposed", "pottery" ~ "ceramics"). BM25 only sees shared words and a turn's summed vector
 * blurs its words together; this reads each question word against each word of the turn.
 *
 * It re-ranks candidates the other strategies found (each list's full depth: 160–200 per list for a pack), so it
 * costs one read of up to ~400 short texts and a dot product per distinct word and question word. Measured on the
 * fixtures it helps depth and costs the very top (docs/ARCHITECTURE.md, "Similar words in context packs"): a
 * context pack's turn search, which reads 80–100 deep, uses it (search.ts SearchReading); a top-10 search does not.
 */
import type { ReadableDB } from '../../storage/db';
import type { WordVectors } from '../../embeddings/word-vectors';
import { stmt } from '../repo/statements';
import type { TermStats } from './term-stats';
import { forEachContentWord, MAX_QUERY_TERMS, topicalTerms } from './text';

/** Characters of a candidate read, at most. */
const TURN_CHARS_READ = 4_000;

export interface SynonymMatch {
  vectors: WordVectors;
  /** A turn word nearer a question word than this cosine counts as saying it (at its cosine). */
  threshold: number;
  /** Document frequencies of the question's words: a rare word weighs more (inverse document frequency). */
  termStats: Pick<TermStats, 'documentFrequencies' | 'documents'>;
}

/**
 * The candidates that say some of the question, best first (at most `limit`). Each question word weighs its
 * inverse document frequency and counts 1 when the turn has it, its best cosine (at least `threshold`) when
 * the turn has only a similar word, else 0. A question none of whose words has a vector (a Russian one, a
 * list of names) gives no list: plain word overlap is BM25's.
 */
export function synonymMatches(db: ReadableDB, query: string, candidates: readonly string[], match: SynonymMatch, limit: number): string[] {
  const { vectors, threshold, termStats } = match;
  // As the full-text query does, the first MAX_QUERY_TERMS words (a pasted page's hundreds would cost ~200 ms).
  const terms = topicalTerms(query).slice(0, MAX_QUERY_TERMS);
  const rows = terms.map((t) => vectors.rowOf(t));
  if (candidates.length === 0 || rows.every((r) => r < 0)) return [];
  const df = termStats.documentFrequencies(terms);
  const documents = termStats.documents();
  const weights = terms.map((t) => Math.log(1 + documents / (1 + df(t))));
  // A pasted page stored as one message is read by its start: its words past that cost time and say little more.
  const texts = stmt(db, `SELECT id, substr(content, 1, ${TURN_CHARS_READ}) AS content FROM nodes WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(candidates)) as { id: string; content: string }[];
  const contentOf = new Map(texts.map((r) => [r.id, r.content]));
  // How near each word is to each question word, once per distinct word of the candidates (chat words repeat).
  const nearness = new Map<string, Float32Array>();
  const nearnessOf = (word: string): Float32Array => {
    let near = nearness.get(word);
    if (near) return near;
    near = new Float32Array(terms.length);
    const row = vectors.rowOf(word);
    terms.forEach((term, i) => {
      const termRow = rows[i] as number;
      near[i] = term === word ? 1 : row >= 0 && termRow >= 0 ? vectors.cosine(termRow, row) : 0;
    });
    nearness.set(word, near);
    return near;
  };
  const scored: { id: string; score: number; at: number }[] = [];
  const best = new Float32Array(terms.length);
  candidates.forEach((id, at) => {
    const content = contentOf.get(id);
    if (content === undefined) return;
    best.fill(0);
    forEachContentWord(content, (word) => {
      const near = nearnessOf(word);
      for (let i = 0; i < near.length; i++) if ((near[i] as number) > (best[i] as number)) best[i] = near[i] as number;
    });
    let score = 0;
    for (let i = 0; i < terms.length; i++) if ((best[i] as number) >= threshold) score += (weights[i] as number) * (best[i] as number);
    if (score > 0) scored.push({ id, score, at });
  });
  // Ties keep the candidates' order (deterministic rankings, see "Recall evaluation").
  return scored
    .sort((a, b) => b.score - a.score || a.at - b.at)
    .slice(0, limit)
    .map((s) => s.id);
}
