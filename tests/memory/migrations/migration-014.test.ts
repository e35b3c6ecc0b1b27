import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { migrateTo, openMigrationDb, rowsOf } from '../../helpers/migration-db';

describe('migration 014 (review queue)', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  it('adds an empty memory_proposals table beside nodes, one row per evidence hash, and changes nothing else', () => {
    db = openMigrationDb();
    migrateTo(db, 13);
    db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES ('n1', 'semantic', 'User lives in Boston', 1, 1, 1)`).run();
    const nodesBefore = rowsOf(db, 'nodes');

    expect(migrateTo(db, 14)).toBe(14);
    expect(rowsOf(db, 'nodes')).toEqual(nodesBefore);
    expect(rowsOf(db, 'memory_proposals')).toEqual([]);
    const insert = db.prepare(
      `INSERT INTO memory_proposals (id, state, kind, content, fact_type, origin, payload, evidence_hash, created_at) VALUES (?, ?, 'new', 'x', 'semantic', 'mcp', '{}', ?, 5)`,
    );
    insert.run('p1', 'pending', 'h1');
    expect(() => insert.run('p2', 'pending', 'h1')).toThrow(/UNIQUE/);
    expect(() => insert.run('p3', 'maybe', 'h3')).toThrow(/CHECK/);
    expect((rowsOf(db, 'memory_proposals') as { id: string }[]).map((r) => r.id)).toEqual(['p1']);
  });
});
