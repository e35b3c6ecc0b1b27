/**
 * Knowledge operations (ADR 008 §12, §13): remember, correct (supersede), confirm, forget, restore, access.
 * Each validates first and then writes in one transaction, so a refused call writes nothing.
 */
import { escapeRegExp } from '../../src-shared/text';
import { newId } from './ids';
import type { EngineContext } from './context';
import { DEFAULT_DECAY_RATE, reinforcement, decayedConfidence, decayAnchor, grownStability, initialStability } from '../../src-shared/decay';
import { MemoryError, notFound } from './errors';
import { insertEdge, supersededBy } from './repo/edges';
import { adjustMentionCount, entityIdsOfNode, getEntity, linkNodeEntity } from './repo/entities';
import { getNode, getNodeRow, getNodes, insertNode, invalidateNode, revalidateNode, setAttributes, setConfidence } from './repo/nodes';
import { parseJsonObject } from './repo/statements';
import { enqueueSlowPath } from './repo/slow-queue';
import { getSpaceRow } from './repo/spaces';
import { recordUndoState } from './repo/undo-states';
import { setNodeVectorActive } from './repo/vectors';
import {
  correctFactSchema,
  idSchema,
  parseInput,
  rememberFactSchema,
  type CorrectFactInput,
  type RememberFactInput,
} from './schemas';
import type { InvalidationReason, JsonObject, MemoryNode, SourceType } from '../../src-shared/memory-types';
import { writeTx } from '../storage/write-tx';
import { refreshEntitySummaries } from './entity-summary';

/** §12.1 source reliability: what a person states outright is 1.0, LLM extraction 0.8, inference 0.6. */
export function defaultConfidence(source: SourceType): number {
  switch (source) {
    case 'manual':
    case 'conversation':
    case 'tool_result':
    case 'import':
    case 'mcp':
      return 1.0;
    case 'extraction':
    case 'consolidation':
    case 'reflection':
      return 0.8;
    case 'heuristic':
      return 0.6;
  }
}

/** After correction (§12.3) the old version keeps little confidence and fades fast. */
export const SUPERSEDED_CONFIDENCE = 0.3;
export const SUPERSEDED_DECAY_RATE = 0.5;

function requireNode(ctx: EngineContext, id: unknown): MemoryNode {
  const nodeId = parseInput(idSchema, id);
  const node = getNode(ctx.db, nodeId);
  if (!node) throw notFound('Node', nodeId);
  return node;
}

export function requireCurrentFact(ctx: EngineContext, id: unknown, action: string): MemoryNode {
  const node = requireNode(ctx, id);
  if (node.type === 'episodic') {
    throw new MemoryError('invalid_input', `Cannot ${action} an episode: episodes are the record of what was said, not facts`);
  }
  if (node.validUntil !== null) {
    const by = node.invalidatedReason === 'superseded' ? supersededBy(ctx.db, node.id) : undefined;
    const why =
      node.invalidatedReason === 'superseded'
        ? `it was superseded${by ? ` by ${by}` : ''}; ${action} the current version instead`
        : `it was ${node.invalidatedReason ?? 'invalidated'}; restore it first`;
    throw new MemoryError('conflict', `Cannot ${action} node ${node.id}: ${why}`);
  }
  return node;
}

export function rememberFact(ctx: EngineContext, input: RememberFactInput): string {
  const data = parseInput(rememberFactSchema, input);
  ctx.hot.flushSync();
  const missingEpisodes = data.derivedFrom.filter((id) => !getNode(ctx.db, id));
  if (missingEpisodes.length > 0) throw notFound('Source episode', missingEpisodes[0] ?? '');
  const missingEntity = data.entityIds.find((id) => !getEntity(ctx.db, id));
  if (missingEntity) throw notFound('Entity', missingEntity);
  if (data.spaceId !== undefined && !getSpaceRow(ctx.db, data.spaceId)) throw notFound('Space', data.spaceId);

  const now = ctx.clock.now();
  const id = newId();
  const byHand = vouchedByHand(data.sourceType) && data.confidence === undefined && data.decayRate === undefined;
  const attributes = { ...(data.attributes ?? {}), ...(data.tags.length > 0 ? { tags: data.tags } : {}) };
  writeTx(ctx.db, () => {
    insertNode(ctx.db, {
      id,
      type: data.type,
      content: data.content,
      eventTime: data.eventTime ?? now,
      createdAt: now,
      validFrom: data.validFrom ?? now,
      // Typed in by the person, with no other figures given: they vouch for it (confirmed, no decay).
      confidence: data.confidence ?? (byHand ? CONFIRMED_CONFIDENCE : defaultConfidence(data.sourceType)),
      decayRate: data.decayRate ?? (byHand ? 0 : DEFAULT_DECAY_RATE),
      stability: initialStability(slotOf(attributes)),
      sourceType: data.sourceType,
      sourceRole: data.sourceRole ?? null,
      sessionId: data.sessionId ?? null,
      spaceId: data.spaceId ?? null,
      everywhere: data.everywhere ?? false,
      attributes,
    });
    for (const episodeId of data.derivedFrom) {
      insertEdge(ctx.db, {
        sourceId: id,
        targetId: episodeId,
        relationType: 'derived_from',
        validFrom: now,
        evidence: [episodeId],
        createdAt: now,
      });
    }
    for (const entityId of new Set(data.entityIds)) {
      if (linkNodeEntity(ctx.db, id, entityId)) adjustMentionCount(ctx.db, entityId, 1, now);
    }
    enqueueSlowPath(ctx.db, id, now);
  });
  ctx.feed.emit({ kind: 'node.created', nodeId: id, nodeType: data.type });
  ctx.slow.kick();
  return id;
}

