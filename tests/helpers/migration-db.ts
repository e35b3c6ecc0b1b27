import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { migrate, schemaVersion } from '../../src-main/storage/migration-runner';
import { makeTempDir } from './temp-engine';

/** Vector width for migration tests: small, and what 001 locks the vec tables to. */
export const MIGRATION_TEST_DIMENSIONS = 8;

/** A real SQLite file in a fresh temp folder, with sqlite-vec loaded and foreign keys on (as the engine opens it). */
export function openMigrationDb(): BetterSqlite3.Database {
  const db = new BetterSqlite3(join(makeTempDir(), 'engram.db'));
  sqliteVec.load(db);
  db.pragma('foreign_keys = ON');
  return db;
}

/** Run the real migrations up to `version` (not past it) and return the version the file is at. */
export function migrateTo(db: BetterSqlite3.Database, version: number): number {
  migrate(db, { dimensions: MIGRATION_TEST_DIMENSIONS, now: 1_700_000_000_000 }, version);
  return schemaVersion(db);
}

/** Every row of a table in a stable order, for "the rows are still there, unchanged" checks. */
export function rowsOf(db: BetterSqlite3.Database, table: string, orderBy = 'rowid'): unknown[] {
  return db.prepare(`SELECT * FROM ${table} ORDER BY ${orderBy}`).all();
}
