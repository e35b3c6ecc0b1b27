/**
 * The FTS index's vocabulary, for retrieval/term-stats.ts: query words go through SQLite's own FTS5 tokenizer
 * (a temp FTS table with the index's settings) and their stems are looked up in fts5vocab. The temp tables
 * belong to the connection, so they are created once per connection and never written to the file.
 */
import type { Database } from 'better-sqlite3';
import type { ReadableDB } from '../../storage/db';
import { stmt } from './statements';

export function createQueryTermTables(db: Database): void {
  db.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.query_terms USING fts5(q, tokenize='porter unicode61 remove_diacritics 2');
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.query_terms_vocab USING fts5vocab(temp, query_terms, 'instance');
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.nodes_fts_vocab USING fts5vocab(main, nodes_fts, 'row');
  `);
}

/**
 * The tokens the index would store for each word: `doc` is the word's 1-based position in `words`, and a word
 * the tokenizer drops has no row. Needs createQueryTermTables first.
 */
export function tokenizeWords(db: Database, words: readonly string[]): { term: string; doc: number }[] {
  const insert = db.prepare('INSERT INTO temp.query_terms(rowid, q) VALUES (?, ?)');
  db.prepare('DELETE FROM temp.query_terms').run();
  words.forEach((w, i) => insert.run(i + 1, w));
  const rows = db.prepare('SELECT term, doc FROM temp.query_terms_vocab').all() as { term: string; doc: number }[];
  db.prepare('DELETE FROM temp.query_terms').run();
  return rows;
}

/** How many indexed documents hold `term` (a token, as tokenizeWords returns it). */
export function documentFrequency(db: ReadableDB, term: string): number {
  return (stmt(db, 'SELECT doc FROM temp.nodes_fts_vocab WHERE term = ?').get(term) as { doc: number } | undefined)?.doc ?? 0;
}

/** The highest node rowid: the number of documents, near enough. */
export function highestNodeRowid(db: ReadableDB): number {
  return (stmt(db, 'SELECT max(rowid) AS n FROM nodes').get() as { n: number | null }).n ?? 0;
}
