/**
 * Memory sessions of a chat (ADR 008 §15): a conversation records into one segment at a time; a segment ends
 * (and the write path may consolidate it) after inactivity, a new chat, archiving or "don't remember".
 */
import type { ChatSession, SessionCompletedReason } from '../../src-shared/chat-types';
import { nowOf, type ChatDeps } from './deps';

export class MemorySegments {
  constructor(
    private readonly deps: ChatDeps,
    /** Inactivity after which a segment is completed, in ms. */
    private readonly timeoutMs: () => number,
  ) {}

  complete(chat: ChatSession, reason: SessionCompletedReason): void {
    if (!chat.memorySessionOpen || !chat.memorySessionId) return;
    this.deps.memory.chats.closeMemorySegment(chat.id);
    this.deps.memory.markSessionCompleted(chat.memorySessionId);
    this.deps.events.emit('session.completed', { chatId: chat.id, memorySessionId: chat.memorySessionId, reason, at: nowOf(this.deps) });
  }

  /** Completes segments idle for longer than the timeout. Called on a timer and before each message. */
  sweepIdle(): number {
    const now = nowOf(this.deps);
    let completed = 0;
    for (const chat of this.deps.memory.chats.openSegments()) {
      if (now - chat.lastActivityAt > this.timeoutMs()) {
        this.complete(chat, 'inactivity');
        completed++;
      }
    }
    return completed;
  }

  /** The segment a new message of this chat (read after the sweep) goes to; none when the chat is not remembered. */
  sessionFor(chat: ChatSession): string | null {
    if (chat.noRemember) return null;
    return chat.memorySessionOpen && chat.memorySessionId ? chat.memorySessionId : this.deps.memory.chats.openMemorySegment(chat.id);
  }
}
