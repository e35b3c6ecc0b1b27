/**
 * Nightly maintenance (ADR 008 §10.2): consolidate every pending session, run decay, enrich entities, and
 * write the weekly reflection when it is due. Each step is independent: a failing LLM step is logged in the
 * run and the sweep goes on, so decay still runs when the model is down (§17).
 */
import type { WritePathMemory } from './memory-port';
import { addUsage, emptyUsage, type MemoryAgent, type TokenUsage } from './agent';
import { consolidateSession, type SessionOutcome } from './consolidate';
import { ENRICHMENT_PROMPT, enrichEntities } from './enrichment';
import { classifyAgentError, isCancellation } from './errors';
import { maybeReflect, REFLECTION_PROMPT } from './reflection';
import type { Extractor, WritePathProgress } from './types';

export interface MaintenanceOptions {
  trigger: string;
  /** Open sessions idle at least this long are consolidated too (a crash leaves them open). */
  idleMs: number;
  episodesPerPage?: number;
  signal?: AbortSignal;
  onProgress?: (p: WritePathProgress) => void;
}

export interface MaintenanceReport {
  trigger: string;
  /** Who did the LLM steps: the memory agent, or the offline extractor (enrichment and reflection then skip). */
  mode: 'llm' | 'offline';
  model: string | null;
  sessions: SessionOutcome[];
  decay: { scanned: number; updated: number; pruned: number } | null;
  enriched: number;
  reflectionId: string | null;
  reflectionSkipped: string | null;
  errors: string[];
  usage: TokenUsage;
  cancelled: boolean;
}

export async function runMaintenance(
  engine: WritePathMemory,
  extractor: Extractor,
  agent: MemoryAgent | null,
  options: MaintenanceOptions,
): Promise<MaintenanceReport> {
  const started = engine.clock.now();
  const report: MaintenanceReport = {
    trigger: options.trigger,
    mode: agent ? 'llm' : 'offline',
    model: agent?.model ?? null,
    sessions: [],
    decay: null,
    enriched: 0,
    reflectionId: null,
    reflectionSkipped: null,
    errors: [],
    usage: emptyUsage(),
    cancelled: false,
  };
  const progress = (step: string, percent: number, message?: string): void =>
    options.onProgress?.({ job: 'maintenance', sessionId: null, step, percent, ...(message ? { message } : {}) });
  const step = async (name: string, fn: () => Promise<void>): Promise<void> => {
    if (options.signal?.aborted) {
      report.cancelled = true;
      return;
    }
    try {
      await fn();
    } catch (err) {
      if (isCancellation(err) || options.signal?.aborted) {
        report.cancelled = true;
        return;
      }
      const e = classifyAgentError(err, agent?.config.baseURL ?? 'offline');
      report.errors.push(`${name}: ${e.reason}: ${e.message}`);
    }
  };

  await step('consolidation', async () => {
    const pending = engine.writePathStore.pendingSessions({ idleBefore: engine.clock.now() - options.idleMs });
    for (const [i, s] of pending.entries()) {
      if (options.signal?.aborted) break;
      progress('consolidation', Math.round((60 * i) / Math.max(1, pending.length)), `session ${i + 1} of ${pending.length}`);
      const outcome = await consolidateSession(engine, extractor, s.id, {
        trigger: options.trigger,
        ...(options.episodesPerPage ? { episodesPerPage: options.episodesPerPage } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      });
      report.sessions.push(outcome);
      addUsage(report.usage, outcome.usage);
      if (outcome.status === 'cancelled') report.cancelled = true;
    }
  });
  await step('decay', async () => {
    progress('decay', 62);
    // A big memory takes a while: each chunk of facts re-scored says so.
    const r = await engine.runDecay({
      onProgress: (scanned) => progress('decay', 62, `${scanned} facts re-scored`),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    report.decay = { scanned: r.scanned, updated: r.updated, pruned: r.prunedIds.length };
  });
  await step('enrichment', async () => {
    progress('enrichment', 75);
    const r = await enrichEntities(engine, agent, { ...(options.signal ? { signal: options.signal } : {}) });
    report.enriched = r.updated.length;
    addUsage(report.usage, r.usage);
  });
  await step('reflection', async () => {
    progress('reflection', 90);
    const r = await maybeReflect(engine, agent, { ...(options.signal ? { signal: options.signal } : {}) });
    report.reflectionId = r.nodeId;
    report.reflectionSkipped = r.skipped;
    addUsage(report.usage, r.usage);
  });

  const consolidationUsage = report.sessions.reduce((n, s) => n + s.usage.calls, 0);
  engine.writePathStore.recordRun({
    kind: 'maintenance',
    sessionId: null,
    trigger: options.trigger,
    mode: report.mode,
    model: report.model,
    startedAt: started,
    finishedAt: engine.clock.now(),
    status: report.cancelled ? 'cancelled' : report.errors.length > 0 || report.sessions.some((s) => s.status === 'failed') ? 'failed' : 'ok',
    error: report.errors.join('\n') || null,
    // Consolidation runs log their own tokens; this row carries enrichment and reflection.
    promptTokens: report.usage.promptTokens - report.sessions.reduce((n, s) => n + s.usage.promptTokens, 0),
    completionTokens: report.usage.completionTokens - report.sessions.reduce((n, s) => n + s.usage.completionTokens, 0),
    llmCalls: report.usage.calls - consolidationUsage,
    summary: {
      sessions: report.sessions.length,
      consolidated: report.sessions.filter((s) => s.status === 'consolidated').length,
      failed: report.sessions.filter((s) => s.status === 'failed').length,
      enriched: report.enriched,
      reflection: report.reflectionId,
      ...(report.decay ? { decay_pruned: report.decay.pruned, decay_updated: report.decay.updated } : {}),
      // Which texts the model was given (writepath prompts are versioned).
      ...(report.mode === 'llm' ? { prompts: { enrichment: ENRICHMENT_PROMPT.version, reflection: REFLECTION_PROMPT.version } } : {}),
    },
  });
  progress('done', 100);
  return report;
}
