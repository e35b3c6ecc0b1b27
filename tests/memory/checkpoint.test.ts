import { statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { WalCheckpointer, DEFAULT_CHECKPOINT_OPTIONS } from '../../src-main/storage/checkpoint';
import { openDatabase } from '../../src-main/storage/open';
import { databasePath } from '../../src-main/memory/paths';
import { CollectingLogger, makeTempDir, openTestEngine } from '../helpers/temp-engine';

const open: Database[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function freshDb(): { db: Database; wal: string } {
  const path = databasePath(makeTempDir());
  const db = openDatabase(path, { dimensions: 8, now: 1 });
  open.push(db);
  return { db, wal: `${path}-wal` };
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
    const { engine, dir } = openTestEngine({ startSlowPath: false, checkpoint: { intervalMs: 20, minIntervalMs: 10 } });
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
