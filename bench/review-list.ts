/**
 * Issue 23: opening the Review view with 10,000 facts waiting (target ≤ 300 ms). "Opening" is what the view
 * asks for: `review.list` (first page of 100, with quoted evidence and the counts) and `review.count`, through
 * the API dispatch with its zod validation and the JSON the transport sends. Measured cold (first call after the
 * memory file is opened) and warm (median of 20), plus a page deep in the list (cursor walk). Baseline from the
 * same run: `memory.listNodes` of 100 facts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEngine } from '../src-main/memory/engine';
import { AppHost } from '../src-main/host/app-host';
import { MemorySecretStore } from '../src-main/llm/secrets';
import { percentile, progress, round } from './lib/stats';

const EPISODES = 2_000;

export interface ReviewListFigures {
  proposals: number;
  open_cold_ms: number;
  open_warm_median_ms: number;
  open_warm_p95_ms: number;
  deep_page_ms: number;
  baseline_list_nodes_median_ms: number;
  ratio_to_list_nodes: number;
  first_page_bytes: number;
  target_ms: number;
}

export async function benchReviewList(options: { proposals: number }): Promise<ReviewListFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-review-'));
  try {
    const engine = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
    progress(`review-list: recording ${EPISODES} episodes and ${options.proposals} proposals`);
    const episodes: string[] = [];
    for (let i = 0; i < EPISODES; i++) episodes.push(engine.recordEpisode({ content: `Imported message ${i}: I moved to city number ${i} and work at company ${i}.`, sessionId: `chat-import${i % 200}-1`, sourceType: 'import' }));
    await engine.flush();
    engine.writeTransaction(() => {
      for (let i = 0; i < options.proposals; i++) {
        engine.proposeFact({
          action: 'remember',
          origin: 'import',
          sourceLabel: 'memory agent',
          input: { content: `User fact number ${i} about city ${i % EPISODES}`, sourceType: 'heuristic', sessionId: `chat-import${i % 200}-1`, derivedFrom: [episodes[i % EPISODES] ?? ''] },
        });
        if (i < 100) engine.rememberFact({ content: `Baseline fact ${i}`, sourceType: 'manual' });
      }
    });
    await engine.close();

    // The app as the Review view meets it: the host's dispatch (zod, handlers) on the file just reopened.
    const host = new AppHost({ dataDir: dir, secrets: new MemorySecretStore(), mode: 'browser', version: 'bench', sweepIntervalMs: 0, nightly: false, logger: { warn: () => {}, error: () => {} } });
    const dispatch = (name: Parameters<AppHost['dispatch']>[0], input: unknown) => host.dispatch(name, input as never);
    const open = async (): Promise<{ ms: number; bytes: number }> => {
      const t = performance.now();
      const [list, count] = await Promise.all([dispatch('review.list', { limit: 100 }), dispatch('review.count', {})]);
      const bytes = JSON.stringify(list).length + JSON.stringify(count).length;
      if (!list.ok || !count.ok) throw new Error('review.list failed');
      return { ms: performance.now() - t, bytes };
    };
    const cold = await open();
    const warm: number[] = [];
    for (let i = 0; i < 20; i++) warm.push((await open()).ms);
    // A page deep in the list: walk the cursor 50 pages in, time the last.
    let cursor: string | null = null;
    let deep = 0;
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      const page = host.memory.listProposals({ limit: 100, ...(cursor ? { cursor } : {}) });
      deep = performance.now() - t;
      cursor = page.nextCursor;
    }
    const baseline: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      const r = await dispatch('memory.listNodes', { types: ['semantic'], limit: 100 });
      JSON.stringify(r);
      baseline.push(performance.now() - t);
    }
    await host.close();
    const warmMedian = percentile(warm, 50);
    const base = percentile(baseline, 50);
    return {
      proposals: options.proposals,
      open_cold_ms: round(cold.ms, 1),
      open_warm_median_ms: round(warmMedian, 2),
      open_warm_p95_ms: round(percentile(warm, 95), 2),
      deep_page_ms: round(deep, 2),
      baseline_list_nodes_median_ms: round(base, 2),
      ratio_to_list_nodes: round(warmMedian / base, 2),
      first_page_bytes: cold.bytes,
      target_ms: 300,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
