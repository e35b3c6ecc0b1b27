import type { Database, Statement } from 'better-sqlite3';

const cache = new WeakMap<Database, Map<string, Statement>>();

/** Prepared statements are cached per connection: preparing is the expensive part of a small query. */
export function stmt(db: Database, sql: string): Statement {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  let s = perDb.get(sql);
  if (!s) {
    s = db.prepare(sql);
    perDb.set(sql, s);
  }
  return s;
}

/** Forget cached statements (needed after a table they reference was dropped and recreated). */
export function clearStatementCache(db: Database): void {
  cache.delete(db);
}
