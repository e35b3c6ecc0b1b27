import { useUi } from '../../store';
import { chatIdOfSession } from '../sessions';
import { useInspector } from '../store';

/** A link to the chat a memory came from; a deleted chat is said to be deleted, never silently replaced. */
export function OpenConversation({ sessionId, deleted }: { sessionId: string | null; deleted: readonly string[] }) {
  const chatId = chatIdOfSession(sessionId);
  if (!chatId) return null;
  if (deleted.includes(chatId)) {
    return (
      <span className="muted small" data-testid="conversation-deleted">
        The conversation was deleted.
      </span>
    );
  }
  return (
    <button
      className="link-button small"
      data-testid="open-conversation"
      onClick={() => {
        useUi.getState().selectChat(chatId);
        useInspector.getState().close();
      }}
    >
      Open the conversation →
    </button>
  );
}
