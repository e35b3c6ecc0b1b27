import { spawn, spawnSync } from 'node:child_process';
import { defaultEmbedder } from '../../src-main/embeddings/offline-default';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CollectingLogger, makeTempDir } from '../helpers/temp-engine';
import { MemoryEngine } from '../../src-main/memory/engine';

/** `ingest` records transcripts as imports, which wait for review by default (issue 23); these tests are about learning. */
async function learnImportsAtOnce(dir: string): Promise<string> {
  // Made with the CLI's embedder, as the app would: another would be rebuilt (and said so) when the CLI opens it.
  const engine = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false, embedder: defaultEmbedder() });
  engine.saveReviewSettings({ import: 'at_once' });
  await engine.close();
  return dir;
}
import { startScriptedOpenAI, type ScriptedOpenAIServer } from '../helpers/scripted-openai-server';
import { memoryAgent } from '../helpers/scripted-memory-agent';

const ROOT = join(__dirname, '..', '..');

function cli(dataDir: string, args: string[], env: NodeJS.ProcessEnv = {}): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ENGRAM_AGENT_BASE_URL: '', ENGRAM_AGENT_MODEL: '', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The CLI in a child process, asynchronously, so the scripted server in this process can answer it. */
function cliAsync(dataDir: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

function json<T>(r: { code: number | null; stdout: string; stderr: string }): T {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as T;
}

interface Hit {
  node: { id: string; content: string };
}

describe('cli consolidate', { timeout: 120_000 }, () => {
  let server: ScriptedOpenAIServer;
  beforeEach(async () => {
    server = await startScriptedOpenAI();
  });
  afterEach(async () => {
    await server.close();
  });

  it('--offline: Berlin then Lisbon → search ranks Lisbon first and node shows it superseding Berlin', async () => {
    const dir = await learnImportsAtOnce(makeTempDir());
    const file = join(dir, 'chat.jsonl');
    writeFileSync(
      file,
      [
        { session: 'a', role: 'user', text: 'I live in Berlin.', time: '2026-01-05T10:00:00Z' },
        { session: 'a', role: 'assistant', text: 'Berlin is lovely.', time: '2026-01-05T10:00:05Z' },
        { session: 'b', role: 'user', text: 'I moved to Lisbon.', time: '2026-02-05T10:00:00Z' },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
    json(cli(dir, ['ingest', file, '--json']));
    const report = json<{ mode: string; consolidated: number; failed: number; unconsolidated_sessions: number; sessions: { session: string; fact_ids: string[]; superseded: { oldId: string; newId: string }[] }[] }>(
      cli(dir, ['consolidate', '--offline', '--json']),
    );
    expect(report).toMatchObject({ mode: 'offline', consolidated: 2, failed: 0, unconsolidated_sessions: 0 });
    const b = report.sessions.find((s) => s.session === 'b');
    expect(b?.superseded).toHaveLength(1);

    const search = json<{ hits: Hit[] }>(cli(dir, ['search', 'where do I live', '--json']));
    expect(search.hits[0]?.node.content).toBe('User lives in Lisbon');
    const lisbonId = search.hits[0]?.node.id as string;
    expect(lisbonId).toBe(b?.superseded[0]?.newId);

    const node = json<{ versions: { content: string; validUntil: number | null }[]; edges: { relationType: string; sourceId: string; targetId: string }[] }>(
      cli(dir, ['node', lisbonId, '--json']),
    );
    expect(node.versions.map((v) => v.content)).toEqual(['User lives in Berlin', 'User lives in Lisbon']);
    expect(node.versions[0]?.validUntil).not.toBeNull();
    expect(node.edges).toContainEqual(expect.objectContaining({ relationType: 'supersedes', sourceId: lisbonId, targetId: b?.superseded[0]?.oldId }));
    const human = cli(dir, ['node', lisbonId]);
    expect(human.stdout).toMatch(/User lives in Berlin {2}\[superseded\]/);

    const stats = json<{ unconsolidated_sessions: number; last_consolidation: string | null }>(cli(dir, ['stats', '--json']));
    expect(stats.unconsolidated_sessions).toBe(0);
    expect(stats.last_consolidation).not.toBeNull();
  });

  it('uses the memory agent from the environment, one session with --session, and reports tokens', async () => {
    const dir = await learnImportsAtOnce(makeTempDir());
    const file = join(dir, 'chat.jsonl');
    const lines = [{ session: 'x', role: 'user', text: 'I play the cello.', time: '2026-01-05T10:00:00Z' }, { session: 'y', role: 'user', text: 'I paint.', time: '2026-01-06T10:00:00Z' }];
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n'));
    json(cli(dir, ['ingest', file, '--json']));
    server.setDefault('/v1/chat/completions', memoryAgent({ usage: { prompt_tokens: 50, completion_tokens: 9 } }));
    const r = json<{ mode: string; model: string; consolidated: number; unconsolidated_sessions: number; tokens: { prompt: number; completion: number } }>(
      await cliAsync(dir, ['consolidate', '--session', 'x', '--json'], { ENGRAM_AGENT_BASE_URL: server.baseURL, ENGRAM_AGENT_MODEL: 'agent-model' }),
    );
    expect(r).toMatchObject({ mode: 'llm', model: 'agent-model', consolidated: 1, unconsolidated_sessions: 1, tokens: { prompt: 50, completion: 9 } });
    const missing = cli(dir, ['consolidate', '--session', 'nope', '--json']);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ error: { code: 'not_found' } });
  });
});
