// Starts the CLI as a child process (a TypeScript loader per start): generous timeouts on a busy machine.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/temp-engine';
import { fullSnapshot } from '../helpers/db-snapshot';
import { MemoryEngine } from '../../src-main/memory/engine';
import { databasePath } from '../../src-main/memory/paths';
import type { RetractPreview, RetractResult } from '../../src-shared/retract-types';
import { keyOf, openWithKey } from '../helpers/encrypted-files';

const ROOT = join(__dirname, '..', '..');

function cli(dataDir: string, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function snapshotOf(dir: string): Record<string, unknown[]> {
  const db = openWithKey(databasePath(dir), keyOf(dir), { readonly: true });
  try {
    return fullSnapshot(db);
  } finally {
    db.close();
  }
}

describe('cli retract', { timeout: 180_000 }, () => {
  it('--dry-run changes nothing; without it retracts; --undo restores exactly; a bad call fails loudly', async () => {
    const dir = makeTempDir();
    const engine = MemoryEngine.open({ dataDir: dir });
    const m1 = engine.recordEpisodeNow({ content: 'I moved to Lisbon', sessionId: 'moves', role: 'user', sourceType: 'conversation' });
    engine.rememberFact({ content: 'User lives in Lisbon', derivedFrom: [m1], sessionId: 'moves' });
    // Embedded and linked first, so what the CLI's own engine does on opening is not mistaken for the retract's.
    await engine.drainSlowPath();
    await engine.close();
    const before = snapshotOf(dir);

    const dry = cli(dir, 'retract', '--session', 'moves', '--dry-run', '--json');
    expect(dry.code).toBe(0);
    const preview = (JSON.parse(dry.stdout) as { preview: RetractPreview }).preview;
    expect(preview.forgotten.map((f) => f.content)).toEqual(['User lives in Lisbon']);
    expect(snapshotOf(dir)).toEqual(before);

    const applied = cli(dir, 'retract', '--session', 'moves');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('1 fact(s) forgotten');
    const id = /retract --undo (\S+)/.exec(applied.stdout)?.[1] as string;
    expect(snapshotOf(dir)).not.toEqual(before);

    const again = cli(dir, 'retract', '--session', 'moves', '--json');
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout)).toMatchObject({ error: { code: 'conflict' } });

    const undone = cli(dir, 'retract', '--undo', id, '--json');
    expect(undone.code).toBe(0);
    expect((JSON.parse(undone.stdout) as RetractResult).retractionId).toBe(id);
    expect(snapshotOf(dir)).toEqual(before);

    const noSource = cli(dir, 'retract');
    expect(noSource.code).not.toBe(0);
    expect(noSource.stderr).toContain('exactly one of');
  });
});
