import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { ChatMessage, ChatSession } from '../../../src-shared/chat-types';
import { errorMessage } from '../api/client';
import { MESSAGES_SHOWN, useChatActions, useChats, useMessages, useSpaceActions, useSpaces } from '../api/hooks';
import { useUi } from '../store';
import { Composer } from './Composer';
import { chatLearnedAction } from './learned-actions';
import { MenuButton } from './MenuButton';
import { MessageItem } from './MessageItem';

export function ChatView({ chatId, onNewChat }: { chatId: string | null; onNewChat: () => void }) {
  const { showArchived, selectChat, openingChat } = useUi();
  const chats = useChats(showArchived);
  const chat = chats.data?.find((c) => c.id === chatId) ?? null;
  const [shown, setShown] = useState({ chatId, limit: MESSAGES_SHOWN });
  const limit = shown.chatId === chatId ? shown.limit : MESSAGES_SHOWN;
  const messages = useMessages(chatId, limit);
  const { refetch } = messages;
  useEffect(() => {
    if (limit > MESSAGES_SHOWN) void refetch();
  }, [limit, refetch]);
  const first = messages.data?.[0];
  const hasEarlier = first !== undefined && first.seq > 1 && (messages.data?.length ?? 0) >= limit;
  const { send, stop, create } = useChatActions();
  const streaming = messages.data?.find((m) => m.status === 'streaming') ?? null;
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;
  useStickToBottom(scrollRef, `${chatId ?? ''}:${count}`);
  useScrollToFound(scrollRef, messages.data, hasEarlier, () => setShown({ chatId, limit: limit + MESSAGES_SHOWN }));

  const onSend = (text: string) => {
    if (chatId) {
      send.mutate({ chatId, text });
      return;
    }
    // Typing into the empty start screen starts a conversation.
    create.mutate(undefined, {
      onSuccess: (created) => {
        selectChat(created.id);
        send.mutate({ chatId: created.id, text });
      },
    });
  };

  return (
    <section className="chat" aria-label="Conversation">
      {chat && <ChatHeader chat={chat} />}
      <div className="messages" role="log" aria-live="polite" data-testid="messages" ref={scrollRef}>
        <div className="messages-inner">
        {chatId === null || count === 0 ? (
          <EmptyState hasChat={chatId !== null} onNewChat={onNewChat} noMemory={chat?.noMemory ?? false} />
        ) : (
          <>
            {hasEarlier && (
              <button type="button" className="button button-ghost earlier" onClick={() => setShown({ chatId, limit: limit + MESSAGES_SHOWN })} data-testid="show-earlier">
                Show earlier messages
              </button>
            )}
            {messages.data?.map((m) => <MessageItem key={m.id} message={m} />)}
          </>
        )}
        {messages.isError && <div className="error-box">{errorMessage(messages.error)}</div>}
        </div>
      </div>
      {send.isError && (
        <div className="error-box composer-error" role="alert" data-testid="send-error">
          {errorMessage(send.error)}
        </div>
      )}
      <Composer
        chatId={chatId}
        onSend={onSend}
        onStop={() => streaming && stop.mutate(streaming.id)}
        streaming={streaming !== null}
        busy={send.isPending || create.isPending}
        opening={openingChat}
      />
    </section>
  );
}

/**
 * A message opened from "find across chats": scrolled to the middle and marked for a moment once it is shown;
 * an older one than the page loaded asks for earlier messages until it is there.
 */
function useScrollToFound(ref: RefObject<HTMLDivElement | null>, messages: ChatMessage[] | undefined, hasEarlier: boolean, showEarlier: () => void): void {
  const { foundMessageId, openChatAt, selectedChatId } = useUi();
  useEffect(() => {
    if (!foundMessageId || !messages) return;
    const element = ref.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(foundMessageId)}"]`);
    if (!element) {
      if (hasEarlier) showEarlier();
      return;
    }
    element.scrollIntoView({ block: 'center' });
    element.classList.add('message-found');
    setTimeout(() => element.classList.remove('message-found'), 2500);
    if (selectedChatId) openChatAt(selectedChatId, null);
  }, [ref, foundMessageId, messages, hasEarlier, showEarlier, openChatAt, selectedChatId]);
}

/**
 * Keeps the newest text in view while a reply streams, unless the reader has scrolled up to read.
 * `jumpKey` changes on a new message or another chat: then it always jumps to the end.
 */
