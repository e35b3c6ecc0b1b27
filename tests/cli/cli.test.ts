// These tests start the CLI as a child process several times each (a TypeScript loader per start): on a busy
// 2-core machine that takes longer than the default 30 s per test, which says nothing about Engram.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/temp-engine';

const ROOT = join(__dirname, '..', '..');

function cli(dataDir: string, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function cliJson<T>(dataDir: string, ...args: string[]): T {
  const r = cli(dataDir, ...args, '--json');
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as T;
}

describe('cli', { timeout: 120_000 }, () => {
  it('ingests JSONL, then stats, node and decay report on it', () => {
    const dir = makeTempDir();
    const ingest = cliJson<{ format: string; episodes: number; sessions: number; pending_embeddings: number }>(
      dir, 'ingest', join(ROOT, 'tests/fixtures/small-chat.jsonl'),
    );
    expect(ingest).toMatchObject({ format: 'jsonl', episodes: 5, sessions: 2, pending_embeddings: 0 });
    const stats = cliJson<{ nodes: { episodic: number }; edges: { temporal: number }; unconsolidated_sessions: number }>(dir, 'stats');
    expect(stats.nodes.episodic).toBe(5);
    expect(stats.edges.temporal).toBe(3);
    expect(stats.unconsolidated_sessions).toBe(2);

    const human = cli(dir, 'stats');
    expect(human.stdout).toMatch(/nodes: episodic 5, semantic 0/);

    // The same file again says nothing twice: refused, non-zero, and memory is unchanged.
    const again = cli(dir, 'ingest', join(ROOT, 'tests/fixtures/small-chat.jsonl'));
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/already in memory/);
    expect(cliJson<{ nodes: { episodic: number } }>(dir, 'stats').nodes.episodic).toBe(5);
    // The same chat exported again later, longer: only its new messages; a file with no message fails loudly.
    const lines = readFileSync(join(ROOT, 'tests/fixtures/small-chat.jsonl'), 'utf8').trim().split('\n');
    const longer = join(makeTempDir(), 'longer.jsonl');
    writeFileSync(longer, [...lines, JSON.stringify({ session: JSON.parse(lines[0] ?? '{}').session, role: 'user', text: 'I got a cat called Miso.', time: '2026-03-01T09:30:00Z' })].join('\n'));
    expect(cliJson<{ episodes: number; messages_already_in_memory: number; sessions_already_in_memory: number }>(dir, 'ingest', longer)).toMatchObject({ episodes: 1, messages_already_in_memory: 3, sessions_already_in_memory: 1 });
    expect(cliJson<{ nodes: { episodic: number } }>(dir, 'stats').nodes.episodic).toBe(6);
    const empty = join(makeTempDir(), 'empty.jsonl');
    writeFileSync(empty, '');
    const nothing = cli(dir, 'ingest', empty);
    expect(nothing.code).not.toBe(0);
    expect(nothing.stderr).toMatch(/holds no messages/);
    // A role memory does not read, and a line with no time, are kept and said: on stderr, and in the JSON.
    const odd = join(makeTempDir(), 'odd.jsonl');
    writeFileSync(odd, [
      JSON.stringify({ session: 'odd-1', role: 'friend', text: 'I moved to Leeds.', time: '2026-03-02T09:00:00Z' }),
      JSON.stringify({ session: 'odd-1', role: 'user', text: 'I work at Tesco now.' }),
    ].join('\n'));
    const told = cli(dir, 'ingest', odd, '--json');
    expect(told.code).toBe(0);
    expect(told.stderr).toMatch(/1 with role "friend" and no speaker: kept, but memory learns nothing from them/);
    expect(told.stderr).toMatch(/1 line\(s\) give no "time": dated now/);
    expect(JSON.parse(told.stdout)).toMatchObject({ episodes: 2, unread_roles: { friend: 1 }, undated_messages: 1 });
    // The same file grown by one line: its undated line is known by its words, not stored again at a new "now".
    writeFileSync(odd, [readFileSync(odd, 'utf8'), JSON.stringify({ session: 'odd-1', role: 'user', text: 'My cat is called Miso.', time: '2026-03-03T09:00:00Z' })].join('\n'));
    expect(JSON.parse(cli(dir, 'ingest', odd, '--json').stdout)).toMatchObject({ episodes: 1, messages_already_in_memory: 2 });
    // Grown again by the same words at the same time from the other side: a message of its own.
    writeFileSync(odd, [readFileSync(odd, 'utf8'), JSON.stringify({ session: 'odd-1', role: 'assistant', text: 'My cat is called Miso.', time: '2026-03-03T09:00:00Z' })].join('\n'));
    expect(JSON.parse(cli(dir, 'ingest', odd, '--json').stdout)).toMatchObject({ episodes: 1, messages_already_in_memory: 3 });
    // A read that cannot stand at a past date refuses the date rather than answer for today.
    // History said before a date but ingested after it is left out as of that date, and the CLI says so.
    const then = cli(dir, 'profile', '--as-of', '2026-03-02');
    expect(then.code).toBe(0);
    expect(then.stderr).toMatch(/messages said by then were learned only later \(the first on \d{4}-\d{2}-\d{2}\): memory as of that day had not learned them/);
    const statsThen = cli(dir, 'stats', '--as-of', '2020-01-01');
    expect(statsThen.code).toBe(2);
    expect(statsThen.stderr).toMatch(/--as-of does not apply to "stats"/);

    const decay = cliJson<{ scanned: number; now: string }>(dir, 'decay', '--now', '2027-01-01T00:00:00Z');
    expect(decay).toMatchObject({ scanned: 0, now: '2027-01-01T00:00:00.000Z' });
    expect(cliJson<{ last_decay_run: string }>(dir, 'stats').last_decay_run).toBe('2027-01-01T00:00:00.000Z');
  });

  it('ingests the recall-eval format with speakers and turn ids, and shows a node', () => {
    const dir = makeTempDir();
    const file = join(dir, 'conv.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'tiny',
        conversations: [
          {
            id: 'c1',
            sessions: [
              { id: 's1', started_at: '2023-05-08T13:56:00Z', turns: [
                { id: 'D1:1', speaker: 'Caroline', role: 'user', text: 'I went to a support group yesterday.' },
                { id: 'D1:2', speaker: 'Mel', role: 'assistant', text: 'How did it go?' },
              ] },
            ],
            questions: [{ id: 'q1', question: 'When did Caroline go to the support group?', evidence: ['D1:1'], category: 'temporal' }],
          },
        ],
      }),
    );
    const r = cliJson<{ format: string; conversations: number; episodes: number }>(dir, 'ingest', file);
    expect(r).toMatchObject({ format: 'recall', conversations: 1, episodes: 2 });
    const db = cliJson<{ nodes: { episodic: number } }>(dir, 'stats');
    expect(db.nodes.episodic).toBe(2);
  });

  it('node --json returns the detail; errors are typed, on stderr, with a non-zero exit', () => {
    const dir = makeTempDir();
    cliJson(dir, 'ingest', join(ROOT, 'tests/fixtures/small-chat.jsonl'));
    const missing = cli(dir, 'node', 'nope', '--json');
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ error: { code: 'not_found' } });
    expect(missing.stderr).toMatch(/does not exist/);

    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"session":"s","text":"fine"}\n{"session":"s","text":"   "}\n');
    const r = cli(dir, 'ingest', bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 2: text: content is empty/);
    // Nothing from the bad file was written, not even its valid first line.
    expect(cliJson<{ nodes: { episodic: number } }>(dir, 'stats').nodes.episodic).toBe(5);

    // A line dated after the clock (a typo'd year) refuses the file: it would stand as the newest thing said.
    const ahead = join(dir, 'ahead.jsonl');
    writeFileSync(ahead, '{"session":"f","text":"I moved to York.","time":"2026-01-05T09:00:00Z"}\n{"session":"f","text":"I live in Leeds.","time":"2099-01-10T09:00:00Z"}\n');
    const refused = cli(dir, 'ingest', ahead);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/line 2: dated 2099-01-10T09:00:00.000Z, after this machine's clock/);
    expect(cliJson<{ nodes: { episodic: number } }>(dir, 'stats').nodes.episodic).toBe(5);

    const usage = cli(dir, 'frobnicate');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Unknown command/);
    // A command's help is its own lines and the options; a value given twice is refused, not one of them kept.
    const help = cli(dir, 'retract', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: engram \[--data-dir DIR\] \[--json\] retract/);
    expect(help.stdout).toContain('retract --undo ID reverts one');
    expect(help.stdout).not.toContain('ingest <file>');
    const twice = cli(dir, 'search', 'Leeds', '--as-of', '2024-01-01', '--as-of', '2025-01-01');
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/--as-of is given more than once/);
  });

  it('reembed rebuilds vectors and reports them', () => {
    const dir = makeTempDir();
    cliJson(dir, 'ingest', join(ROOT, 'tests/fixtures/small-chat.jsonl'));
    expect(cliJson(dir, 'reembed')).toMatchObject({ nodes: 5, dimensions: 768, model: 'offline-sentence-v1', pending_embeddings: 0 });
  });
});

