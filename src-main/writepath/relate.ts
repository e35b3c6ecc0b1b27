/**
 * Relating extracted facts to each other and to memory, before anything is written:
 * 1. exact duplicates within the batch are merged (their source episodes combined);
 * 2. against memory: embedding neighbours (cosine) and Jaccard decide near-duplicates;
 * 3. the rest meet their conflict candidates (candidates.ts: embedding neighbours, BM25, same entities, same
 *    slot, fused) and the extractor decides replaces / duplicate / unrelated.
 */
import { EmbeddingError } from '../embeddings/types';
import type { WritePathMemory } from './memory-port';
import { yieldToLoop } from '../../src-shared/clock';
import { isZeroVector } from '../../src-shared/vectors';
import { batchByPairs, conflictCandidates, seenFromSpace } from './candidates';
import { isDeparture, preferenceSubject, slotRelation } from '../../src-shared/slot-values';
import { contentTokens, isNearDuplicate, normaliseFact } from './text';
import type { CandidateFact, ConflictDecision, ConflictQuestion, Extractor } from './types';

export type Disposition =
  | { kind: 'new' }
  | { kind: 'duplicate'; existingId: string }
  | { kind: 'replaces'; existingId: string; reason: string }
  /** Supersedes a fact written earlier in the same batch (index into the batch). */
  | { kind: 'replaces_planned'; index: number; reason: string };

export interface PlannedFact {
  fact: CandidateFact;
  disposition: Disposition;
}

