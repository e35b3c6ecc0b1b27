/**
 * Nightly maintenance benchmark (issue 11): the sweep the scheduler runs at 03:00 (or at launch to catch up),
 * without an LLM — offline consolidation of the day's pending sessions, decay and pruning of every current
 * fact, entity enrichment and the weekly reflection (both skip without a model) — over the bench memory of
 * N nodes with 20% facts, as a memory consolidated for a while holds.
 *
 * Facts are backdated and the last 10 conversations left pending (lib/nightly-work.ts), so the sweep finds what a
 * real night does: every fact re-scored, the few whose confidence fell below the threshold soft-deleted.
 * Figures: the sweep's wall time, time per step (from its progress events), counts, and the main thread's stall.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEngine } from '../src-main/memory/engine';
import { WritePathService } from '../src-main/writepath/service';
import { buildBenchMemory, type BenchMemoryFigures } from './lib/bench-memory';
import { leaveNightlyWork } from './lib/nightly-work';
import { measureStall, progress, round, type StallFigures } from './lib/stats';

const PENDING_SESSIONS = 10;
const FACT_SHARE = 0.2;

export interface DecayFigures extends StallFigures, BenchMemoryFigures {
  nodes: number;
  facts: number;
  maintenance_ms: number;
  /** Wall time of each step of the sweep, in the order it ran. */
  steps_ms: Record<string, number>;
  decay_scanned: number;
  decay_updated: number;
  decay_pruned: number;
  sessions_consolidated: number;
  facts_created: number;
  status: string;
}

export async function benchDecay(options: { nodes: number }): Promise<DecayFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-decay-'));
  try {
    const generation = await buildBenchMemory(dir, options.nodes, { factShare: FACT_SHARE });
    const engine = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
    const service = new WritePathService({ engine });
    try {
      const { facts } = leaveNightlyWork(engine, { pendingSessions: PENDING_SESSIONS });
      progress(`decay: nightly maintenance over ${options.nodes.toLocaleString()} nodes (${facts.toLocaleString()} current facts)`);

      const steps: Record<string, number> = {};
      let step = '';
      let stepStart = performance.now();
      const unsubscribe = service.onProgress((p) => {
        if (p.job !== 'maintenance' || p.step === step) return;
        const at = performance.now();
        if (step) steps[step] = round(at - stepStart, 1);
        step = p.step;
        stepStart = at;
      });
      const t0 = performance.now();
      const { result: report, stall } = await measureStall(() => service.runMaintenance({ trigger: 'bench' }));
      const elapsed = performance.now() - t0;
      unsubscribe();
      if (step && step !== 'done') steps[step] = round(performance.now() - stepStart, 1);
      if (report.errors.length > 0) throw new Error(`maintenance reported errors: ${report.errors.join('; ')}`);
      return {
        nodes: options.nodes,
        facts,
        ...generation,
        maintenance_ms: Math.round(elapsed),
        steps_ms: steps,
        decay_scanned: report.decay?.scanned ?? 0,
        decay_updated: report.decay?.updated ?? 0,
        decay_pruned: report.decay?.pruned ?? 0,
        sessions_consolidated: report.sessions.filter((s) => s.status === 'consolidated').length,
        facts_created: report.sessions.reduce((n, s) => n + s.factsCreated.length, 0),
        status: report.cancelled ? 'cancelled' : 'ok',
        ...stall,
      };
    } finally {
      await service.close();
      await engine.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
