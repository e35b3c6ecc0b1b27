/** Filters shared by graph and timeline: node type, relation, origin, minimum confidence, time range, history. */
import type { NodeType, RelationType } from '../../../src-shared/memory-types';
import { useEntityList } from './api';
import { TYPE_COLOURS, RELATION_STYLES } from './graph-style';
import { ALL_RELATIONS, ALL_TYPES, DEFAULT_FILTER, ORIGINS, useInspector, type Origin } from './store';
import { DAY, YEAR } from './time';

const RANGES: [string, number | null][] = [
  ['All time', null],
  ['Last day', DAY],
  ['Last week', 7 * DAY],
  ['Last month', 30 * DAY],
  ['Last year', YEAR],
];

export function Filters() {
  const f = useInspector((s) => s.filter);
  const entities = useEntityList();
  const set = useInspector((s) => s.setFilter);
  const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
  const range = f.after === null ? null : RANGES.find(([, ms]) => ms !== null && Math.abs(Date.now() - ms - (f.after ?? 0)) < DAY)?.[1] ?? null;
  return (
    <div className="ins-filters" data-testid="filters">
      <fieldset>
        <legend>Type</legend>
        {ALL_TYPES.map((t: NodeType) => (
          <label key={t} className="check">
            <input type="checkbox" checked={f.types.includes(t)} onChange={() => set({ types: toggle(f.types, t) })} />
            <span className="ins-dot" style={{ background: TYPE_COLOURS[t] }} /> {t}
          </label>
        ))}
      </fieldset>
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
        <legend>Origin</legend>
        {(Object.keys(ORIGINS) as Origin[]).map((o) => (
          <label key={o} className="check">
            <input type="checkbox" checked={f.origins.includes(o)} onChange={() => set({ origins: toggle(f.origins, o) })} data-testid={`origin-${o}`} />
            {ORIGINS[o].label}
          </label>
        ))}
        <span className="muted small">{f.origins.length === 0 ? 'all origins' : ''}</span>
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
        <select
          value={f.entityId ?? ''}
          aria-label="Entity"
          data-testid="filter-entity"
          onChange={(e) => set({ entityId: e.target.value === '' ? null : e.target.value })}
        >
          <option value="">Any</option>
          {entities.data?.map((e) => (
            <option key={e.id} value={e.id}>
              {e.canonicalName} ({e.mentionCount})
            </option>
          ))}
        </select>
      </fieldset>
      <fieldset>
        <legend>When</legend>
        <select
          value={range === null ? '' : String(range)}
          aria-label="Time range"
          onChange={(e) => set(e.target.value === '' ? { after: null, before: null } : { after: Date.now() - Number(e.target.value), before: null })}
        >
          {RANGES.map(([label, ms]) => (
            <option key={label} value={ms === null ? '' : String(ms)}>
              {label}
            </option>
          ))}
        </select>
        <label className="check">
          <input type="checkbox" checked={f.includeInvalid} onChange={(e) => set({ includeInvalid: e.target.checked })} data-testid="include-invalid" />
          superseded &amp; forgotten
        </label>
      </fieldset>
      <button className="link-button small" onClick={() => set(DEFAULT_FILTER)}>
        Reset
      </button>
    </div>
  );
}
