/** The chat's typed in-process events (the seeds' EventBus): streamed text, message updates, session ends. */
import type { Logger } from '../../src-shared/clock';
import type { ChatMessage, SessionCompletedEvent } from '../../src-shared/chat-types';

export interface ChatEventMap {
  /** A piece of streamed reply text. */
  'chat.delta': { chatId: string; messageId: string; delta: string };
  /** A message was created or changed (status, tool calls, final content). */
  'chat.message': ChatMessage;
  /** The list of conversations changed (created, renamed, archived, switches, activity). */
  'chat.sessions': { chatId: string };
  'session.completed': SessionCompletedEvent;
}

export type ChatEventName = keyof ChatEventMap;
type Listener<K extends ChatEventName> = (payload: ChatEventMap[K]) => void;

export class ChatEvents {
  private readonly listeners = new Map<ChatEventName, Set<(payload: never) => void>>();

  constructor(private readonly logger: Logger) {}

  on<K extends ChatEventName>(name: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  emit<K extends ChatEventName>(name: K, payload: ChatEventMap[K]): void {
    for (const listener of this.listeners.get(name) ?? []) {
      try {
        (listener as Listener<K>)(payload);
      } catch (err) {
        this.logger.error(`chat listener failed on ${name}`, err);
      }
    }
  }
}