/**
 * A version older than the current one, learned after it ("I lived in London", imported after "I live in Porto";
 * "I moved to Cardiff in March 2025", said after the move to Bristol in 2026): history, not news. It is written
 * as a version the current one superseded — ended, at a superseded version's confidence, citing its own sources —
 * so what is current stays current and the chain shows both in the order they held. One transaction.
 */
export function recordEarlierVersion(ctx: EngineContext, input: RememberFactInput & { laterId: string; reason: string }): string {
  const { laterId, reason, ...fact } = input;
  const later = requireCurrentFact(ctx, laterId, 'place before');
  const data = parseInput(rememberFactSchema, fact);
  if (data.validFrom === undefined || data.validFrom >= later.validFrom) {
    throw new MemoryError('invalid_input', 'An earlier version must have held before the current one began');
  }
  return writeTx(ctx.db, () => {
    // Where the later version is, so is its history.
    const id = rememberFact(ctx, { ...fact, ...(later.spaceId !== null ? { spaceId: later.spaceId } : {}), everywhere: later.everywhere });
    const now = ctx.clock.now();
    invalidateWithIndexes(ctx, id, now, 'superseded');
    setConfidence(ctx.db, id, { confidence: SUPERSEDED_CONFIDENCE, confidenceBase: SUPERSEDED_CONFIDENCE, decayRate: SUPERSEDED_DECAY_RATE, lastAccessed: now });
    insertEdge(ctx.db, { sourceId: later.id, targetId: id, relationType: 'supersedes', predicate: reason, validFrom: now, evidence: data.derivedFrom, createdAt: now });
    return id;
  });
}

/** A fact a person adds or corrects by hand (source `manual`) is one they vouch for: ADR 008 §12 "confirmed". */
export const CONFIRMED_CONFIDENCE = 1.0;

function vouchedByHand(sourceType: SourceType): boolean {
  return sourceType === 'manual';
}

/** The write path's slot ("user.residence"), which says whether a fact is identity-like and starts stable. */
function slotOf(attributes: JsonObject): string | null {
  return typeof attributes.slot === 'string' ? attributes.slot : null;
}

/**
 * §12.3: the old version ends (valid_until, confidence 0.3, decay 0.5); the new one supersedes it.
 * The new version keeps the old one's event time and valid-from unless the caller gives its own (a correction
 * of wording is not news from today), and it cites only its own evidence: the old version's `derived_from`
 * stays with the old version, and the supersedes edge carries why it changed (reason and evidence).
 */
