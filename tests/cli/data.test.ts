import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireInstanceLock } from '../../src-main/platform/instance-lock';
import { makeTempDir } from '../helpers/temp-engine';
import { HIJACK_SETTINGS, nodeRow, writeSnapshot } from '../fixtures/hostile/make';

const ROOT = join(__dirname, '..', '..');
const FIXTURES = join(ROOT, 'tests', 'fixtures', 'import');

function cli(dataDir: string, args: string[], env: NodeJS.ProcessEnv = {}, json = true): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, ...(json ? ['--json'] : []), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, ENGRAM_AGENT_BASE_URL: '', ENGRAM_AGENT_MODEL: '', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('cli data commands', { timeout: 120_000 }, () => {
  it('import (again adds 0), backup, export, and restore (a corrupt file is refused)', { timeout: 300_000 }, () => {
    const dir = makeTempDir();
    const out = makeTempDir();
    const first = cli(dir, ['import', join(FIXTURES, 'chatgpt-conversations.json'), '--offline']);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ sources: ['chatgpt'], chats_created: 2, messages_added: 5, consolidation: { mode: 'offline', consolidated: 2 } });
    const again = JSON.parse(cli(dir, ['import', join(FIXTURES, 'chatgpt-conversations.json'), '--no-consolidate']).stdout) as { messages_added: number };
    expect(again.messages_added).toBe(0);

    const backup = cli(dir, ['backup', '--out', join(out, 'b.db')]);
    expect(backup.code).toBe(0);
    expect(existsSync(join(out, 'b.db'))).toBe(true);
    const exported = JSON.parse(cli(dir, ['export', '--format', 'json', '--out', join(out, 'e.json')]).stdout) as { rows: Record<string, number> };
    expect(exported.rows.chat_messages).toBe(5);

    writeFileSync(join(out, 'bad.db'), 'SQLite format 3\u0000 but not really');
    const refused = cli(dir, ['restore', join(out, 'bad.db')]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ error: { code: 'invalid_input' } });

    const restored = cli(dir, ['restore', join(out, 'b.db')]);
    expect(restored.code).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ chats: 2, episodes: 5 });
  });

  it('import: an Engram export needs --format engram-export, --preview writes nothing, settings are never imported', { timeout: 300_000 }, () => {
    const dir = makeTempDir();
    const snapshot = writeSnapshot(makeTempDir(), { nodes: [nodeRow('0190a000-0000-7000-8000-0000000000c1', 'Ana likes fado')], app_settings: HIJACK_SETTINGS });
    const sniffed = cli(dir, ['import', snapshot, '--no-consolidate']);
    expect(sniffed.code).toBe(1);
    expect(JSON.parse(sniffed.stdout)).toMatchObject({ error: { code: 'invalid_input', message: expect.stringContaining('engram-export') } });
    const preview = cli(dir, ['import', snapshot, '--format', 'engram-export', '--preview']);
    expect(preview.code).toBe(0);
    expect(JSON.parse(preview.stdout)).toMatchObject({ preview: true, restored: { nodes: 1 }, rejected: [{ table: 'app_settings', count: 2 }] });
    const applied = cli(dir, ['import', snapshot, '--format', 'engram-export', '--no-consolidate']);
    expect(JSON.parse(applied.stdout)).toMatchObject({ preview: false, restored: { nodes: 1 }, rejected: [{ table: 'app_settings', count: 2 }], settled_versions: 0 });
    // Said in words as a merge, not as "0 new message(s) from 0 conversation(s)".
    const again = cli(dir, ['import', snapshot, '--format', 'engram-export', '--no-consolidate'], {}, false);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Merged an Engram export/);
    expect(again.stdout).toMatch(/Restored rows: none \(everything in the file is here already\)/);
    expect(again.stdout).toMatch(/1 row\(s\) already in this memory/);
    expect(again.stdout).not.toMatch(/new message/);
    expect(cli(dir, ['import', snapshot, '--format', 'pdf']).code).not.toBe(0);
  });

  it('restore refuses while an Engram app runs on the folder, says so, and changes nothing', () => {
    const dir = makeTempDir();
    const out = makeTempDir();
    expect(cli(dir, ['ingest', join(ROOT, 'tests', 'fixtures', 'small-chat.jsonl')]).code).toBe(0);
    expect(cli(dir, ['backup', '--out', join(out, 'b.db')]).code).toBe(0);
    // This test process plays the running app: it holds the folder's instance lock, as app/main.ts does.
    const release = acquireInstanceLock(dir, 'desktop app');
    let refused;
    try {
      refused = cli(dir, ['restore', join(out, 'b.db')]);
    } finally {
      release();
    }
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ error: { code: 'conflict', message: expect.stringMatching(/Engram is running on .*desktop app.*Quit Engram, then run restore again/) } });
    expect(readdirSync(dir).filter((f) => f.startsWith('before-restore-'))).toEqual([]);
    // With the app gone, the same restore goes through (and leaves no lock behind).
    expect(cli(dir, ['restore', join(out, 'b.db')]).code).toBe(0);
    expect(existsSync(join(dir, 'engram.lock'))).toBe(false);
  });

  it('export --encrypt seals the JSON with a passphrase from the environment; import and verify open it with --passphrase-file', { timeout: 300_000 }, () => {
    const dir = makeTempDir();
    const out = makeTempDir();
    expect(cli(dir, ['import', join(FIXTURES, 'chatgpt-conversations.json'), '--no-consolidate']).code).toBe(0);
    const noPassphrase = cli(dir, ['export', '--encrypt', '--out', join(out, 'x.engram')]);
    expect(noPassphrase.code).not.toBe(0);
    expect(existsSync(join(out, 'x.engram'))).toBe(false);
    const sealed = cli(dir, ['export', '--encrypt', '--out', join(out, 'e.engram')], { ENGRAM_EXPORT_PASSPHRASE: 'a long passphrase' });
    expect(sealed.code).toBe(0);
    expect(JSON.parse(sealed.stdout)).toMatchObject({ encrypted: true, rows: { chat_messages: 5 } });

    const other = makeTempDir();
    const wrong = cli(other, ['import', join(out, 'e.engram'), '--format', 'engram-export', '--no-consolidate'], { ENGRAM_EXPORT_PASSPHRASE: 'not the one at all' });
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stdout)).toMatchObject({ error: { code: 'key_unavailable' } });
    writeFileSync(join(out, 'pass.txt'), 'a long passphrase\n', { mode: 0o600 });
    const verified = cli(dir, ['verify', join(out, 'e.engram'), '--passphrase-file', join(out, 'pass.txt')]);
    expect(verified.code).toBe(0);
    const imported = cli(other, ['import', join(out, 'e.engram'), '--format', 'engram-export', '--no-consolidate', '--passphrase-file', join(out, 'pass.txt')]);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ restored: { chat_messages: 5 } });
  });
});
