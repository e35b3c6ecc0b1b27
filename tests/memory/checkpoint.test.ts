import { readFileSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { WalCheckpointer, DEFAULT_CHECKPOINT_OPTIONS } from '../../src-main/storage/checkpoint';
import { CheckpointThread } from '../../src-main/storage/checkpoint-thread';
import { keyPragmas } from '../../src-main/storage/driver';
import { openDatabase } from '../../src-main/storage/open';
import { databasePath } from '../../src-main/memory/paths';
import { CollectingLogger, makeTempDir, openTestEngine } from '../helpers/temp-engine';

const open: Database[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function freshDb(key: Buffer | null = null): { db: Database; wal: string; path: string } {
  const path = databasePath(makeTempDir());
  const db = openDatabase(path, { dimensions: 8, now: 1, key });
  open.push(db);
  return { db, wal: `${path}-wal`, path };
}

/**
 * Whether every frame of the WAL is in the database file, read from the WAL index (the -shm file) without a
 * connection: mxFrame at byte 16 of its header, nBackfill at byte 96 (sqlite.org/walformat.html; native order).
 */
function walFullyCopied(dbPath: string): boolean {
  const shm = readFileSync(`${dbPath}-shm`);
  return shm.readUInt32LE(96) === shm.readUInt32LE(16);
}

async function waitFor(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

let serial = 0;
/** About 400 WAL pages: episodes with FTS rows, in one transaction. */
function writeRound(db: Database): void {
  const insert = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES (?, 'episodic', ?, 1, 1, 1)`);
  db.transaction(() => {
    for (let i = 0; i < 400; i++) insert.run(`n${serial++}`, `round text ${serial} `.repeat(60));
  })();
}

describe('WAL checkpoints between other work', () => {
  it('copies the whole WAL when something was written, and does nothing otherwise', () => {
    const { db } = freshDb();
    const checkpointer = new WalCheckpointer(db, new CollectingLogger());
    checkpointer.start();
    writeRound(db);
    const first = checkpointer.checkpointIfWritten();
    expect(first?.walFrames).toBeGreaterThan(100);
    expect(first?.checkpointed).toBe(first?.walFrames);
    expect(checkpointer.checkpointIfWritten()).toBeNull();
    checkpointer.stop();
  });

  it('raises SQLite’s commit-time checkpoint to a safety bound only', () => {
    const { db } = freshDb();
    new WalCheckpointer(db, new CollectingLogger()).start();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(DEFAULT_CHECKPOINT_OPTIONS.safetyPages);
  });

  it('keeps the WAL file from growing: after a full checkpoint the next write starts it again', () => {
    const withCheckpoints = freshDb();
    const checkpointer = new WalCheckpointer(withCheckpoints.db, new CollectingLogger());
    checkpointer.start();
    const without = freshDb();
    new WalCheckpointer(without.db, new CollectingLogger()).start(); // same safety bound, never called

    const sizes: number[] = [];
    for (let round = 0; round < 5; round++) {
      writeRound(withCheckpoints.db);
      writeRound(without.db);
      checkpointer.checkpointIfWritten();
      sizes.push(statSync(withCheckpoints.wal).size);
    }
    expect(Math.max(...sizes)).toBe(sizes[0]);
    expect(statSync(without.wal).size).toBeGreaterThan(3 * (sizes[0] ?? 0));
  });

  it('runs on its own timer inside the engine', async () => {
    const { engine, dir } = openTestEngine({ startSlowPath: false, checkpoint: { intervalMs: 20, minIntervalMs: 10, offThread: false } });
    const wal = `${databasePath(dir)}-wal`;
    const sizes: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 300; i++) engine.recordEpisode({ content: `episode ${round}-${i} `.repeat(40), sessionId: 's1', role: 'user' });
      await engine.flush();
      // Several timer periods: the checkpoint has run by the time the next round writes.
      await sleep(120);
      sizes.push(statSync(wal).size);
    }
    // Each round rewrites the WAL from its start (group commits vary a little); without checkpoints it
    // would hold all four rounds.
    expect(Math.max(...sizes)).toBeLessThan(1.5 * (sizes[0] ?? 0));
    await engine.close();
  });
});

describe('WAL checkpoints on a thread of their own', () => {
  const threads: CheckpointThread[] = [];
  afterEach(async () => {
    for (const thread of threads.splice(0)) await thread.close();
  });

  it('copies the whole WAL of an encrypted memory from a second connection, keyed like the first', async () => {
    const key = randomBytes(32);
    const { db, path, wal } = freshDb(key);
    writeRound(db);
    const framesBefore = statSync(wal).size;
    const thread = new CheckpointThread({ path, keyPragmas: keyPragmas(key) });
    threads.push(thread);
    const row = await thread.checkpoint();
    expect(row.log).toBeGreaterThan(100);
    expect(row.checkpointed).toBe(row.log);
    // Fully copied: the engine's next write starts the WAL again from the beginning instead of growing it.
    writeRound(db);
    expect(statSync(wal).size).toBeLessThanOrEqual(framesBefore);
    expect(db.prepare('SELECT count(*) FROM nodes').pluck().get()).toBe(800);
  });

  it('falls back to checkpoints in line, saying so once, when the thread cannot open the memory', async () => {
    const logger = new CollectingLogger();
    const { db, wal } = freshDb(randomBytes(32));
    const thread = new CheckpointThread({ path: db.name, keyPragmas: [] });
    threads.push(thread);
    // The thread above has the wrong key pragmas (none) for this encrypted file, so it cannot open it:
    // the checkpointer says so once and carries on in line.
    const checkpointer = new WalCheckpointer(db, logger, { ...DEFAULT_CHECKPOINT_OPTIONS, intervalMs: 10, minIntervalMs: 5 }, thread);
    checkpointer.start();
    writeRound(db);
    await sleep(300);
    expect(logger.warnings.filter((w) => w.includes('on their own thread failed'))).toHaveLength(1);
    expect(checkpointer.checkpointIfWritten()).toBeNull(); // the fallback already copied everything
    const size = statSync(wal).size;
    writeRound(db);
    expect(statSync(wal).size).toBeLessThanOrEqual(size);
    await checkpointer.close();
  });

  it('keeps an engine’s WAL small with checkpoints off its thread, with nothing logged', async () => {
    const { engine, dir, logger } = openTestEngine({ startSlowPath: false, checkpoint: { intervalMs: 20, minIntervalMs: 10, offThread: true } });
    const walPath = `${databasePath(dir)}-wal`;
    const sizes: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 300; i++) engine.recordEpisode({ content: `episode ${round}-${i} `.repeat(40), sessionId: 's1', role: 'user' });
      await engine.flush();
      await waitFor(() => walFullyCopied(databasePath(dir)));
      sizes.push(statSync(walPath).size);
    }
    expect(Math.max(...sizes)).toBeLessThan(1.5 * (sizes[0] ?? 0));
    expect(logger.warnings.filter((w) => w.includes('checkpoint'))).toEqual([]);
    await engine.close();
    expect(engine.isOpen).toBe(false);
  });
});