/** Level 1: exact (normalised) duplicates within the batch become one fact with all their sources. */
export function dedupBatch(facts: readonly CandidateFact[]): CandidateFact[] {
  const byKey = new Map<string, CandidateFact>();
  for (const f of facts) {
    const key = `${f.type}|${normaliseFact(f.content)}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { ...f, sourceEpisodeIds: [...f.sourceEpisodeIds], entityNames: [...f.entityNames] });
      continue;
    }
    seen.sourceEpisodeIds = [...new Set([...seen.sourceEpisodeIds, ...f.sourceEpisodeIds])];
    seen.entityNames = [...new Set([...seen.entityNames, ...f.entityNames])];
    seen.slot ??= f.slot;
  }
  return [...byKey.values()];
}

const NEIGHBOURS = 24;

export interface RelateResult {
  planned: PlannedFact[];
  /** Invalid decisions of the model, left out. */
  dropped: string[];
  /** Fact pairs the resolver was asked about, and in how many calls. */
  pairs: number;
  calls: number;
}

/**
 * The facts' vectors for the neighbour step. An embedder that cannot work at all (its model or word
 * vectors missing) costs that step only — text and slot candidates still find duplicates and conflicts;
 * a passing failure (network, rate limit) fails the session, which is retried later.
 */
async function embedOrSkip(engine: WritePathMemory, texts: string[]): Promise<Float32Array[]> {
  try {
    return await engine.embedder.embedBatch(texts);
  } catch (err) {
    if (!(err instanceof EmbeddingError) || err.retryable || err.code === 'cancelled') throw err;
    engine.logger.warn(`consolidation compares facts without vectors: ${err.message}`);
    return [];
  }
}

export async function relateToMemory(
  engine: WritePathMemory,
  extractor: Extractor,
  facts: readonly CandidateFact[],
  signal?: AbortSignal,
  /** The space the session's facts are learned in: duplicates and conflicts are looked for there only. */
  spaceId?: string,
): Promise<RelateResult> {
  const planned: PlannedFact[] = facts.map((fact) => ({ fact, disposition: { kind: 'new' } }));

  // Level 2a: embedding neighbours. Vectors are only comparable while the index matches the embedder.
  const vectorsOn = engine.vectorStatus().vectorSearchEnabled;
  const vectors = vectorsOn && facts.length > 0 ? await embedOrSkip(engine, facts.map((f) => f.content)) : [];
  // Neighbours always from the code index (it loads in the background): whether it happened to be ready
  // must not change which candidates a fact meets — identical runs ask identical questions.
  if (vectors.length > 0) await engine.warmVectorIndex();
  signal?.throwIfAborted();
  const questions: ConflictQuestion[] = [];
  const store = engine.writePathStore;
  for (const [i, p] of planned.entries()) {
    const v = vectors[i];
    let neighbours: { nodeId: string; similarity: number }[] = [];
    if (v && !isZeroVector(v)) {
      // Wider than the few candidates kept: the code index breaks equal Hamming distances by load order (node
      // ids, random per memory), so a narrow cut could differ between identical runs; candidates.ts then ranks
      // by exact similarity, time and insertion order.
      const near = engine.writePathStore.nearestFacts(v, NEIGHBOURS);
      const nodes = new Map(store.nodes(near.map((h) => h.nodeId)).filter((n) => seenFromSpace(n, spaceId)).map((n) => [n.id, n]));
      const hits = near.filter((h) => nodes.has(h.nodeId));
      const dup = hits.find((h) => {
        const n = nodes.get(h.nodeId);
        return n && n.type === p.fact.type && isNearDuplicate(p.fact.content, n.content, h.similarity);
      });
      if (dup) {
        p.disposition = { kind: 'duplicate', existingId: dup.nodeId };
        continue;
      }
      // Far neighbours are noise for the resolver: keep those at least loosely similar.
      neighbours = hits;
    }
    // Level 2b + conflicts: what memory holds about the same words, entities and slot.
    const entities = [...new Map(p.fact.entityNames.flatMap((n) => engine.findEntities(n)).map((e) => [e.id, e])).values()];
    const nameWords = new Set([...p.fact.entityNames, ...entities.flatMap((e) => [e.canonicalName, ...e.aliases])].flatMap((n) => [...contentTokens(n)]));
    const candidates = conflictCandidates(store, { content: p.fact.content, slot: p.fact.slot, entityIds: entities.map((e) => e.id), nameWords, neighbours, spaceId });
    const dupByText = candidates.find((n) => n.type === p.fact.type && isNearDuplicate(p.fact.content, n.content, null));
    if (dupByText) {
      p.disposition = { kind: 'duplicate', existingId: dupByText.id };
      continue;
    }
    if (candidates.length > 0) questions.push({ factIndex: i, fact: p.fact, existing: candidates });
    // Each fact's reads are a few ms; yield between them so the main thread stays responsive.
    await yieldToLoop();
    signal?.throwIfAborted();
  }

  // One small call per batch of pairs, rather than one call a small model cannot finish.
  const decisions: ConflictDecision[] = [];
  const dropped: string[] = [];
  const batches = batchByPairs(questions);
  for (const batch of batches) {
    const r = await extractor.resolve(batch, signal);
    decisions.push(...r.decisions);
    dropped.push(...r.dropped);
    signal?.throwIfAborted();
  }
  for (const d of decisions) {
    const p = planned[d.factIndex];
    if (!p || p.disposition.kind === 'duplicate') continue;
    if (d.relation === 'duplicate') p.disposition = { kind: 'duplicate', existingId: d.existingId };
    else if (d.relation === 'replaces' && p.disposition.kind === 'new') p.disposition = { kind: 'replaces', existingId: d.existingId, reason: d.reason };
  }

  // Within the batch: a later statement in the same slot with another value supersedes the latest earlier one
  // it contradicts, so "I live in Berlin … actually I just moved to Lisbon" in one session still leaves a chain;
  // "I started at Ridgeline; I left Fenwick" does not end Ridgeline (slot-values.ts).
  // Only facts of the same slot, or preferences of the same subject, can relate: a long session stays linear.
  const related = new Map<string, number[]>();
  for (const [i, p] of planned.entries()) {
    if (!p.fact.slot || p.fact.value === null || p.disposition.kind === 'duplicate') continue;
    const keys = [`slot:${p.fact.slot}`, ...(preferenceSubject(p.fact.slot) ? [`pref:${preferenceSubject(p.fact.slot)}`] : [])];
    const earlierIndices = [...new Set(keys.flatMap((k) => related.get(k) ?? []))].sort((a, b) => b - a);
    for (const j of earlierIndices) {
      const earlier = planned[j] as PlannedFact;
      const relation = slotRelation(p.fact, { slot: earlier.fact.slot, value: earlier.fact.value, content: earlier.fact.content });
      if (relation === 'unrelated') continue;
      // The earlier statement already handles what memory held; this one continues the chain from it.
      if (relation === 'replaces') p.disposition = { kind: 'replaces_planned', index: j, reason: `${p.fact.slot} changed within the session` };
      break;
    }
    for (const k of keys) {
      const list = related.get(k);
      if (list) list.push(i);
      else related.set(k, [i]);
    }
  }
  keepDeparturesOffTakenTargets(planned);
  return { planned, dropped, pairs: questions.reduce((n, q) => n + q.existing.length, 0), calls: batches.length };
}

/**
 * A departure ("I left Fenwick Labs") whose target an earlier fact of the batch already replaces ("I started at
 * Ridgeline") stands on its own: continuing that chain would end the new job instead of the old one.
 */
function keepDeparturesOffTakenTargets(planned: PlannedFact[]): void {
  const taken = new Set<string>();
  for (const p of planned) {
    if (p.disposition.kind !== 'replaces') continue;
    if (taken.has(p.disposition.existingId) && isDeparture(p.fact.value)) p.disposition = { kind: 'new' };
    else taken.add(p.disposition.existingId);
  }
}
