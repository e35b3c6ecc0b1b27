/**
 * The node panel shared by every view: content, type, origin, confidence now and its decay curve, access,
 * provenance quotes (one click to the conversation), version history with what changed, entities, tags,
 * attributes — and the edits: confirm, correct, forget/restore, tags.
 */
import { Fragment, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { NodeDetail } from '../../../src-main/memory';
import { decayAnchor, decayedConfidence, isProtected } from '../../../src-shared/decay';
import type { MemoryNode } from '../../../src-shared/memory-types';
import { errorMessage } from '../api/client';
import { useUi } from '../store';
import { actions, pinInGraph } from './actions';
import { attributeFields } from './attributes';
import { useNodeDetail } from './api';
import { DecayChart } from './DecayChart';
import { wordDiff } from './diff';
import { EntityCard } from './EntityCard';
import { chatIdOfSession } from './sessions';
import { saidLabel } from '../../../src-shared/speakers';
import { isRecital } from '../../../src-shared/recitals';
import { TYPE_COLOURS } from './graph-style';
import { useInspector } from './store';
import { formatDateTime } from './time';


export function confidenceNow(node: MemoryNode, now: number): number {
  if (node.validUntil !== null || isProtected(node)) return node.confidence;
  return decayedConfidence(node.confidenceBase, node.decayRate, now - decayAnchor(node), node.stability);
}

/** Why a fact does not decay: confirmed in another app, written or corrected by the person, or confirmed. */
function confirmedText(node: MemoryNode, corrected: boolean): string {
  if (typeof node.attributes.confirmed_by_client === 'string') return `confirmed in ${node.attributes.confirmed_by_client}`;
  if (node.sourceType === 'manual') return corrected ? 'confirmed · you corrected it' : 'confirmed · you added it';
  return 'confirmed';
}

const ORIGIN_LABELS: Record<string, string> = {
  manual: 'written by hand',
  tool_result: "saved by the assistant's tool",
  extraction: 'extracted by consolidation',
  consolidation: 'consolidated',
  heuristic: 'heuristic (offline extractor)',
  reflection: 'weekly reflection',
  conversation: 'conversation',
  import: 'imported',
  mcp: 'from another app (MCP)',
};

/** Where a node came from; for another app's writes, which app (the name it gave when it connected). */
function originText(node: MemoryNode): string {
  if (!node.sourceType) return 'unknown origin';
  const label = ORIGIN_LABELS[node.sourceType] ?? node.sourceType;
  if (node.sourceType !== 'mcp') return label;
  // A fact names its app in the source role (attributes may be inherited from the version it corrected); an
  // episode's role is user/assistant, so its app is in the attributes.
  const client = node.type !== 'episodic' && node.sourceRole ? node.sourceRole : node.attributes.mcp_client;
  if (typeof client !== 'string') return label;
  return `from ${client} (MCP)`;
}

/** A write the chat model made (tools.ts tags it): whether the person said it in the chat or confirmed it. */
function modelWriteText(node: MemoryNode): string | null {
  const describe = (tag: unknown, did: string): string | null => {
    if (!tag || typeof tag !== 'object' || Array.isArray(tag)) return null;
    const { model, approved } = tag as { model?: unknown; approved?: unknown };
    const who = typeof model === 'string' ? `the chat model (${model})` : 'the chat model';
    const how = approved === 'confirmed_by_person' ? 'you confirmed it' : 'from what you said in the chat';
    return `${did} by ${who} · ${how}`;
  };
  return describe(node.attributes.model_write, 'written') ?? describe(node.attributes.model_confirmed, 'confirmed');
}

export function NodePanel() {
  const selectedId = useInspector((s) => s.selectedId);
  const multi = useInspector((s) => s.multi);
  const panelEntityId = useInspector((s) => s.panelEntityId);
  const detail = useNodeDetail(selectedId);
  if (multi.length > 1) return <BulkPanel ids={multi} />;
  if (panelEntityId) return <aside className="ins-panel" data-testid="node-panel"><EntityCard id={panelEntityId} /></aside>;
  if (!selectedId) {
    return (
      <aside className="ins-panel ins-panel-empty" data-testid="node-panel">
        <p className="muted">Select a memory to see where it came from, how sure Engram is, and how that changes.</p>
        <p className="muted small">
          Keys: <kbd>/</kbd> search · <kbd>c</kbd> confirm · <kbd>e</kbd> correct · <kbd>Del</kbd> forget · <kbd>z</kbd> undo · arrows move ·
          shift-click to select several · <kbd>?</kbd> all shortcuts
        </p>
        <AddFact />
      </aside>
    );
  }
  return (
    <aside className="ins-panel" data-testid="node-panel">
      {detail.isError && <div className="error-box">{errorMessage(detail.error)}</div>}
      {detail.data && <NodeDetailView detail={detail.data} />}
      {detail.isLoading && <p className="muted">Loading…</p>}
    </aside>
  );
}

function NodeDetailView({ detail }: { detail: NodeDetail }) {
  const { node } = detail;
  const now = Date.now();
  const editing = useInspector((s) => s.editing);
  const setEditing = useInspector((s) => s.setEditing);
  const isFact = node.type !== 'episodic';
  const current = node.validUntil === null;
  // The version this one replaced (versions are oldest first).
  const at = detail.versions.findIndex((v) => v.id === node.id);
  const previousVersion = at > 0 ? detail.versions[at - 1] : undefined;
  const conf = confidenceNow(node, now);
  const supersededBy = detail.edges.find((e) => e.relationType === 'supersedes' && e.targetId === node.id);
  const tags = Array.isArray(node.attributes.tags) ? node.attributes.tags.filter((t): t is string => typeof t === 'string') : [];
  const { tags: _tags, ...otherAttributes } = node.attributes;
  return (
    <div className="ins-node" data-testid="node-detail" data-node-id={node.id}>
      <div className="ins-node-head">
        <span className="ins-type" style={{ background: TYPE_COLOURS[node.type] }}>
          {node.type}
        </span>
        {!current && (
          <span className="ins-status" data-testid="node-status">
            {node.invalidatedReason}
          </span>
        )}
        {current && isFact && node.sourceType === 'reflection' && <span className="ins-status">reflection · not confirmed</span>}
        {current && isFact && node.decayRate <= 0 && node.sourceType !== 'reflection' && (
          <span className="ins-status ok" data-testid="node-confirmed">
            {confirmedText(node, previousVersion !== undefined)}
          </span>
        )}
        <span className="muted small" data-testid="node-origin">{originText(node)}</span>
        {modelWriteText(node) && (
          <span className="muted small" data-testid="node-model-write">
            {modelWriteText(node)}
          </span>
        )}
      </div>
      {editing && current && isFact ? <CorrectForm node={node} /> : <p className="ins-content" data-testid="node-content">{node.content}</p>}

      <div className="ins-actions">
        {current && isFact && node.decayRate > 0 && (
          <button className="button" onClick={() => void actions.confirm([node.id])} data-testid="action-confirm" title="Protect from decay (c)">
            Confirm
          </button>
        )}
        {current && isFact && !editing && (
          <button className="button" onClick={() => setEditing(true)} data-testid="action-correct" title="Correct (e)">
            Correct…
          </button>
        )}
        {current && isFact && node.sourceType === 'mcp' && previousVersion && (
          <button
            className="button"
            onClick={() => void actions.revertCorrection(node.id, previousVersion.id)}
            data-testid="action-revert-correction"
            title="This version was written by another app: bring back the one it replaced"
          >
            Undo this correction
          </button>
        )}
        {current ? (
          <button className="button" onClick={() => void actions.forget([node.id])} data-testid="action-forget" title="Forget (Del)">
            Forget
          </button>
        ) : node.invalidatedReason !== 'superseded' ? (
          <button className="button" onClick={() => void actions.restore(node.id)} data-testid="action-restore">
            Restore
          </button>
        ) : null}
        <button
          className="button button-ghost"
          onClick={() => {
            useInspector.getState().addGraph({ kind: 'expand', input: { nodeIds: [node.id] } });
            pinInGraph([node.id]);
            useInspector.getState().setTab('graph');
            useInspector.getState().centre();
          }}
          title="Add it and its neighbours to the graph"
        >
          Show in graph
        </button>
        <button
          className="button button-ghost"
          data-testid="action-focus"
          onClick={() => {
            const s = useInspector.getState();
            // Focus: the graph becomes this memory, its versions and its one-hop neighbourhood.
            s.seedGraph({ seed: { kind: 'nodes', ids: [...new Set([node.id, ...detail.versions.map((v) => v.id)])] }, filter: { includeInvalid: true } });
            s.addGraph({ kind: 'expand', input: { nodeIds: [node.id] } });
            s.centre();
          }}
          title="Show only this memory and its neighbourhood"
        >
          Focus
        </button>
      </div>
      {supersededBy && <p className="small muted">Replaced by a newer version — see the history below.</p>}

      <dl className="ins-facts">
        <dt>Confidence now</dt>
        <dd data-testid="confidence-now">
          {conf.toFixed(2)} <span className="muted small">(stored {node.confidence.toFixed(2)}, decay rate {node.decayRate}
            {isFact && node.decayRate > 0 ? `, stability ×${formatStability(node.stability)}` : ''})</span>
        </dd>
        <dt>Accessed</dt>
        <dd>
          {node.accessCount} {node.accessCount === 1 ? 'time' : 'times'}
          {node.lastAccessed ? `, last ${formatDateTime(node.lastAccessed)}` : ', never since it was written'}
        </dd>
        <dt>Happened / true from</dt>
        <dd>
          {formatDateTime(node.eventTime)}
          {isFact ? ` · valid ${formatDateTime(node.validFrom)} → ${node.validUntil ? formatDateTime(node.validUntil) : 'now'}` : ''}
        </dd>
        <dt>Learned</dt>
        <dd>{formatDateTime(node.createdAt)}</dd>
      </dl>

      {isFact && <DecayChart node={{ ...node, confidenceBase: node.confidenceBase }} now={now} />}

      {detail.versions.length > 1 && <Versions detail={detail} />}
      {detail.derivedFrom.length > 0 && <Provenance episodes={detail.derivedFrom} deletedChatIds={detail.deletedChatIds} />}
      {isRecital(node) && (
        <p className="muted small" data-testid="recital-note">
          Engram restating what it remembered: kept with the conversation, but not found by search and never used as evidence for a fact.
        </p>
      )}
      {node.type === 'episodic' && chatIdOfSession(node.sessionId) && (
        <p>
          <span className="muted small">{saidLabel(node)} · </span>
          <OpenConversation sessionId={node.sessionId} deleted={detail.deletedChatIds} />
        </p>
      )}

      <section className="ins-section">
        <h4>Entities</h4>
        {detail.entities.length === 0 ? (
          <p className="muted small">None linked.</p>
        ) : (
          <div className="ins-chips">
            {detail.entities.map((e) => (
              <button key={e.id} className="chip" onClick={() => useInspector.getState().openEntity(e.id)}>
                {e.canonicalName} <span className="muted small">{e.type}</span>
              </button>
            ))}
          </div>
        )}
      </section>
      <TagEditor key={node.id} nodeId={node.id} tags={tags} />
      {Object.keys(otherAttributes).length > 0 && (
        <section className="ins-section">
          <h4>Attributes</h4>
          <dl className="ins-facts" data-testid="node-attributes">
            {attributeFields(otherAttributes).map((f) => (
              <Fragment key={f.key}>
                <dt title={f.key}>{f.label}</dt>
                <dd className="ins-attribute-value">{f.value}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      )}
      <p className="muted small ins-id">id {node.id}{node.sessionId ? ` · session ${node.sessionId}` : ''}</p>
    </div>
  );
}

/** A date input's value (local calendar day) for an instant. */
function dayValue(t: number): string {
  const d = new Date(t);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The instant on another calendar day at the same local time of day; null for an unusable value. */
function onDay(t: number, value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const d = new Date(t);
  d.setFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isFinite(d.getTime()) && d.getTime() >= 0 ? d.getTime() : null;
}

function formatStability(s: number): string {
  return s >= 10 ? Math.round(s).toString() : s.toFixed(1);
}

function CorrectForm({ node }: { node: MemoryNode }) {
  const [text, setText] = useState(node.content);
  // The correction keeps when the fact happened and from when it holds unless the person changes them.
  const [happened, setHappened] = useState(dayValue(node.eventTime));
  const [trueFrom, setTrueFrom] = useState(dayValue(node.validFrom));
  const [dateError, setDateError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  const setEditing = useInspector((s) => s.setEditing);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const submit = async () => {
    const next = text.trim();
    if (next === '' || next === node.content) return setEditing(false);
    const eventTime = happened === dayValue(node.eventTime) ? undefined : onDay(node.eventTime, happened);
    const validFrom = trueFrom === dayValue(node.validFrom) ? undefined : onDay(node.validFrom, trueFrom);
    if (eventTime === null || validFrom === null) return setDateError('Enter a valid date (or leave it as it was).');
    setDateError(null);
    if (await actions.correct(node.id, next, { ...(eventTime !== undefined ? { eventTime } : {}), ...(validFrom !== undefined ? { validFrom } : {}) })) setEditing(false);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
    if (e.key === 'Escape') setEditing(false);
  };
  return (
    <div className="ins-correct">
      <textarea
        ref={ref}
        value={text}
        rows={3}
        onChange={(e) => setText(e.target.value)}
        aria-label="Corrected text"
        data-testid="correct-input"
        onKeyDown={onKeyDown}
      />
      <div className="ins-correct-dates">
        <label className="small">
          Happened on{' '}
          <input type="date" value={happened} onChange={(e) => setHappened(e.target.value)} onKeyDown={onKeyDown} data-testid="correct-event-date" />
        </label>
        <label className="small">
          True from{' '}
          <input type="date" value={trueFrom} onChange={(e) => setTrueFrom(e.target.value)} onKeyDown={onKeyDown} data-testid="correct-valid-date" />
        </label>
      </div>
      {dateError && <p className="small error" role="alert">{dateError}</p>}
      <div className="ins-actions">
        <button className="button button-primary" onClick={() => void submit()} data-testid="correct-save">
          Save correction
        </button>
        <button className="button button-ghost" onClick={() => setEditing(false)}>
          Cancel
        </button>
        <span className="muted small">The old version stays in history; a fact you correct counts as confirmed.</span>
      </div>
    </div>
  );
}

function Versions({ detail }: { detail: NodeDetail }) {
  const select = useInspector((s) => s.select);
  return (
    <section className="ins-section" data-testid="versions">
      <h4>Version history ({detail.versions.length})</h4>
      <ol className="ins-versions">
        {detail.versions.map((v, i) => {
          const prev = i > 0 ? detail.versions[i - 1] : undefined;
          return (
            <li key={v.id} className={v.id === detail.node.id ? 'this' : ''} data-testid="version">
              <button className="link-button small" onClick={() => select(v.id)}>
                v{i + 1} · {formatDateTime(v.validFrom)}
                {v.validUntil ? ` → ${formatDateTime(v.validUntil)}` : ' → now'} · {v.invalidatedReason ?? 'current'}
              </button>
              <div className="ins-diff">
                {prev
                  ? wordDiff(prev.content, v.content).map((p, k) => (
                      <span key={k} className={`diff-${p.op}`}>
                        {p.text}
                      </span>
                    ))
                  : v.content}
              </div>
              {typeof v.attributes.correction_reason === 'string' && <div className="muted small">why: {v.attributes.correction_reason}</div>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Provenance({ episodes, deletedChatIds }: { episodes: MemoryNode[]; deletedChatIds: string[] }) {
  const select = useInspector((s) => s.select);
  return (
    <section className="ins-section" data-testid="provenance">
      <h4>Where it came from</h4>
      {episodes.map((ep) => (
        <blockquote key={ep.id} className="ins-quote">
          <button className="link-button ins-quote-text" onClick={() => select(ep.id)} title="Select this episode">
            “{ep.content.length > 280 ? `${ep.content.slice(0, 279)}…` : ep.content}”
          </button>
          <div className="muted small">
            {saidLabel(ep)} · {formatDateTime(ep.eventTime)} <OpenConversation sessionId={ep.sessionId} deleted={deletedChatIds} />
          </div>
        </blockquote>
      ))}
    </section>
  );
}

/** A link to the chat a memory came from; a deleted chat is said to be deleted, never silently replaced. */
function OpenConversation({ sessionId, deleted }: { sessionId: string | null; deleted: readonly string[] }) {
  const chatId = chatIdOfSession(sessionId);
  if (!chatId) return null;
  if (deleted.includes(chatId)) {
    return (
      <span className="muted small" data-testid="conversation-deleted">
        The conversation was deleted.
      </span>
    );
  }
  return (
    <button
      className="link-button small"
      data-testid="open-conversation"
      onClick={() => {
        useUi.getState().selectChat(chatId);
        useInspector.getState().close();
      }}
    >
      Open the conversation →
    </button>
  );
}

function TagEditor({ nodeId, tags }: { nodeId: string; tags: string[] }) {
  const [draft, setDraft] = useState('');
  const save = (next: string[]) => void actions.setTags(nodeId, next, tags);
  return (
    <section className="ins-section" data-testid="tags">
      <h4>Tags</h4>
      <div className="ins-chips">
        {tags.map((t) => (
          <span key={t} className="chip">
            {t}
            <button className="icon-button tiny" aria-label={`Remove tag ${t}`} onClick={() => save(tags.filter((x) => x !== t))}>
              ×
            </button>
          </span>
        ))}
        <input
          className="ins-tag-input"
          value={draft}
          placeholder="add tag…"
          aria-label="Add tag"
          data-testid="tag-input"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && draft.trim()) {
              save([...tags, draft.trim()]);
              setDraft('');
            }
          }}
        />
      </div>
    </section>
  );
}

function BulkPanel({ ids }: { ids: string[] }) {
  const clear = useInspector((s) => s.clearMulti);
  return (
    <aside className="ins-panel" data-testid="bulk-panel">
      <h3>{ids.length} selected</h3>
      <div className="ins-actions">
        <button className="button" onClick={() => void actions.confirm(ids)} data-testid="bulk-confirm">
          Confirm all
        </button>
        <button className="button" onClick={() => void actions.forget(ids).then(clear)} data-testid="bulk-forget">
          Forget all
        </button>
        <button className="button button-ghost" onClick={clear}>
          Clear selection
        </button>
      </div>
      <p className="muted small">Shift-click adds or removes a memory. Each edit can be undone from its toast or with z.</p>
    </aside>
  );
}

/** Add a fact by hand: written with origin "manual", so the origin filter keeps it apart. */
export function AddFact() {
  const open = useInspector((s) => s.adding);
  const setOpen = useInspector((s) => s.setAdding);
  const [content, setContent] = useState('');
  const [type, setType] = useState<'semantic' | 'procedural' | 'opinion'>('semantic');
  const [tags, setTags] = useState('');
  if (!open) {
    return (
      <button className="button" onClick={() => setOpen(true)} data-testid="add-fact">
        + Add a fact by hand
      </button>
    );
  }
  const submit = async () => {
    if (!content.trim()) return;
    const ok = await actions.addFact({
      content: content.trim(),
      type,
      tags: tags.split(',').map((t) => t.trim()).filter(Boolean),
    });
    if (ok) {
      setContent('');
      setTags('');
      setOpen(false);
    }
  };
  return (
    <div className="ins-add" data-testid="add-fact-form">
      <textarea value={content} onChange={(e) => setContent(e.target.value)} rows={3} placeholder="What should Engram remember?" aria-label="Fact" autoFocus />
      <div className="ins-actions">
        <select value={type} onChange={(e) => setType(e.target.value as typeof type)} aria-label="Kind">
          <option value="semantic">fact</option>
          <option value="procedural">how-to</option>
          <option value="opinion">opinion</option>
        </select>
        <input value={tags} onChange={(e) => setTags(e.target.value)} placeholder="tags, comma separated" aria-label="Tags" />
      </div>
      <div className="ins-actions">
        <button className="button button-primary" onClick={() => void submit()} data-testid="add-fact-save">
          Remember
        </button>
        <button className="button button-ghost" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
