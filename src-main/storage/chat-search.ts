/**
 * Find across chats: a bounded LIKE over titles and messages, not nodes_fts — that index covers memory nodes,
 * and a message has none when its chat does not remember or its episode was forgotten; LIKE also finds exactly
 * what was typed, so the match can be highlighted. Bound into the chat store through chat-repo.ts.
 */
import type { Database } from 'better-sqlite3';
import type { ChatSearchHit } from '../../src-shared/chat-types';
import { likeAnywhere } from './like-pattern';
import { stmt } from './statements';

const SNIPPET_BEFORE = 40;
const SNIPPET_LENGTH = 160;

/** The text around the first match of `query`, and where the match sits in it. */
export function snippetAround(text: string, query: string): { snippet: string; matchStart: number; matchLength: number } {
  const flat = text.replace(/\s+/g, ' ').trim();
  const at = flat.toLowerCase().indexOf(query.toLowerCase());
  if (at < 0) return { snippet: flat.slice(0, SNIPPET_LENGTH) + (flat.length > SNIPPET_LENGTH ? '…' : ''), matchStart: 0, matchLength: 0 };
  // A window of SNIPPET_LENGTH with the match near its start, shifted back when the text ends first.
  const start = Math.max(0, Math.min(at - SNIPPET_BEFORE, flat.length - SNIPPET_LENGTH));
  const end = Math.min(flat.length, Math.max(start + SNIPPET_LENGTH, at + query.length));
  const lead = start > 0 ? '…' : '';
  return { snippet: `${lead}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`, matchStart: lead.length + at - start, matchLength: query.length };
}

/** Chats whose title, then messages whose text, contain `query` (case-insensitive for ASCII), newest first. */
export function searchChats(db: Database, query: string, limit: number): ChatSearchHit[] {
  const pattern = likeAnywhere(query);
  const titles = stmt(db, `SELECT id, title, last_activity_at, archived FROM chat_sessions WHERE title LIKE ? ESCAPE '\\' ORDER BY last_activity_at DESC LIMIT ?`).all(
    pattern,
    limit,
  ) as { id: string; title: string; last_activity_at: number; archived: number }[];
  const hits: ChatSearchHit[] = titles.map((r) => ({
    chatId: r.id,
    chatTitle: r.title,
    at: r.last_activity_at,
    archived: r.archived === 1,
    messageId: null,
    role: null,
    ...snippetAround(r.title, query),
  }));
  const messages = stmt(
    db,
    `SELECT m.id, m.chat_id, m.role, m.content, m.created_at, s.title, s.archived
       FROM chat_messages m JOIN chat_sessions s ON s.id = m.chat_id
      WHERE m.content LIKE ? ESCAPE '\\'
      ORDER BY m.created_at DESC, m.seq DESC LIMIT ?`,
  ).all(pattern, Math.max(0, limit - hits.length)) as { id: string; chat_id: string; role: 'user' | 'assistant'; content: string; created_at: number; title: string; archived: number }[];
  for (const m of messages) {
    hits.push({ chatId: m.chat_id, chatTitle: m.title, at: m.created_at, archived: m.archived === 1, messageId: m.id, role: m.role, ...snippetAround(m.content, query) });
  }
  return hits;
}
