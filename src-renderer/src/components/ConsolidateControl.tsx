import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WritePathProgress } from '../../../src-main/writepath/types';
import { call, errorMessage } from '../api/client';
import { useMemoryStats } from '../api/hooks';
import { bridge } from '../api/transport';

/**
 * "Consolidate now": sessions waiting for the write path, a button to run it, and its live progress
 * (pushed as writepath.progress — background consolidations show here too).
 */
export function ConsolidateControl() {
  const qc = useQueryClient();
  const stats = useMemoryStats();
  const [progress, setProgress] = useState<WritePathProgress | null>(null);
  useEffect(
    () =>
      bridge.on('writepath.progress', (p) => {
        setProgress(p.percent >= 100 ? null : p);
      }),
    [],
  );
  const run = useMutation({
    mutationFn: () => call('memory.consolidate', {}),
    onSettled: () => {
      setProgress(null);
      void qc.invalidateQueries({ queryKey: ['memory'] });
    },
  });
  const waiting = stats.data?.unconsolidated_sessions ?? 0;
  if (progress) {
    return (
      <div className="sidebar-row muted small" role="status" data-testid="writepath-progress">
        {progress.job === 'consolidation' ? 'Consolidating' : `Maintenance: ${progress.job}`} · {progress.step} · {Math.round(progress.percent)}%
      </div>
    );
  }
  if (waiting === 0 && !run.isError) return null;
  return (
    <div className="sidebar-row">
      <span className="muted small" title="Conversations whose facts have not been distilled yet">
        {run.isError ? <span className="error-text">{errorMessage(run.error)}</span> : `${waiting} ${waiting === 1 ? 'chat' : 'chats'} to consolidate`}
      </span>
      <button
        className="button button-ghost"
        title="Distil facts from these conversations now instead of waiting for the nightly run"
        onClick={() => run.mutate()} disabled={run.isPending} data-testid="consolidate-now">
        {run.isPending ? 'Working…' : 'Consolidate'}
      </button>
    </div>
  );
}
