import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { LATEST_VERSION } from '../../../src-main/storage/migration-runner';
import { migrateTo, openMigrationDb, rowsOf } from '../../helpers/migration-db';

const VERSION = 17;

describe('migration 017 (retractions with their undo journal)', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  it('adds an empty retractions table that accepts only known source kinds, and changes nothing else', () => {
    db = openMigrationDb();
    migrateTo(db, VERSION - 1);
    db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES ('n', 'semantic', 'User lives in Lisbon', 1, 1, 1)`).run();
    const nodesBefore = rowsOf(db, 'nodes');
    expect(migrateTo(db, VERSION)).toBe(VERSION);
    expect(LATEST_VERSION).toBeGreaterThanOrEqual(VERSION);
    expect(rowsOf(db, 'nodes')).toEqual(nodesBefore);
    expect(rowsOf(db, 'retractions')).toEqual([]);
    const insert = db.prepare(`INSERT INTO retractions (id, source_kind, source_ref, summary, journal, applied_at) VALUES (?, ?, 's', '{}', '{}', 5)`);
    insert.run('r1', 'chat');
    insert.run('r2', 'reextract');
    expect(() => insert.run('r3', 'everything')).toThrow(/CHECK/);
  });
});
