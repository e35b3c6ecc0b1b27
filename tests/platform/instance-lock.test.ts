import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireInstanceLock, INSTANCE_LOCK_FILE, InstanceLockedError } from '../../src-main/platform/instance-lock';
import { makeTempDir } from '../helpers/temp-engine';

describe('one app per data folder', () => {
  it('a second app on the same folder is refused with who holds it; the lock goes with its holder', async () => {
    const dir = makeTempDir();
    // Another live process holds the folder.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dir, INSTANCE_LOCK_FILE), JSON.stringify({ pid: other.pid, mode: 'desktop app', startedAt: '2026-11-23T10:00:00.000Z' }));
      let refused: unknown;
      try {
        acquireInstanceLock(dir, 'browser mode');
      } catch (err) {
        refused = err;
      }
      expect(refused).toBeInstanceOf(InstanceLockedError);
      expect(String((refused as Error).message)).toMatch(/already running .*desktop app, process \d+/);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // Its holder died: the stale file is taken over.
    const release = acquireInstanceLock(dir, 'browser mode');
    expect(existsSync(join(dir, INSTANCE_LOCK_FILE))).toBe(true);
    release();
    expect(existsSync(join(dir, INSTANCE_LOCK_FILE))).toBe(false);
  });
});
