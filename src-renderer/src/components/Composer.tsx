import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from './Icon';

interface Props {
  /** Focus moves here when the conversation changes; what was typed is kept (typing may start before a new chat opens). */
  chatId: string | null;
  onSend(text: string): void;
  onStop(): void;
  streaming: boolean;
  busy: boolean;
  /**
   * A new chat is being made (New chat was pressed): Enter now is kept and sent once it opens — sent at once, it would go
   * to the chat still shown, with that chat's switches ("Don't use memory").
   */
  opening: boolean;
}

/** Enter sends, Shift+Enter adds a line, Esc stops the reply being written. */
export function Composer({ chatId, onSend, onStop, streaming, busy, opening }: Props) {
  const [text, setText] = useState('');
  /** The chat shown when a message was sent while a new one was being made (undefined: nothing waits). */
  const [queuedIn, setQueuedIn] = useState<string | null | undefined>(undefined);
  const queued = queuedIn !== undefined;
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    // A chat that opens on its own (the list arriving after a slow start) must not take the keys from a field the
    // person is typing in, such as "find in chats".
    const active = document.activeElement;
    const typingElsewhere = active instanceof HTMLElement && active !== ref.current && active.matches('input, textarea, select, [contenteditable="true"]');
    if (!typingElsewhere) ref.current?.focus();
  }, [chatId]);

  // Grow with the text up to a limit, then scroll.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 240)}px`;
  }, [text]);

  useEffect(() => {
    if (!streaming) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') onStop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [streaming, onStop]);

  const canSend = text.trim() !== '' && !streaming && !busy;
  const submit = () => {
    if (opening) {
      if (text.trim() !== '') setQueuedIn(chatId);
      return;
    }
    if (!canSend) return;
    onSend(text);
    setText('');
  };
  // The new chat is open (its id came with `opening` turning false): what was sent meanwhile goes there now. If it could
  // not be made (the chat shown is the same), the text stays in the box, unsent, beside the error.
  useEffect(() => {
    if (!queued || opening) return;
    setQueuedIn(undefined);
    if (!canSend || chatId === queuedIn) return;
    onSend(text);
    setText('');
  }, [queued, queuedIn, opening, canSend, onSend, text, chatId]);
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={ref}
        value={text}
        rows={1}
        placeholder="Message Engram…"
        aria-label="Message"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
        data-testid="composer"
      />
      {streaming ? (
        <button type="button" className="button button-stop" onClick={onStop} title="Stop (Esc)" data-testid="stop">
          <Icon name="stop" /> Stop
        </button>
      ) : (
        <button
          type="submit"
          className="button button-primary"
          disabled={!canSend}
          aria-busy={queued}
          title={queued ? 'Sends when the new chat opens' : 'Send (Enter)'}
          data-testid="send"
        >
          <Icon name="send" /> Send
        </button>
      )}
    </form>
  );
}
