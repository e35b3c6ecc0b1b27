/**
 * Overview → Maintenance: when the nightly sweep last ran, and "Run maintenance now" — the same sweep at once
 * (memory.runMaintenance), with its live progress (writepath.progress, job 'maintenance', also when the nightly
 * run started it) and then what it did, or why it failed. A click while a sweep runs joins it.
 */
import { useEffect, useState } from 'react';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { MaintenanceSummary } from '../../../src-main/api/contract';
import type { MemoryStats } from '../../../src-main/memory';
import type { WritePathProgress } from '../../../src-main/writepath/types';
import { describeFailure, type MaintenanceUnderWay } from '../../../src-shared/consolidation-outcome';
import { DEFAULT_PRUNE_THRESHOLD } from '../../../src-shared/decay';
import { call, errorMessage } from '../api/client';
import { bridge } from '../api/transport';
import { showLearnedFacts, useWritePathStatus } from '../components/consolidation';
import { useInspector } from './store';
import { formatDateTime } from './time';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;
const when = (iso: string | null) => (iso ? formatDateTime(Date.parse(iso)) : 'never');

/** "2 conversations consolidated, 3 facts pruned" — the short form for the toast. */
function maintenanceHeadline(r: MaintenanceSummary): string {
  const consolidated = r.sessions.filter((s) => s.status === 'consolidated').length;
  const parts = [consolidated > 0 ? `${plural(consolidated, 'conversation')} consolidated` : 'no conversation waiting'];
  if (r.decay) parts.push(r.decay.pruned > 0 ? `${plural(r.decay.pruned, 'fact')} pruned` : 'nothing pruned');
  if (r.errors.length > 0) parts.push(`${plural(r.errors.length, 'step')} failed`);
  return parts.join(', ');
}

/** The mutation's key: its state outlives the Overview, so leaving and coming back keeps the result in view. */
const RUN_KEY = ['memory.runMaintenance'] as const;

function useRunMaintenance() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: RUN_KEY,
    mutationFn: () => call('memory.runMaintenance', {}),
    // Shown in place and as a toast (the toast also when the Overview was left meanwhile).
    meta: { inlineError: true },
    onSuccess: (r) => {
      const message = r.cancelled ? 'Maintenance stopped before it finished' : `Maintenance done: ${maintenanceHeadline(r)}`;
      useInspector.getState().pushToast({ message, error: r.errors.length > 0 });
    },
    onError: (err) => useInspector.getState().pushToast({ message: `Maintenance failed: ${errorMessage(err)}`, error: true }),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['memory'] }),
  });
}

/** The latest "run maintenance now" from this window, whichever mount of the Overview started it. */
function useLatestRun(): { pending: boolean; report: MaintenanceSummary | null; error: Error | null } | null {
  const runs = useMutationState({
    filters: { mutationKey: RUN_KEY },
    select: (m) => ({ pending: m.state.status === 'pending', report: (m.state.data as MaintenanceSummary | undefined) ?? null, error: m.state.error }),
  });
  return runs.at(-1) ?? null;
}

interface LiveSweep {
  sweep: WritePathProgress;
  /** The conversation being consolidated within the sweep. */
  session: WritePathProgress | null;
}

/** The sweep's progress as it is pushed, whoever started it; null when none runs. `clear` once a run has settled. */
function useMaintenanceProgress(): { live: LiveSweep | null; clear: () => void } {
  const [live, setLive] = useState<LiveSweep | null>(null);
  useEffect(
    () =>
      bridge.on('writepath.progress', (p) => {
        if (p.job === 'maintenance') setLive(p.percent >= 100 ? null : { sweep: p, session: null });
        else if (p.job === 'consolidation') setLive((s) => (s ? { ...s, session: p.percent >= 100 ? null : p } : s));
      }),
    [],
  );
  return { live, clear: () => setLive(null) };
}

function fromStatus({ step, percent, message }: MaintenanceUnderWay): LiveSweep {
  return { sweep: { job: 'maintenance', sessionId: null, step, percent, ...(message ? { message } : {}) }, session: null };
}

const STEP_LABELS: Record<string, string> = {
  queued: 'Waiting for the consolidation under way',
  consolidation: 'Consolidating finished conversations',
  decay: 'Decaying and pruning facts',
  enrichment: 'Updating entity summaries',
  reflection: 'Weekly reflection',
};

