/** Shapes of the chat: conversations, messages, tool calls. Shared with the renderer through the API contract. */
import type { ProviderFailure } from './errors';
import type { JsonValue } from './memory-types';

export interface ChatSession {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  lastActivityAt: number;
  archived: boolean;
  /** "Don't remember this chat": no episodes, nothing consolidated. */
  noRemember: boolean;
  /** "Don't use memory": no context injection, no memory tools. */
  noMemory: boolean;
  /** The memory session its episodes go to now; null until the first recorded episode. */
  memorySessionId: string | null;
  memorySessionOpen: boolean;
  /** Where an imported conversation came from ('chatgpt', 'claude', 'jsonl', 'recall', 'engram'); null when held here. */
  importedFrom: string | null;
}

export const MESSAGE_STATUSES = ['complete', 'streaming', 'stopped', 'error', 'offline'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export interface ToolCallRecord {
  id: string;
  name: string;
  arguments: JsonValue;
  /** `pending`: a memory write the model proposed that waits for the person's Confirm; `dismissed`: they declined it. */
  status: 'running' | 'done' | 'error' | 'pending' | 'dismissed';
  result: JsonValue | null;
  error: string | null;
}

export interface MessageError {
  reason: ProviderFailure;
  message: string;
}

export interface ChatMessage {
  id: string;
  chatId: string;
  seq: number;
  role: 'user' | 'assistant';
  content: string;
  /** complete | streaming | stopped | error | offline (a memory-only answer). */
  status: MessageStatus;
  error: MessageError | null;
  toolCalls: ToolCallRecord[];
  /** The context pack injected before this reply (see chat.contextPack). */
  contextPackId: string | null;
  memorySessionId: string | null;
  /** The episode this message was recorded as; null when not remembered. */
  episodeId: string | null;
  model: string | null;
  /** For a reply: the user message it answers. */
  replyTo: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Why a memory session ended: idle too long, the user started another chat, archived it, or stopped remembering it. */
export type SessionCompletedReason = 'inactivity' | 'new_chat' | 'archived' | 'remember_off';

/** Pushed to the write path when a memory session ends (ADR 008 §15). */
export interface SessionCompletedEvent {
  chatId: string;
  memorySessionId: string;
  reason: SessionCompletedReason;
  at: number;
}
