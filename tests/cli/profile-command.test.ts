// Starts the CLI as a child process (a TypeScript loader per start): slow on a busy machine, hence the timeout.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../src-main/memory/engine';
import { CollectingLogger, makeTempDir } from '../helpers/temp-engine';

const ROOT = join(__dirname, '..', '..');

function cli(dataDir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('engram profile', { timeout: 120_000 }, () => {
  it('prints the profile as text and as JSON, and refuses arguments', async () => {
    const dir = makeTempDir();
    const engine = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false });
    const id = engine.rememberFact({ content: 'User is training for the Porto half marathon', sourceType: 'extraction' });
    await engine.close();

    const json = cli(dir, 'profile', '--json');
    expect(json.code).toBe(0);
    const p = JSON.parse(json.stdout) as { static: unknown[]; dynamic: { nodeId: string }[] };
    expect(p.dynamic.map((l) => l.nodeId)).toEqual([id]);

    const text = cli(dir, 'profile');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Lately (this month):\n- User is training for the Porto half marathon');

    const bad = cli(dir, 'profile', 'everything');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/takes no arguments/);
  });
});
