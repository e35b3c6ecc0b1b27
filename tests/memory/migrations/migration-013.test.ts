import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { migrateTo, openMigrationDb, rowsOf } from '../../helpers/migration-db';

describe('migration 013 (undo states recorded by the engine)', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  it('adds an empty undo_states table whose rows leave with their nodes, and changes nothing else', () => {
    db = openMigrationDb();
    migrateTo(db, 12);
    const node = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES (?, 'semantic', ?, 1, 1, 1)`);
    node.run('old', 'User lives in Boston');
    node.run('new', 'User lives in Lisbon');
    const nodesBefore = rowsOf(db, 'nodes');

    expect(migrateTo(db, 13)).toBe(13);
    expect(rowsOf(db, 'nodes')).toEqual(nodesBefore);
    expect(rowsOf(db, 'undo_states', 'edited_id')).toEqual([]);
    const record = db.prepare(
      `INSERT INTO undo_states (edited_id, edit, node_id, confidence, confidence_base, decay_rate, last_accessed, recorded_at) VALUES (?, ?, ?, 0.6, 0.6, 0.1, NULL, 5)`,
    );
    record.run('new', 'correct', 'old');
    record.run('old', 'confirm', 'old');
    expect(() => record.run('new', 'rewrite', 'old')).toThrow(/CHECK/);
    db.prepare(`DELETE FROM nodes WHERE id = 'new'`).run();
    expect((rowsOf(db, 'undo_states', 'edited_id') as { edited_id: string }[]).map((r) => r.edited_id)).toEqual(['old']);
    db.prepare(`DELETE FROM nodes WHERE id = 'old'`).run();
    expect(rowsOf(db, 'undo_states', 'edited_id')).toEqual([]);
  });
});
