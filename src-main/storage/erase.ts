/**
 * What makes a delete an erase at the storage level. The connection runs with `secure_delete` (open.ts), so
 * a deleted row's bytes are overwritten with zeros in its page and freed pages are zeroed; what is left:
 * - the full-text indexes keep a deleted row's terms until their segments are merged ('delete' only adds a
 *   tombstone), so both are merged into one segment ('optimize'), which drops them;
 * - the WAL keeps the pages as they were before, until it is checkpointed and truncated (checkpoint.ts).
 */
import type { Database } from 'better-sqlite3';

/** Merges each full-text index into one segment, dropping the terms of deleted rows. Inside a write transaction. */
export function mergeTextIndexes(db: Database): void {
  db.exec(`INSERT INTO nodes_fts(nodes_fts) VALUES ('optimize'); INSERT INTO facts_fts(facts_fts) VALUES ('optimize');`);
}
