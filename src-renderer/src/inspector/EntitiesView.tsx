/**
 * Entities: a list (type, aliases, mentions) and an entity page — summary, aliases (add/remove), linked
 * facts, a mini timeline, merge into another entity, and split nodes/aliases off into a new one. Each edit
 * can be undone from its toast.
 */
import { useMemo, useRef, useState } from 'react';
import type { EntityProfile } from '../../../src-main/memory';
import { ENTITY_TYPES, type Entity, type EntityType, type MemoryNode } from '../../../src-shared/memory-types';
import { errorMessage } from '../api/client';
import { actions } from './actions';
import { useEntityList, useEntityProfile } from './api';
import { ENTITY_TYPE_COLOURS, TYPE_COLOURS } from './graph-style';
import { useInspector } from './store';
import { formatDate } from './time';

export function EntitiesView() {
  const entityId = useInspector((s) => s.entityId);
  return (
    <div className="ins-entities" data-testid="inspector-entities">
      <EntityList />
      {entityId ? <EntityPage id={entityId} /> : <div className="ins-entity-page muted">Choose an entity to see what Engram knows about it.</div>}
    </div>
  );
}

function EntityList() {
  const list = useEntityList();
  const [q, setQ] = useState('');
  const current = useInspector((s) => s.entityId);
  const open = useInspector((s) => s.openEntity);
  const tableRef = useRef<HTMLTableElement>(null);
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (list.data ?? []).filter((e) => !needle || [e.canonicalName, ...e.aliases].some((n) => n.toLowerCase().includes(needle)));
  }, [list.data, q]);
  return (
    <div className="ins-entity-list">
      <input
        className="ins-filter-input"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={(e) => {
          // ↓ from the filter goes into the list, as in a search box with results.
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            focusRow(tableRef.current, 0);
          }
        }}
        placeholder="Filter entities…"
        aria-label="Filter entities"
        data-testid="entity-filter"
      />
      {list.isError && <div className="error-box">{errorMessage(list.error)}</div>}
      <table className="ins-table" data-testid="entity-table" ref={tableRef} aria-label="Entities">
        <thead>
          <tr>
            <th>Name</th>
            <th>Type</th>
            <th className="num">Mentions</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((e) => (
            <tr
              key={e.id}
              className={e.id === current ? 'on' : ''}
              onClick={() => open(e.id)}
              // Rows are reached with Tab or the arrows and opened with Enter (or Space), like the list's clicks.
              tabIndex={0}
              aria-current={e.id === current ? 'true' : undefined}
              onKeyDown={(ev) => {
                const rows = rowsOf(tableRef.current);
                const at = rows.indexOf(ev.currentTarget);
                if (ev.key === 'Enter' || ev.key === ' ') {
                  ev.preventDefault();
                  open(e.id);
                } else if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
                  ev.preventDefault();
                  // The inspector's arrows move in the graph; here they move in the list.
                  ev.stopPropagation();
                  focusRow(tableRef.current, at + (ev.key === 'ArrowDown' ? 1 : -1));
                } else if (ev.key === 'Home' || ev.key === 'End') {
                  ev.preventDefault();
                  focusRow(tableRef.current, ev.key === 'Home' ? 0 : rows.length - 1);
                }
              }}
              data-testid="entity-row"
            >
              <td>
                <div>{e.canonicalName}</div>
                {e.aliases.length > 0 && <div className="muted small">{e.aliases.slice(0, 4).join(', ')}</div>}
              </td>
              <td>
                <span className="ins-etype" style={{ color: ENTITY_TYPE_COLOURS[e.type] }}>
                  {e.type}
                </span>
              </td>
              <td className="num">{e.mentionCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.data && shown.length === 0 && <p className="muted small">No entities match.</p>}
    </div>
  );
}

const rowsOf = (table: HTMLTableElement | null): HTMLElement[] => [...(table?.querySelectorAll<HTMLElement>('tbody tr') ?? [])];

/** Focus the list's row at `index`, kept within the list. */
function focusRow(table: HTMLTableElement | null, index: number): void {
  const rows = rowsOf(table);
  rows[Math.max(0, Math.min(rows.length - 1, index))]?.focus();
}

function EntityPage({ id }: { id: string }) {
  const profile = useEntityProfile(id);
  if (profile.isError) return <div className="ins-entity-page error-box">{errorMessage(profile.error)}</div>;
  if (!profile.data) return <div className="ins-entity-page muted">Loading…</div>;
  return <EntityPageBody key={profile.data.entity.id} profile={profile.data} />;
}

