// `search --as-of`, `context --as-of` and `profile --as-of` through the real CLI (a child process per call, hence the timeout).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock, makeTempDir, openTestEngine } from '../helpers/temp-engine';

const ROOT = join(__dirname, '..', '..');

function cli(dataDir: string, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Boston on 2026-01-05, Chicago from 2026-01-15, Denver from 2026-01-25. */
async function memoryWithAMove(): Promise<string> {
  const dir = makeTempDir();
  const clock = new ManualClock(Date.parse('2026-01-05T10:00:00Z'));
  const { engine } = openTestEngine({ dataDir: dir, clock, startSlowPath: false });
  const a = engine.rememberFact({ content: 'User lives in Boston', sourceType: 'extraction' });
  clock.advanceDays(10);
  const b = engine.correctFact({ id: a, content: 'User lives in Chicago', sourceType: 'extraction' });
  clock.advanceDays(10);
  engine.correctFact({ id: b, content: 'User lives in Denver', sourceType: 'manual' });
  await engine.close();
  return dir;
}

describe('cli --as-of', { timeout: 180_000 }, () => {
  it('search and context give the hits and pack as they were on that day; a bad date fails loudly', async () => {
    const dir = await memoryWithAMove();
    const search = cli(dir, 'search', 'where does the user live', '--as-of', '2026-01-16', '--json');
    expect(search.code).toBe(0);
    const result = JSON.parse(search.stdout) as { asOf: string; hits: { node: { content: string } }[] };
    expect(result.asOf).toBe('2026-01-17T00:00:00.000Z');
    expect(result.hits.map((h) => h.node.content)).toContain('User lives in Chicago');
    expect(result.hits.map((h) => h.node.content)).not.toContain('User lives in Denver');

    const context = cli(dir, 'context', 'Where do I live?', '--as-of', '2026-01-06');
    expect(context.code).toBe(0);
    expect(context.stdout).toContain('as of 2026-01-07');
    expect(context.stdout).toContain('Boston');
    expect(context.stdout).not.toMatch(/Chicago|Denver/);

    // The profile as it was: Chicago was what was recent about the user on 2026-01-16.
    const profile = cli(dir, 'profile', '--as-of', '2026-01-16', '--json');
    expect(profile.code).toBe(0);
    const lines = JSON.parse(profile.stdout) as { static: { content: string }[]; dynamic: { content: string }[] };
    const said = [...lines.static, ...lines.dynamic].map((l) => l.content);
    expect(said).toContain('User lives in Chicago');
    expect(said).not.toContain('User lives in Denver');
    // In words, it names the day asked for (its end is the next day's first instant).
    expect(cli(dir, 'profile', '--as-of', '2026-01-16').stdout).toMatch(/^As of 2026-01-16 \(the end of that day\):/);

    // A day that does not exist is refused, not rolled into the next month.
    for (const day of ['2025-02-30', '2025-13-01']) expect(cli(dir, 'profile', '--as-of', day).code, day).not.toBe(0);
    expect(cli(dir, 'model', 'list', '--as-of', '2026-01-16').code).toBe(2);

    const bad = cli(dir, 'search', 'live', '--as-of', 'the day after never');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('cannot read "the day after never" as a date');
    expect(bad.stdout).toBe('');
  });
});
