import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { describe, expect, it } from 'vitest';
import { LATEST_VERSION, MIGRATIONS, migrate } from '../../../src-main/storage/migration-runner';
import { makeTempDir } from '../../helpers/temp-engine';

const DB_DIR = join(__dirname, '../../../src-main/storage');
/**
 * The checksum of every migration file as committed. A committed migration is never edited (a database made
 * by the old text would keep the old schema for good): fix it with a new one. A new migration adds its line.
 */
const COMMITTED: Record<string, string> = JSON.parse(readFileSync(join(DB_DIR, 'migrations.sha256.json'), 'utf8')) as Record<string, string>;

// Line endings normalised, so a checkout with CRLF (Windows autocrlf) hashes the same.
const sha256 = (file: string) => createHash('sha256').update(readFileSync(join(DB_DIR, file), 'utf8').replace(/\r\n/g, '\n')).digest('hex');
const migrationFiles = () => readdirSync(DB_DIR).filter((f) => /^migration-\d{3}-.+\.ts$/.test(f)).sort();

function schemaOf(db: BetterSqlite3.Database): string[] {
  return (db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all() as {
    type: string;
    name: string;
    tbl_name: string;
    sql: string | null;
  }[]).map((r) => `${r.type} ${r.name} ${r.tbl_name} ${(r.sql ?? '').replace(/\s+/g, ' ')}`);
}

function openRaw(): BetterSqlite3.Database {
  const db = new BetterSqlite3(join(makeTempDir(), 'm.db'));
  sqliteVec.load(db);
  return db;
}

describe('migrations are append-only', () => {
  it('every migration file matches its committed checksum, and every one is listed', () => {
    const files = migrationFiles();
    expect(files.length).toBe(LATEST_VERSION);
    const actual = Object.fromEntries(files.map((f) => [f, sha256(f)]));
    // On failure: an edited migration must be reverted and its fix written as a new one.
    expect(actual).toEqual(COMMITTED);
  });

  it('numbers the migrations 1..N with no gap', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(Array.from({ length: LATEST_VERSION }, (_, i) => i + 1));
  });

  it('a database migrated one version at a time has exactly the schema of a fresh one', () => {
    const fresh = openRaw();
    const stepped = openRaw();
    try {
      migrate(fresh, { dimensions: 8, now: 1 });
      for (let v = 1; v <= LATEST_VERSION; v++) migrate(stepped, { dimensions: 8, now: 1 }, v);
      expect(schemaOf(stepped)).toEqual(schemaOf(fresh));
    } finally {
      fresh.close();
      stepped.close();
    }
  });
});

describe('migration 005 (schema repair)', () => {
  it('gives a database made by the early 001/004 the schema and data of a fresh one', () => {
    const db = openRaw();
    const fresh = openRaw();
    try {
      migrate(db, { dimensions: 8, now: 1 }, 4);
      // What 001 and 004 created before they were edited: no facts index, no sign codes, single-column edge
      // indexes, and 004's extra created-time index.
      db.exec(`
        DROP TRIGGER facts_fts_insert; DROP TRIGGER facts_fts_update; DROP TRIGGER facts_fts_delete; DROP TABLE facts_fts;
        DROP TABLE vec_codes;
        DROP INDEX idx_edges_source; CREATE INDEX idx_edges_source ON edges(source_id);
        DROP INDEX idx_edges_target; CREATE INDEX idx_edges_target ON edges(target_id);
        CREATE INDEX idx_nodes_type_created ON nodes(type, created_at);
      `);
      const insert = db.prepare('INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES (?, ?, ?, 1, 1, 1)');
      insert.run('f1', 'semantic', 'The user plays the cello');
      insert.run('e1', 'episodic', 'I play the cello on Sundays');
      migrate(db, { dimensions: 8, now: 1 });
      migrate(fresh, { dimensions: 8, now: 1 });
      expect(schemaOf(db)).toEqual(schemaOf(fresh));
      // The facts index holds the fact written before it existed, and only facts.
      expect(db.prepare("SELECT rowid FROM facts_fts WHERE facts_fts MATCH 'cello'").all()).toHaveLength(1);
      insert.run('f2', 'semantic', 'The user likes Bach on the cello');
      expect(db.prepare("SELECT rowid FROM facts_fts WHERE facts_fts MATCH 'cello'").all()).toHaveLength(2);
      db.prepare("INSERT INTO nodes_fts(nodes_fts) VALUES ('integrity-check')").run();
    } finally {
      db.close();
      fresh.close();
    }
  });
});
