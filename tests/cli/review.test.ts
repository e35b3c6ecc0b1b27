// Starts the CLI as a child process (a TypeScript loader per start): slow on a busy 2-core machine.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../src-main/memory/engine';
import type { ProposalPage, ReviewDecision } from '../../src-shared/review-types';
import { CollectingLogger, makeTempDir } from '../helpers/temp-engine';

const ROOT = join(__dirname, '..', '..');

function cli(dataDir: string, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('cli review', { timeout: 180_000 }, () => {
  it('lists, declines and approves proposals; an unknown id exits non-zero', async () => {
    const dir = makeTempDir();
    const engine = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false });
    const a = engine.proposeFact({ action: 'remember', origin: 'mcp', sourceLabel: 'Cursor', input: { content: 'Ola plays the cello', sourceType: 'mcp' } });
    const b = engine.proposeFact({ action: 'remember', origin: 'mcp', sourceLabel: 'Cursor', input: { content: 'Ola lives in Łódź', sourceType: 'mcp' } });
    await engine.close();

    const listed = cli(dir, 'review', 'list', '--json');
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as ProposalPage).items.map((p) => p.content).sort()).toEqual(['Ola lives in Łódź', 'Ola plays the cello']);

    const declined = cli(dir, 'review', 'decline', a.proposalId);
    expect(declined.code).toBe(0);
    expect(declined.stdout).toMatch(/Declined/);
    const approved = cli(dir, 'review', 'approve', b.proposalId, '--json');
    expect(approved.code).toBe(0);
    expect((JSON.parse(approved.stdout) as ReviewDecision).state).toBe('approved');

    const unknown = cli(dir, 'review', 'approve', 'no-such-id');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/does not exist/);
    expect(cli(dir, 'review', 'decline', a.proposalId).code).toBe(1);
    expect(cli(dir, 'review', 'frobnicate').code).not.toBe(0);
    expect(cli(dir, 'review', 'list').stdout).toMatch(/No pending proposals/);
  });

  it('shows and changes the review settings; a wrong word changes nothing and exits non-zero', async () => {
    const dir = makeTempDir();
    await MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false }).close();

    const shown = cli(dir, 'review', 'settings', '--json');
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual({ chat: 'at_once', mcp: 'ask_first', import: 'ask_first' });

    const set = cli(dir, 'review', 'settings', 'import=at-once', 'chat=ask_first');
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/Saved/);
    expect(set.stdout).toMatch(/import\s+at_once/);

    const wrong = cli(dir, 'review', 'settings', 'mcp=sometimes');
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/SOURCE=MODE/);

    const engine = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false });
    expect(engine.reviewSettings()).toEqual({ chat: 'ask_first', mcp: 'ask_first', import: 'at_once' });
    await engine.close();
  });
});
