// Issue 21: a slow-path run that fails (another process's lock outlasting the wait, a full disk) must not end
// the process with an unhandled rejection (vitest fails a test file on one). It is logged, retried with
// backoff, and a caller waiting on it (drainSlowPath: the CLI's ingest and import) gets a typed error.
import { openMemoryFile } from '../helpers/encrypted-files';
import { describe, expect, it } from 'vitest';
import { databasePath } from '../../src-main/memory/paths';
import { openTestEngine } from '../helpers/temp-engine';

async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('slow-path faults', () => {
  it('a lock held past the wait is logged and retried, not thrown out of the process; everything is embedded after', async () => {
    const { engine, dir, logger } = openTestEngine({ slowPath: { lockWaitMs: 200 } });
    for (let i = 0; i < 5; i++) engine.recordEpisode({ content: `Said while the lock was coming ${i}`, sessionId: 's1', role: 'user' });
    await engine.flush();
    // Before the slow path's next turn: another connection takes the write lock and keeps it.
    const other = openMemoryFile(databasePath(dir));
    other.exec('BEGIN IMMEDIATE');
    try {
      await until(() => logger.warnings.some((w) => /Embedding and linking new memories failed .*locked/.test(w)), 'the failure to be logged');
      expect(engine.stats().pending_embeddings).toBe(5);
      // The engine stays usable meanwhile (the wait did not block the event loop).
      expect(engine.getSession('s1')).toBeTruthy();
    } finally {
      other.exec('COMMIT');
      other.close();
    }
    // The retry comes by itself (about a second later).
    await until(() => engine.stats().pending_embeddings === 0, 'the retry to embed everything');
    expect(logger.errors).toEqual([]);
  });

  it('a run that cannot write (the file at its size cap, as on a full disk) is a typed error; the backlog stays and is embedded later', async () => {
    const { engine, logger } = openTestEngine({ startSlowPath: false });
    for (let i = 0; i < 5; i++) engine.recordEpisode({ content: `Recorded before the disk filled up ${i}`, sessionId: 's1', role: 'user' });
    await engine.flush();
    const db = engine.database;
    // SQLite's own cap on the file: a write that needs one more page fails, as on a full disk.
    db.exec('VACUUM');
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    await expect(engine.drainSlowPath()).rejects.toMatchObject({ code: 'storage', message: expect.stringMatching(/Embedding and linking new memories failed/) });
    expect(logger.errors.some((e) => /Embedding and linking new memories failed \(attempt 1\)/.test(e))).toBe(true);
    expect(engine.stats().pending_embeddings).toBe(5);
    db.pragma('max_page_count = 1073741823');
    await engine.drainSlowPath();
    expect(engine.stats().pending_embeddings).toBe(0);
  });

  it('closing does not wait out a lock a batch is waiting for: the batch stays queued for the next start', async () => {
    const { engine, dir, logger } = openTestEngine({ slowPath: { lockWaitMs: 120_000 } });
    for (let i = 0; i < 3; i++) engine.recordEpisode({ content: `Said just before quitting ${i}`, sessionId: 's1', role: 'user' });
    await engine.flush();
    const other = openMemoryFile(databasePath(dir));
    other.exec('BEGIN IMMEDIATE');
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Before: close() waited for the batch, which waited (up to lockWaitMs) for the lock held here.
      await engine.close();
    } finally {
      other.exec('COMMIT');
      other.close();
    }
    expect(logger.errors).toEqual([]);
    const again = openTestEngine({ dataDir: dir, startSlowPath: false });
    expect(again.engine.stats().pending_embeddings).toBe(3);
  });
});
