/**
 * Applying a retract and undoing it. The apply runs in the caller's one write transaction (the engine's
 * writeTransaction): the plan is made again inside it, the rows it changes are journalled, the source's
 * current episodes and facts are forgotten (softly, restorable), the support of facts kept is removed, and the
 * older versions it had superseded become current again. Event times, speakers and contents are never touched.
 * The undo puts the journal back and drops the record: exactly the state before, once.
 */
import type { RetractCounts, RetractResult, RetractSource, RetractionRecord } from '../../../src-shared/retract-types';
import type { EngineContext } from '../context';
import { applyVersionsAfterErase } from '../erased-versions';
import { MemoryError } from '../errors';
import { refreshEntitySummaries } from '../entity-summary';
import { adjustMentionCount, entityIdsOfNode } from '../repo/entities';
import { invalidateNode } from '../repo/nodes';
import { setNodeVectorActive } from '../repo/vectors';
import { declinePending, proposalsResting, undeclinePending } from '../repo/proposals';
import { newId } from '../ids';
import { changedSince, noteAfter, recordJournal, restoreJournal, type RetractJournal } from './journal';
import { planChanges, planRetract, type RetractPlan } from './plan';

export type RetractKind = RetractSource['kind'] | 'reextract';

/**
 * What invalidateWithIndexes (facts.ts) does for one node, for many: each entity's machine-made summary is
 * rewritten once at the end rather than once per forgotten node (a chat's facts share their entities).
 */
function forgetAll(ctx: EngineContext, ids: readonly string[], now: number): void {
  const entities = new Set<string>();
  for (const id of ids) {
    invalidateNode(ctx.db, id, now, 'forgotten');
    setNodeVectorActive(ctx.db, id, false);
    for (const entityId of entityIdsOfNode(ctx.db, id)) {
      adjustMentionCount(ctx.db, entityId, -1, now);
      entities.add(entityId);
    }
  }
  refreshEntitySummaries(ctx, entities, now);
}

/**
 * Carries out a plan, journalled; returns the record's id. Inside the caller's transaction. `alsoJournal`: nodes
 * the caller changes next in the same transaction (a re-extract's writes), kept so the undo restores them too.
 */
