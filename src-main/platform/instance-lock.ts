/**
 * One app per data folder. Two app instances on one folder would each rotate sessions, consolidate and run
 * maintenance over the other's conversations; the CLI and an MCP server may share the folder (SQLite's locks
 * keep their writes safe), but a second *app* explains and exits. The lock is a file in the data folder,
 * created exclusively, naming the process that holds it; a file left by a process that died is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const INSTANCE_LOCK_FILE = 'engram.lock';

export interface InstanceLockHolder {
  pid: number;
  mode: string;
  startedAt: string;
}

export class InstanceLockedError extends Error {
  constructor(
    readonly holder: InstanceLockHolder,
    readonly dataDir: string,
  ) {
    super(
      `Engram is already running on ${dataDir} (${holder.mode}, process ${holder.pid}, since ${holder.startedAt}). ` +
        'Use that window, or close it first; to run another Engram at the same time, give it another --data-dir.',
    );
    this.name = 'InstanceLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else — still alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): InstanceLockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<InstanceLockHolder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, mode: String(parsed.mode ?? 'app'), startedAt: String(parsed.startedAt ?? '?') } : null;
  } catch {
    return null;
  }
}

/** Takes the folder's instance lock or throws InstanceLockedError; returns the release function. */
export function acquireInstanceLock(dataDir: string, mode: string, now = new Date()): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, INSTANCE_LOCK_FILE);
  const me: InstanceLockHolder = { pid: process.pid, mode, startedAt: now.toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readHolder(path)?.pid === process.pid) rmSync(path, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(path);
      if (holder && holder.pid !== process.pid && alive(holder.pid)) throw new InstanceLockedError(holder, dataDir);
      // Left behind by a process that is gone (a crash, a kill): take it over.
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the instance lock ${path}`);
}