export function MaintenanceSection({ stats }: { stats: MemoryStats }) {
  const run = useRunMaintenance();
  const latest = useLatestRun();
  const { live: pushed, clear } = useMaintenanceProgress();
  // Opened mid-sweep (the nightly run, the launch catch-up), the status says where it is until the next event.
  const underWay = useWritePathStatus().data?.maintenance ?? null;
  const live = pushed ?? (underWay ? fromStatus(underWay) : null);
  const busy = (latest?.pending ?? false) || live !== null;
  return (
    <section className="ins-section ins-maintenance" data-testid="overview-maintenance" aria-labelledby="ins-maintenance-title">
      <h4 id="ins-maintenance-title">Maintenance</h4>
      <div className="ins-maintenance-body">
        <dl className="ins-facts">
          <dt>Last maintenance</dt>
          <dd data-testid="last-maintenance">{when(stats.write_path.last_maintenance)}</dd>
          <dt>Last consolidation</dt>
          <dd>{when(stats.last_consolidation)}</dd>
          <dt>Last decay run</dt>
          <dd>{when(stats.last_decay_run)}</dd>
          <dt>Embeddings</dt>
          <dd>
            {stats.embedding.model} ({stats.embedding.dimensions} dims){stats.embedding.warning ? ` — ${stats.embedding.warning}` : ''}
          </dd>
        </dl>
        <div>
          <p className="muted small">
            Every night Engram consolidates finished conversations, lowers the confidence of facts nobody used for a while, prunes those below{' '}
            {DEFAULT_PRUNE_THRESHOLD} (they stay restorable) and writes a weekly reflection.
          </p>
          {/* aria-disabled, not disabled: the button keeps keyboard focus while the sweep runs. */}
          <button
            className="button"
            aria-disabled={busy}
            onClick={() => {
              // A sweep that failed half-way sends no final progress event: the answer ends the progress too.
              if (!busy) run.mutate(undefined, { onSettled: clear });
            }}
            data-testid="run-maintenance">
            {busy ? 'Running maintenance…' : 'Run maintenance now'}
          </button>
          <div role="status" aria-live="polite">
            {busy && <Progress live={live} />}
            {!busy && latest?.report && <MaintenanceResult report={latest.report} />}
          </div>
          {!busy && latest?.error && (
            <p className="error-text" role="alert" data-testid="maintenance-error">
              Maintenance failed: {errorMessage(latest.error)}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

function Progress({ live }: { live: LiveSweep | null }) {
  const label = live ? (STEP_LABELS[live.sweep.step] ?? live.sweep.step) : 'Starting';
  const detail = live?.session ? ` · ${live.sweep.message ?? 'a conversation'}: ${live.session.step}` : live?.sweep.message ? ` · ${live.sweep.message}` : '';
  return (
    <div className="data-progress ins-maintenance-progress" data-testid="maintenance-progress">
      <progress max={100} {...(live ? { value: live.sweep.percent } : {})} aria-label="Maintenance progress" />
      <span className="muted small">
        {label}
        {detail}
        {live ? ` · ${Math.round(live.sweep.percent)}%` : '…'}
      </span>
    </div>
  );
}

function MaintenanceResult({ report: r }: { report: MaintenanceSummary }) {
  const consolidated = r.sessions.filter((s) => s.status === 'consolidated');
  const failed = r.sessions.filter((s) => s.status === 'failed');
  const facts = consolidated.reduce((n, s) => n + s.facts, 0);
  // Errors read "step: reason: message"; a failed step says so below instead of "nothing to do".
  const errors = r.errors.map((e) => {
    const [step = '', ...rest] = e.split(': ');
    return { step, reason: rest.join(': '), key: e };
  });
  const failedStep = (step: string) => errors.some((e) => e.step === step);
  return (
    <div className="ins-maintenance-result" data-testid="maintenance-result">
      <p>
        {r.cancelled
          ? 'Maintenance stopped before it finished.'
          : errors.length > 0
            ? `Maintenance finished; ${plural(errors.length, 'step')} failed.`
            : 'Maintenance finished.'}
        {r.joined && ` It joined the ${r.trigger === 'manual' ? '' : `${r.trigger} `}run that was already under way.`}
      </p>
      <ul className="ins-list">
        <li data-testid="maintenance-sessions">
          {r.sessions.length === 0
            ? 'No conversation was waiting to be consolidated.'
            : `Consolidated ${plural(consolidated.length, 'conversation')}: ${plural(facts, 'fact')} learned${r.mode === 'offline' ? ' (offline extractor)' : ''}.`}
        </li>
        {failed.map((s) => (
          <li key={s.sessionId} className="error-text">
            A conversation could not be consolidated: {describeFailure(s.error ?? 'unknown error')}
          </li>
        ))}
        <li data-testid="maintenance-decay">
          {r.decay
            ? `Re-scored ${plural(r.decay.scanned, 'fact')}: ${r.decay.updated.toLocaleString()} lost confidence, ${r.decay.pruned.toLocaleString()} pruned.`
            : 'Decay did not run.'}
        </li>
        {!failedStep('enrichment') && (
          <li>{r.enriched > 0 ? `Updated ${plural(r.enriched, 'entity summary', 'entity summaries')}.` : 'No entity summary needed updating.'}</li>
        )}
        {!failedStep('reflection') && (
          <li>
            {r.reflectionId ? (
              <>
                Wrote the weekly reflection.{' '}
                <button className="link-button" onClick={() => showLearnedFacts([r.reflectionId ?? ''])}>
                  Show it
                </button>
              </>
            ) : (
              `No weekly reflection${r.reflectionSkipped ? `: ${r.reflectionSkipped}` : ''}.`
            )}
          </li>
        )}
        {r.usage.calls > 0 && (
          <li className="muted">
            Memory agent{r.model ? ` (${r.model})` : ''}: {plural(r.usage.calls, 'call')}, {(r.usage.promptTokens + r.usage.completionTokens).toLocaleString()} tokens.
          </li>
        )}
        {errors.map((e) => (
          <li key={e.key} className="error-text" data-testid="maintenance-step-error">
            {STEP_LABELS[e.step] ?? e.step} failed: {describeFailure(e.reason)}
          </li>
        ))}
      </ul>
    </div>
  );
}
