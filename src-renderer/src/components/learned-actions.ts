/**
 * The chat's entries to "What did memory learn from this?" (issue 23): a message's menu and a chat's menus (its
 * header, its row in the sidebar) open the inspector on the retract preview of that message or chat.
 */
import type { ChatMessage, ChatSession } from '../../../src-shared/chat-types';
import { useInspector } from '../inspector/store';
import type { MenuAction } from './MenuButton';

const EXCERPT_CHARS = 60;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1)}…` : flat;
}

/** Only for a message memory recorded (it has an episode): of another there is nothing to ask. */
export function messageLearnedAction(message: ChatMessage): MenuAction | null {
  if (message.episodeId === null) return null;
  return {
    label: 'What did memory learn from this?',
    testId: 'message-learned',
    onSelect: () => useInspector.getState().openLearned({ source: { kind: 'message', ref: message.id }, label: `this message (“${excerpt(message.content)}”)` }),
  };
}

export function chatLearnedAction(chat: ChatSession): MenuAction {
  return {
    label: 'What did memory learn from this chat?',
    testId: 'chat-learned',
    onSelect: () => useInspector.getState().openLearned({ source: { kind: 'chat', ref: chat.id }, label: `the chat “${excerpt(chat.title)}”` }),
  };
}
