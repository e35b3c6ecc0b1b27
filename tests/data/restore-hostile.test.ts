// Issue 21: restore checked integrity, the version and four table names, and let through a file with an extra
// trigger (it rewrote every fact on the next write), a VIEW in place of app_settings (the author's provider,
// MCP on) and damaged sqlite-vec tables (ingest and search then failed). Each is refused now with its reason,
// before anything stops, and leaves nothing behind; a genuine older memory still restores. And what a killed
// backup or restore left is cleared at the next start.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { backupTo, removeInterruptedWork, restoreDatabase } from '../../src-main/data/backup';
import { DataService } from '../../src-main/data/service';
import { MemoryEngine } from '../../src-main/memory/engine';
import { databasePath } from '../../src-main/memory/paths';
import { encryptionOf, keyOf, openWithKey } from '../helpers/encrypted-files';
import { migrateTo, openMigrationDb } from '../helpers/migration-db';
import { CollectingLogger, makeTempDir, openTestEngine } from '../helpers/temp-engine';

/** A memory with episodes and embedded vectors, and a good backup of it. */
async function memoryWithBackup(): Promise<{ dir: string; backup: string }> {
  const { engine, dir } = openTestEngine({ startSlowPath: false });
  for (let i = 0; i < 20; i++) engine.recordEpisode({ content: `I moved to Lisbon in spring, note ${i}`, sessionId: 's1', role: 'user' });
  await engine.drainSlowPath();
  const backup = join(makeTempDir(), 'good.db');
  await backupTo(engine, backup);
  await engine.close();
  return { dir, backup };
}

/** A copy of `backup` changed by `sql` (sqlite-vec loaded, as the engine opens it). */
function tampered(backup: string, key: Buffer, change: (db: BetterSqlite3.Database) => void): string {
  const path = join(makeTempDir(), 'chosen.db');
  copyFileSync(backup, path);
  const db = openWithKey(path, key);
  change(db);
  db.close();
  return path;
}

const bytesOf = (path: string): Buffer => readFileSync(path);

async function expectRefused(dir: string, file: string, reason: RegExp): Promise<void> {
  const before = bytesOf(databasePath(dir));
  // Size and time, not bytes: the chosen file may be a sparse file of gigabytes.
  const chosen = { size: statSync(file).size, mtimeMs: statSync(file).mtimeMs };
  let stops = 0;
  await expect(
    restoreDatabase(databasePath(dir), file, {
      now: Date.now(),
      encryption: encryptionOf(dir),
      stop: async () => {
        stops++;
      },
      start: () => undefined,
    }),
  ).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(reason) });
  // Refused before the app stopped; the memory, the chosen file and the data folder are as they were.
  expect(stops).toBe(0);
  expect(bytesOf(databasePath(dir)).equals(before)).toBe(true);
  expect({ size: statSync(file).size, mtimeMs: statSync(file).mtimeMs }).toEqual(chosen);
  expect(readdirSync(dir).filter((n) => n !== 'engram.db' && n !== 'engram.key' && n !== 'engram.db-wal' && n !== 'engram.db-shm')).toEqual([]);
}

