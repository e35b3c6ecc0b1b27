/** What every part of the chat service shares: its memory port, its events and its log. */
import type { Logger } from '../../src-shared/clock';
import type { ChatMessage } from '../../src-shared/chat-types';
import type { ChatEvents } from './events';
import type { ChatMemory, MessagePatch } from './memory-port';

export interface ChatDeps {
  readonly memory: ChatMemory;
  readonly events: ChatEvents;
  readonly logger: Logger;
}

export function nowOf(deps: ChatDeps): number {
  return deps.memory.clock.now();
}

/** Saves a change to a message and tells the views. */
export function updateMessage(deps: ChatDeps, messageId: string, patch: MessagePatch): ChatMessage {
  const message = deps.memory.chats.updateMessage(messageId, patch, nowOf(deps));
  deps.events.emit('chat.message', message);
  return message;
}
