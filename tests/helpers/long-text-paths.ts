/**
 * Every text path of the engine, timed on one long text (issue 21): recording, the slow path (embedding and
 * entity linking), search, the context pack, remember and correct, the slow path of those two facts, the
 * chat/MCP memory tools, offline consolidation and the import of one message. Shared by tests/reliability/long-text.test.ts (which bounds
 * each path) and bench/long-text.ts (which reports the figures). Unexpected outcomes throw: a path that
 * fails is not a fast path.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { executeTool } from '../../src-main/chat/tools';
import { runImport } from '../../src-main/data/import/run';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';

export const LONG_TEXT_PATHS = ['record', 'slow path', 'search', 'context pack', 'remember', 'correct', 'facts slow path', 'chat/MCP tools', 'consolidation', 'import'] as const;
export type LongTextPath = (typeof LONG_TEXT_PATHS)[number];
export type PathTimings = Map<LongTextPath, number>;

/** The longest content the chat's remember_fact and correct_fact take (chat/tools.ts). */
const TOOL_MAX_CHARS = 4_000;

/** Anchors the hostile texts resemble, so linking has work to do; then one warm run so first loads are not counted. */
export async function prepareLongTextMemory(engine: MemoryEngine): Promise<{ factToCorrect: string }> {
  engine.createEntity({ name: 'Aaa Bbb', type: 'person', aliases: ['Aaa', 'my boss'] });
  engine.createEntity({ name: 'Example', type: 'organization', aliases: ['a@b.io', 'example.com', '#a', '@a', '11/22/63'] });
  engine.recordEpisode({ sessionId: 'warm', content: 'I live in Lisbon since May 2020.' });
  await engine.drainSlowPath();
  engine.markSessionCompleted('warm');
  await consolidateSession(engine, new OfflineExtractor(), 'warm');
  await engine.search({ query: 'where do I live since 2020' });
  await engine.buildContextPack('where do I live since 2020');
  return { factToCorrect: engine.rememberFact({ content: 'User likes tea' }) };
}

async function timed(row: PathTimings, path: LongTextPath, fn: () => unknown): Promise<void> {
  const t = performance.now();
  await fn();
  row.set(path, performance.now() - t);
}

function expectThat(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

function claudeExport(dir: string, text: string, n: number): string {
  const path = join(dir, `long-text-${n}.json`);
  const at = '2024-06-01T09:00:01.000Z';
  const message = { uuid: `m-${n}`, sender: 'human', text, content: [{ type: 'text', text }], created_at: at };
  writeFileSync(path, JSON.stringify([{ uuid: `c0ffee00-0000-4000-8000-${String(n).padStart(12, '0')}`, name: 'Long message', created_at: at, chat_messages: [message] }]));
  return path;
}

/** Each path once on `text` (the n-th input; files go to `dir`), in the order a message meets them. */
export async function timeLongTextPaths(engine: MemoryEngine, state: { factToCorrect: string }, text: string, n: number, dir: string): Promise<PathTimings> {
  const row: PathTimings = new Map();
  const sessionId = `long-text-${n}`;
  const tools = { memory: engine, memorySessionId: sessionId };
  await timed(row, 'record', async () => {
    engine.recordEpisode({ sessionId, content: text });
    await engine.flush();
  });
  engine.markSessionCompleted(sessionId);
  await timed(row, 'slow path', () => engine.drainSlowPath());
  await timed(row, 'search', () => engine.search({ query: text }));
  await timed(row, 'context pack', () => engine.buildContextPack(text));
  let factId = '';
  await timed(row, 'remember', () => (factId = engine.rememberFact({ content: text })));
  await timed(row, 'correct', () => engine.correctFact({ id: factId, content: `¤${text.slice(1)}` }));
  // The slow path (embedding, entity linking) of the two 100k-character facts just written, on its own: the
  // tools' figure below then covers the tools and the slow path of what they write.
  await timed(row, 'facts slow path', () => engine.drainSlowPath());
  await timed(row, 'chat/MCP tools', async () => {
    // The tools cap their arguments: the whole text is refused cleanly, the longest accepted part is written.
    const refused = await executeTool('remember_fact', JSON.stringify({ content: text }), tools);
    expectThat(!refused.ok, 'remember_fact took a text over its limit');
    const part = text.slice(0, TOOL_MAX_CHARS);
    const saved = await executeTool('remember_fact', JSON.stringify({ content: part }), tools);
    expectThat(saved.ok, `remember_fact failed: ${saved.ok ? '' : saved.error}`);
    const corrected = await executeTool('correct_fact', JSON.stringify({ id: state.factToCorrect, content: part }), tools);
    if (!corrected.ok) throw new Error(`correct_fact failed: ${corrected.error}`);
    state.factToCorrect = (corrected.result as { id: string }).id;
    await executeTool('search_memory', JSON.stringify({ query: text.slice(0, 2_000) }), tools);
    await engine.drainSlowPath();
  });
  await timed(row, 'consolidation', async () => {
    const outcome = await consolidateSession(engine, new OfflineExtractor(), sessionId);
    expectThat(outcome.status === 'consolidated', `consolidation ${outcome.status}: ${outcome.error ?? ''}`);
  });
  const file = claudeExport(dir, text, n);
  await timed(row, 'import', async () => {
    const summary = await runImport(engine, file);
    expectThat(summary.messagesAdded === 1, `import added ${summary.messagesAdded} messages`);
    await engine.drainSlowPath();
    for (const s of summary.sessions) {
      const outcome = await consolidateSession(engine, new OfflineExtractor(), s);
      expectThat(outcome.status === 'consolidated', `consolidation of the import ${outcome.status}: ${outcome.error ?? ''}`);
    }
  });
  return row;
}

/** The timings as a Markdown table, one row per input and a last row with each path's maximum. */
export function timingTable(table: ReadonlyMap<string, PathTimings>): string {
  const ms = (row: PathTimings | undefined, p: LongTextPath): number => Math.round(row?.get(p) ?? 0);
  const lines = [`| input | ${LONG_TEXT_PATHS.join(' | ')} |`, `| --- | ${LONG_TEXT_PATHS.map(() => '---:').join(' | ')} |`];
  for (const [name, row] of table) lines.push(`| ${name} | ${LONG_TEXT_PATHS.map((p) => ms(row, p)).join(' | ')} |`);
  lines.push(`| **max** | ${LONG_TEXT_PATHS.map((p) => Math.max(...[...table.values()].map((row) => ms(row, p)))).join(' | ')} |`);
  return lines.join('\n');
}
