import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { migrateTo, openMigrationDb, rowsOf } from '../../helpers/migration-db';

describe('migration 002 (chat sessions, messages, context packs, settings)', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  /** A version 1 memory in use: nodes, an entity link, an edge, a session, a queued embedding, metadata. */
  function seedVersion1(): void {
    const node = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, session_id, confidence) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    node.run('e1', 'episodic', 'Dinner with Maria at the lake house', 10, 10, 10, 's1', 1);
    node.run('e2', 'episodic', 'Maria brought wine', 11, 11, 11, 's1', 1);
    node.run('f1', 'semantic', 'Maria likes wine', 12, 12, 12, null, 0.8);
    db.prepare(`INSERT INTO entities (id, canonical_name, type, aliases, first_seen, last_updated, mention_count) VALUES ('p1', 'Maria', 'person', '["Mary"]', 10, 12, 3)`).run();
    db.prepare(`INSERT INTO node_entities (node_id, entity_id) VALUES ('f1', 'p1')`).run();
    db.prepare(`INSERT INTO edges (id, source_id, target_id, relation_type, valid_from, created_at) VALUES ('t1', 'e1', 'e2', 'temporal', 11, 11)`).run();
    db.prepare(`INSERT INTO memory_sessions (id, started_at, last_event_at, episode_count, status) VALUES ('s1', 10, 11, 2, 'completed')`).run();
    db.prepare(`INSERT INTO slow_path_queue (node_id, enqueued_at, next_attempt_at) VALUES ('e2', 11, 11)`).run();
  }

  const TABLES: [string, string][] = [
    ['nodes', 'rowid'],
    ['entities', 'id'],
    ['node_entities', 'node_id'],
    ['edges', 'id'],
    ['memory_sessions', 'id'],
    ['slow_path_queue', 'node_id'],
    ['memory_metadata', 'key'],
  ];

  it('keeps every memory row of a version 1 file and adds empty chat tables', () => {
    db = openMigrationDb();
    expect(migrateTo(db, 1)).toBe(1);
    seedVersion1();
    const before = TABLES.map(([t, order]) => rowsOf(db, t, order));

    expect(migrateTo(db, 2)).toBe(2);
    expect(TABLES.map(([t, order]) => rowsOf(db, t, order))).toEqual(before);
    expect(db.prepare(`SELECT id FROM nodes_fts JOIN nodes n ON n.rowid = nodes_fts.rowid WHERE nodes_fts MATCH 'wine' ORDER BY id`).all()).toEqual([{ id: 'e2' }, { id: 'f1' }]);
    for (const t of ['chat_sessions', 'chat_messages', 'chat_context_packs', 'app_settings']) expect(rowsOf(db, t)).toEqual([]);
  });

  it('the new tables hold a conversation: messages cascade with their chat, a dropped pack leaves the message', () => {
    db = openMigrationDb();
    migrateTo(db, 1);
    seedVersion1();
    migrateTo(db, 2);
    db.prepare(`INSERT INTO chat_sessions (id, title, created_at, updated_at, last_activity_at, memory_session_id) VALUES ('c1', 'Dinner', 1, 1, 1, 's1')`).run();
    db.prepare(`INSERT INTO chat_context_packs (id, chat_id, prompt, pack, created_at) VALUES ('k1', 'c1', 'wine?', '{}', 1)`).run();
    const message = db.prepare(
      `INSERT INTO chat_messages (id, chat_id, seq, role, content, status, context_pack_id, episode_id, created_at, updated_at) VALUES (?, 'c1', ?, ?, ?, 'complete', ?, ?, 1, 1)`,
    );
    message.run('m1', 1, 'user', 'What does Maria like?', null, 'e1');
    message.run('m2', 2, 'assistant', 'Wine.', 'k1', null);
    expect(db.prepare(`SELECT no_remember, no_memory, archived, memory_segment FROM chat_sessions`).get()).toEqual({ no_remember: 0, no_memory: 0, archived: 0, memory_segment: 0 });
    expect(db.prepare(`SELECT tool_calls FROM chat_messages WHERE id = 'm1'`).get()).toEqual({ tool_calls: '[]' });

    expect(() => message.run('m3', 2, 'user', 'dup seq', null, null)).toThrow(/UNIQUE/);
    expect(() => message.run('m4', 3, 'system', 'bad role', null, null)).toThrow(/CHECK/);

    db.prepare(`DELETE FROM chat_context_packs WHERE id = 'k1'`).run();
    expect(db.prepare(`SELECT context_pack_id FROM chat_messages WHERE id = 'm2'`).get()).toEqual({ context_pack_id: null });
    db.prepare(`DELETE FROM chat_sessions WHERE id = 'c1'`).run();
    expect(rowsOf(db, 'chat_messages')).toEqual([]);
    // The memory the chat fed is not the chat's to delete.
    expect(db.prepare(`SELECT count(*) AS n FROM nodes`).get()).toEqual({ n: 3 });

    db.prepare(`INSERT INTO app_settings (key, value) VALUES ('provider', '{"kind":"ollama"}')`).run();
    expect(rowsOf(db, 'app_settings', 'key')).toEqual([{ key: 'provider', value: '{"kind":"ollama"}' }]);
  });
});
