/**
 * Node rows: insert, read, update. Repository functions take the connection first and hold no state; the readers
 * take a `ReadableDB`, so they cannot write.
 */
import type { Database } from 'better-sqlite3';
import type { ReadableDB } from '../../storage/db';
import type { InvalidationReason, JsonObject, MemoryNode, NodeType, SourceType } from '../../../src-shared/memory-types';
import { parseJsonObject, stmt } from './statements';

export interface NodeRow {
  rowid: number;
  id: string;
  type: NodeType;
  content: string;
  event_time: number;
  created_at: number;
  valid_from: number;
  valid_until: number | null;
  invalidated_reason: InvalidationReason | null;
  confidence: number;
  confidence_base: number;
  access_count: number;
  last_accessed: number | null;
  decay_rate: number;
  stability: number;
  source_type: SourceType | null;
  source_role: string | null;
  session_id: string | null;
  space_id: string;
  everywhere: number;
  attributes: string;
}

export const NODE_COLUMNS =
  'rowid, id, type, content, event_time, created_at, valid_from, valid_until, invalidated_reason, confidence, ' +
  'confidence_base, access_count, last_accessed, decay_rate, stability, source_type, source_role, session_id, space_id, everywhere, attributes';

export function toNode(row: NodeRow): MemoryNode {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    eventTime: row.event_time,
    createdAt: row.created_at,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    invalidatedReason: row.invalidated_reason,
    confidence: row.confidence,
    confidenceBase: row.confidence_base,
    accessCount: row.access_count,
    lastAccessed: row.last_accessed,
    decayRate: row.decay_rate,
    stability: row.stability,
    sourceType: row.source_type,
    sourceRole: row.source_role,
    sessionId: row.session_id,
    spaceId: row.space_id,
    everywhere: row.everywhere === 1,
    attributes: parseJsonObject(row.attributes),
  };
}

export interface NewNode {
  id: string;
  type: NodeType;
  content: string;
  eventTime: number;
  createdAt: number;
  validFrom: number;
  confidence: number;
  decayRate: number;
  /** Decay stability (src-shared/decay.ts); default 1. */
  stability?: number;
  sourceType: SourceType;
  sourceRole: string | null;
  sessionId: string | null;
  /** The node's space; absent = its session's space, else Personal. */
  spaceId?: string | null;
  everywhere?: boolean;
  attributes: JsonObject;
}

export function insertNode(db: Database, n: NewNode): void {
  stmt(
    db,
    `INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, confidence, confidence_base,
       decay_rate, stability, source_type, source_role, session_id, space_id, everywhere, attributes)
     VALUES (@id, @type, @content, @eventTime, @createdAt, @validFrom, @confidence, @confidence,
       @decayRate, @stability, @sourceType, @sourceRole, @sessionId,
       coalesce(@spaceId, (SELECT space_id FROM memory_sessions WHERE id = @sessionId), 'personal'), @everywhere, @attributes)`,
  ).run({ ...n, stability: n.stability ?? 1, spaceId: n.spaceId ?? null, everywhere: n.everywhere ? 1 : 0, attributes: JSON.stringify(n.attributes) });
}

export function getNodeRow(db: ReadableDB, id: string): NodeRow | undefined {
  return stmt(db, `SELECT ${NODE_COLUMNS} FROM nodes WHERE id = ?`).get(id) as NodeRow | undefined;
}

export function getNode(db: ReadableDB, id: string): MemoryNode | undefined {
  const row = getNodeRow(db, id);
  return row ? toNode(row) : undefined;
}

export function getNodes(db: ReadableDB, ids: readonly string[]): MemoryNode[] {
  if (ids.length === 0) return [];
  const rows = stmt(db, `SELECT ${NODE_COLUMNS} FROM nodes WHERE id IN (SELECT value FROM json_each(?))`).all(
    JSON.stringify(ids),
  ) as NodeRow[];
  const byId = new Map(rows.map((r) => [r.id, toNode(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** End a node's validity; it stays in the database and in history. */
export function invalidateNode(db: Database, id: string, at: number, reason: InvalidationReason): void {
  stmt(db, 'UPDATE nodes SET valid_until = ?, invalidated_reason = ? WHERE id = ?').run(at, reason, id);
}

export function revalidateNode(db: Database, id: string): void {
  stmt(db, 'UPDATE nodes SET valid_until = NULL, invalidated_reason = NULL WHERE id = ?').run(id);
}

export function setConfidence(
  db: Database,
  id: string,
  values: { confidence: number; confidenceBase: number; decayRate?: number; lastAccessed?: number; stability?: number },
): void {
  stmt(
    db,
    `UPDATE nodes SET confidence = @confidence, confidence_base = @confidenceBase,
       decay_rate = coalesce(@decayRate, decay_rate), last_accessed = coalesce(@lastAccessed, last_accessed),
       stability = coalesce(@stability, stability)
     WHERE id = @id`,
  ).run({ id, decayRate: null, lastAccessed: null, stability: null, ...values });
}

export function setAttributes(db: Database, id: string, attributes: JsonObject): void {
  stmt(db, 'UPDATE nodes SET attributes = ? WHERE id = ?').run(JSON.stringify(attributes), id);
}

/**
 * The latest episode of a session, by event time (ties: insertion order). `+type`: the session index must
 * answer; (type, event_time) would walk every episode of every session back from the newest.
 */
export function lastEpisodeOfSession(db: ReadableDB, sessionId: string): { id: string; event_time: number } | undefined {
  return stmt(
    db,
    `SELECT id, event_time FROM nodes WHERE session_id = ? AND +type = 'episodic'
     ORDER BY event_time DESC, rowid DESC LIMIT 1`,
  ).get(sessionId) as { id: string; event_time: number } | undefined;
}

/**
 * Messages said by `t` that memory learned only after it (an older history imported later), in a space if given: how
 * many, and when the first of them was learned. Memory as of `t` had not learned them, so an as-of read leaves them out.
 */
export function saidByLearnedAfter(db: ReadableDB, t: number, spaceId: string | null = null): { count: number; firstLearnedAt: number | null } {
  // (Forgotten ones are gone, not left out; in one space, only that space's.)
  const row = stmt(
    db,
    "SELECT count(*) AS n, min(created_at) AS first FROM nodes WHERE created_at > ? AND event_time <= ? AND +type = 'episodic' AND valid_until IS NULL AND (? IS NULL OR space_id = ?)",
  ).get(t, t, spaceId, spaceId) as { n: number; first: number | null };
  return { count: row.n, firstLearnedAt: row.first };
}

export function nodeExists(db: ReadableDB, id: string): boolean {
  return stmt(db, 'SELECT 1 FROM nodes WHERE id = ?').get(id) !== undefined;
}

/** Whether the node is current (1), no longer valid (0), or gone (undefined). */
export function nodeIsCurrent(db: ReadableDB, id: string): boolean | undefined {
  const row = stmt(db, 'SELECT valid_until IS NULL AS current FROM nodes WHERE id = ?').get(id) as { current: number } | undefined;
  return row === undefined ? undefined : row.current === 1;
}

/** Delete the row itself (erasing what a session taught; its vector and links are the caller's). */
export function deleteNodeRow(db: Database, id: string): void {
  stmt(db, 'DELETE FROM nodes WHERE id = ?').run(id);
}
