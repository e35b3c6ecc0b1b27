import { useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ChatDeleteMode, ChatSession } from '../../../src-shared/chat-types';
import { errorMessage } from '../api/client';
import { useChatActions, useChats, useDeletePreview, useMemoryStats } from '../api/hooks';
import { useUi } from '../store';
import { relativeTime } from '../format';
import { Icon } from './Icon';
import { chatLearnedAction } from './learned-actions';
import { MenuButton } from './MenuButton';
import { Modal } from './Dialogs';
import { ConsolidateControl } from './ConsolidateControl';
import { ChatSearch } from './ChatSearch';
import { OpenInspectorButton } from '../inspector/InspectorRoot';
import { OpenReviewButton } from '../inspector/ReviewTab';

/** How an imported chat's source reads in the sidebar. */
const IMPORT_LABELS: Record<string, string> = { chatgpt: 'ChatGPT', claude: 'Claude', jsonl: 'a transcript', recall: 'a transcript', engram: 'an Engram export' };

export function Sidebar({ onNewChat, creating, inert = false }: { onNewChat: () => void; creating: boolean; inert?: boolean }) {
  const { selectedChatId, selectChat, showArchived, setShowArchived, setSettingsOpen, setHelpOpen } = useUi();
  const chats = useChats(showArchived);
  const stats = useMemoryStats();
  const memories = stats.data ? Object.values(stats.data.nodes).reduce((a, b) => a + b, 0) : null;
  const [searching, setSearching] = useState(false);

  return (
    <nav className="sidebar" aria-label="Conversations" inert={inert} data-testid="sidebar">
      <div className="sidebar-head">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true" />
          Engram
          <button className="icon-button brand-help" onClick={() => setHelpOpen(true)} aria-label="Help and keyboard shortcuts" title="Help and keyboard shortcuts (?)" data-testid="open-help">
            ?
          </button>
        </div>
        <button className="button button-primary new-chat" onClick={onNewChat} disabled={creating} data-testid="new-chat">
          + New chat
        </button>
      </div>
      <ChatSearch onActiveChange={setSearching} />
      <ul className="chat-list" role="list" hidden={searching}>
        {chats.isError && <li className="sidebar-note error-text">{errorMessage(chats.error)}</li>}
        {chats.data?.length === 0 && <li className="sidebar-note">No conversations yet.</li>}
        {chats.data?.map((chat) => (
          <ChatItem key={chat.id} chat={chat} selected={chat.id === selectedChatId} onSelect={() => selectChat(chat.id)} />
        ))}
      </ul>
      <div className="sidebar-foot">
        <label className="check">
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />
          Show archived
        </label>
        <ConsolidateControl />
        <div className="sidebar-row sidebar-buttons">
          <span className="muted small" title="Memories stored on this machine">
            {memories === null ? '' : `${memories.toLocaleString()} ${memories === 1 ? 'memory' : 'memories'}`}
          </span>
          <OpenInspectorButton />
          <OpenReviewButton />
          <button className="button button-ghost" onClick={() => setSettingsOpen(true)} data-testid="open-settings">
            Settings
          </button>
        </div>
      </div>
    </nav>
  );
}

function ChatItem({ chat, selected, onSelect }: { chat: ChatSession; selected: boolean; onSelect: () => void }) {
  const { rename, archive } = useChatActions();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [title, setTitle] = useState(chat.title);

  const commit = () => {
    setEditing(false);
    const next = title.trim();
    if (next !== '' && next !== chat.title) rename.mutate({ chatId: chat.id, title: next });
    else setTitle(chat.title);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit();
    if (e.key === 'Escape') {
      setTitle(chat.title);
      setEditing(false);
    }
  };

  return (
    <li className={`chat-item${selected ? ' selected' : ''}${chat.archived ? ' archived' : ''}`}>
      {editing ? (
        <input
          className="chat-title-input"
          value={title}
          autoFocus
          aria-label="Conversation title"
          onChange={(e) => setTitle(e.target.value)}
          onBlur={commit}
          onKeyDown={onKey}
        />
      ) : (
        <button className="chat-item-main" onClick={onSelect} aria-current={selected ? 'page' : undefined} onDoubleClick={() => setEditing(true)}>
          <span className="chat-item-title">{chat.title}</span>
          <span className="chat-item-meta">
            {chat.archived ? 'Archived · ' : ''}
            {relativeTime(chat.lastActivityAt)}
            {chat.noRemember ? ' · not remembered' : ''}
            {chat.importedFrom ? ` · imported from ${IMPORT_LABELS[chat.importedFrom] ?? chat.importedFrom}` : ''}
          </span>
        </button>
      )}
      {!editing && (
        <span className="chat-item-actions">
          <button className="icon-button" title="Rename" aria-label={`Rename ${chat.title}`} onClick={() => setEditing(true)}>
            <Icon name="pencil" />
          </button>
          <button
            className="icon-button"
            title={chat.archived ? 'Unarchive' : 'Archive'}
            aria-label={`${chat.archived ? 'Unarchive' : 'Archive'} ${chat.title}`}
            onClick={() => archive.mutate({ chatId: chat.id, archived: !chat.archived })}
          >
            <Icon name={chat.archived ? 'restore' : 'archive'} />
          </button>
          <button className="icon-button" title="Delete" aria-label={`Delete ${chat.title}`} onClick={() => setDeleting(true)} data-testid="delete-chat">
            <Icon name="trash" />
          </button>
          <MenuButton label={`More for ${chat.title}`} actions={[chatLearnedAction(chat)]} testId="chat-item-menu" />
        </span>
      )}
      {deleting && <DeleteChatDialog chat={chat} onClose={() => setDeleting(false)} />}
    </li>
  );
}

