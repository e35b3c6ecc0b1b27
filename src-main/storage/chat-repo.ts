/** Chat storage (tables of migration 002). Plain functions; the connection comes first. */
import type { Database } from 'better-sqlite3';
import { stmt } from './statements';
import type { ContextPack } from '../../src-shared/retrieval-types';
import type { ChatMessage, ChatSession, ChatTitle, MessageError, MessageStatus, ToolCallRecord } from '../../src-shared/chat-types';
import { jsonOrEmptySql, readJsonColumn } from './json-column';
import { chatSessionId } from '../../src-shared/session-ids';

interface SessionRow {
  id: string;
  title: string;
  created_at: number;
  updated_at: number;
  last_activity_at: number;
  archived: number;
  no_remember: number;
  no_memory: number;
  memory_session_id: string | null;
  memory_session_open: number;
  memory_segment: number;
  import_source: string | null;
  space_id: string;
}

interface MessageRow {
  id: string;
  chat_id: string;
  seq: number;
  role: 'user' | 'assistant';
  content: string;
  status: MessageStatus;
  error: string | null;
  tool_calls: string;
  context_pack_id: string | null;
  memory_session_id: string | null;
  episode_id: string | null;
  model: string | null;
  reply_to: string | null;
  created_at: number;
  updated_at: number;
}

const toSession = (r: SessionRow): ChatSession => ({
  id: r.id,
  title: r.title,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  lastActivityAt: r.last_activity_at,
  archived: r.archived === 1,
  noRemember: r.no_remember === 1,
  noMemory: r.no_memory === 1,
  memorySessionId: r.memory_session_id,
  memorySessionOpen: r.memory_session_open === 1,
  importedFrom: r.import_source ?? null,
  spaceId: r.space_id,
});

/** What a message's error reads as when its stored JSON is damaged. */
const UNREADABLE_ERROR: MessageError = { reason: 'malformed_output', message: 'The stored error of this message could not be read.' };

