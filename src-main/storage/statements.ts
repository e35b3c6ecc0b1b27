import type { Statement } from 'better-sqlite3';
import type { ReadableDB, ReadStatement, WritableDB } from './db';

const cache = new WeakMap<ReadableDB, Map<string, ReadStatement>>();
/**
 * Statements kept per connection. Read queries built from filters vary with their IN lists' lengths, so the
 * cache starts again past this many (a statement already handed out stays valid).
 */
const CACHED_STATEMENTS = 2_000;

/**
 * Prepared statements are cached per connection: preparing is the expensive part of a small query. Read code
 * hands in a `ReadableDB` and gets a statement without `run` (Signal's Interface pattern); writers get the full one.
 */
export function stmt(db: WritableDB, sql: string): Statement;
export function stmt(db: ReadableDB, sql: string): ReadStatement;
export function stmt(db: ReadableDB, sql: string): ReadStatement {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  let s = perDb.get(sql);
  if (!s) {
    if (perDb.size >= CACHED_STATEMENTS) perDb.clear();
    s = db.prepare(sql);
    perDb.set(sql, s);
  }
  return s;
}

/** Forget cached statements (needed after a table they reference was dropped and recreated). */
export function clearStatementCache(db: ReadableDB): void {
  cache.delete(db);
}
