/**
 * Search benchmark (issue: retrieval; issue 11 for the baseline and the split): a memory of N nodes (the
 * bench memory: episodes with 256-dim vectors plus ~2% facts), then search_memory and context packs for
 * realistic questions. Reports, from the same run:
 * - p50/p95 of search and p95 of the context pack, and the main thread's stall while they run;
 * - a baseline: a plain FTS5 BM25 query over the same memory for the same questions (an OR of the query's
 *   terms, `ORDER BY bm25(nodes_fts) LIMIT 10`), its p95 and search_p95 / baseline_p95 — what the hybrid
 *   retrieval costs over the simplest search SQLite can do;
 * - where a search's time goes: p50/p95 per step (query embedding, intent, each strategy, fusion), from the
 *   timings every search result carries; `other` is the rest (loading hits, scoring, MMR, yields).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultEmbedder } from '../src-main/embeddings/offline-default';
import { MemoryEngine } from '../src-main/memory/engine';
import { DEFAULT_RETRIEVAL_CONFIG } from '../src-main/memory/retrieval/config';
import { ftsMatchExpression } from '../src-main/memory/retrieval/text';
import type { SearchResult } from '../src-shared/retrieval-types';
import { buildBenchMemory, reusableBenchMemory, type BenchMemoryFigures } from './lib/bench-memory';
import { benchQueries } from './lib/queries';
import { percentile, progress, round, StallMonitor, type StallFigures } from './lib/stats';

export { buildBenchMemory } from './lib/bench-memory';

type StepName = keyof SearchResult['timings'] | 'other';

export interface SearchFigures extends StallFigures, Partial<BenchMemoryFigures> {
  nodes: number;
  p50_ms: number;
  p95_ms: number;
  context_p95_ms: number;
  /**
   * search_memory as the chat's tool and MCP call it by default: every type, so facts, and the facts derived from the
   * turns found (the provenance step). p50_ms / p95_ms search the conversation alone.
   */
  all_types_p50_ms: number;
  all_types_p95_ms: number;
  /**
   * The same packs with the similar-words list off (synonyms.ts: only packs fuse it), on the same memory after the
   * main run: what the list costs a pack, as a difference measured minutes apart (the machine's load moves both).
   */
  context_p95_without_similar_words_ms: number;
  /**
   * The app's embedder (defaultEmbedder(): the sentence encoder with word vectors) embedding each question alone.
   * The bench memory is embedded by the engine's word embedder (100k sentence encodings would take ~10 minutes), so
   * the app's search costs about p95_ms plus this: its query embedding is the one step that differs.
   */
  app_query_embedding_p50_ms: number;
  app_query_embedding_p95_ms: number;
  baseline_fts_p50_ms: number;
  baseline_fts_p95_ms: number;
  /** search p95 / baseline p95 (same questions, same memory, same run). */
  p95_vs_baseline: number;
  /** Per step of a search: p50 and p95 in ms, and how many of the searches ran it. */
  steps_ms: Partial<Record<StepName, { p50: number; p95: number; runs: number }>>;
  rss_mb: number;
}

const tick = (): Promise<void> => new Promise<void>((r) => setImmediate(r));

/** Context pack p95 over `queries` on the same memory with the similar-words list off (the engine is reopened so). */
async function packsWithoutSimilarWords(engine: MemoryEngine, dir: string, queries: readonly string[]): Promise<number> {
  await engine.close();
  const off = MemoryEngine.open({ dataDir: dir, startSlowPath: false, retrieval: { weights: { ...DEFAULT_RETRIEVAL_CONFIG.weights, synonyms: 0 } } });
  try {
    await off.warmVectorIndex({ copies: true });
    for (const q of queries.slice(0, 20)) await off.buildContextPack(q);
    const ms: number[] = [];
    for (const q of queries) {
      const s = performance.now();
      await off.buildContextPack(q);
      ms.push(performance.now() - s);
      await tick();
    }
    return percentile(ms, 95);
  } finally {
    await off.close();
  }
}

/** Each question embedded alone by the app's embedder, after it has loaded and warmed up. */
async function appQueryEmbeddingMs(queries: readonly string[]): Promise<number[]> {
  const embedder = defaultEmbedder();
  for (const q of queries.slice(0, 20)) await embedder.embedBatch([q]);
  const ms: number[] = [];
  for (const q of queries) {
    const s = performance.now();
    await embedder.embedBatch([q]);
    ms.push(performance.now() - s);
    await tick();
  }
  return ms;
}