export function correctFact(ctx: EngineContext, input: CorrectFactInput): string {
  const data = parseInput(correctFactSchema, input);
  ctx.hot.flushSync();
  const old = requireCurrentFact(ctx, data.id, 'correct');
  if (old.content === data.content) {
    throw new MemoryError('invalid_input', 'The correction is identical to the current text');
  }
  const missingEvidence = data.evidence.find((id) => !getNode(ctx.db, id));
  if (missingEvidence) throw notFound('Evidence episode', missingEvidence);
  const missingEntity = data.entityIds?.find((id) => !getEntity(ctx.db, id));
  if (missingEntity) throw notFound('Entity', missingEntity);

  const now = ctx.clock.now();
  const id = newId();
  const oldEntityIds = entityIdsOfNode(ctx.db, old.id);
  const entityIds = data.entityIds ?? entitiesKeptByCorrection(ctx, oldEntityIds, old.content, data.content);
  const byHand = vouchedByHand(data.sourceType);
  // The old version's own reason for changing is not this version's.
  const { correction_reason: _oldReason, ...inherited } = old.attributes;
  const attributes: JsonObject = { ...inherited, ...(data.reason ? { correction_reason: data.reason } : {}) };
  writeTx(ctx.db, () => {
    insertNode(ctx.db, {
      id,
      type: old.type,
      content: data.content,
      eventTime: data.eventTime ?? old.eventTime,
      createdAt: now,
      validFrom: data.validFrom ?? old.validFrom,
      confidence: byHand ? CONFIRMED_CONFIDENCE : defaultConfidence(data.sourceType),
      decayRate: byHand ? 0 : old.decayRate > 0 ? old.decayRate : DEFAULT_DECAY_RATE,
      sourceType: data.sourceType,
      sourceRole: data.sourceRole ?? null,
      sessionId: data.sessionId ?? old.sessionId,
      // A new version stays with its chain: same space, same reach.
      spaceId: old.spaceId,
      everywhere: old.everywhere,
      attributes,
      stability: initialStability(slotOf(attributes)),
    });
    // The old version's state as it was, for an undo of this correction (repo/undo-states.ts).
    recordUndoState(ctx.db, 'correct', id, old, now);
    invalidateWithIndexes(ctx, old.id, now, 'superseded');
    setConfidence(ctx.db, old.id, {
      confidence: SUPERSEDED_CONFIDENCE,
      confidenceBase: SUPERSEDED_CONFIDENCE,
      decayRate: SUPERSEDED_DECAY_RATE,
      lastAccessed: now,
    });
    insertEdge(ctx.db, {
      sourceId: id,
      targetId: old.id,
      relationType: 'supersedes',
      predicate: data.reason ?? 'corrected',
      validFrom: now,
      evidence: data.evidence,
      createdAt: now,
    });
    // Its own sources: the messages that stated this version (the correction's evidence), nothing inherited.
    for (const episode of getNodes(ctx.db, data.evidence).filter((n) => n.type === 'episodic')) {
      insertEdge(ctx.db, { sourceId: id, targetId: episode.id, relationType: 'derived_from', validFrom: now, evidence: [episode.id], createdAt: now });
    }
    for (const entityId of entityIds) {
      if (linkNodeEntity(ctx.db, id, entityId)) adjustMentionCount(ctx.db, entityId, 1, now);
    }
    enqueueSlowPath(ctx.db, id, now);
    refreshEntitySummaries(ctx, [...oldEntityIds, ...entityIds], now);
  });
  ctx.feed.emit({ kind: 'node.corrected', oldId: old.id, newId: id });
  ctx.slow.kick();
  return id;
}

/**
 * The entities a corrected version keeps: those its text still names, and those the old text never named
 * (a link made by meaning, e.g. "Home"). An entity only the old text named ("User lives in Boston" →
 * "User lives in Denver") stays with the old version, so Boston does not go on describing the move.
 */
function entitiesKeptByCorrection(ctx: EngineContext, entityIds: readonly string[], oldText: string, newText: string): string[] {
  return entityIds.filter((id) => {
    const entity = getEntity(ctx.db, id);
    if (!entity) return false;
    const names = [entity.canonicalName, ...entity.aliases];
    return names.some((n) => textNames(newText, n)) || !names.some((n) => textNames(oldText, n));
  });
}

/** Whether `text` names `name` as whole words (case-insensitive, any script). */
function textNames(text: string, name: string): boolean {
  const words = name.normalize('NFKC').trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return false;
  const escaped = words.map(escapeRegExp).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text.normalize('NFKC'));
}

/** confirm_fact: confidence 1.0 and decay rate 0 — protected from decay until changed again. */
export function confirmFact(ctx: EngineContext, id: unknown): MemoryNode {
  const node = requireCurrentFact(ctx, id, 'confirm');
  const now = ctx.clock.now();
  writeTx(ctx.db, () => {
    // What undo puts back is what was here, recorded now: never what a client says was here.
    recordUndoState(ctx.db, 'confirm', node.id, node, now);
    // A confirmation also counts for stability, so a fact whose confirmation is undone stays the sturdier for it.
    setConfidence(ctx.db, node.id, { confidence: 1.0, confidenceBase: 1.0, decayRate: 0, lastAccessed: now, stability: grownStability(node.stability, now - decayAnchor(node)) });
  });
  ctx.feed.emit({ kind: 'node.confirmed', nodeId: node.id });
  return getNode(ctx.db, node.id) ?? node;
}

/** Soft delete: the node stays in the database and in history, and can be restored. */
export function forgetNode(ctx: EngineContext, id: unknown, reason: Extract<InvalidationReason, 'forgotten' | 'pruned'> = 'forgotten'): void {
  ctx.hot.flushSync();
  const node = requireNode(ctx, id);
  if (node.validUntil !== null) {
    throw new MemoryError('conflict', `Node ${node.id} is already ${node.invalidatedReason ?? 'invalid'}`);
  }
  const now = ctx.clock.now();
  writeTx(ctx.db, () => invalidateWithIndexes(ctx, node.id, now, reason));
  ctx.feed.emit({ kind: 'node.forgotten', nodeId: node.id });
}

