/**
 * Filters shared by graph and timeline, in one row: node types and the time window stay in sight; relation,
 * origin, confidence, entity and history fold into "More filters" (a popover, opened and closed by keyboard).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { NodeType, RelationType } from '../../../src-shared/memory-types';
import { useSpaces } from '../api/hooks';
import { useEntityList } from './api';
import { customRange, dayInputValue, presetRange, TIME_WINDOWS, toInputValue, type TimeWindow } from './date-range';
import { TYPE_COLOURS, RELATION_STYLES } from './graph-style';
import { ALL_RELATIONS, ALL_TYPES, DEFAULT_FILTER, ORIGINS, useInspector, type InspectorFilter, type Origin } from './store';
import './filters.css';

const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

/** How many of the filters folded into the popover are set, for its button. */
function hiddenActive(f: InspectorFilter): number {
  return (
    Number(f.relations.length < ALL_RELATIONS.length) +
    Number(f.origins.length > 0) +
    Number(f.minConfidence > 0) +
    Number(f.entityId !== null) +
    Number(f.includeInvalid)
  );
}

export function Filters() {
  const f = useInspector((s) => s.filter);
  const set = useInspector((s) => s.setFilter);
  return (
    <div className={`ins-filters${f.when === 'custom' ? ' with-dates' : ''}`} data-testid="filters">
      <fieldset className="ins-filter-types">
        <legend>Type</legend>
        {ALL_TYPES.map((t: NodeType) => (
          <label key={t} className="check" title={t}>
            <input type="checkbox" checked={f.types.includes(t)} onChange={() => set({ types: toggle(f.types, t) })} data-testid={`type-${t}`} />
            <span className="ins-dot" style={{ background: TYPE_COLOURS[t] }} /> <span className="ins-type-name">{t}</span>
          </label>
        ))}
      </fieldset>
      <WhenFilter />
      <SpaceFilter />
      <MoreFilters />
      <button className="link-button small" onClick={() => set(DEFAULT_FILTER)} data-testid="filters-reset">
        Reset
      </button>
    </div>
  );
}

/**
 * Which memory space the graph, timeline and search show: all, or one (its memories plus those seen from every
 * space). Shown once there is more than one space; a chosen space that was deleted falls back to all.
 */