/** Confirms a delete with one of three choices, each saying what it will do with the counts it touches. */
function DeleteChatDialog({ chat, onClose }: { chat: ChatSession; onClose: () => void }) {
  const { remove } = useChatActions();
  const preview = useDeletePreview(chat.id);
  const [mode, setMode] = useState<ChatDeleteMode>('keep');
  const confirm = () => remove.mutate({ chatId: chat.id, mode }, { onSuccess: onClose });
  const p = preview.data;
  return (
    <Modal title="Delete this chat?" onClose={onClose} testId="delete-chat-dialog">
      <p>
        <strong>{chat.title}</strong>
        {p ? ` (${count(p.messages, 'message')})` : ''} leaves your chat list. What should memory do with what it learned here?
      </p>
      {preview.isError && <p className="error-text" role="alert">{errorMessage(preview.error)}</p>}
      <fieldset className="delete-choices" data-testid="delete-chat-modes">
        <legend className="visually-hidden">What memory does</legend>
        <DeleteChoice mode="keep" current={mode} onPick={setMode} title="Remove the chat, keep what memory learned">
          {p && `Memory keeps the ${count(p.keep.episodes, 'message')} it recorded and ${count(p.keep.facts, 'fact')} learned only here; Engram can still recall them.`}
        </DeleteChoice>
        <DeleteChoice mode="forget" current={mode} onPick={setMode} title="Also forget what it taught">
          {p &&
            `Memory forgets the ${count(p.forget.episodes, 'message')} it recorded and ${count(p.forget.facts, 'fact')} learned only here` +
              `${p.forget.packs > 0 ? `, and drops ${count(p.forget.packs, 'saved context')} that quoted them` : ''}. ` +
              'You can restore them from the memory inspector (show superseded & forgotten).'}
        </DeleteChoice>
        <DeleteChoice mode="erase" current={mode} onPick={setMode} title="Erase everything it taught">
          {p &&
            `Memory deletes the ${count(p.erase.episodes, 'message')} it recorded and ${count(p.erase.facts, 'fact')} learned only here, leaving no copy on this computer` +
              `${p.erase.factsLosingSupport > 0 ? `; ${count(p.erase.factsLosingSupport, 'fact')} also learned elsewhere stay but lose this chat as a source` : ''}` +
              `${p.erase.factsCurrentAgain > 0 ? `; ${count(p.erase.factsCurrentAgain, 'earlier fact')} this chat had changed ${p.erase.factsCurrentAgain === 1 ? 'is' : 'are'} current again` : ''}` +
              `${p.erase.packs + p.erase.answers > 0 ? `; ${count(p.erase.packs, 'saved context')} and ${count(p.erase.answers, 'memory-only answer')} quoting them lose the quotes` : ''}. ` +
              'This cannot be undone.'}
        </DeleteChoice>
      </fieldset>
      {remove.isError && <p className="error-text" role="alert">{errorMessage(remove.error)}</p>}
      <footer className="modal-foot">
        <button className="button" onClick={onClose} autoFocus>
          Cancel
        </button>
        <button className="button button-danger" onClick={confirm} disabled={remove.isPending || !p} data-testid="delete-chat-confirm">
          {remove.isPending ? 'Deleting…' : mode === 'erase' ? 'Erase chat' : 'Delete chat'}
        </button>
      </footer>
    </Modal>
  );
}

function DeleteChoice(props: { mode: ChatDeleteMode; current: ChatDeleteMode; onPick: (m: ChatDeleteMode) => void; title: string; children: ReactNode }) {
  return (
    <label className={`delete-choice${props.mode === props.current ? ' selected' : ''}`}>
      <input type="radio" name="delete-mode" value={props.mode} checked={props.mode === props.current} onChange={() => props.onPick(props.mode)} data-testid={`delete-chat-${props.mode}`} />
      <span>
        <strong>{props.title}</strong>
        <span className="muted small delete-choice-detail">{props.children ?? 'Counting…'}</span>
      </span>
    </label>
  );
}

/** "1 message", "3 facts". */
function count(n: number, noun: string): string {
  return `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`;
}
