/**
 * Recall evaluation: each conversation goes into its own fresh memory (turns → episodes in order), each
 * question is answered by the assistant's own search over episodic nodes, and Recall@k is the share of
 * the question's evidence turns found in its top k, averaged over questions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmbeddingProvider } from '../embeddings/types';
import { recordTranscript } from '../data/import/record-transcript';
import { conversationEpisodes, type RecallDataset } from '../data/import/transcript-file';
import { MemoryEngine, type RetrievalConfig } from '../memory';

export interface RecallReport {
  name: string;
  questions: number;
  recall: Record<string, number>;
  by_category: Record<string, Record<string, number>>;
  ingest_turns_per_s: number;
  search_ms: { p50: number; p95: number };
}

export interface RecallOptions {
  ks: number[];
  embedder?: () => EmbeddingProvider;
  retrieval?: Partial<RetrievalConfig>;
  onProgress?: (message: string) => void;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000;

export async function evaluateRecall(dataset: RecallDataset, options: RecallOptions): Promise<RecallReport> {
  const ks = [...new Set(options.ks)].sort((a, b) => a - b);
  const maxK = ks[ks.length - 1] ?? 10;
  const sums = new Map<string, number>(ks.map((k) => [String(k), 0]));
  const byCategory = new Map<string, { n: number; sums: Map<string, number> }>();
  const searchMs: number[] = [];
  let questions = 0;
  let turns = 0;
  let ingestMs = 0;

  for (const conv of dataset.conversations) {
    const dir = mkdtempSync(join(tmpdir(), 'engram-eval-'));
    const engine = MemoryEngine.open({
      dataDir: dir,
      startSlowPath: false,
      ...(options.embedder ? { embedder: options.embedder() } : {}),
      ...(options.retrieval ? { retrieval: options.retrieval } : {}),
    });
    try {
      const episodes = conversationEpisodes(conv);
      const t0 = performance.now();
      const ids = await recordTranscript(engine, episodes);
      const turnOf = new Map(ids.map((id, i) => [id, episodes[i]?.attributes.turn_id ?? '']));
      ingestMs += performance.now() - t0;
      turns += episodes.length;
      const lastEvent = episodes.reduce((m, e) => Math.max(m, e.eventTime), 0);
      options.onProgress?.(`${conv.id}: ${episodes.length} turns ingested; ${conv.questions.length} questions`);

      for (const q of conv.questions) {
        if (q.evidence.length === 0) continue;
        const s = performance.now();
        const result = await engine.search({ query: q.question, types: ['episodic'], limit: maxK, now: lastEvent + 86_400_000 });
        searchMs.push(performance.now() - s);
        const ranked = result.hits.map((h) => turnOf.get(h.node.id));
        const evidence = new Set(q.evidence);
        const cat = byCategory.get(q.category) ?? { n: 0, sums: new Map(ks.map((k) => [String(k), 0])) };
        cat.n++;
        byCategory.set(q.category, cat);
        for (const k of ks) {
          const found = new Set(ranked.slice(0, k).filter((t): t is string => t !== undefined && evidence.has(t)));
          const recall = found.size / evidence.size;
          sums.set(String(k), (sums.get(String(k)) ?? 0) + recall);
          cat.sums.set(String(k), (cat.sums.get(String(k)) ?? 0) + recall);
        }
        questions++;
      }
    } finally {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return {
    name: dataset.name,
    questions,
    recall: Object.fromEntries(ks.map((k) => [String(k), r3((sums.get(String(k)) ?? 0) / Math.max(1, questions))])),
    by_category: Object.fromEntries(
      [...byCategory.entries()].map(([c, v]) => [c, { ...Object.fromEntries(ks.map((k) => [String(k), r3((v.sums.get(String(k)) ?? 0) / v.n)])), n: v.n }]),
    ),
    ingest_turns_per_s: Math.round(turns / Math.max(0.001, ingestMs / 1000)),
    search_ms: { p50: r3(percentile(searchMs, 50)), p95: r3(percentile(searchMs, 95)) },
  };
}