function useStickToBottom(ref: RefObject<HTMLDivElement | null>, jumpKey: string): void {
  const pinned = useRef(true);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    pinned.current = true;
  }, [ref, jumpKey]);
  useEffect(() => {
    const el = ref.current;
    const inner = el?.firstElementChild;
    if (!el || !inner) return;
    const onScroll = () => {
      pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    };
    const observer = new ResizeObserver(() => {
      if (pinned.current) el.scrollTop = el.scrollHeight;
    });
    el.addEventListener('scroll', onScroll, { passive: true });
    observer.observe(inner);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [ref]);
}

function ChatHeader({ chat }: { chat: ChatSession }) {
  const { setSwitches, archive } = useChatActions();
  return (
    <header className="chat-header">
      <h1 className="chat-title" title={chat.title}>
        {chat.title}
      </h1>
      <SpacePicker chat={chat} />
      <div className="switches" role="group" aria-label="Memory for this chat">
        <MemorySwitch
          on={chat.noRemember}
          label="Don't remember this chat"
          hint="Nothing from this chat is recorded as a memory or consolidated"
          testId="switch-no-remember"
          onChange={(noRemember) => setSwitches.mutate({ chatId: chat.id, noRemember })}
        />
        <MemorySwitch
          on={chat.noMemory}
          label="Don't use memory"
          hint="No memories are injected and the model gets no memory tools"
          testId="switch-no-memory"
          onChange={(noMemory) => setSwitches.mutate({ chatId: chat.id, noMemory })}
        />
        {chat.archived && (
          <button className="button button-ghost" onClick={() => archive.mutate({ chatId: chat.id, archived: false })}>
            Unarchive
          </button>
        )}
        <MenuButton label="More for this chat" actions={[chatLearnedAction(chat)]} testId="chat-menu" />
      </div>
    </header>
  );
}

/**
 * The chat's memory space, shown in its header and changeable there (the chat moves with what it said and
 * taught); a new space is named inline. Personal is the default.
 */
function SpacePicker({ chat }: { chat: ChatSession }) {
  const spaces = useSpaces().data ?? [];
  const { create, setChatSpace } = useSpaceActions();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name },
      {
        onSuccess: (space) => {
          setNaming(false);
          setName('');
          setChatSpace.mutate({ chatId: chat.id, spaceId: space.id });
        },
      },
    );
  };
  return (
    <div className="space-picker" data-testid="chat-space">
      <label>
        <span className="muted small">Space </span>
        <select value={chat.spaceId} onChange={(e) => setChatSpace.mutate({ chatId: chat.id, spaceId: e.target.value })} aria-label="Memory space of this chat">
          {spaces.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      {naming ? (
        <form onSubmit={submit} className="space-new">
          <input autoFocus value={name} onChange={(e) => setName(e.target.value)} placeholder="Work, Novel…" aria-label="Name of the new space" maxLength={60} />
          <button className="button" type="submit" disabled={name.trim() === ''}>
            Create
          </button>
          <button className="button button-ghost" type="button" onClick={() => setNaming(false)}>
            Cancel
          </button>
          {create.error && <span className="error small">{create.error.message}</span>}
        </form>
      ) : (
        <button className="button button-ghost" onClick={() => setNaming(true)}>
          New space
        </button>
      )}
    </div>
  );
}

function EmptyState({ hasChat, onNewChat, noMemory }: { hasChat: boolean; onNewChat: () => void; noMemory: boolean }) {
  return (
    <div className="empty">
      <div className="empty-mark" aria-hidden="true" />
      <h2>{hasChat ? 'What is on your mind?' : 'Welcome to Engram'}</h2>
      <p>
        {noMemory
          ? 'Memory is off for this chat: replies will not use or add to what Engram remembers.'
          : 'Talk as you would to a colleague. Engram remembers what matters, shows you what it used, and lets you correct it.'}
      </p>
      <ul className="hints">
        <li>
          <kbd>Enter</kbd> sends, <kbd>Shift</kbd>+<kbd>Enter</kbd> adds a line, <kbd>Esc</kbd> stops a reply
        </li>
        <li>Everything stays on this machine, in one SQLite file</li>
      </ul>
      {!hasChat && (
        <button className="button" onClick={onNewChat}>
          Start a new chat
        </button>
      )}
    </div>
  );
}

function MemorySwitch(props: { on: boolean; label: string; hint: string; testId: string; onChange: (on: boolean) => void }) {
  return (
    <label className={`switch${props.on ? ' on' : ''}`} title={props.hint}>
      <input type="checkbox" role="switch" checked={props.on} onChange={(e) => props.onChange(e.target.checked)} data-testid={props.testId} />
      <span className="switch-track" aria-hidden="true" />
      {props.label}
    </label>
  );
}
