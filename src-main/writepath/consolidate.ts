/**
 * Post-session consolidation with the ADR 008 §10.1 idempotency protocol:
 *   1. skip a session that is already consolidated;
 *   2. read its episodes in pages (from the watermark of the last successful run);
 *   3–6. extract, resolve entities, deduplicate, detect and resolve conflicts — no writes;
 *   7. write everything and mark the session consolidated in one transaction (apply.ts).
 * An LLM failure after one retry leaves the session pending (`failed`, with the reason) and writes nothing
 * else; a later run starts again from step 1.
 */
import { randomUUID } from 'node:crypto';
import type { WritePathMemory } from './memory-port';
import { yieldToLoop } from '../../src-shared/clock';
import type { NewRun } from '../memory';
import { emptyUsage, type TokenUsage } from './agent';
import { applyPlan, type ApplyResult } from './apply';
import { classifyConsolidationError, isCancellation, type ConsolidationFailure } from './errors';
import { dedupBatch, relateToMemory } from './relate';
import { CONSOLIDATION_PROMPT_VERSIONS } from './extract-llm';
import type { Extractor, WritePathProgress } from './types';
import { extractSession } from './extract-session';
import { plansCarriedOut } from './plans-carried-out';
import { AppError } from '../../src-shared/errors';
import type { ReviewSource } from '../../src-shared/review-types';

export interface ConsolidateOptions {
  episodesPerPage?: number;
  /** Re-run even when the session is marked consolidated (it then covers episodes after the watermark). */
  force?: boolean;
  trigger?: string;
  /** Names the "consolidate now" this session is part of, so its outcome can be told as one (an import's). */
  batch?: string;
  signal?: AbortSignal;
  onProgress?: (p: WritePathProgress) => void;
}

export interface SessionOutcome {
  sessionId: string;
  status: 'consolidated' | 'skipped' | 'failed' | 'cancelled';
  mode: 'llm' | 'offline';
  error: string | null;
  /** A provider's word when the model failed; the memory's (`storage`, `busy`, `invalid_input`) when the store did. */
  reason: ConsolidationFailure | null;
  episodes: number;
  factsCreated: string[];
  superseded: { oldId: string; newId: string }[];
  duplicates: number;
  entitiesCreated: number;
  /** New person entities among them. */
  peopleCreated: number;
  causalEdges: number;
  /** Facts held for the person's review instead of remembered (the source's setting asks first). */
  proposed: string[];
  /** Items of the model's answers that were invalid and left out, with the reason (the rest was kept). */
  dropped: string[];
  /** Existing facts put to the resolver next to new ones, and in how many calls. */
  conflictPairs: number;
  resolutionCalls: number;
  usage: TokenUsage;
  /** Time in SQLite: episode pages, state marks and the write transaction. */
  dbMs: number;
  /** The one write transaction alone (a single main-thread block). */
  writeMs: number;
}

