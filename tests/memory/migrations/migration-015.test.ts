import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { migrateTo, openMigrationDb, rowsOf } from '../../helpers/migration-db';

const CHAT = `INSERT INTO chat_sessions (id, title, created_at, updated_at, last_activity_at, memory_session_id) VALUES (?, ?, 1, 1, 1, ?)`;
const SESSION = `INSERT INTO memory_sessions (id, started_at, last_event_at, episode_count) VALUES (?, 1, 2, 1)`;
const NODE = `INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, session_id) VALUES (?, ?, ?, 1, 1, 1, ?)`;

function withOldRows(db: BetterSqlite3.Database): void {
  db.prepare(SESSION).run('s1');
  db.prepare(CHAT).run('c1', 'Lunch plans', 's1');
  db.prepare(NODE).run('e1', 'episodic', 'I moved to Lisbon', 's1');
  db.prepare(NODE).run('f1', 'semantic', 'User lives in Lisbon', 's1');
  db.prepare(NODE).run('f2', 'semantic', 'User is called Ana', null);
}

describe('migration 015 (memory spaces)', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  it('puts every existing chat, memory session and node in Personal, keeps their columns, and marks nothing everywhere', () => {
    db = openMigrationDb();
    migrateTo(db, 13);
    withOldRows(db);
    const before = { nodes: rowsOf(db, 'nodes'), chats: rowsOf(db, 'chat_sessions'), sessions: rowsOf(db, 'memory_sessions', 'id') };

    expect(migrateTo(db, 15)).toBe(15);
    expect(rowsOf(db, 'spaces')).toEqual([{ id: 'personal', name: 'Personal', created_at: 1_700_000_000_000 }]);
    const nodes = rowsOf(db, 'nodes') as Record<string, unknown>[];
    expect(nodes.map(({ space_id, everywhere, ...rest }) => [rest, space_id, everywhere])).toEqual(
      (before.nodes as Record<string, unknown>[]).map((r) => [r, 'personal', 0]),
    );
    expect((rowsOf(db, 'chat_sessions') as Record<string, unknown>[]).map(({ space_id, ...rest }) => [rest, space_id])).toEqual(
      (before.chats as Record<string, unknown>[]).map((r) => [r, 'personal']),
    );
    expect((rowsOf(db, 'memory_sessions', 'id') as Record<string, unknown>[]).map(({ space_id, ...rest }) => [rest, space_id])).toEqual(
      (before.sessions as Record<string, unknown>[]).map((r) => [r, 'personal']),
    );
  });

  it('keeps Personal: it cannot be deleted, names are unique whatever their case, and everywhere is a flag', () => {
    db = openMigrationDb();
    migrateTo(db, 15);
    expect(() => db.prepare(`DELETE FROM spaces WHERE id = 'personal'`).run()).toThrow(/Personal space cannot be deleted/);
    db.prepare(`INSERT INTO spaces (id, name, created_at) VALUES ('w', 'Work', 1)`).run();
    expect(() => db.prepare(`INSERT INTO spaces (id, name, created_at) VALUES ('w2', 'work', 1)`).run()).toThrow(/UNIQUE/);
    db.prepare(`DELETE FROM spaces WHERE id = 'w'`).run();
    expect(() => db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, everywhere) VALUES ('x', 'semantic', 'x', 1, 1, 1, 2)`).run()).toThrow(/CHECK/);
  });

  it('lists a space\'s nodes through the space index', () => {
    db = openMigrationDb();
    migrateTo(db, 15);
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT id FROM nodes WHERE space_id = 'w' AND type = 'semantic' ORDER BY event_time DESC LIMIT 50`)
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING INDEX idx_nodes_space/);
  });
});