const toMessage = (r: MessageRow): ChatMessage => ({
  id: r.id,
  chatId: r.chat_id,
  seq: r.seq,
  role: r.role,
  content: r.content,
  status: r.status,
  error: r.error === null ? null : (readJsonColumn(r.error, UNREADABLE_ERROR) as MessageError),
  toolCalls: ((v) => (Array.isArray(v) ? v : []))(readJsonColumn(r.tool_calls, [])) as ToolCallRecord[],
  contextPackId: r.context_pack_id,
  memorySessionId: r.memory_session_id,
  episodeId: r.episode_id,
  model: r.model,
  replyTo: r.reply_to,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

// ---- sessions -------------------------------------------------------------------------------

/** A new chat, in `spaceId` (default Personal). */
export function insertChatSession(db: Database, s: { id: string; title: string; now: number; spaceId?: string }): ChatSession {
  stmt(
    db,
    `INSERT INTO chat_sessions (id, title, created_at, updated_at, last_activity_at, space_id)
     VALUES (@id, @title, @now, @now, @now, coalesce(@spaceId, 'personal'))`,
  ).run({ spaceId: null, ...s });
  return getChatSession(db, s.id) as ChatSession;
}

export function getChatSession(db: Database, id: string): ChatSession | undefined {
  const row = stmt(db, 'SELECT * FROM chat_sessions WHERE id = ?').get(id) as SessionRow | undefined;
  return row ? toSession(row) : undefined;
}

export function listChatSessions(db: Database, includeArchived: boolean, limit = Number.MAX_SAFE_INTEGER, offset = 0): ChatSession[] {
  const rows = stmt(
    db,
    `SELECT * FROM chat_sessions WHERE archived = 0 OR @all = 1 ORDER BY last_activity_at DESC, created_at DESC LIMIT @limit OFFSET @offset`,
  ).all({ all: includeArchived ? 1 : 0, limit, offset }) as SessionRow[];
  return rows.map(toSession);
}

/** The titles of the chats with these ids, by primary key; ids of chats that do not exist are left out. */
export function chatTitles(db: Database, ids: readonly string[]): ChatTitle[] {
  return stmt(db, 'SELECT id, title, created_at AS createdAt FROM chat_sessions WHERE id IN (SELECT value FROM json_each(?))').all(
    JSON.stringify(ids),
  ) as ChatTitle[];
}

export function updateChatSession(
  db: Database,
  id: string,
  patch: Partial<Pick<ChatSession, 'title' | 'archived' | 'noRemember' | 'noMemory' | 'lastActivityAt'>>,
  now: number,
): void {
  const cur = getChatSession(db, id);
  if (!cur) return;
  const next = { ...cur, ...patch };
  stmt(
    db,
    `UPDATE chat_sessions SET title = @title, archived = @archived, no_remember = @noRemember, no_memory = @noMemory,
       last_activity_at = @lastActivityAt, updated_at = @now WHERE id = @id`,
  ).run({
    id,
    title: next.title,
    archived: next.archived ? 1 : 0,
    noRemember: next.noRemember ? 1 : 0,
    noMemory: next.noMemory ? 1 : 0,
    lastActivityAt: next.lastActivityAt,
    now,
  });
}

/** Starts the next memory session of a chat; returns its id. */
export function openMemorySegment(db: Database, chatId: string): string {
  const row = stmt(db, 'SELECT memory_segment FROM chat_sessions WHERE id = ?').get(chatId) as { memory_segment: number };
  const segment = row.memory_segment + 1;
  const memorySessionId = chatSessionId(chatId, segment);
  stmt(
    db,
    `UPDATE chat_sessions SET memory_segment = @segment, memory_session_id = @memorySessionId, memory_session_open = 1 WHERE id = @chatId`,
  ).run({ segment, memorySessionId, chatId });
  return memorySessionId;
}

export function closeMemorySegment(db: Database, chatId: string): void {
  stmt(db, 'UPDATE chat_sessions SET memory_session_open = 0 WHERE id = ?').run(chatId);
}

export function openSegments(db: Database): ChatSession[] {
  return (stmt(db, 'SELECT * FROM chat_sessions WHERE memory_session_open = 1').all() as SessionRow[]).map(toSession);
}

// ---- messages -------------------------------------------------------------------------------

export interface NewMessage {
  id: string;
  chatId: string;
  role: 'user' | 'assistant';
  content: string;
  status: MessageStatus;
  memorySessionId: string | null;
  replyTo: string | null;
  model: string | null;
  now: number;
}

export function insertMessage(db: Database, m: NewMessage): ChatMessage {
  stmt(
    db,
    `INSERT INTO chat_messages (id, chat_id, seq, role, content, status, memory_session_id, reply_to, model, created_at, updated_at)
     VALUES (@id, @chatId, (SELECT coalesce(max(seq), 0) + 1 FROM chat_messages WHERE chat_id = @chatId),
             @role, @content, @status, @memorySessionId, @replyTo, @model, @now, @now)`,
  ).run(m);
  return getMessage(db, m.id) as ChatMessage;
}

export function getMessage(db: Database, id: string): ChatMessage | undefined {
  const row = stmt(db, 'SELECT * FROM chat_messages WHERE id = ?').get(id) as MessageRow | undefined;
  return row ? toMessage(row) : undefined;
}

/** The latest `limit` messages of a chat, oldest first (a long conversation is read a page at a time). */
export function listMessages(db: Database, chatId: string, limit = Number.MAX_SAFE_INTEGER): ChatMessage[] {
  const rows = stmt(db, 'SELECT * FROM chat_messages WHERE chat_id = ? ORDER BY seq DESC LIMIT ?').all(chatId, limit) as MessageRow[];
  return rows.reverse().map(toMessage);
}

/** The last `limit` finished turns before `beforeSeq` (the history sent with a request), oldest first. */
export function historyBefore(db: Database, chatId: string, beforeSeq: number, limit: number): ChatMessage[] {
  const rows = stmt(
    db,
    `SELECT * FROM chat_messages WHERE chat_id = ? AND seq < ? AND status IN ('complete','stopped') AND trim(content) != ''
     ORDER BY seq DESC LIMIT ?`,
  ).all(chatId, beforeSeq, limit) as MessageRow[];
  return rows.reverse().map(toMessage);
}

export interface MessagePatch {
  content?: string;
  status?: MessageStatus;
  error?: MessageError | null;
  toolCalls?: ToolCallRecord[];
  contextPackId?: string | null;
  episodeId?: string | null;
  memorySessionId?: string | null;
  model?: string | null;
}

export function updateMessage(db: Database, id: string, patch: MessagePatch, now: number): ChatMessage {
  const cur = getMessage(db, id);
  if (!cur) throw new Error(`message ${id} vanished`);
  const next = { ...cur, ...patch };
  stmt(
    db,
    `UPDATE chat_messages SET content = @content, status = @status, error = @error, tool_calls = @toolCalls,
       context_pack_id = @contextPackId, episode_id = @episodeId, memory_session_id = @memorySessionId, model = @model,
       updated_at = @now WHERE id = @id`,
  ).run({
    id,
    content: next.content,
    status: next.status,
    error: next.error === null ? null : JSON.stringify(next.error),
    toolCalls: JSON.stringify(next.toolCalls),
    contextPackId: next.contextPackId,
    episodeId: next.episodeId,
    memorySessionId: next.memorySessionId,
    model: next.model,
    now,
  });
  return getMessage(db, id) as ChatMessage;
}

/** Replies left "streaming" by a crash or a quit mid-stream are marked stopped at the next start. */
export function stopDanglingStreams(db: Database, now: number): number {
  return stmt(db, `UPDATE chat_messages SET status = 'stopped', updated_at = ? WHERE status = 'streaming'`).run(now).changes;
}

// ---- context packs --------------------------------------------------------------------------

export function insertContextPack(db: Database, p: { id: string; chatId: string; pack: ContextPack; now: number }): void {
  stmt(
    db,
    'INSERT INTO chat_context_packs (id, chat_id, prompt, pack, created_at) VALUES (@id, @chatId, @prompt, @pack, @now)',
  ).run({ id: p.id, chatId: p.chatId, prompt: p.pack.prompt, pack: JSON.stringify(p.pack), now: p.now });
}

export function getContextPack(db: Database, id: string): ContextPack | undefined {
  const row = stmt(db, 'SELECT pack FROM chat_context_packs WHERE id = ?').get(id) as { pack: string } | undefined;
  const pack = row ? readJsonColumn(row.pack, undefined) : undefined;
  return typeof pack === 'object' && pack !== null ? (pack as ContextPack) : undefined;
}

/** Whether the chat already has a memory-only answer other than `exceptId` (its disclaimer was shown). */
export function hasOfflineReply(db: Database, chatId: string, exceptId: string): boolean {
  return (
    db.prepare(`SELECT 1 FROM chat_messages WHERE chat_id = ? AND status = 'offline' AND id != ? LIMIT 1`).get(chatId, exceptId) !== undefined
  );
}

/** Every memory session a chat's messages went to (its segments), oldest first. */
export function memorySessionsOf(db: Database, chatId: string): string[] {
  const rows = db
    .prepare(
      `SELECT memory_session_id AS id FROM chat_messages WHERE chat_id = ? AND memory_session_id IS NOT NULL
       UNION SELECT memory_session_id FROM chat_sessions WHERE id = ? AND memory_session_id IS NOT NULL`,
    )
    .all(chatId, chatId) as { id: string }[];
  return rows.map((r) => r.id).sort();
}

/** Removes a chat with its messages and stored context packs; nothing of it stays in the chat tables. */
export function deleteChat(db: Database, chatId: string): boolean {
  db.prepare('DELETE FROM chat_messages WHERE chat_id = ?').run(chatId);
  db.prepare('DELETE FROM chat_context_packs WHERE chat_id = ?').run(chatId);
  return db.prepare('DELETE FROM chat_sessions WHERE id = ?').run(chatId).changes > 0;
}

/**
 * Drops the stored context packs (of any chat) that quoted one of these nodes, so forgotten text does not
 * live on in "What it remembered"; the replies keep their text and lose only the link (ON DELETE SET NULL).
 */
export function dropPacksQuoting(db: Database, nodeIds: readonly string[]): number {
  if (nodeIds.length === 0) return 0;
  return db
    .prepare(
      `DELETE FROM chat_context_packs WHERE id IN (
         SELECT p.id FROM chat_context_packs p, json_each(${jsonOrEmptySql('p.pack', '{}')}, '$.nodeIds') j
         WHERE j.value IN (SELECT value FROM json_each(?)))`,
    )
    .run(JSON.stringify(nodeIds)).changes;
}

/** How many stored context packs (of any chat) quote one of these nodes: what an erase or forget drops. */
export function countPacksQuoting(db: Database, nodeIds: readonly string[]): number {
  if (nodeIds.length === 0) return 0;
  return (
    db
      .prepare(
        `SELECT count(DISTINCT p.id) AS n FROM chat_context_packs p, json_each(${jsonOrEmptySql('p.pack', '{}')}, '$.nodeIds') j
         WHERE j.value IN (SELECT value FROM json_each(?))`,
      )
      .get(JSON.stringify(nodeIds)) as { n: number }
  ).n;
}

export function countMessages(db: Database, chatId: string): number {
  return (db.prepare('SELECT count(*) AS n FROM chat_messages WHERE chat_id = ?').get(chatId) as { n: number }).n;
}

/** Every memory-only answer (they list remembered text), except those of `exceptChatId`. */
export function offlineAnswers(db: Database, exceptChatId: string): { id: string; content: string }[] {
  return db
    .prepare(`SELECT id, content FROM chat_messages WHERE status = 'offline' AND chat_id != ? ORDER BY rowid`)
    .all(exceptChatId) as { id: string; content: string }[];
}


export { searchChats } from './chat-search';
