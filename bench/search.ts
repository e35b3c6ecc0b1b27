/**
 * Search benchmark (issue: retrieval): a memory of N episodes with 256-dim vectors plus distilled facts,
 * then search_memory and context packs for realistic questions, and the event-loop stall while searching.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MemoryEngine } from '../src-main/memory/engine';
import { chatStream, PEOPLE, type ChatMessage } from './lib/chat-corpus';
import { benchQueries } from './lib/queries';
import { percentile, progress, round } from './lib/stats';

export interface SearchFigures {
  nodes: number;
  p50_ms: number;
  p95_ms: number;
  context_p95_ms: number;
  event_loop_stall_p99_ms: number;
}

/** Build (or reuse) a memory: episodes through the hot path, ~2% facts linked to people, all embedded. */
export async function buildBenchMemory(dir: string, nodes: number): Promise<void> {
  const engine = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
  try {
    const people = PEOPLE.map((name) => engine.createEntity({ name, type: 'person' }).id);
    const stream = chatStream(11);
    const facts = Math.floor(nodes * 0.02);
    for (let i = 0; i < nodes - facts; i++) {
      const m = stream.next().value as ChatMessage;
      engine.recordEpisode({ content: m.content, sessionId: m.sessionId, role: m.role, eventTime: m.eventTime });
      if (i % 1000 === 999) await engine.flush();
      if (i % 25_000 === 24_999) progress(`search memory: ${i + 1} episodes`);
    }
    await engine.flush();
    for (let i = 0; i < facts; i++) {
      const m = stream.next().value as ChatMessage;
      engine.rememberFact({ content: `User mentioned: ${m.content}`, sourceType: 'extraction', entityIds: [people[i % people.length] as string] });
    }
    progress('search memory: embedding');
    await engine.drainSlowPath();
  } finally {
    await engine.close();
  }
}

export async function benchSearch(options: { nodes: number; dir?: string }): Promise<SearchFigures> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'engram-bench-search-'));
  try {
    if (!options.dir) await buildBenchMemory(dir, options.nodes);
    const engine = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
    try {
      const queries = benchQueries(300);
      // Warm-up: the vector index (it loads in the background from open), page cache, prepared statements,
      // exemplar vectors.
      await engine.warmVectorIndex();
      for (const q of queries.slice(0, 20)) await engine.search({ query: q, types: ['episodic'] });
      const h = monitorEventLoopDelay({ resolution: 1 });
      const searchMs: number[] = [];
      const contextMs: number[] = [];
      h.enable();
      for (const q of queries) {
        let s = performance.now();
        await engine.search({ query: q, types: ['episodic'], limit: 10 });
        searchMs.push(performance.now() - s);
        await new Promise<void>((r) => setImmediate(r));
        s = performance.now();
        await engine.buildContextPack(q);
        contextMs.push(performance.now() - s);
        await new Promise<void>((r) => setImmediate(r));
      }
      h.disable();
      const stats = engine.stats();
      return {
        nodes: stats.nodes.episodic + stats.nodes.semantic,
        p50_ms: round(percentile(searchMs, 50)),
        p95_ms: round(percentile(searchMs, 95)),
        context_p95_ms: round(percentile(contextMs, 95)),
        event_loop_stall_p99_ms: round(h.percentile(99) / 1e6, 1),
      };
    } finally {
      await engine.close();
    }
  } finally {
    if (!options.dir) rmSync(dir, { recursive: true, force: true });
  }
}
