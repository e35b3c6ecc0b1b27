import { useEffect, useState } from 'react';
import type { WritePathProgress } from '../../../src-main/writepath/types';
import { describeFailure, describeLearned } from '../../../src-shared/consolidation-outcome';
import { errorMessage } from '../api/client';
import { useMemoryStats } from '../api/hooks';
import { bridge } from '../api/transport';
import { relativeTime } from '../format';
import { showLearnedFacts, useConsolidate, useWritePathStatus } from './consolidation';

/**
 * "Consolidate now": sessions waiting for the write path, a button to run it, its live progress (pushed as
 * writepath.progress — background consolidations show here too), and then what it learned ("3 facts,
 * 1 updated, 2 people", with a link into the inspector) or why it failed, with Retry.
 */
export function ConsolidateControl() {
  const stats = useMemoryStats();
  const status = useWritePathStatus();
  const [progress, setProgress] = useState<WritePathProgress | null>(null);
  const [dismissedAt, setDismissedAt] = useState(0);
  useEffect(
    () =>
      bridge.on('writepath.progress', (p) => {
        setProgress(p.percent >= 100 ? null : p);
      }),
    [],
  );
  const run = useConsolidate();
  const waiting = stats.data?.unconsolidated_sessions ?? 0;
  if (progress) {
    return (
      <div className="sidebar-row muted small" role="status" data-testid="writepath-progress">
        {progress.job === 'consolidation' ? 'Consolidating' : 'Maintenance'} · {progress.step} · {Math.round(progress.percent)}%
        {progress.retry && (
          <span title={progress.retry.message} data-testid="writepath-retry">
            {' '}
            · {progress.retry.reason === 'unreachable' ? 'model server unreachable' : 'model server slow'}, retrying ({progress.retry.attempt} of {progress.retry.of})…
          </span>
        )}
      </div>
    );
  }
  const failed = status.data?.failed[0];
  const last = status.data?.last;
  const showLast = last && last.status === 'ok' && last.finishedAt > dismissedAt && Date.now() - last.finishedAt < 24 * 3_600_000;
  return (
    <>
      {failed && (
        <div className="sidebar-row consolidation-failed" role="alert" data-testid="consolidation-failed">
          <span className="small error-text" title={failed.error}>
            Consolidation failed: {describeFailure(failed.error)}
            {status.data && status.data.failed.length > 1 ? ` (+${status.data.failed.length - 1} more)` : ''}
          </span>
          <button className="button button-ghost" onClick={() => run.mutate(failed.sessionId)} disabled={run.isPending} data-testid="consolidation-retry">
            {run.isPending ? 'Retrying…' : 'Retry'}
          </button>
        </div>
      )}
      {!failed && showLast && (
        <div className="sidebar-row consolidation-outcome" role="status" data-testid="consolidation-outcome">
          <span className="small" title={`Consolidated ${relativeTime(last.finishedAt)}`}>
            {describeLearned(last)}
          </span>
          <button className="button button-ghost" onClick={() => showLearnedFacts(last.factIds)} data-testid="consolidation-view">
            View
          </button>
          <button className="button button-ghost" aria-label="Dismiss" title="Dismiss" onClick={() => setDismissedAt(last.finishedAt)}>
            ×
          </button>
        </div>
      )}
      {(waiting > 0 || run.isError) && (
        <div className="sidebar-row">
          <span className="muted small" title="Conversations whose facts have not been distilled yet">
            {run.isError ? <span className="error-text">{errorMessage(run.error)}</span> : `${waiting} ${waiting === 1 ? 'chat' : 'chats'} to consolidate`}
          </span>
          <button
            className="button button-ghost"
            title="Distil facts from these conversations now instead of waiting for the nightly run"
            onClick={() => run.mutate(undefined)}
            disabled={run.isPending}
            data-testid="consolidate-now">
            {run.isPending ? 'Working…' : 'Consolidate'}
          </button>
        </div>
      )}
    </>
  );
}
