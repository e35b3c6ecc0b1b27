import BetterSqlite3 from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../../src-main/storage/migration-runner';
import { makeTempDir } from '../../helpers/temp-engine';

describe('migration 006 (import keys)', () => {
  it('adds import source and keys to the chats and messages of a version 5 memory, keeping them, and keys are unique', () => {
    const db = new BetterSqlite3(`${makeTempDir()}/m.db`);
    try {
      sqliteVec.load(db);
      migrate(db, { dimensions: 8, now: 1 }, 5);
      db.prepare(`INSERT INTO chat_sessions (id, title, created_at, updated_at, last_activity_at) VALUES ('c1', 'Old chat', 1, 1, 1)`).run();
      db.prepare(`INSERT INTO chat_messages (id, chat_id, seq, role, content, status, created_at, updated_at) VALUES ('m1', 'c1', 1, 'user', 'hi', 'complete', 1, 1)`).run();

      migrate(db, { dimensions: 8, now: 1 }, 6);
      expect(schemaVersion(db)).toBe(6);
      expect(db.prepare(`SELECT title, import_source, import_key FROM chat_sessions`).all()).toEqual([{ title: 'Old chat', import_source: null, import_key: null }]);
      expect(db.prepare(`SELECT content, import_key FROM chat_messages`).all()).toEqual([{ content: 'hi', import_key: null }]);

      db.prepare(`INSERT INTO chat_messages (id, chat_id, seq, role, content, status, created_at, updated_at, import_key) VALUES ('m2', 'c1', 2, 'user', 'a', 'complete', 1, 1, 'k')`).run();
      // Messages held here have no key; two of them are fine, two with one key are not.
      db.prepare(`INSERT INTO chat_messages (id, chat_id, seq, role, content, status, created_at, updated_at) VALUES ('m3', 'c1', 3, 'user', 'b', 'complete', 1, 1)`).run();
      expect(() =>
        db.prepare(`INSERT INTO chat_messages (id, chat_id, seq, role, content, status, created_at, updated_at, import_key) VALUES ('m4', 'c1', 4, 'user', 'c', 'complete', 1, 1, 'k')`).run(),
      ).toThrow(/UNIQUE/);
    } finally {
      db.close();
    }
  });
});