export async function consolidateSession(
  engine: WritePathMemory,
  extractor: Extractor,
  sessionId: string,
  options: ConsolidateOptions = {},
): Promise<SessionOutcome> {
  const started = engine.clock.now();
  const usageBefore = { ...extractor.usage };
  const outcome: SessionOutcome = {
    sessionId,
    status: 'skipped',
    mode: extractor.mode,
    error: null,
    reason: null,
    episodes: 0,
    factsCreated: [],
    superseded: [],
    duplicates: 0,
    entitiesCreated: 0,
    peopleCreated: 0,
    causalEdges: 0,
    proposed: [],
    dropped: [],
    conflictPairs: 0,
    resolutionCalls: 0,
    usage: emptyUsage(),
    dbMs: 0,
    writeMs: 0,
  };
  const progress = (step: string, percent: number, message?: string): void =>
    options.onProgress?.({ job: 'consolidation', sessionId, step, percent, ...(message ? { message } : {}) });
  const usageDelta = (): TokenUsage => ({
    promptTokens: extractor.usage.promptTokens - usageBefore.promptTokens,
    completionTokens: extractor.usage.completionTokens - usageBefore.completionTokens,
    calls: extractor.usage.calls - usageBefore.calls,
  });
  const run = (status: NewRun['status'], error: string | null, summary: NewRun['summary']): NewRun => {
    const u = usageDelta();
    return {
      kind: 'consolidation',
      sessionId,
      trigger: options.trigger ?? 'manual',
      mode: extractor.mode,
      model: extractor.model,
      startedAt: started,
      finishedAt: engine.clock.now(),
      status,
      error,
      promptTokens: u.promptTokens,
      completionTokens: u.completionTokens,
      llmCalls: u.calls,
      summary: {
        ...summary,
        ...(options.batch ? { batch: options.batch } : {}),
        // Which texts the model was given (writepath prompts are versioned).
        ...(extractor.mode === 'llm' ? { prompts: CONSOLIDATION_PROMPT_VERSIONS } : {}),
      },
    };
  };

  const session = engine.getSession(sessionId);
  if (!session) throw new AppError('not_found', `Session ${sessionId} does not exist`);
  if (session.status === 'consolidated' && !options.force) return outcome;

  let dbMs = 0;
  const timed = <T>(fn: () => T): T => {
    const t = performance.now();
    try {
      return fn();
    } finally {
      dbMs += performance.now() - t;
    }
  };

  timed(() => engine.writePathStore.noteConsolidationAttempt(sessionId));
  try {
    progress('episodes', 2);
    // Links from the slow path tell the model which anchors the episodes mention. Only wait when this
    // session's episodes are still queued: an unrelated backlog (a big import) must not hold us up.
    if (engine.writePathStore.sessionHasSlowPathBacklog(sessionId)) await engine.drainSlowPath();
    options.signal?.throwIfAborted();

    const readFrom = timed(() => engine.writePathStore.consolidatedThrough(sessionId));
    const extracted = await extractSession(engine, extractor, sessionId, {
      afterRowid: readFrom,
      pageSize: options.episodesPerPage ?? 30,
      total: session.episodeCount,
      signal: options.signal,
      timed,
      progress,
      onEpisodesRead: (episodes) => {
        outcome.episodes = episodes;
      },
    });
    const { entities, causal, episodeTimes } = extracted;
    const after = extracted.throughRowid;
    // Plans of the person this session carries out (plans-carried-out.ts), beside what it says outright.
    const facts = [...extracted.facts, ...(await plansCarriedOut(engine, sessionId, readFrom, extracted.facts))];
    outcome.dropped.push(...extracted.dropped);
    outcome.episodes = extracted.episodes;

    progress('dedup', 62);
    await yieldToLoop();
    const batch = dedupBatch(facts);
    progress('conflicts', 70, `${batch.length} candidate facts`);
    const related = await relateToMemory(engine, extractor, batch, options.signal, session.spaceId);
    const planned = related.planned;
    outcome.dropped.push(...related.dropped);
    outcome.conflictPairs = related.pairs;
    outcome.resolutionCalls = related.calls;
    options.signal?.throwIfAborted();
    if (outcome.dropped.length > 0) {
      const what = extractor.mode === 'llm' ? "kept the valid part of the model's answer, dropped" : 'left out';
      engine.logger.warn(`consolidating ${sessionId}: ${what} ${outcome.dropped.length} item(s): ${outcome.dropped.slice(0, 5).join('; ')}`);
    }

    progress('write', 90);
    await yieldToLoop();
    options.signal?.throwIfAborted();
    const runId = randomUUID();
    const writeStart = performance.now();
    const result: ApplyResult = timed(() =>
      applyPlan(engine, {
        sessionId,
        runId,
        sourceType: extractor.mode === 'llm' ? 'consolidation' : 'heuristic',
        entities,
        facts: planned,
        causal,
        throughRowid: after,
        episodeTimes,
        reviewOrigin: reviewOriginFor(engine, sessionId),
        run: {
          id: runId,
          ...run('ok', null, {
            episodes: outcome.episodes,
            candidates: batch.length,
            conflict_pairs: related.pairs,
            resolution_calls: related.calls,
            dropped: outcome.dropped.length,
            ...(outcome.dropped.length > 0 ? { dropped_reasons: outcome.dropped.slice(0, 10) } : {}),
          }),
        },
      }),
    );
    outcome.writeMs = performance.now() - writeStart;
    Object.assign(outcome, {
      status: 'consolidated',
      factsCreated: result.factsCreated,
      superseded: result.superseded,
      duplicates: result.duplicates.length,
      entitiesCreated: result.entitiesCreated.length,
      peopleCreated: result.peopleCreated,
      causalEdges: result.causalEdges,
      proposed: result.proposed,
    });
    progress('done', 100);
  } catch (err) {
    const cancelled = isCancellation(err) || options.signal?.aborted === true;
    const failure = cancelled ? { reason: 'cancelled' as const, message: 'cancelled' } : classifyConsolidationError(err, extractor.model ?? 'offline');
    outcome.status = cancelled ? 'cancelled' : 'failed';
    outcome.reason = failure.reason;
    outcome.error = `${failure.reason}: ${failure.message}`;
    timed(() => {
      if (cancelled) engine.writePathStore.recordRun(run('cancelled', outcome.error, { episodes: outcome.episodes }));
      else engine.writePathStore.failConsolidation(sessionId, outcome.error ?? failure.message, run('failed', outcome.error, { episodes: outcome.episodes }));
    });
    progress('done', 100, outcome.error);
  }
  outcome.usage = usageDelta();
  outcome.dbMs = dbMs;
  return outcome;
}

/** The session's source when its setting is "ask me first" (its facts wait for review), else null. */
export function reviewOriginFor(engine: WritePathMemory, sessionId: string): ReviewSource | null {
  const origin = engine.reviewOriginOfSession(sessionId);
  return engine.requiresReview(origin) ? origin : null;
}
