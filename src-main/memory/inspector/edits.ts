/**
 * Hand edits the engine's own protocols do not cover: tags, and the undo of a confirm or a correction.
 * Each runs in one transaction and emits a typed change, like every other engine write.
 */
import { MemoryError, notFound } from '../errors';
import type { EngineContext } from '../context';
import { invalidateWithIndexes } from '../facts';
import { refreshEntitySummaries } from '../entity-summary';
import { adjustMentionCount, entityIdsOfNode } from '../repo/entities';
import { getNode, revalidateNode, setAttributes } from '../repo/nodes';
import { endEdge } from '../repo/edges';
import { setNodeVectorActive } from '../repo/vectors';
import { parseInput } from '../schemas';
import type { MemoryNode } from '../../../src-shared/memory-types';
import { setTagsSchema, undoConfirmSchema, undoCorrectionSchema } from './schemas';
import { applyUndoState, undoStateOf } from '../repo/undo-states';
import { writeTx } from '../../storage/write-tx';

function requireNode(ctx: EngineContext, id: string): MemoryNode {
  ctx.hot.flushSync();
  const node = getNode(ctx.db, id);
  if (!node) throw notFound('Node', id);
  return node;
}

/** Replace a node's tags (attributes.tags); an empty list removes the key. */
export function setTags(ctx: EngineContext, input: unknown): MemoryNode {
  const { id, tags } = parseInput(setTagsSchema, input);
  const node = requireNode(ctx, id);
  const unique = [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
  const { tags: _old, ...rest } = node.attributes;
  setAttributes(ctx.db, id, unique.length > 0 ? { ...rest, tags: unique } : rest);
  ctx.feed.emit({ kind: 'node.updated', nodeId: id });
  return getNode(ctx.db, id) ?? node;
}

/**
 * Undo a confirm: the decay state the engine recorded when it confirmed the node comes back (the client names
 * the node, nothing more). Refused when no confirmation is recorded or it was already undone.
 */
export function undoConfirm(ctx: EngineContext, input: unknown): MemoryNode {
  const { id } = parseInput(undoConfirmSchema, input);
  const node = requireNode(ctx, id);
  if (node.validUntil !== null) throw new MemoryError('conflict', `Node ${id} is no longer current`);
  const recorded = undoStateOf(ctx.db, 'confirm', id);
  if (!recorded) throw new MemoryError('conflict', `No confirmation of node ${id} is left to undo`);
  writeTx(ctx.db, () => applyUndoState(ctx.db, 'confirm', id, recorded));
  ctx.feed.emit({ kind: 'node.updated', nodeId: id });
  return getNode(ctx.db, id) ?? node;
}

/**
 * Undo a correction: the new version is forgotten, the supersedes edge's validity ends, and the old version
 * is current again with the decay state it had (as the engine recorded it at the correction, when it did).
 * Both stay in history, so the chain still shows what happened.
 */
export function undoCorrection(ctx: EngineContext, input: unknown): MemoryNode {
  const { newId } = parseInput(undoCorrectionSchema, input);
  const current = requireNode(ctx, newId);
  if (current.validUntil !== null) throw new MemoryError('conflict', `Node ${newId} is no longer current`);
  const edge = ctx.db
    .prepare(`SELECT id, target_id FROM edges WHERE source_id = ? AND relation_type = 'supersedes' AND valid_until IS NULL LIMIT 1`)
    .get(newId) as { id: string; target_id: string } | undefined;
  if (!edge) throw new MemoryError('conflict', `Node ${newId} does not supersede anything`);
  const old = requireNode(ctx, edge.target_id);
  if (old.invalidatedReason !== 'superseded') throw new MemoryError('conflict', `Node ${old.id} is not superseded`);
  const now = ctx.clock.now();
  writeTx(ctx.db, () => {
    invalidateWithIndexes(ctx, newId, now, 'forgotten');
    endEdge(ctx.db, edge.id, now);
    revalidateNode(ctx.db, old.id);
    setNodeVectorActive(ctx.db, old.id, true);
    const recorded = undoStateOf(ctx.db, 'correct', newId);
    if (recorded?.nodeId === old.id) applyUndoState(ctx.db, 'correct', newId, recorded);
    const entityIds = entityIdsOfNode(ctx.db, old.id);
    for (const entityId of entityIds) adjustMentionCount(ctx.db, entityId, 1, now);
    refreshEntitySummaries(ctx, entityIds, now);
  });
  // The standard kinds keep every listener (the vector code index among them) in step.
  ctx.feed.emit({ kind: 'node.forgotten', nodeId: newId });
  ctx.feed.emit({ kind: 'node.restored', nodeId: old.id });
  return getNode(ctx.db, old.id) ?? old;
}
