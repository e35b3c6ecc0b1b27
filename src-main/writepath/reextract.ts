/**
 * Re-extract by session (issue 23), the write path's side: the session's messages are read again by the
 * extractor (the configured model, or the offline heuristics), related to memory as a consolidation would, and
 * compared with the facts memory holds from that session — nothing is written. The preview keeps the reading,
 * so applying writes exactly what was shown: in one transaction (the engine's applyReextract), the session's
 * facts the new reading lost are retracted and the new reading is written with the consolidation's own apply,
 * with provenance to the same episodes; one undo reverts it all. Episodes are never touched.
 */
import { randomUUID } from 'node:crypto';
import type { WritePathMemory } from './memory-port';
import type { SessionFact } from '../memory';
import { AppError } from '../../src-shared/errors';
import type { ReextractAddition, ReextractChange, ReextractItem, ReextractPreview, ReextractResult } from '../../src-shared/reextract-types';
import type { TokenUsage } from './agent';
import { applyPlan, type ConsolidationPlan } from './apply';
import { reviewOriginFor } from './consolidate';
import { CONSOLIDATION_PROMPT_VERSIONS } from './extract-llm';
import { extractSession, type SessionExtraction } from './extract-session';
import { dedupBatch, relateToMemory, type Disposition, type PlannedFact } from './relate';
import { plansCarriedOut } from './plans-carried-out';
import { normaliseFact } from './text';
import type { CandidateFact, Extractor, WritePathProgress } from './types';

/** A preview with what its apply needs; kept by the service under `preview.previewId`. */
export interface PreparedReextract {
  preview: ReextractPreview;
  expected: string[];
  dropIds: string[];
  unsupportIds: string[];
  touchIds: string[];
  planned: PlannedFact[];
  extraction: SessionExtraction;
  usage: TokenUsage;
  startedAt: number;
}

export interface ReextractOptions {
  episodesPerPage?: number;
  signal?: AbortSignal;
  onProgress?: (p: WritePathProgress) => void;
}

const item = (f: SessionFact): ReextractItem => ({ id: f.id, content: f.content });

/**
 * The new reading without the facts memory already holds from the session. Indices of `replaces_planned` are
 * remapped; one pointing at a fact found again now supersedes that session fact instead.
 */
function withoutKept(planned: readonly PlannedFact[], keptAs: ReadonlyMap<number, string>): PlannedFact[] {
  const newIndex = new Map<number, number>();
  const out: PlannedFact[] = [];
  planned.forEach((p, i) => {
    if (keptAs.has(i)) return;
    newIndex.set(i, out.length);
    out.push(p);
  });
  return out.map((p) => {
    const d = p.disposition;
    if (d.kind !== 'replaces_planned') return p;
    const kept = keptAs.get(d.index);
    const disposition: Disposition = kept ? { kind: 'replaces', existingId: kept, reason: d.reason } : { ...d, index: newIndex.get(d.index) ?? d.index };
    return { fact: p.fact, disposition };
  });
}

