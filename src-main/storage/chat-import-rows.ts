/** The chat rows of imported conversations (columns of migrations 002 and 005). Connection first, no state. */
import type { Database } from 'better-sqlite3';
import { stmt } from './statements';
import type { ImportSource } from '../../src-shared/import-source';
import { chatSessionId } from '../../src-shared/session-ids';

export interface ImportedChatRow {
  id: string;
  memorySessionId: string;
  nextSeq: number;
  lastActivityAt: number;
}

export function findImportedChat(db: Database, importKey: string): ImportedChatRow | undefined {
  const row = stmt(
    db,
    `SELECT c.id, c.memory_session_id, c.last_activity_at, (SELECT coalesce(max(seq), 0) + 1 FROM chat_messages m WHERE m.chat_id = c.id) AS next_seq
     FROM chat_sessions c WHERE c.import_key = ?`,
  ).get(importKey) as { id: string; memory_session_id: string | null; last_activity_at: number; next_seq: number } | undefined;
  if (!row) return undefined;
  return { id: row.id, memorySessionId: row.memory_session_id ?? chatSessionId(row.id, 1), nextSeq: row.next_seq, lastActivityAt: row.last_activity_at };
}

/** Keys among `keys` that are already imported. */
export function existingMessageKeys(db: Database, keys: readonly string[]): Set<string> {
  if (keys.length === 0) return new Set();
  const rows = stmt(db, 'SELECT import_key FROM chat_messages WHERE import_key IN (SELECT value FROM json_each(?))')
    .raw()
    .all(JSON.stringify(keys)) as [string][];
  return new Set(rows.map((r) => r[0]));
}

/** An imported conversation's chat: its episodes go to memory session `chat-<id>-1`, already ended. */
export function insertImportedChat(
  db: Database,
  chat: { id: string; title: string; createdAt: number; lastActivityAt: number; source: ImportSource; importKey: string; memorySessionId: string; spaceId?: string | undefined },
): void {
  stmt(
    db,
    `INSERT INTO chat_sessions (id, title, created_at, updated_at, last_activity_at, memory_session_id, memory_session_open, memory_segment, import_source, import_key, space_id)
     VALUES (@id, @title, @createdAt, @createdAt, @lastActivityAt, @memorySessionId, 0, 1, @source, @importKey, coalesce(@spaceId, 'personal'))`,
  ).run({ ...chat, spaceId: chat.spaceId ?? null });
}

export function touchImportedChat(db: Database, chatId: string, lastActivityAt: number, now: number): void {
  stmt(db, 'UPDATE chat_sessions SET last_activity_at = max(last_activity_at, @lastActivityAt), updated_at = @now WHERE id = @chatId').run({
    chatId,
    lastActivityAt,
    now,
  });
}

export function insertImportedMessage(
  db: Database,
  m: { id: string; chatId: string; seq: number; role: 'user' | 'assistant'; content: string; memorySessionId: string; episodeId: string; replyTo: string | null; time: number; importKey: string },
): void {
  stmt(
    db,
    `INSERT INTO chat_messages (id, chat_id, seq, role, content, status, memory_session_id, episode_id, reply_to, created_at, updated_at, import_key)
     VALUES (@id, @chatId, @seq, @role, @content, 'complete', @memorySessionId, @episodeId, @replyTo, @time, @time, @importKey)`,
  ).run(m);
}

/** The stored text of each already-imported message among `keys`. */
export function storedMessageTexts(db: Database, keys: readonly string[]): Map<string, string> {
  if (keys.length === 0) return new Map();
  const rows = stmt(db, 'SELECT import_key, content FROM chat_messages WHERE import_key IN (SELECT value FROM json_each(?))')
    .raw()
    .all(JSON.stringify(keys)) as [string, string][];
  return new Map(rows);
}
