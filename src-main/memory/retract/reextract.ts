/**
 * Re-extract by session, the memory's side (the write path extracts and compares, writepath/reextract.ts):
 * - `sessionContribution`: the current facts the session is a source of, and whether only it supports each;
 * - `applyReextract`: in the caller's one transaction, the session's facts the new reading does not find are
 *   retracted as a retract would (journalled; episodes kept: history is evidence), then the write path writes
 *   the new reading, and what it created or touched is added to the same journal, so one undo
 *   (`undoRetract`) reverts the whole re-extract.
 */
import type { Database } from 'better-sqlite3';
import type { EngineContext } from '../context';
import { versionsAfterErase } from '../erased-versions';
import { MemoryError } from '../errors';
import { applyPlan } from './apply';
import { noteAfter, type RetractJournal } from './journal';
import { planRetract } from './plan';
import { jsonFieldSql } from '../../storage/json-column';

export interface SessionFact {
  id: string;
  content: string;
  /** The fact's slot (attributes.slot), when the write path gave it one. */
  slot: string | null;
  /** Only this session supports it (a retract would forget it); else other sources do too. */
  onlyThisSession: boolean;
}

/** What the write path wrote, as the engine needs it for the journal. */
export interface ReextractWrite {
  created: string[];
  proposed: string[];
}

export interface ReextractApplyInput {
  sessionId: string;
  /** The contribution's ids the preview compared with: a different set now means the preview is stale. */
  expected: readonly string[];
  /** Session facts to forget (only it supports them, the new reading lost them). */
  dropIds: readonly string[];
  /** Session facts supported elsewhere that lose this session's support. */
  unsupportIds: readonly string[];
  /** Existing facts the new reading supersedes or restates: journalled before the write path touches them. */
  touchIds: readonly string[];
}

interface FactRow {
  id: string;
  content: string;
  slot: string | null;
}

function currentFacts(db: Database, ids: readonly string[]): FactRow[] {
  if (ids.length === 0) return [];
  return db
    .prepare(
      `SELECT n.id, n.content, ${jsonFieldSql('n.attributes', '$.slot')} AS slot FROM json_each(?) j CROSS JOIN nodes n ON n.id = j.value
       WHERE n.valid_until IS NULL ORDER BY j.key`,
    )
    .all(JSON.stringify(ids)) as FactRow[];
}

export function sessionContribution(ctx: EngineContext, sessionId: string): SessionFact[] {
  const plan = planRetract(ctx, { kind: 'session', ref: sessionId });
  const only = currentFacts(ctx.db, plan.forgetCurrentIds).map((f) => ({ ...f, onlyThisSession: true }));
  const shared = currentFacts(ctx.db, plan.losingSupportIds).map((f) => ({ ...f, onlyThisSession: false }));
  return [...only, ...shared].map((f) => ({ id: f.id, content: f.content, slot: typeof f.slot === 'string' ? f.slot : null, onlyThisSession: f.onlyThisSession }));
}

/** Older versions that become current again when these session facts are forgotten (shown in the preview). */
export function currentAgainAfterDrop(ctx: EngineContext, dropIds: readonly string[]): { id: string; content: string }[] {
  const ids = versionsAfterErase(ctx, dropIds).currentAgainIds;
  if (ids.length === 0) return [];
  return ctx.db
    .prepare('SELECT n.id, n.content FROM json_each(?) j CROSS JOIN nodes n ON n.id = j.value ORDER BY j.key')
    .all(JSON.stringify(ids)) as { id: string; content: string }[];
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean => {
  const x = new Set(a);
  return x.size === new Set(b).size && b.every((id) => x.has(id));
};

const maxRowid = (db: Database, table: 'edges'): number => (db.prepare(`SELECT coalesce(max(rowid), 0) FROM ${table}`).pluck().get() as number);

/** Inside the caller's transaction: retract what the new reading lost, write the new reading, journal both. */
export function applyReextract(ctx: EngineContext, input: ReextractApplyInput, writeNew: () => ReextractWrite): string {
  const db = ctx.db;
  const plan = planRetract(ctx, { kind: 'session', ref: input.sessionId });
  const now = sessionContribution(ctx, input.sessionId).map((f) => f.id);
  if (!sameSet(now, input.expected)) {
    throw new MemoryError('conflict', `What memory holds from session ${input.sessionId} changed since the preview; preview the re-extract again`);
  }
  const drop = new Set(input.dropIds);
  const unsupport = new Set(input.unsupportIds);
  const forgetIds = plan.forgetCurrentIds.filter((id) => drop.has(id));
  const losingSupportIds = plan.losingSupportIds.filter((id) => unsupport.has(id));
  const supportEdgeIds = db
    .prepare(
      `SELECT e.id FROM json_each(?) f CROSS JOIN edges e ON e.source_id = f.value
       WHERE e.relation_type = 'derived_from' AND e.target_id IN (SELECT id FROM nodes WHERE session_id = ? AND type = 'episodic') ORDER BY e.id`,
    )
    .pluck()
    .all(JSON.stringify(losingSupportIds), input.sessionId) as string[];
  const restricted = {
    source: plan.source,
    episodeIds: [],
    forgetIds,
    forgetCurrentIds: forgetIds,
    // A re-extract re-reads what the session says now; the versions it ended stay as history.
    forgetEndedIds: [],
    losingSupportIds,
    supportEdgeIds,
    currentAgainIds: versionsAfterErase(ctx, forgetIds).currentAgainIds,
  };
  const touched = input.touchIds.filter((id) => !drop.has(id));
  const { retractionId } = applyPlan(ctx, restricted, 'reextract', touched);

  const edgesBefore = maxRowid(db, 'edges');
  const written = writeNew();
  const created = new Set(written.created);
  // Edges the new reading added to what already was (support of restated facts, causal links between
  // messages): an undo deletes them. The new facts' own edges stay with them (forgotten, restorable).
  const addedEdges = db
    .prepare('SELECT id, source_id FROM edges WHERE rowid > ? ORDER BY rowid')
    .all(edgesBefore) as { id: string; source_id: string }[];
  const row = db.prepare('SELECT journal FROM retractions WHERE id = ?').pluck().get(retractionId) as string;
  const journal = JSON.parse(row) as RetractJournal;
  noteAfter(db, journal);
  journal.created = written.created;
  journal.proposed = written.proposed;
  journal.addedEdges = addedEdges.filter((e) => !created.has(e.source_id)).map((e) => e.id);
  const validUntil = db.prepare('SELECT valid_until FROM nodes WHERE id = ?').pluck();
  journal.after.push(...written.created.map((id) => ({ id, validUntil: validUntil.get(id) as number | null })));
  db.prepare('UPDATE retractions SET journal = ? WHERE id = ?').run(JSON.stringify(journal), retractionId);
  return retractionId;
}
