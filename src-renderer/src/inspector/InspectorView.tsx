/**
 * The memory inspector: graph, timeline, entities, overview and "why this answer", with one node panel,
 * shared filters, search, undo toasts and the keyboard (/ c e Del z arrows).
 */
import { useEffect, useRef, useState } from 'react';
import type { SearchHit } from '../../../src-shared/retrieval-types';
import { call, errorMessage } from '../api/client';
import { actions, undoLatest } from './actions';
import { typing } from '../keyboard';
import { TYPE_COLOURS } from './graph-style';
import { EntitiesView } from './EntitiesView';
import { Filters } from './Filters';
import { GraphView } from './GraphView';
import { NodePanel } from './NodePanel';
import { OverviewView } from './OverviewView';
import { PackView } from './PackView';
import { TimelineView } from './TimelineView';
import { Toasts } from './Toasts';
import { useInspector, type InspectorTab } from './store';
import './inspector.css';

const TABS: [InspectorTab, string][] = [
  ['graph', 'Graph'],
  ['timeline', 'Timeline'],
  ['entities', 'Entities'],
  ['overview', 'Overview'],
];


export function InspectorView() {
  const tab = useInspector((s) => s.tab);
  const packMessageId = useInspector((s) => s.packMessageId);
  const setTab = useInspector((s) => s.setTab);
  const close = useInspector((s) => s.close);
  const [filtersOpen, setFiltersOpen] = useState(true);
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  // Keyboard focus moves in with the view (the chat behind it is inert), so the keys act here at once.
  useEffect(() => {
    if (!rootRef.current?.contains(document.activeElement)) rootRef.current?.focus();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = useInspector.getState();
      if (e.key === 'Escape' && typing(e.target)) {
        (e.target as HTMLElement).blur();
        return;
      }
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (document.querySelector('dialog[open]')) return;
      const targets = s.multi.length > 1 ? s.multi : s.selectedId ? [s.selectedId] : [];
      switch (e.key) {
        case '/':
          e.preventDefault();
          searchRef.current?.focus();
          break;
        case 'c':
          if (targets.length) void actions.confirm(targets);
          break;
        case 'e':
          if (s.selectedId) {
            e.preventDefault();
            s.setEditing(true);
          }
          break;
        case 'Delete':
        case 'Backspace':
          if (targets.length) {
            e.preventDefault();
            void actions.forget(targets);
          }
          break;
        case 'z':
          void undoLatest();
          break;
        case 'Escape':
          if (s.editing) s.setEditing(false);
          else if (s.selectedId || s.multi.length) s.select(null);
          else s.close();
          break;
        case 'ArrowLeft':
        case 'ArrowRight':
        case 'ArrowUp':
        case 'ArrowDown':
          if (s.mover) {
            e.preventDefault();
            s.mover(e.key.slice(5).toLowerCase() as 'left' | 'right' | 'up' | 'down');
          }
          break;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const [hits, setHitsState] = useState<SearchHit[] | null>(null);
  const [hitIndex, setHitIndex] = useState(-1);
  const setHits = (next: SearchHit[] | null) => {
    setHitsState(next);
    setHitIndex(-1);
  };
  const [searchError, setSearchError] = useState<string | null>(null);
  // Refocusing the box shows the last results again, so the user can jump from hit to hit.
  const lastHits = useRef<SearchHit[] | null>(null);
  useEffect(() => {
    setHitsState(null);
    setHitIndex(-1);
  }, [tab]);
  const search = async () => {
    const q = query.trim();
    if (!q) return;
    try {
      const result = await call('memory.search', { query: q, types: ['episodic', 'semantic', 'procedural', 'opinion'], limit: 20 });
      setSearchError(null);
      setHits(result.hits);
      lastHits.current = result.hits;
      const s = useInspector.getState();
      // The graph starts from the hits; the best one is selected and centred.
      if (result.hits.length > 0) {
        s.seedGraph({ seed: { kind: 'nodes', ids: result.hits.map((h) => h.node.id) }, filter: { includeInvalid: true } });
        jump(result.hits[0]?.node.id ?? null);
      }
    } catch (err) {
      setSearchError(errorMessage(err));
    }
  };
  const jump = (id: string | null) => {
    if (!id) return;
    const s = useInspector.getState();
    s.select(id);
    s.centre();
  };

  return (
    <div className="ins-root" data-testid="inspector" role="region" aria-label="Memory inspector" tabIndex={-1} ref={rootRef}>
      <header className="ins-head">
        <button className="button button-ghost" onClick={close} data-testid="inspector-close" title="Back to the chat (Esc)">
          ← Chat
        </button>
        <h1 className="ins-title">Memory</h1>
        <nav className="ins-tabs" role="tablist">
          {TABS.map(([key, label]) => (
            <button key={key} role="tab" aria-selected={tab === key} className={tab === key ? 'on' : ''} onClick={() => setTab(key)} data-testid={`tab-${key}`}>
              {label}
            </button>
          ))}
          {packMessageId && (
            <button role="tab" aria-selected={tab === 'pack'} className={tab === 'pack' ? 'on' : ''} onClick={() => setTab('pack')} data-testid="tab-pack">
              Why this answer
            </button>
          )}
        </nav>
        <input
          ref={searchRef}
          className="ins-search"
          type="search"
          placeholder="Search memory  ( / )"
          aria-label="Search memory"
          data-testid="inspector-search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onFocus={() => lastHits.current && setHits(lastHits.current)}
          onKeyDown={(e) => {
            // Enter searches; with the results open, the arrows pick one and Enter jumps to it.
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              if (!hits || hits.length === 0) return;
              e.preventDefault();
              setHitIndex((i) => Math.max(0, Math.min(hits.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1))));
              return;
            }
            if (e.key === 'Enter') {
              const picked = hits && hitIndex >= 0 ? hits[hitIndex] : undefined;
              if (picked) {
                jump(picked.node.id);
                setHits(null);
              } else void search();
            }
            if (e.key === 'Escape') setHits(null);
          }}
        />
        {(hits || searchError) && (
          <div className="ins-hits" data-testid="search-hits">
            <div className="ins-hits-head muted small">
              {searchError ?? `${hits?.length ?? 0} found — click to jump`}
              <button className="icon-button tiny" aria-label="Close results" onClick={() => setHits(null)}>
                ×
              </button>
            </div>
            {hits?.map((h, i) => (
              <button
                key={h.node.id}
                className={`ins-hit${i === hitIndex ? ' on' : ''}`}
                onClick={() => {
                  jump(h.node.id);
                  setHits(null);
                }}
                data-testid="search-hit"
              >
                <span className="ins-dot" style={{ background: TYPE_COLOURS[h.node.type] }} />
                <span className="ins-hit-text">{h.node.content}</span>
                <span className="muted small">{h.strategies.map((st) => st.strategy).join(', ')}</span>
              </button>
            ))}
          </div>
        )}
        <button className="button" onClick={() => useInspector.getState().setAdding(true)} data-testid="header-add-fact" title="Add a fact by hand">
          + Fact
        </button>
        <button className={`button button-ghost${filtersOpen ? ' on' : ''}`} onClick={() => setFiltersOpen(!filtersOpen)} aria-expanded={filtersOpen}>
          Filters
        </button>
      </header>
      {filtersOpen && (tab === 'graph' || tab === 'timeline') && <Filters />}
      <div className="ins-body">
        <div className="ins-main">
          {/* The graph stays mounted so its layout survives a visit to another tab. */}
          <div className={tab === 'graph' ? 'ins-view' : 'ins-view hidden'}>
            <GraphView />
          </div>
          {tab === 'timeline' && <TimelineView />}
          {tab === 'entities' && <EntitiesView />}
          {tab === 'overview' && <OverviewView />}
          {tab === 'pack' && <PackView />}
        </div>
        <NodePanel />
      </div>
      <Toasts />
    </div>
  );
}