describe('restore refuses a file that is not exactly an Engram memory', () => {
  it('an extra trigger', async () => {
    const { dir, backup } = await memoryWithBackup();
    const file = tampered(backup, keyOf(dir), (db) => db.exec(`CREATE TRIGGER rewrite_facts AFTER INSERT ON nodes BEGIN UPDATE nodes SET content = 'rewritten'; END`));
    await expectRefused(dir, file, /chosen\.db was not restored: its structure is not Engram's \(an extra trigger "rewrite_facts"\)/);
  });

  it("one of Engram's triggers with another body", async () => {
    const { dir, backup } = await memoryWithBackup();
    const file = tampered(backup, keyOf(dir), (db) => {
      const trigger = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'nodes' LIMIT 1`).get() as { name: string; sql: string };
      db.exec(`DROP TRIGGER ${trigger.name}`);
      db.exec(trigger.sql.replace(/END\s*$/i, `UPDATE nodes SET confidence = 0; END`));
    });
    await expectRefused(dir, file, /the trigger "[a-z_]+" is not Engram's/);
  });

  it('a VIEW in place of app_settings', async () => {
    const { dir, backup } = await memoryWithBackup();
    const file = tampered(backup, keyOf(dir), (db) =>
      db.exec(`DROP TABLE app_settings; CREATE VIEW app_settings AS SELECT 'provider' AS key, '{"baseURL":"http://attacker.example"}' AS value, 0 AS updated_at`),
    );
    await expectRefused(dir, file, /"app_settings" is a view where Engram has a table/);
  });

  it('an extra table', async () => {
    const { dir, backup } = await memoryWithBackup();
    const file = tampered(backup, keyOf(dir), (db) => db.exec('CREATE TABLE payload (x TEXT)'));
    await expectRefused(dir, file, /an extra table "payload"/);
  });

  it('damaged sqlite-vec tables (SQLite itself finds nothing wrong)', async () => {
    const { dir, backup } = await memoryWithBackup();
    const file = tampered(backup, keyOf(dir), (db) => db.exec('UPDATE vec_nodes_vector_chunks00 SET vectors = zeroblob(16)'));
    const integrity = openWithKey(file, keyOf(dir), { readonly: true });
    expect(integrity.pragma('integrity_check', { simple: true })).toBe('ok');
    integrity.close();
    await expectRefused(dir, file, /its vector tables are damaged/);
  });

  it('a check that outlasts its time limit (a crafted file can make SQLite read for a long time)', async () => {
    const { dir, backup } = await memoryWithBackup();
    const before = bytesOf(databasePath(dir));
    await expect(
      restoreDatabase(databasePath(dir), backup, { now: Date.now(), encryption: encryptionOf(dir), integrityTimeoutMs: 1, stop: async () => undefined, start: () => undefined }),
    ).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/Checking the file took longer than/) });
    expect(bytesOf(databasePath(dir)).equals(before)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['engram.db', 'engram.key']);
  });

  it('a file longer than its database (a sparse file of gigabytes is not copied or read)', async () => {
    const { dir, backup } = await memoryWithBackup();
    const file = join(makeTempDir(), 'sparse.db');
    copyFileSync(backup, file);
    truncateSync(file, 2 * 1024 ** 3);
    await expectRefused(dir, file, /sparse\.db was not restored: it has \d+ bytes after the end of its database/);
  });

  it('a genuine memory from the first schema version still restores (and is migrated)', async () => {
    const old = openMigrationDb();
    migrateTo(old, 1);
    old.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, confidence, decay_rate) VALUES ('n1', 'episodic', 'An old memory', 1, 1, 1, 1, 0)`).run();
    const oldFile = old.name;
    old.close();
    const dir = makeTempDir();
    let engine = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false });
    const result = await restoreDatabase(engine.dbPath, oldFile, {
      now: Date.now(),
      encryption: engine.encryptionForCopies,
      stop: () => engine.close(),
      start: () => {
        engine = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false });
      },
    });
    expect(result.episodes).toBe(1);
    expect(engine.getNode('n1').node.content).toBe('An old memory');
    await engine.close();
    expect(readdirSync(dir).filter((n) => n.startsWith('restore-check-'))).toEqual([]);
  });
});

describe('what an interrupted backup or restore leaves', () => {
  it('is removed at the next start; recent work files and kept databases stay', () => {
    const dir = makeTempDir();
    const backups = join(dir, 'backups');
    mkdirSync(backups);
    const old = (Date.now() - 3_600_000) / 1000;
    const leftover = (path: string, folder = false): string => {
      if (folder) mkdirSync(path);
      else writeFileSync(path, 'x');
      utimesSync(path, old, old);
      return path;
    };
    // A backup killed mid-copy, and a restore killed mid-check, an hour ago.
    leftover(join(backups, 'engram-2026-01-01T00-00-00-000Z.db.partial'));
    leftover(join(backups, 'engram-2026-01-01T00-00-00-000Z.db.partial-journal'));
    leftover(join(dir, 'restore-check-2026-01-01T00-00-00-000Z'), true);
    leftover(join(dir, 'engram.db.restoring'));
    mkdirSync(join(dir, 'before-restore-2026-01-01T00-00-00-000Z'));
    // Kept: a backup being written right now, a real backup, and the database a restore moved aside.
    writeFileSync(join(backups, 'engram-2026-02-01T00-00-00-000Z.db.partial'), 'x');
    writeFileSync(join(backups, 'engram-2026-01-02T00-00-00-000Z.db'), 'x');
    mkdirSync(join(dir, 'before-restore-2026-01-03T00-00-00-000Z'));
    writeFileSync(join(dir, 'before-restore-2026-01-03T00-00-00-000Z', 'engram.db'), 'x');

    const logger = new CollectingLogger();
    const service = new DataService({
      dataDir: dir,
      engine: () => {
        throw new Error('not needed');
      },
      writePath: () => {
        throw new Error('not needed');
      },
      restore: () => Promise.reject(new Error('not needed')),
      logger,
      onProgress: () => undefined,
      dailyCheckMs: 0,
    });
    service.start();
    expect(readdirSync(backups).sort()).toEqual(['engram-2026-01-02T00-00-00-000Z.db', 'engram-2026-02-01T00-00-00-000Z.db.partial']);
    expect(readdirSync(dir).sort()).toEqual(['backups', 'before-restore-2026-01-03T00-00-00-000Z']);
    expect(logger.warnings.some((w) => /Removed 5 file\(s\) left by an interrupted backup or restore/.test(w))).toBe(true);
    expect(removeInterruptedWork(dir, Date.now())).toEqual([]);
  });
});
