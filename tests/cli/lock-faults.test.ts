// Every CLI command against a memory whose write lock another process holds for 3 s (issue 21): each one
// either completes (waiting out the lock as the app does) or exits non-zero with a message — never exit 0
// having done nothing. The children start gated (tests/helpers/cli-start-gate.ts) so the lock is taken only
// once all of them are loaded: each command meets it, however slow the TypeScript start is.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyOf, openWithKey } from '../helpers/encrypted-files';
import { describe, expect, it } from 'vitest';
import { backupTo } from '../../src-main/data/backup';
import { keyFilePath } from '../../src-main/storage/memory-key';
import { recordTranscript } from '../../src-main/data/import/record-transcript';
import { conversationEpisodes, parseTranscriptFile } from '../../src-main/data/import/transcript-file';
import { databasePath } from '../../src-main/memory/paths';
import { holdWriteLock } from '../helpers/foreign-lock';
import { makeTempDir, openTestEngine } from '../helpers/temp-engine';

const ROOT = join(__dirname, '..', '..');
const RECALL = join(ROOT, 'tests', 'fixtures', 'recall', 'conv-a.json');
const HOLD_MS = 3_000;
/** Commands per batch: all of a batch load at once, so more would only queue on the machine's cores. */
const BATCH = 4;

interface CommandRun {
  name: string;
  args: string[];
  /** The modules the command loads lazily (under src-main/), loaded before the gate opens. */
  modules?: string[];
  stdin?: string;
}

const READ = ['cli/read-commands.ts'];
const DATA = ['cli/data-commands.ts'];

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function mcpSession(): string {
  const messages = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'lock-fault-test', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    {
      jsonrpc: '2.0', id: 2, method: 'tools/call',
      params: { name: 'remember_conversation', arguments: { turns: [{ role: 'user', text: 'Written while another program held the lock' }] } },
    },
  ];
  return messages.map((m) => JSON.stringify(m)).join('\n') + '\n';
}

/** A seeded memory (a recall conversation, embedded) and a backup of it. */
async function seed(): Promise<{ dir: string; backup: string; nodeId: string }> {
  const dir = makeTempDir();
  const { engine } = openTestEngine({ dataDir: dir });
  const parsed = parseTranscriptFile(readFileSync(RECALL, 'utf8'), Date.now());
  if (parsed.format !== 'recall') throw new Error('fixture is not a recall dataset');
  const ids = await recordTranscript(engine, parsed.dataset.conversations.flatMap((c) => conversationEpisodes(c, `${c.id}/`)));
  const backup = join(makeTempDir(), 'seed-backup.db');
  await backupTo(engine, backup);
  await engine.close();
  return { dir, backup, nodeId: ids[0] ?? '' };
}

function startGated(gate: string, dataDir: string, run: CommandRun): Promise<RunResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', join(ROOT, 'tests/helpers/cli-start-gate.ts'), join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, '--json', ...run.args],
    { cwd: ROOT, env: { ...process.env, ENGRAM_TEST_CLI_GATE: gate, ENGRAM_TEST_CLI_MODULES: (run.modules ?? []).join(','), ENGRAM_AGENT_BASE_URL: '', ENGRAM_AGENT_MODEL: '' }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(run.stdin ?? '');
  const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    }),
  );
}

