import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { LATEST_VERSION } from '../../../src-main/storage/migration-runner';
import { migrateTo, openMigrationDb, rowsOf } from '../../helpers/migration-db';

const VERSION = 18;

describe('migration 018 (partial index of nodes dated after they were learned)', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  it('indexes only the rows dated after they were learned, keeping every node of a version 17 memory', () => {
    db = openMigrationDb();
    migrateTo(db, VERSION - 1);
    const insert = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES (?, ?, ?, ?, ?, ?)`);
    insert.run('said', 'episodic', 'We talked about the trip', 100, 100, 100);
    insert.run('imported', 'episodic', 'An old message, imported later', 50, 200, 50);
    insert.run('planned', 'semantic', 'User flies to Lisbon on 1 June', 900, 300, 300);
    const nodesBefore = rowsOf(db, 'nodes');

    expect(migrateTo(db, VERSION)).toBe(VERSION);
    expect(LATEST_VERSION).toBeGreaterThanOrEqual(VERSION);
    expect(rowsOf(db, 'nodes')).toEqual(nodesBefore);
    const index = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'idx_nodes_ahead_of_time'`).pluck().get() as string;
    expect(index).toMatch(/WHERE event_time > created_at$/);
    // The index holds the one node dated ahead of when it was learned, and the query that names its condition uses it.
    const ahead = db.prepare(`SELECT id FROM nodes INDEXED BY idx_nodes_ahead_of_time WHERE event_time > created_at AND event_time > ?`).pluck();
    expect(ahead.all(0)).toEqual(['planned']);
    expect(ahead.all(900)).toEqual([]);
  });
});
