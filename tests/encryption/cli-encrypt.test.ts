// Issue 27 from the command line: `engram encrypt` converts a plaintext memory; `engram key add-passphrase`
// adds a passphrase; ENGRAM_PASSPHRASE opens a memory whose key is kept only with a passphrase; a wrong one
// exits non-zero with the typed error and changes nothing.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../src-main/memory/engine';
import { databasePath } from '../../src-main/memory/paths';
import { databaseFileState } from '../../src-main/storage/driver';
import { keyFilePath } from '../../src-main/storage/memory-key';
import { CollectingLogger, makeTempDir } from '../helpers/temp-engine';

const ROOT = join(__dirname, '..', '..');

function cli(dataDir: string, env: Record<string, string>, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ENGRAM_PASSPHRASE: '', ENGRAM_NEW_PASSPHRASE: '', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('engram encrypt / key', () => {
  it('encrypts a plaintext memory, adds a passphrase, and opens with it alone', async () => {
    const dir = makeTempDir();
    const engine = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false, encryption: { plaintext: true } });
    const id = engine.recordEpisode({ content: 'The spare key is under the blue pot', sessionId: 's1', role: 'user' });
    await engine.close();

    const encrypted = cli(dir, {}, 'encrypt', '--json');
    expect(encrypted.stderr).toBe('');
    expect(JSON.parse(encrypted.stdout)).toMatchObject({ outcome: 'encrypted' });
    expect(databaseFileState(databasePath(dir))).toBe('encrypted');
    expect(readFileSync(databasePath(dir)).includes('blue pot')).toBe(false);

    const noPassphrase = cli(dir, {}, 'key', 'add-passphrase');
    expect(noPassphrase.code).not.toBe(0);
    expect(noPassphrase.stderr).toMatch(/Set ENGRAM_NEW_PASSPHRASE/);
    expect(cli(dir, { ENGRAM_NEW_PASSPHRASE: 'a long passphrase' }, 'key', 'add-passphrase').code).toBe(0);
    // Keep only the passphrase slot: the key itself leaves the folder.
    const file = JSON.parse(readFileSync(keyFilePath(databasePath(dir)), 'utf8')) as { version: 1; slots: { kind: string }[] };
    writeFileSync(keyFilePath(databasePath(dir)), JSON.stringify({ ...file, slots: file.slots.filter((s) => s.kind === 'passphrase') }), { mode: 0o600 });

    const before = readFileSync(databasePath(dir));
    const wrong = cli(dir, { ENGRAM_PASSPHRASE: 'not the passphrase' }, 'node', id, '--json');
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stdout)).toMatchObject({ error: { code: 'key_unavailable' } });
    expect(wrong.stderr).toMatch(/passphrase given is not the right one.*Nothing was changed/);
    expect(readFileSync(databasePath(dir)).equals(before)).toBe(true);

    const right = cli(dir, { ENGRAM_PASSPHRASE: 'a long passphrase' }, 'node', id);
    expect(right.code).toBe(0);
    expect(right.stdout).toMatch(/under the blue pot/);
  }, 240_000);
});