async function waitForFiles(dir: string, prefix: string, count: number): Promise<void> {
  while (readdirSync(dir).filter((f) => f.startsWith(prefix)).length < count) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Runs a batch: every command loaded and waiting, the lock taken on all their memories, then go. */
async function runBatch(seedDb: string, runs: CommandRun[]): Promise<{ run: CommandRun; dir: string; result: RunResult }[]> {
  const gate = makeTempDir('engram-gate-');
  const dirs = runs.map(() => {
    const dir = makeTempDir();
    copyFileSync(seedDb, databasePath(dir));
    // The memory is encrypted (issue 27): its key file goes with it.
    copyFileSync(keyFilePath(seedDb), keyFilePath(databasePath(dir)));
    return dir;
  });
  const results = runs.map((run, i) => startGated(gate, dirs[i] as string, run));
  await waitForFiles(gate, 'ready-', runs.length);
  const [first, ...rest] = dirs.map((d) => databasePath(d));
  const lock = await holdWriteLock(first as string, HOLD_MS, rest);
  writeFileSync(join(gate, 'go'), '');
  const settled = await Promise.all(results);
  await lock.released;
  return settled.map((result, i) => ({ run: runs[i] as CommandRun, dir: dirs[i] as string, result }));
}

describe('every CLI command while another process holds the write lock', { timeout: 300_000 }, () => {
  it('completes or fails loudly; ingest and mcp record what they acknowledged', async () => {
    const seeded = await seed();
    const out = makeTempDir();
    mkdirSync(join(out, 'md'));
    const runs: CommandRun[] = [
      { name: 'ingest', args: ['ingest', join(ROOT, 'tests', 'fixtures', 'recall', 'conv-b.json')] },
      { name: 'node', args: ['node', seeded.nodeId] },
      { name: 'stats', args: ['stats'] },
      { name: 'decay', args: ['decay'] },
      { name: 'reembed', args: ['reembed'] },
      { name: 'search', args: ['search', 'support group'], modules: READ },
      { name: 'context', args: ['context', 'What did Caroline do?'], modules: READ },
      { name: 'profile', args: ['profile'], modules: READ },
      { name: 'eval recall', args: ['eval', 'recall', RECALL], modules: READ },
      { name: 'eval context', args: ['eval', 'context', RECALL, '--offline'], modules: READ },
      { name: 'consolidate', args: ['consolidate', '--offline'], modules: ['cli/consolidate.ts'] },
      { name: 'import', args: ['import', join(ROOT, 'tests', 'fixtures', 'import', 'chatgpt-conversations.json'), '--offline'], modules: DATA },
      { name: 'export json', args: ['export', '--out', join(out, 'export.json')], modules: DATA },
      { name: 'export markdown', args: ['export', '--format', 'markdown', '--out', join(out, 'md', 'notes')], modules: DATA },
      { name: 'backup', args: ['backup', '--out', join(out, 'backup.db')], modules: DATA },
      { name: 'restore', args: ['restore', seeded.backup], modules: DATA },
      { name: 'mcp', args: ['mcp', '--allow-writes'], modules: ['mcp/stdio.ts'], stdin: mcpSession() },
    ];
    const outcomes: { run: CommandRun; dir: string; result: RunResult }[] = [];
    for (let i = 0; i < runs.length; i += BATCH) outcomes.push(...(await runBatch(databasePath(seeded.dir), runs.slice(i, i + BATCH))));

    const silent: string[] = [];
    for (const { run, result } of outcomes) {
      if (result.code === 0) {
        // Completed: it printed its result (mcp prints protocol answers).
        if (result.stdout.trim() === '') silent.push(`${run.name}: exit 0 with no output (stderr: ${result.stderr.slice(0, 300)})`);
      } else if (!/engram/.test(result.stderr)) {
        silent.push(`${run.name}: exit ${result.code} without a message (stderr: ${result.stderr.slice(0, 300)})`);
      }
    }
    expect(silent).toEqual([]);
    // A 3 s lock is within the busy timeout the app waits out: every command completes.
    const failed = outcomes.filter((o) => o.result.code !== 0).map((o) => `${o.run.name}: ${o.result.code} ${o.result.stderr.slice(0, 400)}`);
    expect(failed).toEqual([]);

    const byName = new Map(outcomes.map((o) => [o.run.name, o]));
    const count = (dir: string, sql: string): number => {
      const db = openWithKey(databasePath(dir), keyOf(dir), { readonly: true });
      try {
        return (db.prepare(sql).get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    const ingest = byName.get('ingest');
    const ingested = JSON.parse(ingest?.result.stdout ?? '{}') as { episodes: number };
    expect(ingested.episodes).toBeGreaterThan(0);
    const seededEpisodes = count(seeded.dir, "SELECT count(*) AS n FROM nodes WHERE type = 'episodic'");
    expect(count(ingest?.dir ?? '', "SELECT count(*) AS n FROM nodes WHERE type = 'episodic'")).toBe(seededEpisodes + ingested.episodes);

    const mcp = byName.get('mcp');
    const answers = (mcp?.result.stdout ?? '').trim().split('\n').map((l) => JSON.parse(l) as { id?: number; result?: { isError?: boolean } });
    expect(answers.find((a) => a.id === 2)?.result?.isError).toBeFalsy();
    expect(count(mcp?.dir ?? '', "SELECT count(*) AS n FROM nodes WHERE content = 'Written while another program held the lock'")).toBe(1);
    expect(existsSync(join(out, 'backup.db'))).toBe(true);
  });
});