export async function prepareReextract(engine: WritePathMemory, extractor: Extractor, sessionId: string, options: ReextractOptions = {}): Promise<PreparedReextract> {
  const startedAt = engine.clock.now();
  const usageBefore = { ...extractor.usage };
  const progress = (step: string, percent: number, message?: string): void =>
    options.onProgress?.({ job: 'reextract', sessionId, step, percent, ...(message ? { message } : {}) });
  const session = engine.getSession(sessionId);
  if (!session) throw new AppError('not_found', `No memory session ${sessionId}`);
  progress('episodes', 2);
  if (engine.writePathStore.sessionHasSlowPathBacklog(sessionId)) await engine.drainSlowPath();
  const contribution = engine.sessionContribution(sessionId);
  const extraction = await extractSession(engine, extractor, sessionId, {
    afterRowid: 0,
    pageSize: options.episodesPerPage ?? 30,
    total: session.episodeCount,
    signal: options.signal,
    progress,
  });
  if (extraction.episodes === 0) throw new AppError('conflict', `Session ${sessionId} has no messages left in memory to read again`);

  // Found again word for word: kept as it is.
  const byText = new Map(contribution.map((f) => [normaliseFact(f.content), f]));
  const kept = new Set<string>();
  const unchanged: ReextractItem[] = [];
  const rest: CandidateFact[] = [];
  // The plans it carried out, as a consolidation reads them (plans-carried-out.ts).
  extraction.facts.push(...(await plansCarriedOut(engine, sessionId, 0, extraction.facts, contribution.map((f) => f.id))));
  for (const fact of dedupBatch(extraction.facts)) {
    const hit = byText.get(normaliseFact(fact.content));
    if (!hit) rest.push(fact);
    else if (!kept.has(hit.id)) {
      kept.add(hit.id);
      unchanged.push(item(hit));
    }
  }
  progress('conflicts', 70, `${rest.length} candidate facts`);
  const related = await relateToMemory(engine, extractor, rest, options.signal, session.spaceId);
  extraction.dropped.push(...related.dropped);

  const ofSession = new Map(contribution.map((f) => [f.id, f]));
  const changedIds = new Set<string>();
  const keptAs = new Map<number, string>();
  const touch = new Set<string>();
  const changed: ReextractChange[] = [];
  const added: ReextractAddition[] = [];
  related.planned.forEach((p, i) => {
    const d = p.disposition;
    const own = d.kind === 'duplicate' || d.kind === 'replaces' ? ofSession.get(d.existingId) : undefined;
    if (own && (d.kind === 'duplicate' || kept.has(own.id) || changedIds.has(own.id))) {
      // The same knowledge in other words (or a second new text for a fact already changed): kept as it is.
      if (!kept.has(own.id) && !changedIds.has(own.id)) unchanged.push(item(own));
      kept.add(own.id);
      keptAs.set(i, own.id);
      return;
    }
    if (own) {
      changedIds.add(own.id);
      touch.add(own.id);
      changed.push({ old: item(own), content: p.fact.content });
      return;
    }
    let note: string | null = null;
    if (d.kind === 'duplicate' || d.kind === 'replaces') {
      touch.add(d.existingId);
      const other = engine.writePathStore.node(d.existingId)?.content ?? d.existingId;
      note = d.kind === 'duplicate' ? `adds support to "${other}"` : `supersedes "${other}"`;
    }
    added.push({ content: p.fact.content, note });
  });
  const lost = contribution.filter((f) => !kept.has(f.id) && !changedIds.has(f.id));
  const dropped = lost.filter((f) => f.onlyThisSession);
  const losingSupport = lost.filter((f) => !f.onlyThisSession);
  const usage: TokenUsage = {
    promptTokens: extractor.usage.promptTokens - usageBefore.promptTokens,
    completionTokens: extractor.usage.completionTokens - usageBefore.completionTokens,
    calls: extractor.usage.calls - usageBefore.calls,
  };
  progress('done', 100);
  return {
    preview: {
      previewId: randomUUID(),
      sessionId,
      mode: extractor.mode,
      model: extractor.model,
      episodes: extraction.episodes,
      unchanged,
      changed,
      added,
      dropped: dropped.map(item),
      losingSupport: losingSupport.map(item),
      currentAgain: engine.currentAgainAfterDrop(dropped.map((f) => f.id)),
      leftOut: extraction.dropped,
      review: reviewOriginFor(engine, sessionId) !== null,
      empty: changed.length + added.length + dropped.length + losingSupport.length === 0,
    },
    expected: contribution.map((f) => f.id),
    dropIds: dropped.map((f) => f.id),
    unsupportIds: losingSupport.map((f) => f.id),
    touchIds: [...touch],
    planned: withoutKept(related.planned, keptAs),
    extraction,
    usage,
    startedAt,
  };
}

/** Applies a prepared re-extract in one transaction; refused when it would change nothing or memory moved on. */
export function applyReextract(engine: WritePathMemory, prepared: PreparedReextract, trigger = 'reextract'): ReextractResult {
  const { preview, extraction } = prepared;
  if (preview.empty) throw new AppError('conflict', `Reading session ${preview.sessionId} again finds what memory already holds: nothing to apply`);
  const runId = randomUUID();
  const usage = prepared.usage;
  const plan: ConsolidationPlan = {
    sessionId: preview.sessionId,
    runId,
    sourceType: preview.mode === 'llm' ? 'consolidation' : 'heuristic',
    entities: extraction.entities,
    facts: prepared.planned,
    causal: extraction.causal,
    throughRowid: extraction.throughRowid,
    episodeTimes: extraction.episodeTimes,
    reviewOrigin: reviewOriginFor(engine, preview.sessionId),
    run: {
      id: runId,
      kind: 'consolidation',
      sessionId: preview.sessionId,
      trigger,
      mode: preview.mode,
      model: preview.model,
      startedAt: prepared.startedAt,
      finishedAt: engine.clock.now(),
      status: 'ok',
      error: null,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      llmCalls: usage.calls,
      summary: {
        reextract: true,
        episodes: extraction.episodes,
        unchanged: preview.unchanged.length,
        dropped_facts: preview.dropped.length,
        losing_support: preview.losingSupport.length,
        ...(preview.mode === 'llm' ? { prompts: CONSOLIDATION_PROMPT_VERSIONS } : {}),
      },
    },
  };
  let proposed = 0;
  const retractionId = engine.applyReextract(
    { sessionId: preview.sessionId, expected: prepared.expected, dropIds: prepared.dropIds, unsupportIds: prepared.unsupportIds, touchIds: prepared.touchIds },
    () => {
      const result = applyPlan(engine, plan);
      proposed = result.proposed.length;
      return { created: result.factsCreated, proposed: result.proposed };
    },
  );
  return {
    retractionId,
    sessionId: preview.sessionId,
    added: preview.added.length,
    changed: preview.changed.length,
    dropped: preview.dropped.length,
    losingSupport: preview.losingSupport.length,
    unchanged: preview.unchanged.length,
    proposed,
  };
}
