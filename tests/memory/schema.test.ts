import BetterSqlite3 from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-main/storage/open';
import { LATEST_VERSION, MIGRATIONS, migrate, schemaVersion } from '../../src-main/storage/migration-runner';
import { databasePath } from '../../src-main/memory/paths';
import { makeTempDir } from '../helpers/temp-engine';

describe('storage', () => {
  it('creates the full ADR 008 schema with WAL, synchronous=NORMAL and foreign keys', () => {
    const db = openDatabase(databasePath(makeTempDir()), { dimensions: 256, now: 1 });
    try {
      expect(schemaVersion(db)).toBe(LATEST_VERSION);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      const names = (db.prepare(`SELECT name FROM sqlite_master WHERE type IN ('table','trigger')`).all() as { name: string }[]).map((r) => r.name);
      for (const t of ['nodes', 'edges', 'entities', 'node_entities', 'nodes_fts', 'vec_nodes', 'vec_entities', 'memory_sessions', 'memory_metadata', 'slow_path_queue', 'nodes_fts_insert', 'nodes_fts_update', 'nodes_fts_delete']) {
        expect(names).toContain(t);
      }
      const meta = db.prepare(`SELECT value FROM memory_metadata WHERE key = 'embedding_dimensions'`).get() as { value: string };
      expect(meta.value).toBe('256');
    } finally {
      db.close();
    }
  });

  it('enforces the node type and relation type taxonomies', () => {
    const db = openDatabase(databasePath(makeTempDir()), { dimensions: 8, now: 1 });
    try {
      const insert = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES (?, ?, 'x', 1, 1, 1)`);
      insert.run('a', 'episodic');
      expect(() => insert.run('b', 'dream')).toThrow(/CHECK/);
      expect(() =>
        db.prepare(`INSERT INTO edges (id, source_id, target_id, relation_type, valid_from, created_at) VALUES ('e', 'a', 'a', 'semantic', 1, 1)`).run(),
      ).toThrow(/CHECK/);
      // Foreign keys are on: an edge to a missing node is refused.
      expect(() =>
        db.prepare(`INSERT INTO edges (id, source_id, target_id, relation_type, valid_from, created_at) VALUES ('e', 'a', 'zzz', 'temporal', 1, 1)`).run(),
      ).toThrow(/FOREIGN KEY/);
    } finally {
      db.close();
    }
  });

  it('migrates an empty database from version 0 and refuses one newer than the code', () => {
    const path = databasePath(makeTempDir());
    const raw = new BetterSqlite3(path);
    sqliteVec.load(raw);
    expect(schemaVersion(raw)).toBe(0);
    expect(migrate(raw, { dimensions: 16, now: 1 })).toEqual(MIGRATIONS.map((m) => m.version));
    expect(migrate(raw, { dimensions: 16, now: 1 })).toEqual([]);
    raw.pragma(`user_version = ${LATEST_VERSION + 1}`);
    raw.close();
    expect(() => openDatabase(path, { dimensions: 16, now: 1 })).toThrow(/newer than this Engram/);
  });
});

describe('facts index', () => {
  it('holds exactly the non-episodic nodes, through insert, update and delete', () => {
    const db = openDatabase(databasePath(makeTempDir()), { dimensions: 8, now: 1 });
    try {
      const insert = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES (?, ?, ?, 1, 1, 1)`);
      insert.run('e', 'episodic', 'walrus episode');
      insert.run('f', 'semantic', 'walrus fact');
      const facts = () => (db.prepare(`SELECT rowid FROM facts_fts WHERE facts_fts MATCH 'walrus'`).all() as { rowid: number }[]).length;
      const all = () => (db.prepare(`SELECT rowid FROM nodes_fts WHERE nodes_fts MATCH 'walrus'`).all() as { rowid: number }[]).length;
      expect([facts(), all()]).toEqual([1, 2]);
      db.prepare(`UPDATE nodes SET content = 'penguin fact' WHERE id = 'f'`).run();
      expect([facts(), all()]).toEqual([0, 1]);
      db.prepare(`UPDATE nodes SET content = 'penguin episode' WHERE id = 'e'`).run();
      expect((db.prepare(`SELECT rowid FROM facts_fts WHERE facts_fts MATCH 'penguin'`).all()).length).toBe(1);
      db.prepare(`DELETE FROM nodes WHERE id = 'f'`).run();
      expect((db.prepare(`SELECT rowid FROM facts_fts WHERE facts_fts MATCH 'penguin'`).all()).length).toBe(0);
    } finally {
      db.close();
    }
  });
});
