/** The full-text index of turns with their context (migrations 020–022), read directly: what the migration tests ask. */
import type BetterSqlite3 from 'better-sqlite3';
import { databasePath } from '../../src-main/memory/paths';
import { openDatabase } from '../../src-main/storage/open';
import { makeTempDir } from './temp-engine';

export type IndexDb = BetterSqlite3.Database;

/** A fresh memory file at the latest schema. */
export const openIndexDb = (): IndexDb => openDatabase(databasePath(makeTempDir()), { dimensions: 8, now: 1 }) as unknown as IndexDb;

/** Ids of the nodes the index finds for a match expression, in id order. */
export function foundByIndex(db: IndexDb, match: string): string[] {
  return (
    db.prepare(`SELECT n.id FROM nodes_fts f JOIN nodes n ON n.rowid = f.rowid WHERE nodes_fts MATCH ? ORDER BY n.id`).all(match) as { id: string }[]
  ).map((r) => r.id);
}
