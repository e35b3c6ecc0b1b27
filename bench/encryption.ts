/**
 * Encryption at rest (issue 27): the same work on a plaintext and an encrypted memory of N nodes, in one run,
 * interleaved call by call so that a busy machine slows both alike. Reports p95 of the hot path (one episode
 * recorded and made durable), of search and of the context pack, each with encrypted / plaintext, plus how long
 * each memory took to generate (bulk ingest and embedding). Target: every ratio within 1.15. The two memories
 * are generated one after the other, not interleaved, so on a shared machine their wall times see different
 * loads; the CPU time this process spent on each (all its threads) is reported beside it and is the fairer ratio.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEngine } from '../src-main/memory/engine';
import { buildBenchMemory } from './lib/bench-memory';
import { chatStream, type ChatMessage } from './lib/chat-corpus';
import { benchQueries } from './lib/queries';
import { percentile, progress, round } from './lib/stats';

type Side = 'plaintext' | 'encrypted';
const SIDES: Side[] = ['plaintext', 'encrypted'];

export interface EncryptionFigures {
  nodes: number;
  generation_s: Record<Side, number>;
  /** CPU seconds of this process (every thread) while generating: less sensitive to other programs' load. */
  generation_cpu_s: Record<Side, number>;
  hot_path_p95_ms: Record<Side, number>;
  /** The median beside the p95: the tail is the commits that split B-tree pages (open.ts, cache_size), the median the cipher. */
  hot_path_p50_ms: Record<Side, number>;
  search_p95_ms: Record<Side, number>;
  context_p95_ms: Record<Side, number>;
  /** encrypted / plaintext, per figure. */
  ratio: { generation: number; generation_cpu: number; hot_path_p95: number; search_p95: number; context_p95: number };
}

export async function benchEncryption(options: { nodes: number; samples?: number; queries?: number }): Promise<EncryptionFigures> {
  const dirs = Object.fromEntries(SIDES.map((s) => [s, mkdtempSync(join(tmpdir(), `engram-bench-${s}-`))])) as Record<Side, string>;
  try {
    const generation = {} as Record<Side, number>;
    const generationCpu = {} as Record<Side, number>;
    for (const side of SIDES) {
      progress(`encryption: building the ${side} memory (${options.nodes.toLocaleString()} nodes)`);
      const cpu = process.cpuUsage();
      const figures = await buildBenchMemory(dirs[side], options.nodes, { encryption: side === 'plaintext' ? { plaintext: true } : {} });
      const used = process.cpuUsage(cpu);
      generation[side] = figures.generation_s;
      generationCpu[side] = round((used.user + used.system) / 1e6);
    }
    const engines = Object.fromEntries(SIDES.map((s) => [s, MemoryEngine.open({ dataDir: dirs[s], startSlowPath: false })])) as Record<Side, MemoryEngine>;
    try {
      const samples = { hot: fresh(), search: fresh(), context: fresh() };
      for (const side of SIDES) await engines[side].warmVectorIndex({ copies: true });
      const queries = benchQueries(options.queries ?? 200);
      for (const q of queries.slice(0, 20)) for (const side of SIDES) await engines[side].search({ query: q, types: ['episodic'] });
      progress(`encryption: ${queries.length} searches and context packs, alternating`);
      for (const q of queries) {
        for (const side of SIDES) {
          let s = performance.now();
          await engines[side].search({ query: q, types: ['episodic'], limit: 10 });
          samples.search[side].push(performance.now() - s);
          s = performance.now();
          await engines[side].buildContextPack(q);
          samples.context[side].push(performance.now() - s);
        }
      }
      const stream = chatStream(13);
      const count = options.samples ?? 1000;
      progress(`encryption: ${count} single episodes per memory, alternating`);
      for (let i = 0; i < count; i++) {
        const m = stream.next().value as ChatMessage;
        // Each side goes first half the time: a write's background work (its checkpoint timer, its slow-path
        // embedding) lands in whichever measurement follows it.
        for (const side of i % 2 === 0 ? SIDES : [...SIDES].reverse()) {
          const s = performance.now();
          engines[side].recordEpisode({ content: m.content, sessionId: m.sessionId, role: m.role, eventTime: m.eventTime });
          await engines[side].flush();
          samples.hot[side].push(performance.now() - s);
        }
      }
      const p95 = (xs: Record<Side, number[]>): Record<Side, number> => ({ plaintext: round(percentile(xs.plaintext, 95)), encrypted: round(percentile(xs.encrypted, 95)) });
      const hot = p95(samples.hot);
      const search = p95(samples.search);
      const context = p95(samples.context);
      const ratio = (x: Record<Side, number>): number => round(x.encrypted / x.plaintext);
      return {
        nodes: options.nodes,
        generation_s: generation,
        generation_cpu_s: generationCpu,
        hot_path_p95_ms: hot,
        hot_path_p50_ms: { plaintext: round(percentile(samples.hot.plaintext, 50)), encrypted: round(percentile(samples.hot.encrypted, 50)) },
        search_p95_ms: search,
        context_p95_ms: context,
        ratio: { generation: ratio(generation), generation_cpu: ratio(generationCpu), hot_path_p95: ratio(hot), search_p95: ratio(search), context_p95: ratio(context) },
      };
    } finally {
      for (const side of SIDES) await engines[side].close();
    }
  } finally {
    for (const side of SIDES) rmSync(dirs[side], { recursive: true, force: true });
  }
}

const fresh = (): Record<Side, number[]> => ({ plaintext: [], encrypted: [] });
