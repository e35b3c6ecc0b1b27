/**
 * Pseudo-relevance feedback: the words the best hits share, beyond the query's own, say what else the turns that
 * answer may say ("how was lisbon?" → "hostel", "flight"). The read path searches for them as one more ranked list, so
 * a turn that says none of the question's words can still be found ("flight home delayed, slept on the hostel floor").
 */
import type { ReadableDB } from '../../storage/db';
import { stemWord } from '../../embeddings/offline';
import type { TermStats } from './term-stats';
import { forEachContentWord, queryTerms } from './text';
import { turnTexts } from './turn-texts';

export interface FeedbackWord {
  /** As one of the seeds says it (another may say another form of its stem). */
  word: string;
  /** Documents that say it. */
  documents: number;
  weight: number;
}

/**
 * The words the `seeds` share (by stem), most telling first: by inverse document frequency times how many seeds say
 * it. Left out: the query's own words, numbers, words under 3 letters, words fewer than `minSeeds` seeds say, and
 * words in more than `maxDocs` documents.
 */
export function feedbackWords(
  db: ReadableDB,
  query: string,
  seeds: readonly string[],
  termStats: Pick<TermStats, 'documentFrequencies' | 'documents'>,
  terms: number,
  minSeeds: number,
  maxDocs: number,
): FeedbackWord[] {
  const own = new Set(queryTerms(query).terms.map(stemWord));
  const texts = turnTexts(db, seeds, true);
  const seenIn = new Map<string, { count: number; word: string }>();
  for (const id of seeds) {
    const text = texts.get(id);
    if (text === undefined) continue;
    const said = new Map<string, string>();
    forEachContentWord(text, (word) => {
      if (word.length < 3 || /^\p{N}+$/u.test(word)) return;
      const stem = stemWord(word);
      if (!own.has(stem)) said.set(stem, word);
    });
    for (const [stem, word] of said) {
      const known = seenIn.get(stem);
      seenIn.set(stem, { count: (known?.count ?? 0) + 1, word: known?.word ?? word });
    }
  }
  const shared = [...seenIn.entries()].filter(([, v]) => v.count >= minSeeds);
  if (shared.length === 0) return [];
  const df = termStats.documentFrequencies(shared.map(([, v]) => v.word));
  const documents = termStats.documents();
  return shared
    .map(([, v]) => ({ word: v.word, documents: df(v.word), weight: v.count * Math.log(1 + documents / (1 + df(v.word))) }))
    .filter((s) => s.documents <= maxDocs)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, terms);
}