describe('cli read path', { timeout: 120_000 }, () => {
  it('search, context and eval recall print their figures', () => {
    const dir = makeTempDir();
    cliJson(dir, 'ingest', join(ROOT, 'tests/fixtures/small-chat.jsonl'));
    const r = cliJson<{ intent: string; hits: { node: { content: string }; strategies: { strategy: string }[] }[] }>(
      dir, 'search', 'where', 'do', 'I', 'live', '--type', 'episodic', '--limit', '3',
    );
    expect(r.hits.length).toBeGreaterThan(0);
    expect(r.hits.some((h) => /Lisbon|Berlin/.test(h.node.content))).toBe(true);
    expect(cli(dir, 'search', 'x', '--type', 'dream').stderr).toMatch(/not one of/);
    const pack = cliJson<{ tokenBudget: number; markdown: string }>(dir, 'context', 'robot demo for Priya');
    expect(pack.tokenBudget).toBe(1200);
    const evalReport = cliJson<{ questions: number; recall: Record<string, number>; search_ms: { p95: number } }>(
      dir, 'eval', 'recall', join(ROOT, 'tests/fixtures/recall/conv-ru.json'), '--k', '5,10',
    );
    expect(evalReport.questions).toBe(19);
    expect(Object.keys(evalReport.recall)).toEqual(['5', '10']);
  });
});