function EntityPageBody({ profile }: { profile: EntityProfile }) {
  const { entity } = profile;
  const select = useInspector((s) => s.select);
  const past = useInspector((s) => s.filter.asOf !== null);
  const [alias, setAlias] = useState('');
  return (
    <div className="ins-entity-page" data-testid="entity-page">
      <header>
        <h2>
          {entity.canonicalName} <span className="ins-etype" style={{ color: ENTITY_TYPE_COLOURS[entity.type] }}>{entity.type}</span>
        </h2>
        <p className="muted small">
          {entity.mentionCount} mentions · {profile.factCount} facts · {profile.episodeCount} episodes
          {/* Both are when things were said (event time); an entity nothing mentions shows when it was added. */}
          {profile.firstMentioned !== null ? ` · first seen ${formatDate(profile.firstMentioned)}` : ` · added ${formatDate(entity.firstSeen)}`}
          {profile.lastMentioned !== null ? ` · last mentioned ${formatDate(profile.lastMentioned)}` : ''}
        </p>
        {profile.mergedFrom.length > 0 && (
          <p className="small">
            Merged from:{' '}
            {profile.mergedFrom.map((m) => (
              <button key={m.id} className="link-button small" onClick={() => void actions.unmerge(m.id, { source: m.name, target: entity.canonicalName })} data-testid="unmerge">
                {m.name} (undo merge)
              </button>
            ))}
          </p>
        )}
        <div className="ins-actions">
          <button className="button button-ghost" onClick={() => useInspector.getState().seedGraph({ seed: { kind: 'entity', entityId: entity.id } })}>
            Focus graph on it
          </button>
        </div>
      </header>
      {/* Today's summary, rewritten from today's facts, is not shown as of an earlier date. */}
      {entity.summary && !past && <p className="ins-summary">{entity.summary}</p>}
      <section className="ins-section">
        <h4>Aliases</h4>
        <div className="ins-chips" data-testid="aliases">
          {entity.aliases.map((a) => (
            <span key={a} className="chip">
              {a}
              <button className="icon-button tiny" aria-label={`Remove alias ${a}`} onClick={() => void actions.removeAlias(entity.id, a)}>
                ×
              </button>
            </span>
          ))}
          <input
            className="ins-tag-input"
            value={alias}
            placeholder="add alias…"
            aria-label="Add alias"
            data-testid="alias-input"
            onChange={(e) => setAlias(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && alias.trim()) {
                void actions.addAlias(entity.id, alias.trim());
                setAlias('');
              }
            }}
          />
        </div>
      </section>
      <MiniTimeline nodes={[...profile.facts, ...profile.recentEpisodes]} />
      <section className="ins-section">
        <h4>Facts ({profile.factCount})</h4>
        {profile.facts.length === 0 && <p className="muted small">No current facts.</p>}
        <ul className="ins-list">
          {profile.facts.map((f) => (
            <li key={f.id}>
              <button className="link-button" onClick={() => select(f.id)}>
                <span className="ins-dot" style={{ background: TYPE_COLOURS[f.type] }} /> {f.content}
              </button>
              <span className="muted small"> {f.confidence.toFixed(2)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="ins-section">
        <h4>Latest mentions</h4>
        <ul className="ins-list">
          {profile.recentEpisodes.map((f) => (
            <li key={f.id}>
              <button className="link-button" onClick={() => select(f.id)}>
                “{f.content.length > 160 ? `${f.content.slice(0, 159)}…` : f.content}”
              </button>
              <span className="muted small"> {formatDate(f.eventTime)}</span>
            </li>
          ))}
        </ul>
      </section>
      <EditBox key={`${entity.canonicalName}|${entity.type}`} entity={entity} />
      <MergeBox entity={entity} />
      <SplitBox profile={profile} />
    </div>
  );
}

/** Facts and episodes of the entity along time, as dots on one line. */
function MiniTimeline({ nodes }: { nodes: MemoryNode[] }) {
  const select = useInspector((s) => s.select);
  if (nodes.length === 0) return null;
  const times = nodes.map((n) => n.eventTime);
  const min = Math.min(...times);
  const max = Math.max(...times, min + 1);
  const W = 560;
  const x = (t: number) => 10 + ((t - min) / (max - min)) * (W - 20);
  return (
    <section className="ins-section" data-testid="mini-timeline">
      <h4>Over time</h4>
      <svg viewBox={`0 0 ${W} 46`} width="100%" className="ins-mini-tl">
        <line x1={10} x2={W - 10} y1={20} y2={20} className="ins-grid" />
        {nodes.map((n) => (
          <circle
            key={n.id}
            cx={x(n.eventTime)}
            cy={n.type === 'episodic' ? 28 : 12}
            r={4}
            fill={TYPE_COLOURS[n.type]}
            className="ins-mini-dot"
            onClick={() => select(n.id)}
          >
            <title>{n.content}</title>
          </circle>
        ))}
        <text x={10} y={44} className="ins-axis-label">
          {formatDate(min)}
        </text>
        <text x={W - 10} y={44} className="ins-axis-label" textAnchor="end">
          {formatDate(max)}
        </text>
      </svg>
    </section>
  );
}

/** Rename, change type or delete (junk a model made up: "Fri", "Update"); each undoable from its toast. */
function EditBox({ entity }: { entity: Entity }) {
  const [name, setName] = useState(entity.canonicalName);
  const [type, setType] = useState<EntityType>(entity.type);
  const changed = name.trim() !== '' && (name.trim() !== entity.canonicalName || type !== entity.type);
  const save = () => {
    if (!changed) return;
    const change = { ...(name.trim() !== entity.canonicalName ? { name: name.trim() } : {}), ...(type !== entity.type ? { type } : {}) };
    void actions.updateEntity(entity.id, change, { name: entity.canonicalName, type: entity.type });
  };
  return (
    <section className="ins-section ins-box" data-testid="entity-edit-box">
      <h4>Edit</h4>
      <div className="ins-actions">
        <input
          className="ins-filter-input"
          value={name}
          aria-label="Entity name"
          data-testid="entity-name-input"
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save();
          }}
        />
        <select value={type} onChange={(e) => setType(e.target.value as EntityType)} aria-label="Entity type" data-testid="entity-type-select">
          {ENTITY_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <button className="button" disabled={!changed} onClick={save} data-testid="entity-save">
          Save
        </button>
      </div>
      <p className="muted small">Deleting removes {entity.canonicalName} and its links; the facts and messages that mention it stay. Undo from the toast.</p>
      <div className="ins-actions">
        <button className="button button-danger" onClick={() => void actions.deleteEntity(entity.id, entity.canonicalName)} data-testid="entity-delete">
          Delete entity
        </button>
      </div>
    </section>
  );
}

function MergeBox({ entity }: { entity: Entity }) {
  const list = useEntityList();
  const [target, setTarget] = useState('');
  const others = (list.data ?? []).filter((e) => e.id !== entity.id);
  const chosen = others.find((e) => e.id === target);
  return (
    <section className="ins-section ins-box" data-testid="merge-box">
      <h4>Merge</h4>
      <p className="muted small">When two entries are the same thing: everything linked to {entity.canonicalName} moves to the other; undo from the toast.</p>
      <div className="ins-actions">
        <select value={target} onChange={(e) => setTarget(e.target.value)} aria-label="Merge into" data-testid="merge-target">
          <option value="">Merge {entity.canonicalName} into…</option>
          {others.map((e) => (
            <option key={e.id} value={e.id}>
              {e.canonicalName} ({e.type}, {e.mentionCount})
            </option>
          ))}
        </select>
        <button
          className="button"
          disabled={!chosen}
          data-testid="merge-go"
          onClick={() => chosen && void actions.merge(entity.id, chosen.id, { source: entity.canonicalName, target: chosen.canonicalName })}
        >
          Merge
        </button>
      </div>
    </section>
  );
}

function SplitBox({ profile }: { profile: EntityProfile }) {
  const { entity } = profile;
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [type, setType] = useState<EntityType>(entity.type);
  const [nodes, setNodes] = useState<string[]>([]);
  const [aliases, setAliases] = useState<string[]>([]);
  const toggle = (list: string[], v: string) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
  if (!open) {
    return (
      <section className="ins-section ins-box">
        <h4>Split</h4>
        <p className="muted small">When one entry mixes two things (“my boss” pointing at the wrong person): move some mentions and aliases to a new entity.</p>
        <button className="button" onClick={() => setOpen(true)} data-testid="split-open">
          Split…
        </button>
      </section>
    );
  }
  const linked = [...profile.facts, ...profile.recentEpisodes];
  return (
    <section className="ins-section ins-box" data-testid="split-box">
      <h4>Split off a new entity</h4>
      <div className="ins-actions">
        <input value={name} onChange={(e) => setName(e.target.value)} placeholder="New entity's name" aria-label="New entity name" />
        <select value={type} onChange={(e) => setType(e.target.value as EntityType)} aria-label="New entity type">
          {ENTITY_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </div>
      {entity.aliases.length > 0 && <p className="small">Aliases that belong to it:</p>}
      <div className="ins-chips">
        {entity.aliases.map((a) => (
          <label key={a} className="check">
            <input type="checkbox" checked={aliases.includes(a)} onChange={() => setAliases(toggle(aliases, a))} /> {a}
          </label>
        ))}
      </div>
      <p className="small">Memories that are about it:</p>
      <ul className="ins-list ins-split-list">
        {linked.map((n) => (
          <li key={n.id}>
            <label className="check">
              <input type="checkbox" checked={nodes.includes(n.id)} onChange={() => setNodes(toggle(nodes, n.id))} />
              {n.content.length > 120 ? `${n.content.slice(0, 119)}…` : n.content}
            </label>
          </li>
        ))}
      </ul>
      <div className="ins-actions">
        <button
          className="button button-primary"
          disabled={!name.trim() || (nodes.length === 0 && aliases.length === 0)}
          onClick={() => void actions.split({ entityId: entity.id, name: name.trim(), type, nodeIds: nodes, aliases }).then((ok) => ok && setOpen(false))}
          data-testid="split-go"
        >
          Split
        </button>
        <button className="button button-ghost" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </section>
  );
}
