/**
 * The decay state an edit replaced (migration 013), recorded by the engine when it confirms or corrects, and
 * put back by undo. Keyed by the edit and the node it produced; `nodeId` is the node whose state comes back.
 */
import type { Database } from 'better-sqlite3';
import type { MemoryNode } from '../../../src-shared/memory-types';
import { stmt } from './statements';

export type UndoableEdit = 'confirm' | 'correct';

export interface UndoState {
  nodeId: string;
  confidence: number;
  confidenceBase: number;
  decayRate: number;
  lastAccessed: number | null;
}

/** Records `before` (the node as it was) for the edit that produced `editedId`; a later edit of the same kind replaces it. */
export function recordUndoState(db: Database, edit: UndoableEdit, editedId: string, before: MemoryNode, now: number): void {
  stmt(
    db,
    `INSERT INTO undo_states (edited_id, edit, node_id, confidence, confidence_base, decay_rate, last_accessed, recorded_at)
     VALUES (@editedId, @edit, @nodeId, @confidence, @confidenceBase, @decayRate, @lastAccessed, @now)
     ON CONFLICT (edited_id, edit) DO UPDATE SET node_id = excluded.node_id, confidence = excluded.confidence,
       confidence_base = excluded.confidence_base, decay_rate = excluded.decay_rate, last_accessed = excluded.last_accessed,
       recorded_at = excluded.recorded_at`,
  ).run({
    editedId,
    edit,
    nodeId: before.id,
    confidence: before.confidence,
    confidenceBase: before.confidenceBase,
    decayRate: before.decayRate,
    lastAccessed: before.lastAccessed,
    now,
  });
}

export function undoStateOf(db: Database, edit: UndoableEdit, editedId: string): UndoState | undefined {
  return stmt(
    db,
    `SELECT node_id AS nodeId, confidence, confidence_base AS confidenceBase, decay_rate AS decayRate,
       last_accessed AS lastAccessed FROM undo_states WHERE edited_id = ? AND edit = ?`,
  ).get(editedId, edit) as UndoState | undefined;
}

/**
 * Puts the recorded state back on its node and drops the record: an edit is undone once. Stability stays:
 * a confirmation counted for it even if it is undone, and a correction does not change the old version's.
 */
export function applyUndoState(db: Database, edit: UndoableEdit, editedId: string, state: UndoState): void {
  stmt(
    db,
    'UPDATE nodes SET confidence = ?, confidence_base = ?, decay_rate = ?, last_accessed = ? WHERE id = ?',
  ).run(state.confidence, state.confidenceBase, state.decayRate, state.lastAccessed, state.nodeId);
  stmt(db, 'DELETE FROM undo_states WHERE edited_id = ? AND edit = ?').run(editedId, edit);
}