/** Used by forget and by decay pruning: end validity and keep vector and entity indexes in step. */
export function invalidateWithIndexes(ctx: EngineContext, nodeId: string, now: number, reason: InvalidationReason): void {
  invalidateNode(ctx.db, nodeId, now, reason);
  setNodeVectorActive(ctx.db, nodeId, false);
  const entityIds = entityIdsOfNode(ctx.db, nodeId);
  for (const entityId of entityIds) adjustMentionCount(ctx.db, entityId, -1, now);
  // The entities' summaries no longer rest on this node.
  refreshEntitySummaries(ctx, entityIds, now);
}

/**
 * Undo a forget or a prune. Restoring is the user vouching for the node, so it counts as an access and
 * starts no lower than 0.5 — otherwise the next nightly run would prune it again.
 */
export function restoreNode(ctx: EngineContext, id: unknown): MemoryNode {
  const node = requireNode(ctx, id);
  if (node.validUntil === null) throw new MemoryError('conflict', `Node ${node.id} is not forgotten`);
  if (node.invalidatedReason === 'superseded') {
    const by = supersededBy(ctx.db, node.id);
    throw new MemoryError(
      'conflict',
      `Node ${node.id} was superseded${by ? ` by ${by}` : ''}; correct the current version instead of restoring an old one`,
    );
  }
  const now = ctx.clock.now();
  writeTx(ctx.db, () => {
    revalidateNode(ctx.db, node.id);
    setNodeVectorActive(ctx.db, node.id, true);
    if (node.type !== 'episodic') {
      const base = Math.max(node.confidence, 0.5);
      setConfidence(ctx.db, node.id, { confidence: base, confidenceBase: base, lastAccessed: now });
    }
    const entityIds = entityIdsOfNode(ctx.db, node.id);
    for (const entityId of entityIds) adjustMentionCount(ctx.db, entityId, 1, now);
    refreshEntitySummaries(ctx, entityIds, now);
  });
  ctx.feed.emit({ kind: 'node.restored', nodeId: node.id });
  return getNode(ctx.db, node.id) ?? node;
}

/**
 * A reply used these nodes: facts are reinforced — the decay clock restarts from now, from the confidence they
 * had when last learned or used plus the §12.1 Δ — and their stability grows. Episodes never are: they are the
 * record, not knowledge. Unknown ids are ignored: this runs off the read path.
 */
export function recordAccess(ctx: EngineContext, ids: readonly string[]): void {
  strengthen(ctx, ids, 'use');
}

/**
 * The write path saw these facts stated again: confidence goes back to at least what it was when last
 * learned or used, the decay clock restarts, and stability grows. Not a use: `access_count` stays.
 */
export function recordRestatement(ctx: EngineContext, ids: readonly string[]): void {
  strengthen(ctx, ids, 'restatement');
}

function strengthen(ctx: EngineContext, ids: readonly string[], how: 'use' | 'restatement'): void {
  if (ids.length === 0) return;
  const now = ctx.clock.now();
  const nodes = getNodes(ctx.db, [...new Set(ids)]).filter((n) => n.type !== 'episodic');
  if (nodes.length === 0) return;
  const update = ctx.db.prepare(
    `UPDATE nodes SET access_count = ?, last_accessed = ?, confidence = ?, confidence_base = ?, stability = ? WHERE id = ?`,
  );
  writeTx(ctx.db, () => {
    for (const n of nodes) {
      const count = how === 'use' ? n.accessCount + 1 : n.accessCount;
      if (n.validUntil !== null) {
        if (how === 'use') update.run(count, now, n.confidence, n.confidenceBase, n.stability, n.id);
        continue;
      }
      const since = now - decayAnchor(n);
      const current = decayedConfidence(n.confidenceBase, n.decayRate, since, n.stability);
      // Used or said again, the fact is as fresh as when last learned (seed 004 §3: retrieval resets
      // retention); a use adds the §12.1 Δ on top. What it had lost shows in how fast it falls next time.
      const fresh = Math.max(current, n.confidenceBase);
      const next = how === 'use' ? Math.min(1, fresh + reinforcement(count)) : fresh;
      update.run(count, now, next, next, grownStability(n.stability, since), n.id);
    }
  });
  if (how === 'use') ctx.feed.emit({ kind: 'nodes.accessed', nodeIds: nodes.map((n) => n.id) });
  else for (const n of nodes) ctx.feed.emit({ kind: 'node.updated', nodeId: n.id });
}

/** Merge keys into a node's attributes (the slot a correction now holds; who confirmed a fact over MCP). */
export function patchNodeAttributes(ctx: EngineContext, nodeId: string, patch: JsonObject): void {
  const node = getNodeRow(ctx.db, nodeId);
  if (!node) throw notFound('Node', nodeId);
  setAttributes(ctx.db, nodeId, { ...parseJsonObject(node.attributes), ...patch });
}
