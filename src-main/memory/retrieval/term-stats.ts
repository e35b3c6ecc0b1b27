/**
 * Document frequencies of query terms, exactly as the FTS index counts them: query words are tokenized by
 * SQLite's own FTS5 tokenizer (a temp FTS table with the same settings), then looked up in fts5vocab.
 */
import type { Database } from 'better-sqlite3';
import { createQueryTermTables, documentFrequency, highestNodeRowid, tokenizeWords } from '../repo/term-vocabulary';

const STEM_CACHE_LIMIT = 5_000;
/**
 * fts5vocab counts a term's documents by walking its whole doclist (~2 ms for a common word at a million
 * turns), and the count only steers which terms pair up: it is reused until the memory grows by a tenth.
 */
const DF_REUSE_GROWTH = 1.1;

export class TermStats {
  private ready = false;
  private readonly stems = new Map<string, string | null>();
  private readonly frequencies = new Map<string, { doc: number; documents: number }>();

  constructor(private readonly db: Database) {}

  private ensure(): void {
    if (this.ready) return;
    createQueryTermTables(this.db);
    this.ready = true;
  }

  /** The index token of each word (null when the tokenizer drops it). Cached: stems never change. */
  private stemAll(words: readonly string[]): void {
    const unseen = [...new Set(words.filter((w) => !this.stems.has(w)))];
    if (unseen.length === 0) return;
    this.ensure();
    if (this.stems.size + unseen.length > STEM_CACHE_LIMIT) this.stems.clear();
    const rows = tokenizeWords(this.db, unseen);
    for (const w of unseen) this.stems.set(w, null);
    for (const r of rows) {
      const w = unseen[r.doc - 1];
      if (w !== undefined && this.stems.get(w) === null) this.stems.set(w, r.term);
    }
  }

  /** A df function for a set of query words, with their stems resolved in one round trip. */
  documentFrequencies(words: readonly string[]): (word: string) => number {
    this.stemAll(words);
    const documents = this.documents();
    return (word) => {
      const stem = this.stems.get(word);
      if (!stem) return 0;
      const known = this.frequencies.get(stem);
      if (known && documents <= known.documents * DF_REUSE_GROWTH && documents >= known.documents) return known.doc;
      const doc = documentFrequency(this.db, stem);
      if (this.frequencies.size >= STEM_CACHE_LIMIT) this.frequencies.clear();
      this.frequencies.set(stem, { doc, documents });
      return doc;
    };
  }

  /** Documents in the index (approximate: the highest rowid), for the "frequent" threshold. */
  documents(): number {
    return highestNodeRowid(this.db);
  }
}
