import BetterSqlite3 from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../../src-main/storage/migration-runner';
import { makeTempDir } from '../../helpers/temp-engine';

describe('migration 003 (write path)', () => {
  it('keeps sessions from version 2, adds the watermark and the run log', () => {
    const db = new BetterSqlite3(`${makeTempDir()}/m.db`);
    try {
      sqliteVec.load(db);
      migrate(db, { dimensions: 8, now: 1 }, 2);
      expect(schemaVersion(db)).toBe(2);
      db.prepare(`INSERT INTO memory_sessions (id, started_at, last_event_at, episode_count, status) VALUES ('s1', 1, 2, 3, 'completed')`).run();

      migrate(db, { dimensions: 8, now: 1 }, 3);
      expect(schemaVersion(db)).toBe(3);
      expect(db.prepare('SELECT id, status, episode_count, consolidated_through FROM memory_sessions').all()).toEqual([
        { id: 's1', status: 'completed', episode_count: 3, consolidated_through: null },
      ]);
      db.prepare(
        `INSERT INTO writepath_runs (id, kind, session_id, trigger, mode, started_at, finished_at, status) VALUES ('r', 'consolidation', 's1', 'manual', 'llm', 1, 2, 'ok')`,
      ).run();
      expect(() =>
        db.prepare(`INSERT INTO writepath_runs (id, kind, trigger, mode, started_at, finished_at, status) VALUES ('x', 'dreaming', 't', 'llm', 1, 2, 'ok')`).run(),
      ).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });
});
