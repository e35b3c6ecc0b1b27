import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupFileName, backupFolder, backupTo, checkDatabaseFile, dailyBackupIfDue, listBackups, restoreDatabase } from '../../src-main/data/backup';
import { MemoryEngine } from '../../src-main/memory/engine';
import { keyOf, openWithKey } from '../helpers/encrypted-files';
import { CollectingLogger, makeTempDir, ManualClock, openTestEngine } from '../helpers/temp-engine';

const episodeIds = (path: string, key: Buffer): Set<string> => {
  const db = openWithKey(path, key, { readonly: true });
  try {
    return new Set((db.prepare(`SELECT id FROM nodes WHERE type = 'episodic'`).all() as { id: string }[]).map((r) => r.id));
  } finally {
    db.close();
  }
};

describe('backup', () => {
  it('taken while the hot path writes, opens with integrity_check = ok and holds every flushed episode', async () => {
    const { engine, dir } = openTestEngine({ startSlowPath: true });
    const flushed: string[] = [];
    for (let i = 0; i < 300; i++) flushed.push(engine.recordEpisode({ content: `message number ${i} about Lisbon`, sessionId: 's1' }));
    await engine.flush();
    // Keep writing while the backup runs: some of these land in the copy, none may break it.
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        engine.recordEpisode({ content: `concurrent message ${i}`, sessionId: 's2' });
        await new Promise<void>((r) => setImmediate(r));
      }
    })();
    const out = join(makeTempDir(), 'b.db');
    const info = await backupTo(engine, out);
    writing = false;
    await writer;
    expect(info.schemaVersion).toBeGreaterThanOrEqual(5);
    const db = openWithKey(out, keyOf(dir), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
    const inBackup = episodeIds(out, keyOf(dir));
    for (const id of flushed) expect(inBackup.has(id)).toBe(true);
    expect((await checkDatabaseFile(out, { key: keyOf(dir) })).episodes).toBe(inBackup.size);
    await expect(backupTo(engine, out)).rejects.toThrow(/already exists/);
  });

  it('daily backups go to the data folder, one a day, keeping the last 7', async () => {
    const clock = new ManualClock();
    const { engine, dir } = openTestEngine({ clock, startSlowPath: false });
    engine.recordEpisode({ content: 'hello', sessionId: 's' });
    expect(await dailyBackupIfDue(engine, dir)).not.toBeNull();
    expect(await dailyBackupIfDue(engine, dir)).toBeNull(); // not a day old yet
    for (let day = 0; day < 9; day++) {
      clock.advanceDays(1);
      expect(await dailyBackupIfDue(engine, dir)).not.toBeNull();
    }
    const kept = listBackups(dir);
    expect(kept).toHaveLength(7);
    expect(kept[0]?.path).toBe(join(backupFolder(dir), backupFileName(clock.t)));
    expect(readdirSync(backupFolder(dir)).filter((n) => n.endsWith('.partial'))).toEqual([]);
  });
});

describe('restore', () => {
  it('refuses a corrupt file and changes nothing', async () => {
    const { engine, dir } = openTestEngine({ startSlowPath: false });
    const id = engine.recordEpisode({ content: 'kept safe', sessionId: 's' });
    await engine.flush();
    const corrupt = join(makeTempDir(), 'corrupt.db');
    const good = join(makeTempDir(), 'good.db');
    await backupTo(engine, good);
    const bytes = readFileSync(good);
    // Damage the pages after the header: still "a SQLite file", no longer a sound one.
    for (let i = 4096 * 2; i < bytes.length; i += 97) bytes[i] = (bytes[i] as number) ^ 0xa5;
    writeFileSync(corrupt, bytes);
    writeFileSync(join(dir, 'not-sqlite.db'), 'hello, I am text');
    let stopped = false;
    const lifecycle = { now: Date.now(), encryption: engine.encryptionForCopies, stop: async () => void (stopped = true), start: () => undefined };
    await expect(restoreDatabase(engine.dbPath, corrupt, lifecycle)).rejects.toThrow(/damaged|not a readable SQLite|malformed/);
    await expect(restoreDatabase(engine.dbPath, join(dir, 'not-sqlite.db'), lifecycle)).rejects.toThrow(/not a readable SQLite|not an Engram/);
    expect(stopped).toBe(false);
    expect(engine.getNode(id).node.content).toBe('kept safe');
    expect(readdirSync(dir).filter((n) => n.startsWith('before-restore'))).toEqual([]);
  });

  it('restores a backup: the current database is kept aside and the engine runs on the restored one', async () => {
    const dir = makeTempDir();
    let engine = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false });
    const before = engine.recordEpisode({ content: 'said before the backup', sessionId: 's' });
    const backup = join(makeTempDir(), 'b.db');
    await backupTo(engine, backup);
    const after = engine.recordEpisode({ content: 'said after the backup', sessionId: 's' });
    await engine.flush();
    const result = await restoreDatabase(engine.dbPath, backup, {
      now: Date.now(),
      encryption: engine.encryptionForCopies,
      stop: () => engine.close(),
      start: () => {
        engine = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false });
      },
    });
    try {
      expect(engine.getNode(before).node.content).toBe('said before the backup');
      expect(() => engine.getNode(after)).toThrow(/not found|does not exist/i);
      expect(existsSync(join(result.keptAt, 'engram.db'))).toBe(true);
      expect(episodeIds(join(result.keptAt, 'engram.db'), keyOf(dir)).has(after)).toBe(true);
    } finally {
      await engine.close();
    }
  });
});
