/**
 * Write transactions. Every one starts with BEGIN IMMEDIATE: a deferred transaction that reads first and
 * writes later asks for the write lock only at its first write, and when another process (the CLI, an MCP
 * server, a second instance) holds it, SQLite fails that upgrade at once without calling the busy handler —
 * `busy_timeout` only helps a transaction that takes the lock up front.
 */
import type { Database } from 'better-sqlite3';
import { MemoryError } from '../../src-shared/errors';

/** How long a synchronous write waits for another process's write lock before it gives up. */
export const BUSY_TIMEOUT_MS = 5_000;

/** Run `fn` in one BEGIN IMMEDIATE transaction (a savepoint when already inside one). */
export function writeTx<T>(db: Database, fn: () => T): T {
  return db.transaction(fn).immediate();
}

/** SQLITE_BUSY and its extended codes: another connection holds the lock; trying again later can succeed. */
export function isBusyError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/** Runs `fn` with the connection's busy handler off, so a locked database fails at once instead of blocking. */
export function withoutBusyWait<T>(db: Database, fn: () => T): T {
  db.pragma('busy_timeout = 0');
  try {
    return fn();
  } finally {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

export interface WaitForLockOptions {
  /** Give up after this long (default 30 s) with a typed `busy` error. */
  timeoutMs?: number;
  /** Told once when the first attempt finds the database locked. */
  onWait?: () => void;
  /** Once aborted, stops waiting with a `closed` error: a shutdown does not wait out another program's lock. */
  signal?: AbortSignal;
}

/**
 * A write transaction that waits for a foreign lock without blocking the event loop: each attempt fails fast
 * while the lock is held, and the next one comes after a growing pause (10 ms doubling to 500 ms).
 */
export async function writeTxWhenFree<T>(db: Database, fn: () => T, options: WaitForLockOptions = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let pause = 10;
  for (let attempt = 0; ; attempt++) {
    try {
      return withoutBusyWait(db, () => writeTx(db, fn));
    } catch (err) {
      if (!isBusyError(err)) throw err;
      if (attempt === 0) options.onWait?.();
      if (options.signal?.aborted) throw new MemoryError('closed', 'Stopped while waiting for another program to release the memory', { cause: err });
      if (Date.now() + pause > deadline) {
        throw new MemoryError(
          'busy',
          'The memory database is locked by another program (another Engram window, the command line or an MCP server) and did not free up in time. Try again in a moment.',
          { cause: err },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 500);
    }
  }
}
