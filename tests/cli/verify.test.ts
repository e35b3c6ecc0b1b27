import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../src-main/memory/engine';
import { makeTempDir } from '../helpers/temp-engine';

const ROOT = join(__dirname, '..', '..');

function cli(dataDir: string, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ENGRAM_EMBEDDING_BASE_URL: '' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('cli verify and diff', () => {
  it('verify passes an untouched backup, fails (non-zero, naming the row) an altered one; --live; diff --json', { timeout: 300_000 }, async () => {
    const dir = makeTempDir();
    // A plaintext memory (the CLI keeps an existing one plaintext), so one byte of one fact can be altered in its
    // backup; an encrypted page would fail its HMAC instead (the encrypted case is the next test).
    await MemoryEngine.open({ dataDir: dir, startSlowPath: false, encryption: { plaintext: true } }).close();
    const transcript = join(dir, 't.jsonl');
    writeFileSync(transcript, `${JSON.stringify({ session: 's1', role: 'user', text: 'I keep bees on the roof of my building', time: '2026-05-01T10:00:00Z' })}\n`);
    expect(cli(dir, ['ingest', transcript]).code).toBe(0);
    const a = join(dir, 'a.db');
    expect(cli(dir, ['backup', '--out', a]).code).toBe(0);
    const ok = cli(dir, ['--json', 'verify', a]);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ kind: 'backup', ok: true });
    expect(cli(dir, ['verify', '--live'])).toMatchObject({ code: 0 });

    const bytes = readFileSync(a);
    const at = bytes.indexOf('bees on the roof');
    bytes[at] = 'f'.charCodeAt(0);
    const bad = join(dir, 'bad.db');
    writeFileSync(bad, bytes);
    const failed = cli(dir, ['verify', bad]);
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toMatch(/failed verification: memory \S+ changed: .*fees on the roof/);

    writeFileSync(transcript, `${JSON.stringify({ session: 's2', role: 'user', text: 'The hives gave honey in June', time: '2026-06-01T10:00:00Z' })}\n`);
    expect(cli(dir, ['ingest', transcript]).code).toBe(0);
    const b = join(dir, 'b.db');
    expect(cli(dir, ['backup', '--out', b]).code).toBe(0);
    const diff = cli(dir, ['--json', 'diff', a, b]);
    expect(diff.code).toBe(0);
    const changes = JSON.parse(diff.stdout) as { removed: number; changed: number; changes: { change: string; preview: string | null }[] };
    expect(changes).toMatchObject({ removed: 0, changed: 0 });
    expect(changes.changes).toContainEqual(expect.objectContaining({ change: 'added', preview: 'The hives gave honey in June' }));
    expect(cli(dir, ['verify']).code).not.toBe(0);
  });

  it('verifies an encrypted backup with the memory\'s key', { timeout: 300_000 }, () => {
    const dir = makeTempDir();
    const transcript = join(dir, 't.jsonl');
    writeFileSync(transcript, `${JSON.stringify({ session: 's1', role: 'user', text: 'I keep bees on the roof of my building', time: '2026-05-01T10:00:00Z' })}\n`);
    expect(cli(dir, ['ingest', transcript]).code).toBe(0);
    const a = join(dir, 'a.db');
    expect(cli(dir, ['backup', '--out', a]).code).toBe(0);
    expect(readFileSync(a).indexOf('bees on the roof')).toBe(-1);
    const ok = cli(dir, ['--json', 'verify', a]);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ kind: 'backup', ok: true });
  });
});