export function applyPlan(ctx: EngineContext, plan: RetractPlan, kind: RetractKind = plan.source.kind, alsoJournal: readonly string[] = []): RetractResult {
  const db = ctx.db;
  const toForget = [...plan.episodeIds, ...plan.forgetCurrentIds];
  const journalled = [...new Set([...toForget, ...plan.forgetEndedIds, ...plan.currentAgainIds, ...alsoJournal])];
  const journal: RetractJournal = recordJournal(db, journalled, plan.supportEdgeIds);
  const now = ctx.clock.now();
  forgetAll(ctx, toForget, now);
  // Already out of every read and tally: only the reason changes, and the end it had stays.
  const endedForgotten = db.prepare(`UPDATE nodes SET invalidated_reason = 'forgotten' WHERE id = ?`);
  for (const id of plan.forgetEndedIds) endedForgotten.run(id);
  const dropEdge = db.prepare('DELETE FROM edges WHERE id = ?');
  for (const id of plan.supportEdgeIds) dropEdge.run(id);
  applyVersionsAfterErase(ctx, { currentAgainIds: plan.currentAgainIds, relinks: [] }, now);
  // A proposal still waiting on what is retracted would bring it back on approval: set aside with it.
  const waiting = proposalsResting(db, { episodeIds: plan.episodeIds, sessionIds: [], factIds: plan.forgetCurrentIds }, true);
  const withdrawn = declinePending(db, waiting, now);
  if (withdrawn.length > 0) journal.withdrawn = withdrawn;
  noteAfter(db, journal);
  const counts: RetractCounts = {
    episodes: plan.episodeIds.length,
    forgotten: toForget.length - plan.episodeIds.length + plan.forgetEndedIds.length,
    losingSupport: plan.losingSupportIds.length,
    currentAgain: plan.currentAgainIds.length,
  };
  const retractionId = newId();
  db.prepare(
    `INSERT INTO retractions (id, source_kind, source_ref, summary, journal, applied_at) VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(retractionId, kind, plan.source.ref, JSON.stringify(counts), JSON.stringify(journal), now);
  for (const id of toForget) ctx.feed.emit({ kind: 'node.forgotten', nodeId: id });
  for (const id of [...plan.forgetEndedIds, ...plan.losingSupportIds]) ctx.feed.emit({ kind: 'node.updated', nodeId: id });
  if (withdrawn.length > 0) ctx.feed.emit({ kind: 'review.changed', proposalIds: withdrawn });
  return { retractionId, source: plan.source, counts };
}

export function retract(ctx: EngineContext, source: RetractSource): RetractResult {
  const plan = planRetract(ctx, source);
  if (planChanges(plan) === 0) throw new MemoryError('conflict', `Memory learned nothing from this ${source.kind} that is left to retract`);
  return applyPlan(ctx, plan);
}

interface RetractionRow {
  id: string;
  source_kind: RetractKind;
  source_ref: string;
  summary: string;
  journal: string;
  applied_at: number;
}

/** Undoes a retract (inside the caller's transaction). Refused when the rows it changed were changed again since. */
export function undoRetract(ctx: EngineContext, retractionId: string): RetractResult {
  const db = ctx.db;
  const row = db.prepare('SELECT * FROM retractions WHERE id = ?').get(retractionId) as RetractionRow | undefined;
  if (!row) throw new MemoryError('not_found', `No retraction ${retractionId} is left to undo`);
  const journal = JSON.parse(row.journal) as RetractJournal;
  const changed = changedSince(db, journal);
  if (changed.length > 0) {
    throw new MemoryError('conflict', `${changed.length} memory item(s) this retract changed were changed again since; undo them by hand (first: ${changed[0]})`);
  }
  undoReextractWrites(ctx, journal);
  restoreJournal(db, journal);
  undeclinePending(db, journal.withdrawn ?? [], row.applied_at);
  if (journal.withdrawn?.length) ctx.feed.emit({ kind: 'review.changed', proposalIds: journal.withdrawn });
  db.prepare('DELETE FROM retractions WHERE id = ?').run(retractionId);
  for (const node of journal.nodes) ctx.feed.emit({ kind: 'node.updated', nodeId: String(node.id) });
  for (const entity of journal.entities) {
    // The summary may have been re-embedded from the retracted text: embed it again from the one restored.
    ctx.slow.queueEntity(String(entity.id));
    ctx.feed.emit({ kind: 'entity.updated', entityId: String(entity.id) });
  }
  return toResult(row);
}

/** A re-extract's own writes go before its journal is restored (whose entity rows then hold). */
function undoReextractWrites(ctx: EngineContext, journal: RetractJournal): void {
  const db = ctx.db;
  const current = db.prepare('SELECT 1 FROM nodes WHERE id = ? AND valid_until IS NULL');
  const created = (journal.created ?? []).filter((id) => current.get(id) !== undefined);
  forgetAll(ctx, created, ctx.clock.now());
  const dropEdge = db.prepare('DELETE FROM edges WHERE id = ?');
  for (const id of journal.addedEdges ?? []) dropEdge.run(id);
  const withdraw = db.prepare(`DELETE FROM memory_proposals WHERE id = ? AND state = 'pending'`);
  for (const id of journal.proposed ?? []) withdraw.run(id);
  for (const id of created) ctx.feed.emit({ kind: 'node.forgotten', nodeId: id });
}

function toResult(row: RetractionRow): RetractResult {
  const kind = row.source_kind === 'reextract' ? 'session' : row.source_kind;
  return { retractionId: row.id, source: { kind, ref: row.source_ref }, counts: JSON.parse(row.summary) as RetractCounts };
}

/** Retractions that can still be undone, newest first. */
export function listRetractions(ctx: EngineContext, limit = 50): RetractionRecord[] {
  const rows = ctx.db.prepare('SELECT * FROM retractions ORDER BY applied_at DESC, id DESC LIMIT ?').all(limit) as RetractionRow[];
  return rows.map((row) => ({ ...toResult(row), appliedAt: row.applied_at }));
}