describe('cli stats after consolidation', { timeout: 120_000 }, () => {
  it('shows sessions by state and the runs of the write path', () => {
    const dir = makeTempDir();
    cliJson(dir, 'ingest', join(ROOT, 'tests/fixtures/small-chat.jsonl'));
    const run = cli(dir, 'consolidate', '--offline', '--json');
    expect(run.code).toBe(0);
    // An ingested transcript is an import, and imports ask first: its facts wait in the review queue until approved.
    const pending = cliJson<{ items: { id: string }[] }>(dir, 'review', 'list');
    expect(pending.items.length).toBeGreaterThan(0);
    for (const p of pending.items) expect(cli(dir, 'review', 'approve', p.id).code).toBe(0);
    const s = cliJson<{ write_path: { sessions: Record<string, number>; recent_runs: { kind: string; status: string; mode: string }[] }; nodes: { semantic: number } }>(dir, 'stats');
    expect(s.write_path.sessions.consolidated).toBe(2);
    expect(s.write_path.recent_runs.length).toBeGreaterThan(0);
    expect(s.write_path.recent_runs[0]).toMatchObject({ status: 'ok', mode: 'offline' });
    expect(s.nodes.semantic).toBeGreaterThan(0);
    expect(cli(dir, 'stats').stdout).toMatch(/write path: sessions/);
  });
});
