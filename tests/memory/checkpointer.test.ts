import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Checkpointer } from '../../src-main/memory/db/checkpointer';
import { openDatabase } from '../../src-main/memory/db/open';
import { databasePath } from '../../src-main/memory/paths';
import { CollectingLogger, makeTempDir } from '../helpers/temp-engine';

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('background checkpoints', () => {
  it('take over from automatic checkpoints and move the WAL into the database file', async () => {
    const path = databasePath(makeTempDir());
    const db = openDatabase(path, { dimensions: 8, now: 1 });
    const logger = new CollectingLogger();
    const checkpointer = new Checkpointer(db, { path, logger, intervalMs: 60_000 });
    try {
      await until(() => db.pragma('wal_autocheckpoint', { simple: true }) === 0);
      const insert = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES (?, 'episodic', ?, 1, 1, 1)`);
      db.transaction(() => {
        for (let i = 0; i < 3000; i++) insert.run(`n${i}`, `episode number ${i} `.repeat(10));
      })();
      const before = statSync(path).size;
      await checkpointer.checkpointNow();
      expect(statSync(path).size).toBeGreaterThan(before);
      expect(logger.warnings).toEqual([]);
    } finally {
      await checkpointer.stop();
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
      db.close();
    }
  });

  it('falls back to automatic checkpoints when the worker cannot run', async () => {
    const dir = makeTempDir();
    const db = openDatabase(databasePath(dir), { dimensions: 8, now: 1 });
    const logger = new CollectingLogger();
    // A folder is not a database: the worker fails to open it and exits.
    const checkpointer = new Checkpointer(db, { path: dir, logger });
    try {
      await until(() => logger.warnings.length > 0);
      expect(logger.warnings[0]).toMatch(/checkpoints are back on the main thread/);
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
      expect(checkpointer.background).toBe(false);
    } finally {
      await checkpointer.stop();
      db.close();
    }
  });
});