/** `dir`: a kept bench memory (built there if absent, see reusableBenchMemory); else a temp one. */
export async function benchSearch(options: { nodes: number; dir?: string | undefined }): Promise<SearchFigures> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'engram-bench-search-'));
  try {
    const generation = options.dir ? await reusableBenchMemory(options.dir, options.nodes) : await buildBenchMemory(dir, options.nodes);
    const engine = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
    try {
      const queries = benchQueries(300);
      // Warm-up: the vector index (it loads in the background from open), page cache, prepared statements,
      // exemplar vectors.
      await engine.warmVectorIndex({ copies: true });
      for (const q of queries.slice(0, 20)) await engine.search({ query: q, types: ['episodic'] });
      const baseline = engine.database.prepare(
        `SELECT n.id, n.content FROM nodes_fts JOIN nodes n ON n.rowid = nodes_fts.rowid
         WHERE nodes_fts MATCH ? ORDER BY bm25(nodes_fts) LIMIT 10`,
      );
      const searchMs: number[] = [];
      const contextMs: number[] = [];
      const allTypesMs: number[] = [];
      const baselineMs: number[] = [];
      const steps = new Map<StepName, number[]>();
      progress(`search: ${queries.length} questions over ${options.nodes.toLocaleString()} nodes`);
      const stall = new StallMonitor().start();
      for (const q of queries) {
        let s = performance.now();
        const result = await engine.search({ query: q, types: ['episodic'], limit: 10 });
        searchMs.push(performance.now() - s);
        let accounted = 0;
        for (const [name, ms] of Object.entries(result.timings) as [StepName, number][]) {
          if (name === 'total') continue;
          accounted += ms;
          steps.set(name, [...(steps.get(name) ?? []), ms]);
        }
        steps.set('other', [...(steps.get('other') ?? []), Math.max(0, (result.timings.total ?? 0) - accounted)]);
        await tick();
        s = performance.now();
        await engine.search({ query: q, limit: 10 });
        allTypesMs.push(performance.now() - s);
        await tick();
        s = performance.now();
        await engine.buildContextPack(q);
        contextMs.push(performance.now() - s);
        await tick();
      }
      const stallFigures = stall.stop();
      // The baseline runs apart, unmonitored: a plain BM25 query over a large memory blocks for as long as
      // it runs, and would otherwise stand in the stall figures for the engine's own searches.
      for (const q of queries) {
        const match = ftsMatchExpression(q);
        const s = performance.now();
        if (match) baseline.all(match);
        baselineMs.push(performance.now() - s);
        await tick();
      }
      const stats = engine.stats();
      const withoutSimilarWords = await packsWithoutSimilarWords(engine, dir, queries);
      const appEmbedding = await appQueryEmbeddingMs(queries);
      const p95 = percentile(searchMs, 95);
      const baselineP95 = percentile(baselineMs, 95);
      return {
        nodes: stats.nodes.episodic + stats.nodes.semantic,
        ...generation,
        p50_ms: round(percentile(searchMs, 50)),
        p95_ms: round(p95),
        context_p95_ms: round(percentile(contextMs, 95)),
        all_types_p50_ms: round(percentile(allTypesMs, 50)),
        all_types_p95_ms: round(percentile(allTypesMs, 95)),
        context_p95_without_similar_words_ms: round(withoutSimilarWords),
        app_query_embedding_p50_ms: round(percentile(appEmbedding, 50)),
        app_query_embedding_p95_ms: round(percentile(appEmbedding, 95)),
        baseline_fts_p50_ms: round(percentile(baselineMs, 50)),
        baseline_fts_p95_ms: round(baselineP95),
        p95_vs_baseline: round(p95 / baselineP95, 2),
        steps_ms: Object.fromEntries(
          [...steps.entries()].map(([name, ms]) => [name, { p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)), runs: ms.length }]),
        ),
        ...stallFigures,
        rss_mb: Math.round(process.memoryUsage().rss / 1e6),
      };
    } finally {
      await engine.close();
    }
  } finally {
    if (!options.dir) rmSync(dir, { recursive: true, force: true });
  }
}
