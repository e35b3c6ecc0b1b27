import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { describe, expect, it } from 'vitest';
import { LATEST_VERSION, migrate, schemaVersion } from '../../../src-main/storage/migration-runner';
import { makeTempDir } from '../../helpers/temp-engine';

const open = (path: string) => {
  const db = new BetterSqlite3(path);
  sqliteVec.load(db);
  return db;
};

describe('a copy of the database is kept before it is migrated', () => {
  it('pre-v<N> holds the database as it was; only the newest two copies stay; a fresh database makes none', () => {
    const dir = makeTempDir();
    const path = join(dir, 'engram.db');
    const db = open(path);
    try {
      migrate(db, { dimensions: 8, now: 1 }, 1);
      expect(readdirSync(dir).filter((f) => f.includes('.pre-v'))).toEqual([]);
      db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES ('n1', 'semantic', 'kept', 1, 1, 1)`).run();
      for (let v = 2; v <= LATEST_VERSION; v++) migrate(db, { dimensions: 8, now: 1 }, v);
      expect(schemaVersion(db)).toBe(LATEST_VERSION);
    } finally {
      db.close();
    }
    const copies = readdirSync(dir).filter((f) => f.includes('.pre-v')).sort();
    expect(copies).toEqual([`engram.db.pre-v${LATEST_VERSION - 1}`, `engram.db.pre-v${LATEST_VERSION}`]);
    const copy = open(join(dir, `engram.db.pre-v${LATEST_VERSION}`));
    try {
      expect(schemaVersion(copy)).toBe(LATEST_VERSION - 1);
      expect(copy.prepare('SELECT content FROM nodes').get()).toEqual({ content: 'kept' });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
    }
    expect(existsSync(join(dir, 'engram.db.pre-v2'))).toBe(LATEST_VERSION <= 3);
  });
});
