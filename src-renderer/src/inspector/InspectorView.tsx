/**
 * The memory inspector: the profile ("You"), graph, timeline, entities, overview and "why this answer", with one node panel,
 * shared filters, search (SearchBox), undo toasts and the keyboard (/ c e Del z arrows).
 */
import { useEffect, useRef, useState } from 'react';
import { actions, undoLatest } from './actions';
import { typing } from '../keyboard';
import { AsOfControl, AsOfNotice } from './AsOfControl';
import { CompareView } from './CompareView';
import { EntitiesView } from './EntitiesView';
import { Filters } from './Filters';
import { GraphView } from './GraphView';
import { LearnedView } from './LearnedView';
import { NodePanel } from './NodePanel';
import { OverviewView } from './OverviewView';
import { PackView } from './PackView';
import { ProfileView } from './ProfileView';
import { ReviewTab } from './ReviewTab';
import { ReviewView } from './ReviewView';
import { SearchBox } from './SearchBox';
import { TimelineView } from './TimelineView';
import { Toasts } from './Toasts';
import { useInspector, type InspectorTab } from './store';
import './inspector.css';

const TABS: [InspectorTab, string][] = [
  ['profile', 'You'],
  ['graph', 'Graph'],
  ['timeline', 'Timeline'],
  ['entities', 'Entities'],
  ['overview', 'Overview'],
  ['compare', 'Compare'],
];


export function InspectorView() {
  const tab = useInspector((s) => s.tab);
  const packMessageId = useInspector((s) => s.packMessageId);
  const learned = useInspector((s) => s.learned);
  const setTab = useInspector((s) => s.setTab);
  const close = useInspector((s) => s.close);
  const [filtersOpen, setFiltersOpen] = useState(true);
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
      // The Review view has its own keys (a, d, e, r, arrows); search and Esc still work there.
      if (s.tab === 'review' && e.key !== '/' && e.key !== 'Escape') return;
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
          <ReviewTab on={tab === 'review'} onClick={() => setTab('review')} />
          {packMessageId && (
            <button role="tab" aria-selected={tab === 'pack'} className={tab === 'pack' ? 'on' : ''} onClick={() => setTab('pack')} data-testid="tab-pack">
              Why this answer
            </button>
          )}
          {learned && (
            <button role="tab" aria-selected={tab === 'learned'} className={tab === 'learned' ? 'on' : ''} onClick={() => setTab('learned')} data-testid="tab-learned">
              What it learned
            </button>
          )}
        </nav>
        <AsOfControl />
        <SearchBox inputRef={searchRef} tab={tab} />
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
          {tab !== 'compare' && tab !== 'overview' && tab !== 'pack' && tab !== 'learned' && <AsOfNotice />}
          {/* The graph stays mounted so its layout survives a visit to another tab. */}
          <div className={tab === 'graph' ? 'ins-view' : 'ins-view hidden'}>
            <GraphView />
          </div>
          {tab === 'timeline' && <TimelineView />}
          {tab === 'entities' && <EntitiesView />}
          {tab === 'overview' && <OverviewView />}
          {tab === 'compare' && <CompareView />}
          {tab === 'profile' && <ProfileView />}
          {tab === 'review' && <ReviewView />}
          {tab === 'pack' && <PackView />}
          {tab === 'learned' && <LearnedView />}
        </div>
        <NodePanel />
      </div>
      <Toasts />
    </div>
  );
}
