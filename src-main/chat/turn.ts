/**
 * One turn of the person: their message is checked once, then stored with its episode and the reply's empty
 * row, all in the caller's transaction.
 */
import { randomUUID } from 'node:crypto';
import type { ChatMessage, ChatSession } from '../../src-shared/chat-types';
import { parseInput, recordEpisodeSchema } from '../memory';
import { nowOf, type ChatDeps } from './deps';
import type { MemorySegments } from './segments';

export const DEFAULT_CHAT_TITLE = 'New chat';

/** Refuses a text memory could not keep, before anything is written (so a refusal leaves no half turn). */
export function assertSendable(text: string): void {
  parseInput(recordEpisodeSchema, { content: text, sessionId: 'check', role: 'user' });
}

export interface StoredTurn {
  storedUser: ChatMessage;
  assistantMessage: ChatMessage;
  /** The chat as the turn left it (its segment, title, activity), for the reply. */
  chat: ChatSession;
}

/** Inside a write transaction: `chat` is the row read after the idle sweep. */
export function insertTurn(deps: ChatDeps, segments: MemorySegments, chat: ChatSession, text: string): StoredTurn {
  const { chats } = deps.memory;
  const chatId = chat.id;
  const memorySessionId = segments.sessionFor(chat);
  const now = nowOf(deps);
  const episodeId = memorySessionId
    ? deps.memory.recordEpisodeNow({ content: text, sessionId: memorySessionId, role: 'user', eventTime: now, spaceId: chat.spaceId })
    : null;
  const storedUser = chats.insertMessage({
    id: randomUUID(),
    chatId,
    role: 'user',
    content: text,
    status: 'complete',
    memorySessionId,
    replyTo: null,
    model: null,
    now,
  });
  if (episodeId) chats.updateMessage(storedUser.id, { episodeId }, now);
  const title = chat.title === DEFAULT_CHAT_TITLE ? titleFrom(text) : chat.title;
  chats.updateChatSession(chatId, { lastActivityAt: now, title, archived: false }, now);
  const assistantMessage = chats.insertMessage({
    id: randomUUID(),
    chatId,
    role: 'assistant',
    content: '',
    status: 'streaming',
    memorySessionId,
    replyTo: storedUser.id,
    model: null,
    now,
  });
  const segment = memorySessionId ? { memorySessionId, memorySessionOpen: true } : {};
  return {
    storedUser: { ...storedUser, episodeId },
    assistantMessage,
    chat: { ...chat, ...segment, title, archived: false, lastActivityAt: now, updatedAt: now },
  };
}

function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line || DEFAULT_CHAT_TITLE;
}
