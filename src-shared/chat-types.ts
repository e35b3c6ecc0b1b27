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
  /** The memory space it belongs to (src-shared/spaces.ts): what it says and learns goes there. */
  spaceId: string;
}

/** What names a chat where only its name is wanted (the timeline's lanes): no messages, no switches. */
export interface ChatTitle {
  id: string;
  title: string;
  createdAt: number;
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

/**
 * What "Delete chat" does to memory: `keep` what it taught (the episodes stay memories), `forget` it
 * (restorable from the inspector), or `erase` it (deleted from the file, with every copy Engram kept).
 */
export const CHAT_DELETE_MODES = ['keep', 'forget', 'erase'] as const;
export type ChatDeleteMode = (typeof CHAT_DELETE_MODES)[number];

/** The counts the delete dialog shows for each choice before anything is done. */
export interface ChatDeletePreview {
  messages: number;
  /** Memories kept by `keep`: the chat's current episodes and the current facts learned only from it. */
  keep: { episodes: number; facts: number };
  /** What `forget` forgets (restorable), and the stored context packs of other chats it drops. */
  forget: { episodes: number; facts: number; packs: number };
  /**
   * What `erase` deletes: every episode and fact learned only from the chat (current or not), the facts that
   * only lose it as a source, stored packs that quoted them, and memory-only answers (other chats) quoting them.
   * `factsCurrentAgain`: older versions of erased facts that are current again (every later version erased).
   */
  erase: { episodes: number; facts: number; factsLosingSupport: number; factsCurrentAgain: number; packs: number; answers: number };
}

export interface ChatDeleteResult {
  deleted: true;
  mode: ChatDeleteMode;
  messages: number;
  /** Episodes and facts forgotten (`forget`) or erased (`erase`); 0 for `keep`. */
  episodes: number;
  facts: number;
  /** `erase`: facts that stay but lost this chat as a source. */
  factsLosingSupport: number;
  /** `erase`: older versions current again because every later version was erased; 0 for the other modes. */
  factsCurrentAgain: number;
  /** Stored context packs dropped, and memory-only answers whose quotes were removed. */
  packs: number;
  answers: number;
  /**
   * `erase`: whether the WAL was truncated, so no earlier copy of a page holds the text. False when another
   * program (the command line, an MCP server) was reading at that moment; null for the other modes.
   */
  walCleared: boolean | null;
}

/** One hit of "find across chats": a chat whose title matches (messageId null) or one of its messages. */
export interface ChatSearchHit {
  chatId: string;
  chatTitle: string;
  /** The chat's last activity (title hits) or the message's time. */
  at: number;
  archived: boolean;
  messageId: string | null;
  role: 'user' | 'assistant' | null;
  /** The text around the match (the title for a title hit), with an ellipsis where it was cut. */
  snippet: string;
  /** Where the match is in `snippet`, to highlight it; length 0 when it could not be placed. */
  matchStart: number;
  matchLength: number;
}
