/**
 * Knowledge operations (ADR 008 §12, §13): remember, correct (supersede), confirm, forget, restore, access.
 * Each validates first and then writes in one transaction, so a refused call writes nothing.
 */
import { newId } from './ids';
import type { EngineContext } from './context';
import { DEFAULT_DECAY_RATE, reinforcement, decayedConfidence, decayAnchor } from '../../src-shared/decay';
import { MemoryError, notFound } from './errors';
import { insertEdge, supersededBy } from './repo/edges';
import { adjustMentionCount, entityIdsOfNode, getEntity, linkNodeEntity } from './repo/entities';
import { getNode, getNodeRow, getNodes, insertNode, invalidateNode, revalidateNode, setAttributes, setConfidence } from './repo/nodes';
import { parseJsonObject } from './repo/statements';
import { enqueueSlowPath } from './repo/slow-queue';
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

function requireCurrentFact(ctx: EngineContext, id: unknown, action: string): MemoryNode {
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

  const now = ctx.clock.now();
  const id = newId();
  const attributes = { ...(data.attributes ?? {}), ...(data.tags.length > 0 ? { tags: data.tags } : {}) };
  writeTx(ctx.db, () => {
    insertNode(ctx.db, {
      id,
      type: data.type,
      content: data.content,
      eventTime: data.eventTime ?? now,
      createdAt: now,
      validFrom: data.validFrom ?? now,
      confidence: data.confidence ?? defaultConfidence(data.sourceType),
      decayRate: data.decayRate ?? DEFAULT_DECAY_RATE,
      sourceType: data.sourceType,
      sourceRole: data.sourceRole ?? null,
      sessionId: data.sessionId ?? null,
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

/** §12.3: the old version ends (valid_until, confidence 0.3, decay 0.5); the new one supersedes it. */
export function correctFact(ctx: EngineContext, input: CorrectFactInput): string {
  const data = parseInput(correctFactSchema, input);
  ctx.hot.flushSync();
  const old = requireCurrentFact(ctx, data.id, 'correct');
  if (old.content === data.content) {
    throw new MemoryError('invalid_input', 'The correction is identical to the current text');
  }
  const missingEvidence = data.evidence.find((id) => !getNode(ctx.db, id));
  if (missingEvidence) throw notFound('Evidence episode', missingEvidence);

  const now = ctx.clock.now();
  const id = newId();
  const entityIds = entityIdsOfNode(ctx.db, old.id);
  writeTx(ctx.db, () => {
    insertNode(ctx.db, {
      id,
      type: old.type,
      content: data.content,
      eventTime: data.eventTime ?? now,
      createdAt: now,
      validFrom: data.validFrom ?? now,
      confidence: defaultConfidence(data.sourceType),
      decayRate: old.decayRate > 0 ? old.decayRate : DEFAULT_DECAY_RATE,
      sourceType: data.sourceType,
      sourceRole: data.sourceRole ?? null,
      sessionId: data.sessionId ?? old.sessionId,
      attributes: {
        ...old.attributes,
        ...(data.reason ? { correction_reason: data.reason } : {}),
      },
    });
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
    // The new version inherits the old one's provenance and entities.
    for (const row of ctx.db
      .prepare(`SELECT target_id FROM edges WHERE source_id = ? AND relation_type = 'derived_from'`)
      .all(old.id) as { target_id: string }[]) {
      insertEdge(ctx.db, { sourceId: id, targetId: row.target_id, relationType: 'derived_from', validFrom: now, evidence: [row.target_id], createdAt: now });
    }
    for (const entityId of entityIds) {
      if (linkNodeEntity(ctx.db, id, entityId)) adjustMentionCount(ctx.db, entityId, 1, now);
    }
    enqueueSlowPath(ctx.db, id, now);
  });
  ctx.feed.emit({ kind: 'node.corrected', oldId: old.id, newId: id });
  ctx.slow.kick();
  return id;
}

/** confirm_fact: confidence 1.0 and decay rate 0 — protected from decay until changed again. */
export function confirmFact(ctx: EngineContext, id: unknown): MemoryNode {
  const node = requireCurrentFact(ctx, id, 'confirm');
  setConfidence(ctx.db, node.id, { confidence: 1.0, confidenceBase: 1.0, decayRate: 0, lastAccessed: ctx.clock.now() });
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
  for (const entityId of entityIdsOfNode(ctx.db, nodeId)) adjustMentionCount(ctx.db, entityId, -1, now);
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
    for (const entityId of entityIdsOfNode(ctx.db, node.id)) adjustMentionCount(ctx.db, entityId, 1, now);
  });
  ctx.feed.emit({ kind: 'node.restored', nodeId: node.id });
  return getNode(ctx.db, node.id) ?? node;
}

/**
 * Access reinforcement (§12.1) for nodes that were used (e.g. went into a context pack): the decay clock
 * restarts from now, from the current confidence plus Δ. Unknown ids are ignored: this runs off the read path.
 */
/** A reply used these nodes: facts are reinforced (§12.1). Episodes never are: they are the record, not knowledge. */
export function recordAccess(ctx: EngineContext, ids: readonly string[]): void {
  if (ids.length === 0) return;
  const now = ctx.clock.now();
  const nodes = getNodes(ctx.db, [...new Set(ids)]).filter((n) => n.type !== 'episodic');
  if (nodes.length === 0) return;
  const update = ctx.db.prepare(
    `UPDATE nodes SET access_count = ?, last_accessed = ?, confidence = ?, confidence_base = ? WHERE id = ?`,
  );
  writeTx(ctx.db, () => {
    for (const n of nodes) {
      const count = n.accessCount + 1;
      if (n.validUntil !== null) {
        update.run(count, now, n.confidence, n.confidenceBase, n.id);
        continue;
      }
      const current = decayedConfidence(n.confidenceBase, n.decayRate, now - decayAnchor(n));
      const next = Math.min(1, current + reinforcement(count));
      update.run(count, now, next, next, n.id);
    }
  });
  ctx.feed.emit({ kind: 'nodes.accessed', nodeIds: nodes.map((n) => n.id) });
}

/** Merge keys into a node's attributes (the slot a correction now holds; who confirmed a fact over MCP). */
export function patchNodeAttributes(ctx: EngineContext, nodeId: string, patch: JsonObject): void {
  const node = getNodeRow(ctx.db, nodeId);
  if (!node) throw notFound('Node', nodeId);
  setAttributes(ctx.db, nodeId, { ...parseJsonObject(node.attributes), ...patch });
}
