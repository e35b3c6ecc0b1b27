// Starts the CLI as a child process (a TypeScript loader per start): generous timeouts on a busy machine.
import { defaultEmbedder } from '../../src-main/embeddings/offline-default';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/temp-engine';
import { fullSnapshot } from '../helpers/db-snapshot';
import { MemoryEngine } from '../../src-main/memory/engine';
import { databasePath } from '../../src-main/memory/paths';
import type { ReextractPreview, ReextractResult } from '../../src-shared/reextract-types';
import { keyOf, openWithKey } from '../helpers/encrypted-files';

const ROOT = join(__dirname, '..', '..');

function cli(dataDir: string, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  // The offline extractor whatever the machine's agent settings.
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.ENGRAM_AGENT_BASE_URL;
  delete env.ENGRAM_AGENT_MODEL;
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 90_000, env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function withDb<T>(dir: string, read: (db: ReturnType<typeof openWithKey>) => T): T {
  const db = openWithKey(databasePath(dir), keyOf(dir), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const current = (dir: string): string[] =>
  withDb(dir, (db) => db.prepare(`SELECT content FROM nodes WHERE type != 'episodic' AND valid_until IS NULL ORDER BY content`).pluck().all() as string[]);

describe('cli reextract', { timeout: 240_000 }, () => {
  it('--dry-run changes nothing; without it applies the difference; retract --undo reverts it; an unknown session fails', async () => {
    const dir = makeTempDir();
    // Made with the CLI's embedder, as the app would: another would be rebuilt (and said so) when the CLI opens it.
    const engine = MemoryEngine.open({ dataDir: dir, embedder: defaultEmbedder() });
    const m1 = engine.recordEpisodeNow({ content: 'I moved to Lisbon last year.', sessionId: 'moves', role: 'user', sourceType: 'conversation' });
    engine.recordEpisodeNow({ content: 'I work at Globex as a designer.', sessionId: 'moves', role: 'user', sourceType: 'conversation' });
    // A fact an earlier (wrong) reading drew from this session: the offline reading will not find it.
    engine.rememberFact({ content: 'User owns a dog', derivedFrom: [m1], sessionId: 'moves' });
    await engine.drainSlowPath();
    await engine.close();
    const before = withDb(dir, fullSnapshot);

    const dry = cli(dir, 'reextract', '--session', 'moves', '--dry-run', '--json');
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    const preview = (JSON.parse(dry.stdout) as { preview: ReextractPreview }).preview;
    expect(preview).toMatchObject({ sessionId: 'moves', mode: 'offline', episodes: 2, empty: false });
    expect(preview.dropped.map((f) => f.content)).toEqual(['User owns a dog']);
    expect(preview.added.length).toBeGreaterThan(0);
    expect(withDb(dir, fullSnapshot)).toEqual(before);

    const applied = cli(dir, 'reextract', '--session', 'moves');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('Would drop (only this session supports them) (1):');
    expect(applied.stdout).toMatch(/Re-extracted: \d+ added, 0 changed, 1 dropped/);
    const facts = current(dir);
    expect(facts).not.toContain('User owns a dog');
    expect(facts).toEqual(expect.arrayContaining(preview.added.map((a) => a.content)));

    const again = cli(dir, 'reextract', '--session', 'moves', '--json');
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout)).toMatchObject({ error: { code: 'conflict' } });

    const retractionId = /retract --undo (\S+)/.exec(applied.stdout)?.[1] as string;
    const undone = cli(dir, 'retract', '--undo', retractionId, '--json');
    expect(undone.code).toBe(0);
    expect((JSON.parse(undone.stdout) as ReextractResult).retractionId).toBe(retractionId);
    expect(current(dir)).toEqual(['User owns a dog']);

    const unknown = cli(dir, 'reextract', '--session', 'nope', '--json');
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ error: { code: 'not_found' } });
    const noSession = cli(dir, 'reextract');
    expect(noSession.code).not.toBe(0);
    expect(noSession.stderr).toContain('--session');
  });
  it('a dry run on a memory made by the earlier word embedder changes nothing: its vectors are not rebuilt', () => {
    const dir = makeTempDir();
    const engine = MemoryEngine.open({ dataDir: dir });
    engine.recordEpisodeNow({ content: 'I moved to Lisbon last year.', sessionId: 'old', role: 'user', sourceType: 'conversation' });
    return engine.drainSlowPath().then(async () => {
      // Every vector's int8 copy made (any process would finish that; it is no change of what memory holds).
      await engine.warmVectorIndex({ copies: true });
      await engine.close();
      const before = withDb(dir, fullSnapshot);
      const dry = cli(dir, 'reextract', '--session', 'old', '--dry-run', '--json');
      expect(dry.code).toBe(0);
      expect(dry.stderr).toMatch(/Vector search is disabled: .*offline-words-v1.*Run "reembed"/);
      expect(dry.stderr).not.toMatch(/rebuilding/);
      expect(withDb(dir, fullSnapshot)).toEqual(before);
    });
  });
});
