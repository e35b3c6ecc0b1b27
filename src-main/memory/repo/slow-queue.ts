/** The durable backlog of the slow path: nodes still to embed and link. Survives restarts by construction. */
import type { Database } from 'better-sqlite3';
import type { NodeType } from '../../../src-shared/memory-types';
import { stmt } from './statements';

export function enqueueSlowPath(db: Database, nodeId: string, now: number): void {
  stmt(
    db,
    `INSERT INTO slow_path_queue (node_id, enqueued_at, next_attempt_at) VALUES (@id, @now, @now)
     ON CONFLICT(node_id) DO UPDATE SET next_attempt_at = min(next_attempt_at, excluded.next_attempt_at)`,
  ).run({ id: nodeId, now });
}

export interface DueItem {
  node_id: string;
  attempts: number;
  content: string;
  type: NodeType;
  active: number;
}

export function dueSlowPathItems(db: Database, now: number, limit: number): DueItem[] {
  // CROSS JOIN keeps the queue outside, walked in due order and stopped at the limit: with statistics
  // taken while the queue was empty, SQLite would otherwise scan every node and probe the queue.
  return stmt(
    db,
    `SELECT q.node_id, q.attempts, n.content, n.type, (n.valid_until IS NULL) AS active
     FROM slow_path_queue q CROSS JOIN nodes n ON n.id = q.node_id
     WHERE q.next_attempt_at <= ? ORDER BY q.next_attempt_at, q.enqueued_at, n.rowid LIMIT ?`,
  ).all(now, limit) as DueItem[];
}

export function nextSlowPathAttemptAt(db: Database): number | undefined {
  const row = stmt(db, 'SELECT min(next_attempt_at) AS t FROM slow_path_queue').get() as { t: number | null };
  return row.t ?? undefined;
}

export function completeSlowPathItem(db: Database, nodeId: string): void {
  stmt(db, 'DELETE FROM slow_path_queue WHERE node_id = ?').run(nodeId);
}

export function deferSlowPathItem(db: Database, nodeId: string, attempts: number, nextAttemptAt: number, error: string): void {
  stmt(db, 'UPDATE slow_path_queue SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE node_id = ?').run(
    attempts,
    nextAttemptAt,
    error,
    nodeId,
  );
}

export function slowPathBacklog(db: Database): { pending: number; failing: number; lastError: string | null } {
  const row = stmt(
    db,
    `SELECT count(*) AS pending, sum(attempts > 0) AS failing,
       (SELECT last_error FROM slow_path_queue WHERE last_error IS NOT NULL ORDER BY next_attempt_at DESC LIMIT 1) AS last_error
     FROM slow_path_queue`,
  ).get() as { pending: number; failing: number | null; last_error: string | null };
  return { pending: row.pending, failing: row.failing ?? 0, lastError: row.last_error };
}
