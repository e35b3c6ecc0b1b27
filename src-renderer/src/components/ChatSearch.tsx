/**
 * "Find anything" in the sidebar: every chat's title and messages (chat.search). Ctrl/⌘+K focuses the box from
 * anywhere; ↑/↓ choose a result, Enter opens its chat scrolled to the message, Esc clears. While a query is
 * typed, the results take the place of the chat list.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ChatSearchHit } from '../../../src-shared/chat-types';
import { call, errorMessage } from '../api/client';
import { relativeTime } from '../format';
import { MOD_KEY_LABEL } from '../keyboard';
import { useUi } from '../store';

/** Waits for a pause in typing before searching. */
function useSettled(value: string, ms = 200): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function Snippet({ hit }: { hit: ChatSearchHit }) {
  const end = hit.matchStart + hit.matchLength;
  return (
    <span className="search-hit-snippet">
      {hit.snippet.slice(0, hit.matchStart)}
      {hit.matchLength > 0 && <mark>{hit.snippet.slice(hit.matchStart, end)}</mark>}
      {hit.snippet.slice(end)}
    </span>
  );
}

export function ChatSearch({ onActiveChange }: { onActiveChange: (active: boolean) => void }) {
  const { openChatAt } = useUi();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const query = useSettled(text.trim());
  const hits = useQuery({ queryKey: ['chat.search', query], queryFn: () => call('chat.search', { query }), enabled: query !== '' });
  const results = query === '' ? [] : (hits.data ?? []);
  const active = text.trim() !== '';

  useEffect(() => onActiveChange(active), [active, onActiveChange]);
  useEffect(() => setChosen(0), [query]);
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'k' && !document.querySelector('dialog[open]')) {
        e.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const open = (hit: ChatSearchHit | undefined) => {
    if (!hit) return;
    // The opened chat's composer takes the keys (it does not take them from a field still focused).
    input.current?.blur();
    openChatAt(hit.chatId, hit.messageId);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (results.length > 0) setChosen((c) => (c + (e.key === 'ArrowDown' ? 1 : results.length - 1)) % results.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      open(results[chosen]);
    } else if (e.key === 'Escape' && text !== '') {
      e.preventDefault();
      setText('');
    }
  };

  return (
    <div className={`chat-search${active ? ' active' : ''}`}>
      <input
        ref={input}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={`Find in chats (${MOD_KEY_LABEL}+K)`}
        aria-label="Find in all chats: titles and messages"
        role="combobox"
        aria-expanded={active}
        aria-controls={listId}
        aria-activedescendant={results[chosen] ? `${listId}-${chosen}` : undefined}
        maxLength={200}
        spellCheck={false}
        data-testid="chat-search"
      />
      {active && (
        <ul className="chat-list search-results" role="listbox" id={listId} aria-label="Chats and messages found" data-testid="chat-search-results">
          {hits.isError && <li className="sidebar-note error-text">{errorMessage(hits.error)}</li>}
          {query !== '' && hits.isSuccess && results.length === 0 && <li className="sidebar-note">Nothing found in any chat.</li>}
          {results.map((hit, i) => (
            <li
              key={`${hit.chatId}:${hit.messageId ?? 'title'}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === chosen}
              className={`search-hit${i === chosen ? ' chosen' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => open(hit)}
              data-testid="chat-search-hit"
            >
              <span className="search-hit-title">
                {hit.chatTitle}
                <span className="chat-item-meta">
                  {' · '}
                  {relativeTime(hit.at)}
                  {hit.archived ? ' · archived' : ''}
                  {hit.messageId === null ? ' · title' : hit.role === 'user' ? ' · you' : ' · Engram'}
                </span>
              </span>
              {hit.messageId !== null && <Snippet hit={hit} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
