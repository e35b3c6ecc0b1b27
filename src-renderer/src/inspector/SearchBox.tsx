/**
 * The inspector's search: it runs as you type (debounced; an answer to an older query is never shown), lists
 * whole texts, and finds earlier versions (superseded, forgotten) when asked. Enter shows the hits as the graph
 * and jumps to the best; the arrows pick a hit. The filters' time window applies here too.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SearchHit } from '../../../src-shared/retrieval-types';
import { call, errorMessage } from '../api/client';
import { pinInGraph } from './actions';
import { ikeys } from './api';
import { windowLabel } from './Filters';
import { TYPE_COLOURS } from './graph-style';
import { useInspector, type InspectorTab } from './store';
import { formatDate } from './time';
import './filters.css';

/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;
/** A hit's text is shown whole up to this length; past it, the node panel has the rest. */
const HIT_TEXT_CHARS = 1200;
const TYPES = ['episodic', 'semantic', 'procedural', 'opinion'] as const;

function useDebounced<T>(value: T, ms: number): [T, (v: T) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return [settled, setSettled];
}

function hitState(h: SearchHit): string | null {
  const n = h.node;
  if (n.validUntil === null) return null;
  const when = formatDate(n.validUntil);
  if (n.invalidatedReason === 'superseded') return `earlier version · replaced ${when}`;
  return `${n.invalidatedReason ?? 'no longer current'} · ${when}`;
}

export function SearchBox({ inputRef, tab }: { inputRef: RefObject<HTMLInputElement | null>; tab: InspectorTab }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [includeEarlier, setIncludeEarlier] = useState(false);
  // Off by default: facts waiting for review are not memory yet; the switch lists them apart, marked.
  const [showPending, setShowPending] = useState(false);
  const [open, setOpen] = useState(false);
  const [hitIndex, setHitIndex] = useState(-1);
  const filter = useInspector((s) => s.filter);
  const input = {
    query,
    types: [...TYPES],
    limit: 20,
    includeInvalid: includeEarlier,
    ...(filter.after !== null ? { after: filter.after } : {}),
    ...(filter.before !== null ? { before: filter.before } : {}),
    ...(filter.asOf !== null ? { asOf: filter.asOf } : {}),
    ...(filter.spaceId !== null ? { spaceId: filter.spaceId } : {}),
  };
  // Under ['memory']: a memory change refreshes the list. Each query is its own key, so a late answer to an
  // earlier one lands in its own entry and is never shown for the current text.
  const search = useQuery({
    queryKey: [...ikeys.search, input],
    queryFn: () => call('memory.search', input),
    enabled: query !== '',
    placeholderData: (prev) => prev,
  });
  const hits = query === '' ? null : (search.data?.hits ?? null);
  const pending = useQuery({
    queryKey: [...ikeys.search, 'pending', query],
    queryFn: () => call('review.searchPending', { query, limit: 10 }),
    enabled: showPending && query !== '',
  });
  const current = !search.isPlaceholderData && !search.isFetching;

  useEffect(() => setHitIndex(-1), [query, includeEarlier]);
  // Another tab closes the list, unless it was Enter here that brought the graph forward (from the profile, the
  // inspector's first view): the hits stay to pick from.
  const searchMovedTab = useRef(false);
  useEffect(() => {
    if (searchMovedTab.current) searchMovedTab.current = false;
    else setOpen(false);
  }, [tab]);

  // Enter asked for the hits as the graph: served once the answer for the text typed is in.
  const seedWanted = useRef<string | null>(null);
  useEffect(() => {
    if (seedWanted.current === null || seedWanted.current !== query || !current || !hits) return;
    seedWanted.current = null;
    if (hits.length === 0) return;
    const s = useInspector.getState();
    if (s.tab !== 'graph') searchMovedTab.current = true;
    s.seedGraph({ seed: { kind: 'nodes', ids: hits.map((h) => h.node.id) }, filter: { includeInvalid: true } });
    jump(hits[0]?.node.id ?? null);
  }, [query, current, hits]);

  const jump = (id: string | null) => {
    if (!id) return;
    const s = useInspector.getState();
    s.select(id);
    s.centre();
  };
  const pick = (h: SearchHit) => {
    // An earlier version, or a memory the current view does not hold, is brought into the graph.
    pinInGraph([h.node.id]);
    jump(h.node.id);
    setOpen(false);
  };

  const within = windowLabel(filter);
  const status = search.error
    ? errorMessage(search.error)
    : hits === null || !current
      ? 'Searching…'
      : `${hits.length} found${within ? ` (${within})` : ''} — Enter shows them as the graph`;
  return (
    <>
      <input
        ref={inputRef}
        className="ins-search"
        type="search"
        placeholder="Search memory  ( / )"
        aria-label="Search memory"
        aria-controls="ins-hits"
        aria-expanded={open && query !== ''}
        data-testid="inspector-search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => text.trim() !== '' && setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            if (!hits || hits.length === 0) return;
            e.preventDefault();
            setOpen(true);
            setHitIndex((i) => Math.max(0, Math.min(hits.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1))));
            return;
          }
          if (e.key === 'Enter') {
            const picked = open && hits && hitIndex >= 0 ? hits[hitIndex] : undefined;
            if (picked) {
              pick(picked);
              return;
            }
            // No waiting for the pause: search the text as it is now.
            const now = text.trim();
            if (now === '') return;
            seedWanted.current = now;
            setQuery(now);
            setOpen(true);
          }
          if (e.key === 'Escape') setOpen(false);
        }}
      />
      {open && query !== '' && (
        <div className="ins-hits" id="ins-hits" data-testid="search-hits">
          <div className="ins-hits-head muted small">
            <span aria-live="polite">{status}</span>
            <label className="check">
              <input type="checkbox" checked={includeEarlier} onChange={(e) => setIncludeEarlier(e.target.checked)} data-testid="search-include-earlier" />
              include earlier versions
            </label>
            <label className="check">
              <input type="checkbox" checked={showPending} onChange={(e) => setShowPending(e.target.checked)} data-testid="search-show-pending" />
              show pending
            </label>
            <button className="icon-button tiny" aria-label="Close results" onClick={() => setOpen(false)}>
              ×
            </button>
          </div>
          {hits?.map((h, i) => {
            const state = hitState(h);
            const body = h.node.content;
            return (
              <button key={h.node.id} className={`ins-hit${i === hitIndex ? ' on' : ''}${state ? ' earlier' : ''}`} onClick={() => pick(h)} data-testid="search-hit">
                <span className="ins-dot" style={{ background: TYPE_COLOURS[h.node.type] }} />
                <span className="ins-hit-text">
                  {body.length > HIT_TEXT_CHARS ? `${body.slice(0, HIT_TEXT_CHARS)}… (${(body.length - HIT_TEXT_CHARS).toLocaleString()} more characters in the panel)` : body}
                  {state && (
                    <span className="ins-hit-state" data-testid="search-hit-state">
                      {state}
                    </span>
                  )}
                  <span className="ins-hit-how">found by {h.strategies.map((st) => st.strategy).join(', ')}</span>
                </span>
              </button>
            );
          })}
          {showPending &&
            pending.data?.map((p) => (
              <button
                key={p.id}
                className="ins-hit earlier"
                onClick={() => {
                  useInspector.getState().setTab('review');
                  setOpen(false);
                }}
                data-testid="search-pending-hit"
              >
                <span className="ins-hit-text">
                  {p.content}
                  <span className="ins-hit-state">pending review · not in memory yet</span>
                </span>
              </button>
            ))}
        </div>
      )}
    </>
  );
}
