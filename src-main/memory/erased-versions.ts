/**
 * When an erase deletes a version of a fact, the versions it superseded must not be left superseded by
 * nothing. Like undoing a correction: an older version whose every later version is erased is current again
 * (the chat that changed it no longer exists, so neither does the change); one that a surviving version still
 * follows (through erased ones in between) is linked straight to it, so the chain keeps telling what happened.
 */
import { CURRENT_AGAIN_MIN_CONFIDENCE, DEFAULT_DECAY_RATE } from '../../src-shared/decay';
import type { EngineContext } from './context';
import { refreshEntitySummaries } from './entity-summary';
import { adjustMentionCount, entityIdsOfNode } from './repo/entities';
import { insertEdge } from './repo/edges';
import { getNode, revalidateNode, setConfidence } from './repo/nodes';
import { setNodeVectorActive } from './repo/vectors';


export interface VersionsAfterErase {
  /** Superseded versions that become current again. */
  currentAgainIds: string[];
  /** Older versions a surviving later version is linked to directly, with why it changed. */
  relinks: { sourceId: string; targetId: string; predicate: string | null }[];
}

interface SupersedesRow {
  source_id: string;
  target_id: string;
  predicate: string | null;
}

/** Read only: what erasing `erasedIds` does to the versions they superseded. */
export function versionsAfterErase(ctx: EngineContext, erasedIds: readonly string[]): VersionsAfterErase {
  const erased = new Set(erasedIds);
  const successors = ctx.db.prepare(`SELECT source_id, target_id, predicate FROM edges WHERE target_id = ? AND relation_type = 'supersedes'`);
  const predecessors = ctx.db.prepare(`SELECT source_id, target_id, predicate FROM edges WHERE source_id = ? AND relation_type = 'supersedes'`);
  const reason = ctx.db.prepare('SELECT invalidated_reason FROM nodes WHERE id = ?').pluck();
  /** The nearest surviving later versions of `id`, looking through erased ones (with the predicate reaching them). */
  const survivingSuccessors = (id: string, seen: Set<string>): SupersedesRow[] =>
    (successors.all(id) as SupersedesRow[]).flatMap((edge) => {
      if (!erased.has(edge.source_id)) return [edge];
      if (seen.has(edge.source_id)) return [];
      seen.add(edge.source_id);
      return survivingSuccessors(edge.source_id, seen);
    });
  const result: VersionsAfterErase = { currentAgainIds: [], relinks: [] };
  const older = new Set(erasedIds.flatMap((id) => (predecessors.all(id) as SupersedesRow[]).map((e) => e.target_id)));
  for (const id of older) {
    if (erased.has(id) || reason.get(id) !== 'superseded') continue;
    const direct = new Set((successors.all(id) as SupersedesRow[]).map((e) => e.source_id));
    const surviving = survivingSuccessors(id, new Set());
    if (surviving.length === 0) result.currentAgainIds.push(id);
    for (const edge of surviving) {
      if (!direct.has(edge.source_id)) result.relinks.push({ sourceId: edge.source_id, targetId: id, predicate: edge.predicate });
    }
  }
  return result;
}

/** Applies the plan after the erased nodes are gone (inside the erase's transaction). */
export function applyVersionsAfterErase(ctx: EngineContext, plan: VersionsAfterErase, now: number): void {
  for (const r of plan.relinks) {
    insertEdge(ctx.db, { sourceId: r.sourceId, targetId: r.targetId, relationType: 'supersedes', predicate: r.predicate, validFrom: now, evidence: [], createdAt: now });
  }
  for (const id of plan.currentAgainIds) {
    const node = getNode(ctx.db, id);
    if (!node) continue;
    revalidateNode(ctx.db, id);
    setNodeVectorActive(ctx.db, id, true);
    const confidence = Math.max(node.confidence, CURRENT_AGAIN_MIN_CONFIDENCE);
    // A superseded version was set to fade fast; current again, it fades as an ordinary fact would.
    setConfidence(ctx.db, id, { confidence, confidenceBase: confidence, decayRate: DEFAULT_DECAY_RATE, lastAccessed: now });
    const entityIds = entityIdsOfNode(ctx.db, id);
    for (const entityId of entityIds) adjustMentionCount(ctx.db, entityId, 1, now);
    refreshEntitySummaries(ctx, entityIds, now);
    ctx.feed.emit({ kind: 'node.restored', nodeId: id });
  }
}
