/**
 * Compare: what memory learned, superseded, had corrected and forgot between two days. Each memory is a button
 * that opens it in the node panel (its history, sources and edits are there).
 */
import { useState, type ReactNode } from 'react';
import type { NodeSummary, VersionChange } from '../../../src-main/memory';
import { errorMessage } from '../api/client';
import { asOfInputValue, endOfDay } from './AsOfControl';
import { useComparison } from './api';
import { dayInputValue } from './date-range';
import { useInspector } from './store';
import { DAY, formatDate } from './time';

export function CompareView() {
  const asOf = useInspector((s) => s.filter.asOf);
  // From the As-of date (or a month ago) to today: "what changed since then".
  const [from, setFrom] = useState(() => (asOf !== null ? asOfInputValue(asOf) : dayInputValue(Date.now() - 30 * DAY)));
  const [to, setTo] = useState(() => dayInputValue(Date.now()));
  const fromT = endOfDay(from);
  const toT = endOfDay(to);
  const error =
    fromT === null ? '“From” is not a valid date.' : toT === null ? '“To” is not a valid date.' : fromT >= toT ? '“From” must be a day before “To”.' : null;
  const result = useComparison(error === null && fromT !== null && toT !== null ? { from: fromT, to: toT } : null);
  const c = result.data;
  return (
    <div className="ins-compare" data-testid="inspector-compare">
      <div className="ins-compare-bar" role="group" aria-label="Compare two dates">
        <label>
          From the end of <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} aria-invalid={error !== null && fromT === null} data-testid="compare-from" />
        </label>
        <label>
          to the end of <input type="date" value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={error !== null && toT === null} data-testid="compare-to" />
        </label>
        {c && (
          <span className="muted small">
            {c.episodesRecorded.toLocaleString()} conversation turns recorded{c.truncated ? ' · long lists are cut at 200' : ''}
          </span>
        )}
      </div>
      {error && (
        <p className="error-box" role="alert">
          {error}
        </p>
      )}
      {result.isError && <p className="error-box">{errorMessage(result.error)}</p>}
      {c && (
        <div className="ins-compare-grid">
          <Section title="Learned" testId="compare-learned" empty="Nothing new was learned." count={c.learned.length}>
            {c.learned.map((n) => (
              <li key={n.id}>
                <NodeLink node={n} /> <span className="muted small">{formatDate(n.createdAt)}</span>
              </li>
            ))}
          </Section>
          <Section title="Superseded" testId="compare-superseded" empty="No fact was replaced by newer information." count={c.superseded.length}>
            {c.superseded.map((v) => (
              <Change key={v.after.id} change={v} />
            ))}
          </Section>
          <Section title="Corrected" testId="compare-corrected" empty="No fact was corrected." count={c.corrected.length}>
            {c.corrected.map((v) => (
              <Change key={v.after.id} change={v} />
            ))}
          </Section>
          <Section title="Forgotten" testId="compare-forgotten" empty="Nothing was forgotten." count={c.forgotten.length}>
            {c.forgotten.map((n) => (
              <li key={n.id}>
                <NodeLink node={n} />{' '}
                <span className="muted small">
                  {n.invalidatedReason ?? 'forgotten'} {n.validUntil !== null ? formatDate(n.validUntil) : ''}
                </span>
              </li>
            ))}
          </Section>
        </div>
      )}
    </div>
  );
}

function Section({ title, testId, empty, count, children }: { title: string; testId: string; empty: string; count: number; children: ReactNode }) {
  return (
    <section className="ins-section" data-testid={testId}>
      <h4>
        {title} <span className="muted">({count})</span>
      </h4>
      {count === 0 ? <p className="muted small">{empty}</p> : <ul className="ins-compare-list">{children}</ul>}
    </section>
  );
}

function Change({ change }: { change: VersionChange }) {
  return (
    <li>
      <NodeLink node={change.before} old /> <span aria-label="became">→</span> <NodeLink node={change.after} />{' '}
      <span className="muted small">
        {formatDate(change.at)}
        {change.reason && change.reason !== 'corrected' ? ` · ${change.reason}` : ''}
      </span>
    </li>
  );
}

/** A memory as a link: opens it in the node panel. */
function NodeLink({ node, old }: { node: NodeSummary; old?: boolean }) {
  const select = useInspector((s) => s.select);
  return (
    <button className={`ins-link${old ? ' old' : ''}`} onClick={() => select(node.id)} title="Open in the panel">
      {node.label}
    </button>
  );
}
