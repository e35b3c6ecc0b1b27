import type { Database } from 'better-sqlite3';
import type { ReadableDB } from '../../storage/db';
import type { SessionState } from '../../../src-shared/memory-types';
import { stmt } from './statements';

interface SessionRow {
  id: string;
  started_at: number;
  last_event_at: number;
  episode_count: number;
  status: SessionState['status'];
  completed_at: number | null;
  consolidated_at: number | null;
  attempts: number;
  last_error: string | null;
  space_id: string;
}

function toSession(r: SessionRow): SessionState {
  return {
    id: r.id,
    startedAt: r.started_at,
    lastEventAt: r.last_event_at,
    episodeCount: r.episode_count,
    status: r.status,
    completedAt: r.completed_at,
    consolidatedAt: r.consolidated_at,
    attempts: r.attempts,
    lastError: r.last_error,
    spaceId: r.space_id,
  };
}

/** Count an episode into its session; a consolidated session that gets new episodes needs consolidating again. */
/** Episodes a batch added to one session: its time span and count. */
export interface SessionTouch {
  first: number;
  last: number;
  count: number;
  /** The space a new session starts in (null = Personal); an existing session keeps its own. */
  spaceId: string | null;
}

/** Record a batch's episodes on their session: one upsert per session, not one per episode. */
export function touchSession(db: Database, sessionId: string, touch: SessionTouch): void {
  stmt(
    db,
    `INSERT INTO memory_sessions (id, started_at, last_event_at, episode_count, space_id)
     VALUES (@id, @first, @last, @count, coalesce(@spaceId, 'personal'))
     ON CONFLICT(id) DO UPDATE SET
       started_at = min(started_at, excluded.started_at),
       last_event_at = max(last_event_at, excluded.last_event_at),
       episode_count = episode_count + excluded.episode_count,
       status = CASE WHEN status = 'consolidated' THEN 'completed' ELSE status END`,
  ).run({ id: sessionId, ...touch });
}

export function getSession(db: ReadableDB, id: string): SessionState | undefined {
  const row = stmt(db, 'SELECT * FROM memory_sessions WHERE id = ?').get(id) as SessionRow | undefined;
  return row ? toSession(row) : undefined;
}

export function markSessionCompleted(db: Database, id: string, at: number): void {
  stmt(db, `UPDATE memory_sessions SET status = 'completed', completed_at = ? WHERE id = ? AND status = 'open'`).run(at, id);
}

export function countUnconsolidatedSessions(db: ReadableDB): number {
  return (stmt(db, `SELECT count(*) AS n FROM memory_sessions WHERE status != 'consolidated'`).get() as { n: number }).n;
}

/** Erased sessions stay as empty, finished rows (no text), so a consolidation already queued finds nothing to learn. */
export function emptyErasedSessions(db: Database, sessionIds: readonly string[], now: number): void {
  stmt(
    db,
    `UPDATE memory_sessions SET status = 'consolidated', episode_count = 0, last_error = NULL, consolidated_at = ?
     WHERE id IN (SELECT value FROM json_each(?))`,
  ).run(now, JSON.stringify(sessionIds));
}
