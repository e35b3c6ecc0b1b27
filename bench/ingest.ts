/**
 * Ingest benchmark (issue: engine foundation): grow a memory to N episodes of generated chat text and
 * measure the hot path (one episode recorded and made durable, at full size), sustained group-commit
 * ingest, and the slow path (offline embedding + entity linking) over the whole backlog.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEngine } from '../src-main/memory/engine';
import { chatStream, PEOPLE, PLACES, type ChatMessage } from './lib/chat-corpus';
import { measureStall, percentile, progress, round, StallMonitor, type StallFigures } from './lib/stats';

export interface IngestFigures extends StallFigures {
  nodes: number;
  hot_path_ms_p50: number;
  hot_path_ms_p95: number;
  episodes_per_s: number;
  slow_path_per_s: number;
  /** The stall of each phase; main_stall_* covers all of them. */
  stall_by_phase: { ingest: StallFigures; slow_path: StallFigures };
  db_mb: number;
  rss_mb: number;
}

export async function benchIngest(options: { nodes: number; keep?: boolean }): Promise<IngestFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-ingest-'));
  const engine = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
  let maxRss = 0;
  const sampleRss = () => (maxRss = Math.max(maxRss, process.memoryUsage().rss));
  try {
    // Anchors for linking, as a memory that has been consolidated for a while would have.
    for (const name of PEOPLE) engine.createEntity({ name, type: 'person' });
    for (const name of PLACES.filter((p) => !p.startsWith('the '))) engine.createEntity({ name, type: 'place' });
    engine.createEntity({ name: 'Maria’s boss', type: 'person', aliases: ['my boss'] });

    const stream = chatStream(7, undefined, options.nodes);
    const hotSamples = Math.min(1_000, Math.floor(options.nodes / 10));
    const bulk = options.nodes - hotSamples;
    const groupSize = 500;
    let recorded = 0;
    const overallStall = new StallMonitor().start();
    const ingestStall = new StallMonitor().start();
    const t0 = performance.now();
    while (recorded < bulk) {
      const n = Math.min(groupSize, bulk - recorded);
      for (let i = 0; i < n; i++) {
        const m = stream.next().value as ChatMessage;
        engine.recordEpisode({ content: m.content, sessionId: m.sessionId, role: m.role, eventTime: m.eventTime });
      }
      await engine.flush();
      recorded += n;
      if (recorded % 20_000 === 0) {
        sampleRss();
        progress(`ingest: ${recorded}/${options.nodes} episodes`);
      }
    }
    const bulkMs = performance.now() - t0;

    // Hot path at full size: one episode at a time, recorded and made durable.
    const latencies: number[] = [];
    for (let i = 0; i < hotSamples; i++) {
      const m = stream.next().value as ChatMessage;
      const s = performance.now();
      engine.recordEpisode({ content: m.content, sessionId: m.sessionId, role: m.role, eventTime: m.eventTime });
      await engine.flush();
      latencies.push(performance.now() - s);
    }
    const ingestPhase = ingestStall.stop();
    sampleRss();
    progress(`ingest: hot path sampled (${hotSamples} single episodes); running the slow path over ${options.nodes}`);

    const s0 = performance.now();
    const { stall: slowPhase } = await measureStall(() =>
      engine.drainSlowPath((p) => {
        if (p.processed % 20_480 === 0) {
          sampleRss();
          progress(`slow path: ${p.processed} embedded, ${p.remaining} to go`);
        }
      }),
    );
    const slowMs = performance.now() - s0;
    const overall = overallStall.stop();
    sampleRss();
    const stats = engine.stats();
    if (stats.pending_embeddings !== 0) throw new Error(`slow path left ${stats.pending_embeddings} pending`);
    return {
      nodes: stats.nodes.episodic,
      ...overall,
      stall_by_phase: { ingest: ingestPhase, slow_path: slowPhase },
      hot_path_ms_p50: round(percentile(latencies, 50)),
      hot_path_ms_p95: round(percentile(latencies, 95)),
      episodes_per_s: Math.round(bulk / (bulkMs / 1000)),
      slow_path_per_s: Math.round(options.nodes / (slowMs / 1000)),
      db_mb: stats.storage_size_mb,
      rss_mb: Math.round(maxRss / 1e6),
    };
  } finally {
    await engine.close();
    if (!options.keep) rmSync(dir, { recursive: true, force: true });
  }
}
