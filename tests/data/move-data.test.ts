// Moving a memory from the desktop app's old folder into the one data folder: everything of Engram's moves,
// nothing else does; it never merges, never moves while an app holds either folder, and never loses either.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appMoveOffer } from '../../src-main/app/data-folder';
import { memoryToMove, moveMemory } from '../../src-main/data/move-data';
import { INSTANCE_LOCK_FILE } from '../../src-main/platform/instance-lock';
import { MemoryEngine } from '../../src-main/memory/engine';
import { MemoryError } from '../../src-shared/errors';
import { makeTempDir } from '../helpers/temp-engine';

const ROOT = join(__dirname, '..', '..');
const digest = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

/** A real memory in `dir` as an earlier app left it: the database, a backup, a secret, an Electron profile. */
async function oldMemory(dir: string): Promise<void> {
  const engine = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
  await engine.close();
  mkdirSync(join(dir, 'backups'));
  writeFileSync(join(dir, 'backups', 'engram-2026-01-01.db'), 'backup');
  writeFileSync(join(dir, 'secrets.enc.json'), '{}');
  writeFileSync(join(dir, 'window-state.json'), '{}');
  mkdirSync(join(dir, 'Local Storage'));
}

describe('move-data', { timeout: 120_000 }, () => {
  it("moves Engram's files and leaves the rest of the old folder", async () => {
    const home = makeTempDir();
    const from = join(home, '.config', 'Engram');
    const to = join(home, '.local', 'share', 'engram');
    await oldMemory(from);
    const before = digest(join(from, 'engram.db'));
    expect(appMoveOffer(to, { platform: 'linux', home, env: {} })).toEqual({ from, to });

    const result = moveMemory(from, to);
    expect(result.moved).toEqual(expect.arrayContaining(['engram.db', 'engram.key', 'backups', 'secrets.enc.json']));
    expect(digest(join(to, 'engram.db'))).toBe(before);
    expect(readFileSync(join(to, 'backups', 'engram-2026-01-01.db'), 'utf8')).toBe('backup');
    expect(readdirSync(from).sort()).toEqual(['Local Storage', 'window-state.json']);
    expect(existsSync(join(to, INSTANCE_LOCK_FILE))).toBe(false);
    // The moved memory opens, and there is nothing left to offer.
    await MemoryEngine.open({ dataDir: to, startSlowPath: false }).close();
    expect(memoryToMove(to, [from])).toBeNull();
  });

  it('refuses to merge into a folder that already holds a memory, and changes neither', async () => {
    const from = makeTempDir();
    const to = makeTempDir();
    await oldMemory(from);
    writeFileSync(join(to, 'engram.db'), 'another memory');
    expect(memoryToMove(to, [from])).toBeNull();
    expect(() => moveMemory(from, to)).toThrow(expect.objectContaining({ code: 'conflict' }) as Error);
    expect(readFileSync(join(to, 'engram.db'), 'utf8')).toBe('another memory');
    expect(existsSync(join(from, 'engram.db'))).toBe(true);
    expect(existsSync(join(from, 'backups'))).toBe(true);
  });

  it('refuses while an app holds either folder', async () => {
    const from = makeTempDir();
    const to = makeTempDir();
    await oldMemory(from);
    const app = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const holder = { pid: app.pid, mode: 'desktop app', startedAt: '2026-11-25T00:00:00.000Z' };
      writeFileSync(join(from, INSTANCE_LOCK_FILE), JSON.stringify(holder));
      expect(() => moveMemory(from, to)).toThrow(expect.objectContaining({ code: 'busy' }) as Error);
      expect(existsSync(join(from, 'engram.db'))).toBe(true);
      expect(existsSync(join(to, 'engram.db'))).toBe(false);
      // The app's lock is still its own.
      expect(JSON.parse(readFileSync(join(from, INSTANCE_LOCK_FILE), 'utf8'))).toMatchObject({ pid: app.pid });
    } finally {
      app.kill('SIGKILL');
    }
  });

  it('says so when there is nothing to move', () => {
    const from = makeTempDir();
    expect(() => moveMemory(from, makeTempDir())).toThrow(MemoryError);
  });

  it('the CLI stops with the move command instead of starting a second memory, then moves it', async () => {
    const home = makeTempDir();
    await oldMemory(join(home, '.config', 'Engram'));
    const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share') };
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });

    const refused = run('stats');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(join(home, '.config', 'Engram'));
    expect(refused.stderr).toContain('move-data');
    expect(existsSync(join(home, '.local', 'share', 'engram', 'engram.db'))).toBe(false);

    const moved = run('move-data');
    expect(moved.stderr).toBe('');
    expect(moved.status).toBe(0);
    expect(moved.stdout).toContain('Moved the memory');
    expect(run('stats').status).toBe(0);

    const again = run('move-data');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('No memory to move');
  });

  it('browser mode prints the same notice and starts no second, empty memory', async () => {
    const home = makeTempDir();
    await oldMemory(join(home, '.config', 'Engram'));
    const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share') };
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/web/main.ts'), '--port', '0'], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(join(home, '.config', 'Engram'));
    expect(r.stderr).toContain('move-data');
    expect(r.stdout).not.toContain('Open:');
    expect(existsSync(join(home, '.local', 'share', 'engram', 'engram.db'))).toBe(false);
  });
});
