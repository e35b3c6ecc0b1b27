/** Overview: counts by node and edge type, entities, orphans, unconsolidated sessions, runs, storage, confidences. */
import { errorMessage } from '../api/client';
import { describeFailure, describeOutcome } from '../../../src-shared/consolidation-outcome';
import { showLearnedFacts, useConsolidate, useWritePathStatus } from '../components/consolidation';
import { useOverview } from './api';
import { RELATION_STYLES, TYPE_COLOURS } from './graph-style';
import { formatDateTime } from './time';
import { FingerprintSection } from './FingerprintSection';
import { MaintenanceSection } from './MaintenanceSection';
import { ORIGINS, sourcesOf, useInspector, type Origin } from './store';
import type { NodeType, RelationType } from '../../../src-shared/memory-types';

export function OverviewView() {
  const o = useOverview();
  if (o.isError) return <div className="error-box">{errorMessage(o.error)}</div>;
  if (!o.data) return <p className="muted ins-pad">Loading…</p>;
  const { stats, confidenceHistogram, bySource, sessions, protectedFacts } = o.data;
  const totalNodes = Object.values(stats.nodes).reduce((a, b) => a + b, 0);
  const maxBucket = Math.max(1, ...confidenceHistogram);
  const setFilter = useInspector.getState().setFilter;
  const originCount = (o: Origin) => sourcesOf(o).reduce((a, s) => a + (bySource[s] ?? 0), 0);
  return (
    <div className="ins-overview" data-testid="inspector-overview">
      <div className="ins-cards">
        <Card title="Memories" value={totalNodes} note={`${protectedFacts.toLocaleString()} confirmed facts`} />
        <Card title="Entities" value={stats.entities} />
        <Card title="Orphan nodes" value={stats.orphan_nodes} note="no edges, no entities" />
        <Card title="Unconsolidated sessions" value={stats.unconsolidated_sessions} note={`of ${sessions.toLocaleString()} sessions`} />
        <Card title="Storage" value={`${stats.storage_size_mb.toFixed(1)} MB`} />
        <Card title="Waiting for embedding" value={stats.pending_embeddings} note={stats.last_embedding_error ?? undefined} />
      </div>
      <ConsolidationSection />
      <MaintenanceSection stats={stats} />
      <FingerprintSection />
      <div className="ins-overview-grid">
        <section className="ins-section">
          <h4>Nodes by type</h4>
          <Bars rows={(Object.entries(stats.nodes) as [NodeType, number][]).map(([t, n]) => ({ label: t, n, colour: TYPE_COLOURS[t] }))} />
          <p className="muted small">
            No longer current: {stats.invalid_nodes.superseded} superseded · {stats.invalid_nodes.forgotten} forgotten · {stats.invalid_nodes.pruned} pruned
          </p>
        </section>
        <section className="ins-section">
          <h4>Edges by relation</h4>
          <Bars rows={(Object.entries(stats.edges) as [RelationType, number][]).map(([t, n]) => ({ label: t.replace('_', ' '), n, colour: RELATION_STYLES[t].colour }))} />
          <p className="muted small">{stats.avg_edges_per_node} edges per node on average</p>
        </section>
        <section className="ins-section">
          <h4>Facts by confidence</h4>
          <svg viewBox="0 0 300 110" width="100%" data-testid="confidence-histogram" role="img" aria-label="Histogram of fact confidences">
            {confidenceHistogram.map((n, i) => {
              const h = (n / maxBucket) * 70;
              return (
                <g key={i}>
                  <rect x={10 + i * 28} y={88 - h} width={24} height={Math.max(h, n > 0 ? 1 : 0)} className="ins-hist-bar">
                    <title>{`${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)}: ${n}`}</title>
                  </rect>
                  <text x={22 + i * 28} y={102} className="ins-axis-label" textAnchor="middle">
                    {(i / 10).toFixed(1)}
                  </text>
                  {n > 0 && (
                    <text x={22 + i * 28} y={84 - h} className="ins-axis-label" textAnchor="middle">
                      {n}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        </section>
        <section className="ins-section">
          <h4>Where memories came from</h4>
          <ul className="ins-list">
            {(Object.keys(ORIGINS) as Origin[]).map((k) => (
              <li key={k}>
                <button className="link-button" onClick={() => setFilter({ origins: [k] })} title="Filter the graph and timeline to this origin">
                  {ORIGINS[k].label}
                </button>{' '}
                <span className="muted">{originCount(k).toLocaleString()}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

/** What the last consolidation learned, with a way to the facts; sessions that failed, with the reason and Retry. */
function ConsolidationSection() {
  const status = useWritePathStatus();
  const retry = useConsolidate();
  const data = status.data;
  if (!data) return null;
  const { last, failed } = data;
  return (
    <section className="ins-section ins-consolidation" data-testid="overview-consolidation">
      <h4>Consolidation</h4>
      {last && last.status === 'ok' && (
        <p data-testid="overview-consolidation-outcome">
          Last run {formatDateTime(last.finishedAt)} ({last.mode === 'llm' ? 'memory agent' : 'offline extractor'}): learned {describeOutcome(last)}{last.conversations > 1 ? ` from ${last.conversations} conversations` : ''}.{' '}
          {last.factIds.length > 0 && (
            <button className="link-button" onClick={() => showLearnedFacts(last.factIds)} data-testid="overview-consolidation-view">
              Show in graph
            </button>
          )}
        </p>
      )}
      {!last && failed.length === 0 && <p className="muted">Nothing consolidated yet.</p>}
      {failed.length > 0 && (
        <ul className="ins-list" data-testid="overview-consolidation-failed">
          {failed.map((f) => (
            <li key={f.sessionId}>
              <span className="error-text" title={f.sessionId}>
                Conversation of {formatDateTime(f.lastEventAt)}: {describeFailure(f.error)}
              </span>{' '}
              <span className="muted small">
                ({f.attempts} {f.attempts === 1 ? 'attempt' : 'attempts'})
              </span>{' '}
              <button className="button button-ghost" disabled={retry.isPending} onClick={() => retry.mutate(f.sessionId)}>
                {retry.isPending && retry.variables === f.sessionId ? 'Retrying…' : 'Retry'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Card({ title, value, note }: { title: string; value: number | string; note?: string | undefined }) {
  return (
    <div className="ins-card">
      <div className="muted small">{title}</div>
      <div className="ins-card-value">{typeof value === 'number' ? value.toLocaleString() : value}</div>
      {note && <div className="muted small">{note}</div>}
    </div>
  );
}

function Bars({ rows }: { rows: { label: string; n: number; colour: string }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.n));
  return (
    <div className="ins-bars">
      {rows.map((r) => (
        <div key={r.label} className="ins-bar-row">
          <span className="ins-bar-label">{r.label}</span>
          <span className="ins-bar-track">
            <span className="ins-bar-fill" style={{ width: `${(r.n / max) * 100}%`, background: r.colour }} />
          </span>
          <span className="ins-bar-n">{r.n.toLocaleString()}</span>
        </div>
      ))}
    </div>
  );
}
