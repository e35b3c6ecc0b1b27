import BetterSqlite3 from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../../src-main/storage/migration-runner';
import { makeTempDir } from '../../helpers/temp-engine';

describe('migration 004 (node list indexes)', () => {
  it('replaces the type index with a type + event time index on a version 3 memory, keeping its nodes', () => {
    const db = new BetterSqlite3(`${makeTempDir()}/m.db`);
    try {
      sqliteVec.load(db);
      migrate(db, { dimensions: 8, now: 1 }, 3);
      const insert = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES (?, ?, 'x', ?, 1, 1)`);
      for (let i = 0; i < 10; i++) insert.run(`n${i}`, i % 2 ? 'semantic' : 'episodic', i);
      const indexes = (): string[] =>
        (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'nodes' AND name LIKE 'idx_nodes_type%'`).all() as { name: string }[])
          .map((r) => r.name)
          .sort();
      expect(indexes()).toEqual(['idx_nodes_type']);

      migrate(db, { dimensions: 8, now: 1 }, 4);
      expect(schemaVersion(db)).toBe(4);
      expect(indexes()).toEqual(['idx_nodes_type_time']);
      expect(db.prepare(`SELECT count(*) AS n FROM nodes WHERE type = 'semantic'`).get()).toEqual({ n: 5 });
    } finally {
      db.close();
    }
  });
});