function SpaceFilter() {
  const spaceId = useInspector((s) => s.filter.spaceId);
  const set = useInspector((s) => s.setFilter);
  const spaces = useSpaces().data;
  const gone = spaces !== undefined && spaceId !== null && !spaces.some((s) => s.id === spaceId);
  useEffect(() => {
    if (gone) set({ spaceId: null });
  }, [gone, set]);
  if (!spaces || (spaces.length < 2 && spaceId === null)) return null;
  return (
    <fieldset className="ins-filter-space">
      <legend>Space</legend>
      <select
        value={gone ? '' : (spaceId ?? '')}
        aria-label="Memory space"
        data-testid="filter-space"
        onChange={(e) => set({ spaceId: e.target.value === '' ? null : e.target.value })}
      >
        <option value="">All spaces</option>
        {spaces.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </fieldset>
  );
}

/** The time window: a preset, or a custom range of days (checked: "from" on or before "to"). */
function WhenFilter() {
  const f = useInspector((s) => s.filter);
  const set = useInspector((s) => s.setFilter);
  const [from, setFrom] = useState(() => (f.when === 'custom' && f.after !== null ? dayInputValue(f.after) : ''));
  const [to, setTo] = useState(() => (f.when === 'custom' && f.before !== null ? toInputValue(f.before) : ''));
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  // A range is applied as soon as it is valid; an invalid one is shown and not applied.
  const applyCustom = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    const range = customRange(nextFrom, nextTo);
    if (!range.ok) {
      setError(range.error);
      return;
    }
    setError(null);
    set({ when: 'custom', after: range.after, before: range.before });
  };
  const choose = (when: TimeWindow) => {
    setError(null);
    if (when !== 'custom') {
      set({ when, ...presetRange(when, Date.now()) });
      return;
    }
    // Start from what was shown: the preset's first day to today, or an empty (open) range.
    const start = f.after !== null ? dayInputValue(f.after) : '';
    applyCustom(start, start === '' ? '' : dayInputValue(Date.now()));
  };
  return (
    <fieldset className="ins-filter-when">
      <legend>When</legend>
      <select value={f.when} aria-label="Time range" data-testid="filter-when" onChange={(e) => choose(e.target.value as TimeWindow)}>
        {TIME_WINDOWS.map((w) => (
          <option key={w.value} value={w.value}>
            {w.label}
          </option>
        ))}
      </select>
      {f.when === 'custom' && (
        <>
          <input
            type="date"
            aria-label="From"
            title="From (this day included)"
            data-testid="filter-from"
            value={from}
            max={to || undefined}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => applyCustom(e.target.value, to)}
          />
          <span aria-hidden="true">–</span>
          <input
            type="date"
            aria-label="To"
            title="To (this day included)"
            data-testid="filter-to"
            value={to}
            min={from || undefined}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => applyCustom(from, e.target.value)}
          />
        </>
      )}
      {error && (
        <span className="ins-filter-error" role="alert" id={errorId} data-testid="filter-date-error">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** The filters that do not fit the row, in a popover: Escape (focus returns), a click or focus outside closes it. */
function MoreFilters() {
  const f = useInspector((s) => s.filter);
  const set = useInspector((s) => s.setFilter);
  const entities = useEntityList();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popRef = useRef<HTMLDivElement>(null);
  const popId = useId();
  const active = hiddenActive(f);

  useEffect(() => {
    if (!open) return;
    popRef.current?.querySelector<HTMLElement>('input, select')?.focus();
    // A click or focus anywhere else closes it (the search's results must never open beneath it).
    const away = (e: Event) => {
      const t = e.target as Node;
      if (!popRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('focusin', away);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('focusin', away);
    };
  }, [open]);

  return (
    <div className="ins-more">
      <button
        ref={buttonRef}
        className={`button button-ghost small${open ? ' on' : ''}`}
        aria-expanded={open}
        aria-controls={popId}
        aria-haspopup="dialog"
        data-testid="more-filters"
        onClick={() => setOpen(!open)}
      >
        More filters{active > 0 ? ` (${active})` : ''}
      </button>
      {open && (
        <div
          className="ins-more-pop"
          id={popId}
          role="dialog"
          aria-label="More filters"
          ref={popRef}
          data-testid="more-filters-panel"
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            // The inspector's own Escape (close the view) must not see this one.
            e.stopPropagation();
            setOpen(false);
            buttonRef.current?.focus();
          }}
        >
          <fieldset>
            <legend>Relation</legend>
            {ALL_RELATIONS.map((r: RelationType) => (
              <label key={r} className="check">
                <input type="checkbox" checked={f.relations.includes(r)} onChange={() => set({ relations: toggle(f.relations, r) })} />
                <span className="ins-line" style={{ borderTopColor: RELATION_STYLES[r].colour, borderTopStyle: RELATION_STYLES[r].line }} /> {r.replace('_', ' ')}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Origin {f.origins.length === 0 && <span className="muted small">(all)</span>}</legend>
            {(Object.keys(ORIGINS) as Origin[]).map((o) => (
              <label key={o} className="check">
                <input type="checkbox" checked={f.origins.includes(o)} onChange={() => set({ origins: toggle(f.origins, o) })} data-testid={`origin-${o}`} />
                {ORIGINS[o].label}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Confidence ≥ {f.minConfidence.toFixed(2)}</legend>
            <input
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={f.minConfidence}
              onChange={(e) => set({ minConfidence: Number(e.target.value) })}
              aria-label="Minimum confidence"
            />
          </fieldset>
          <fieldset>
            <legend>Entity</legend>
            <select value={f.entityId ?? ''} aria-label="Entity" data-testid="filter-entity" onChange={(e) => set({ entityId: e.target.value === '' ? null : e.target.value })}>
              <option value="">Any</option>
              {entities.data?.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.canonicalName} ({e.mentionCount})
                </option>
              ))}
            </select>
          </fieldset>
          <fieldset>
            <legend>History</legend>
            <label className="check">
              <input type="checkbox" checked={f.includeInvalid} onChange={(e) => set({ includeInvalid: e.target.checked })} data-testid="include-invalid" />
              superseded &amp; forgotten
            </label>
          </fieldset>
        </div>
      )}
    </div>
  );
}

/** A preset window's label, for the search results' note. */
export function windowLabel(f: InspectorFilter): string | null {
  if (f.when === 'all') return null;
  if (f.when !== 'custom') return TIME_WINDOWS.find((w) => w.value === f.when)?.label.toLowerCase() ?? null;
  const from = f.after !== null ? dayInputValue(f.after) : '…';
  const to = f.before !== null ? toInputValue(f.before) : '…';
  return `${from} – ${to}`;
}
