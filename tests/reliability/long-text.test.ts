/**
 * Issue 21: 100,000-character adversarial texts through every text path, each within a time budget. The target
 * on the development machine is ≤ 250 ms per path; the assertion allows 2 s so a loaded CI machine stays green
 * (the one place tests may bound time: the issue sets a budget for adversarial input). Before the fix a single
 * 100k-letter word took ~2 minutes in entity linking, and consolidation failed with "LIKE or GLOB pattern too
 * complex" reported as a model failure. Set ENGRAM_LONG_TEXT_TIMINGS=1 to print the per-path table.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executeTool } from '../../src-main/chat/tools';
import { runImport } from '../../src-main/data/import/run';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import { HOSTILE_LONG_TEXTS } from '../fixtures/hostile/long-text';
import { makeTempDir, openTestEngine } from '../helpers/temp-engine';

const BUDGET_MS = 2_000;
const TOOL_MAX_CHARS = 4_000;

type PathName = 'record' | 'slow path' | 'search' | 'context pack' | 'remember' | 'correct' | 'chat/MCP tools' | 'consolidation' | 'import';

async function timed(path: PathName, row: Map<PathName, number>, fn: () => unknown): Promise<void> {
  const t = performance.now();
  await fn();
  row.set(path, performance.now() - t);
}

function claudeExport(dir: string, text: string, n: number): string {
  const path = join(dir, 'conversations.json');
  const at = '2024-06-01T09:00:01.000Z';
  writeFileSync(
    path,
    JSON.stringify([
      {
        uuid: `c0ffee00-0000-4000-8000-${String(n).padStart(12, '0')}`,
        name: 'Long message',
        created_at: at,
        chat_messages: [{ uuid: `m-${n}`, sender: 'human', text, content: [{ type: 'text', text }], created_at: at }],
      },
    ]),
  );
  return path;
}

/** Anchors whose names the hostile texts resemble, so linking has something to match against. */
function seedEntities(engine: MemoryEngine): void {
  engine.createEntity({ name: 'Aaa Bbb', type: 'person', aliases: ['Aaa', 'my boss'] });
  engine.createEntity({ name: 'Example', type: 'organization', aliases: ['a@b.io', 'example.com', '#a', '@a', '11/22/63'] });
}

describe('100,000-character adversarial text on every text path (issue 21)', () => {
  it('each path finishes within its budget, and nothing fails but clean refusals', async () => {
    const { engine } = openTestEngine();
    seedEntities(engine);
    // Warm the embedder and the analyzer once: their first load is not what a long text costs.
    engine.recordEpisode({ sessionId: 'warm', content: 'I live in Lisbon.' });
    await engine.drainSlowPath();
    await consolidateSession(engine, new OfflineExtractor(), 'warm');
    let tea = engine.rememberFact({ content: 'User likes tea' });

    const table = new Map<string, Map<PathName, number>>();
    try {
    for (const [name, text] of Object.entries(HOSTILE_LONG_TEXTS)) {
      expect(text.length, name).toBeLessThanOrEqual(100_000);
      const row = new Map<PathName, number>();
      table.set(name, row);
      const sessionId = `hostile-${name}`;

      await timed('record', row, async () => {
        engine.recordEpisode({ sessionId, content: text });
        await engine.flush();
      });
      engine.markSessionCompleted(sessionId);
      await timed('slow path', row, () => engine.drainSlowPath());
      await timed('search', row, () => engine.search({ query: text }));
      await timed('context pack', row, () => engine.buildContextPack(text));
      let factId = '';
      await timed('remember', row, () => (factId = engine.rememberFact({ content: text })));
      await timed('correct', row, () => engine.correctFact({ id: factId, content: `¤${text.slice(1)}` }));
      await timed('chat/MCP tools', row, async () => {
        // The tools cap their arguments: the full text is refused cleanly, the longest accepted one is written.
        const refused = await executeTool('remember_fact', JSON.stringify({ content: text }), { memory: engine, memorySessionId: sessionId });
        expect(refused.ok, name).toBe(false);
        const long = text.slice(0, TOOL_MAX_CHARS);
        const saved = await executeTool('remember_fact', JSON.stringify({ content: long }), { memory: engine, memorySessionId: sessionId });
        expect(saved, name).toMatchObject({ ok: true });
        const corrected = await executeTool('correct_fact', JSON.stringify({ id: tea, content: long }), { memory: engine, memorySessionId: sessionId });
        expect(corrected, name).toMatchObject({ ok: true });
        if (corrected.ok) tea = (corrected.result as { id: string }).id;
        await executeTool('search_memory', JSON.stringify({ query: text.slice(0, 2_000) }), { memory: engine, memorySessionId: sessionId });
        await engine.drainSlowPath();
      });
      await timed('consolidation', row, async () => {
        const outcome = await consolidateSession(engine, new OfflineExtractor(), sessionId);
        expect(outcome.error, name).toBeNull();
        expect(outcome.status, name).toBe('consolidated');
      });
      const file = claudeExport(makeTempDir(), text, table.size);
      await timed('import', row, async () => {
        const summary = await runImport(engine, file);
        expect(summary.messagesAdded, name).toBe(1);
        await engine.drainSlowPath();
        for (const s of summary.sessions) expect((await consolidateSession(engine, new OfflineExtractor(), s)).error, name).toBeNull();
      });
    }
    } finally {
      if (process.env.ENGRAM_LONG_TEXT_TIMINGS) printTable(table);
    }
    for (const [name, row] of table) for (const [path, ms] of row) expect(ms, `${name} / ${path}`).toBeLessThan(BUDGET_MS);
  }, 600_000);
});

function printTable(table: Map<string, Map<PathName, number>>): void {
    const paths = [...(table.values().next().value ?? new Map<PathName, number>()).keys()];
    {
      const lines = [`| input | ${paths.join(' | ')} |`, `| --- | ${paths.map(() => '---:').join(' | ')} |`];
      for (const [name, row] of table) lines.push(`| ${name} | ${paths.map((p) => Math.round(row.get(p) ?? 0)).join(' | ')} |`);
      lines.push(`| **max** | ${paths.map((p) => Math.round(Math.max(...[...table.values()].map((r) => r.get(p) ?? 0)))).join(' | ')} |`);
      console.log(lines.join('\n'));
    }
}
