/** Space rows (migration 015) and the space columns of chats, memory sessions and nodes. */
import type { Database } from 'better-sqlite3';
import type { ReadableDB } from '../../storage/db';
import type { MemorySpace, MemorySpaceSummary } from '../../../src-shared/spaces';
import { stmt } from './statements';

interface SpaceRow {
  id: string;
  name: string;
  created_at: number;
}

const toSpace = (r: SpaceRow): MemorySpace => ({ id: r.id, name: r.name, createdAt: r.created_at });

export function listSpaceRows(db: ReadableDB): MemorySpace[] {
  // Personal first, then by name.
  return (stmt(db, `SELECT id, name, created_at FROM spaces ORDER BY id != 'personal', name COLLATE NOCASE, id`).all() as SpaceRow[]).map(toSpace);
}

export function getSpaceRow(db: ReadableDB, id: string): MemorySpace | undefined {
  const row = stmt(db, 'SELECT id, name, created_at FROM spaces WHERE id = ?').get(id) as SpaceRow | undefined;
  return row ? toSpace(row) : undefined;
}

/** By name, whatever its case (names are unique without case). */
export function spaceNamed(db: ReadableDB, name: string): MemorySpace | undefined {
  const row = stmt(db, 'SELECT id, name, created_at FROM spaces WHERE name = ? COLLATE NOCASE').get(name) as SpaceRow | undefined;
  return row ? toSpace(row) : undefined;
}

/**
 * How many spaces, per connection: every scoped context pack asks. Only insertSpace and deleteSpaceRow change
 * it here; after another process's commits the engine forgets it (forgetSpaceCount).
 */
const spaceCounts = new WeakMap<ReadableDB, number>();

export function spaceCount(db: ReadableDB): number {
  let count = spaceCounts.get(db);
  if (count === undefined) {
    count = stmt(db, 'SELECT count(*) FROM spaces').pluck().get() as number;
    spaceCounts.set(db, count);
  }
  return count;
}

export function forgetSpaceCount(db: ReadableDB): void {
  spaceCounts.delete(db);
}

/** What each space holds: one index walk per space over (space_id, type, …). */
export function summarise(db: ReadableDB, space: MemorySpace): MemorySpaceSummary {
  const count = (sql: string): number => stmt(db, sql).pluck().get(space.id) as number;
  return {
    ...space,
    chats: count('SELECT count(*) FROM chat_sessions WHERE space_id = ?'),
    facts: count(`SELECT count(*) FROM nodes WHERE space_id = ? AND type != 'episodic' AND valid_until IS NULL`),
    episodes: count(`SELECT count(*) FROM nodes WHERE space_id = ? AND type = 'episodic'`),
  };
}

export function insertSpace(db: Database, space: MemorySpace): void {
  stmt(db, 'INSERT INTO spaces (id, name, created_at) VALUES (?, ?, ?)').run(space.id, space.name, space.createdAt);
  forgetSpaceCount(db);
}

export function renameSpaceRow(db: Database, id: string, name: string): void {
  stmt(db, 'UPDATE spaces SET name = ? WHERE id = ?').run(name, id);
}

export function deleteSpaceRow(db: Database, id: string): void {
  stmt(db, 'DELETE FROM spaces WHERE id = ?').run(id);
  forgetSpaceCount(db);
}

export function setNodesSpace(db: Database, nodeIds: readonly string[], spaceId: string): void {
  stmt(db, 'UPDATE nodes SET space_id = ? WHERE id IN (SELECT value FROM json_each(?))').run(spaceId, JSON.stringify(nodeIds));
}

export function setNodesEverywhere(db: Database, nodeIds: readonly string[], everywhere: boolean): void {
  stmt(db, 'UPDATE nodes SET everywhere = ? WHERE id IN (SELECT value FROM json_each(?))').run(everywhere ? 1 : 0, JSON.stringify(nodeIds));
}

/** Every row of one space goes to another (a space deleted with "move its memories"). */
export function moveAllRows(db: Database, fromId: string, toId: string): void {
  for (const table of ['nodes', 'memory_sessions', 'chat_sessions']) {
    stmt(db, `UPDATE ${table} SET space_id = ? WHERE space_id = ?`).run(toId, fromId);
  }
}

export function nodeIdsOfSpace(db: ReadableDB, spaceId: string): string[] {
  return stmt(db, 'SELECT id FROM nodes WHERE space_id = ?').pluck().all(spaceId) as string[];
}

export function sessionIdsOfSpace(db: ReadableDB, spaceId: string): string[] {
  return stmt(db, 'SELECT id FROM memory_sessions WHERE space_id = ?').pluck().all(spaceId) as string[];
}

export function deleteSessionsOfSpace(db: Database, spaceId: string): void {
  // Chat messages and packs leave with their chat (ON DELETE CASCADE).
  stmt(db, 'DELETE FROM chat_sessions WHERE space_id = ?').run(spaceId);
  stmt(db, 'DELETE FROM memory_sessions WHERE space_id = ?').run(spaceId);
}

export function chatSpace(db: ReadableDB, chatId: string): string | undefined {
  return stmt(db, 'SELECT space_id FROM chat_sessions WHERE id = ?').pluck().get(chatId) as string | undefined;
}

/** The memory sessions a chat's messages went to (each rotation is a new one). */
export function memorySessionsOfChat(db: ReadableDB, chatId: string): string[] {
  return stmt(
    db,
    `SELECT memory_session_id FROM chat_sessions WHERE id = ? AND memory_session_id IS NOT NULL
     UNION SELECT DISTINCT memory_session_id FROM chat_messages WHERE chat_id = ? AND memory_session_id IS NOT NULL`,
  )
    .pluck()
    .all(chatId, chatId) as string[];
}

export function setChatSpaceRow(db: Database, chatId: string, spaceId: string): void {
  stmt(db, 'UPDATE chat_sessions SET space_id = ? WHERE id = ?').run(spaceId, chatId);
}

export function setSessionsSpace(db: Database, sessionIds: readonly string[], spaceId: string): void {
  stmt(db, 'UPDATE memory_sessions SET space_id = ? WHERE id IN (SELECT value FROM json_each(?))').run(spaceId, JSON.stringify(sessionIds));
}

/** Nodes recorded in these sessions (episodes and the facts learned there). */
export function nodeIdsOfSessions(db: ReadableDB, sessionIds: readonly string[]): string[] {
  return stmt(db, 'SELECT n.id FROM json_each(?) AS j CROSS JOIN nodes n ON n.session_id = j.value').pluck().all(JSON.stringify(sessionIds)) as string[];
}
