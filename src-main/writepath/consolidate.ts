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
import { contentSchema, eventTimeSchema, type NewRun } from '../memory';
import type { Entity, MemoryNode } from '../../src-shared/memory-types';
import { emptyUsage, type TokenUsage } from './agent';
import { applyPlan, type ApplyResult } from './apply';
import { classifyConsolidationError, isCancellation, type ConsolidationFailure } from './errors';
import { dedupBatch, relateToMemory } from './relate';
import { CONSOLIDATION_PROMPT_VERSIONS } from './extract-llm';
import type { CandidateFact, CausalLink, ExtractedEntity, Extractor, WritePathProgress } from './types';
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

    const pageSize = options.episodesPerPage ?? 30;
    const facts: CandidateFact[] = [];
    const entities = new Map<string, ExtractedEntity>();
    const causal: CausalLink[] = [];
    const episodeTimes = new Map<string, number>();
    let after = timed(() => engine.writePathStore.consolidatedThrough(sessionId));
    const total = Math.max(1, session.episodeCount);
    for (;;) {
      // Each synchronous step gets its own turn of the event loop: a fast model (or the offline extractor)
      // would otherwise chain them into one long main-thread block.
      await yieldToLoop();
      const page = timed(() => engine.writePathStore.sessionEpisodes(sessionId, after, pageSize));
      if (page.length === 0) break;
      const episodes = page.map((p) => p.node);
      for (const e of episodes) episodeTimes.set(e.id, e.eventTime);
      const known: Entity[] = timed(() => knownAnchors(engine, episodes));
      const extraction = await extractor.extract({ sessionId, episodes, knownEntities: known }, options.signal);
      options.signal?.throwIfAborted();
      for (const e of extraction.entities) {
        const key = `${e.knownId ?? ''}|${e.name.toLowerCase()}`;
        const seen = entities.get(key);
        entities.set(key, seen ? { ...seen, aliases: [...new Set([...seen.aliases, ...e.aliases])], description: seen.description ?? e.description } : e);
      }
      causal.push(...extraction.causal);
      outcome.dropped.push(...(extraction.dropped ?? []));
      // One item the memory would refuse (an impossible date, an empty text) is left out, never the session.
      const { usable, refused } = storableFacts(extraction.facts);
      facts.push(...usable);
      outcome.dropped.push(...refused);
      outcome.episodes += page.length;
      after = page[page.length - 1]?.rowid ?? after;
      progress('extract', 5 + Math.min(55, Math.round((55 * outcome.episodes) / total)), `${outcome.episodes} episodes read`);
    }

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
        entities: [...entities.values()],
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

/**
 * The facts the memory will accept, checked with its own schemas before anything is written: a write that
 * refused one (a date chrono misread, a too-long text) failed the whole session's transaction.
 */
export function storableFacts(facts: readonly CandidateFact[]): { usable: CandidateFact[]; refused: string[] } {
  const usable: CandidateFact[] = [];
  const refused: string[] = [];
  for (const fact of facts) {
    const content = contentSchema.safeParse(fact.content);
    const time = fact.eventTime === null ? null : eventTimeSchema.safeParse(fact.eventTime);
    const problem = !content.success ? `content ${content.error.issues[0]?.message ?? 'invalid'}` : time && !time.success ? `time ${fact.eventTime} ${time.error.issues[0]?.message ?? 'invalid'}` : null;
    if (problem) refused.push(`fact "${fact.content.slice(0, 80)}": ${problem}`);
    else usable.push(fact);
  }
  return { usable, refused };
}

/** The session's source when its setting is "ask me first" (its facts wait for review), else null. */
function reviewOriginFor(engine: WritePathMemory, sessionId: string): ReviewSource | null {
  const origin = engine.reviewOriginOfSession(sessionId);
  return engine.requiresReview(origin) ? origin : null;
}

const MAX_KNOWN_ENTITIES = 40;

/**
 * The anchors shown to the model for a page: those the slow path linked to its episodes (names and aliases
 * such as "my boss"), then those whose names share a capitalised word with the text, so "Acme" can resolve
 * to "Acme Corp" — the model decides; nothing is merged here.
 */
function knownAnchors(engine: WritePathMemory, episodes: readonly MemoryNode[]): Entity[] {
  const linked = engine.writePathStore.entityIdsOfNodes(episodes.map((e) => e.id));
  const words = new Set<string>();
  for (const e of episodes) for (const m of e.content.matchAll(/\p{Lu}[\p{L}\p{N}'-]{2,}/gu)) words.add(m[0].toLowerCase());
  const named = engine.writePathStore.entityIdsMentioning([...words].slice(0, 30), MAX_KNOWN_ENTITIES);
  return engine.writePathStore.getEntities([...new Set([...linked, ...named])].slice(0, MAX_KNOWN_ENTITIES));
}
