/** The write path's visible state (outcome.ts) read from the run records and the sessions. */
import type { WritePathMemory } from './memory-port';
import type { SessionOutcome } from './consolidate';
import type { ConsolidationOutcomeView, MaintenanceUnderWay, WritePathStatus } from '../../src-shared/consolidation-outcome';

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The facts a status links to at most (the graph opens on them); the counts stay exact. */
const MAX_FACT_IDS = 500;
/** Sessions of one "consolidate now" read back at most: far above any import's batch of conversations. */
const MAX_BATCH_RUNS = 100_000;

type Run = ReturnType<WritePathMemory['writePathStore']['listRuns']>[number];

/** The last consolidation; when it was one session of a "consolidate now" over several, that whole batch. */
function lastOutcome(engine: WritePathMemory): ConsolidationOutcomeView | null {
  const store = engine.writePathStore;
  const [run] = store.listRuns({ kind: 'consolidation', limit: 1 });
  if (!run) return null;
  const batch = typeof run.summary.batch === 'string' ? run.summary.batch : null;
  const runs = batch ? store.listRuns({ kind: 'consolidation', batch, limit: MAX_BATCH_RUNS }) : [run];
  const ok = runs.filter((r) => r.status === 'ok');
  // A batch that learned anything reads as its successes; a failed session of it shows in `failed` too.
  const counted: Run[] = ok.length > 0 ? ok : [run];
  const sum = (key: string): number => counted.reduce((total, r) => total + num(r.summary[key]), 0);
  const created = sum('facts_created');
  const updated = sum('superseded');
  return {
    sessionId: runs.length === 1 ? run.sessionId : null,
    status: ok.length > 0 ? 'ok' : run.status === 'cancelled' ? 'cancelled' : 'failed',
    finishedAt: run.finishedAt,
    mode: run.mode,
    error: ok.length > 0 ? null : run.error,
    facts: Math.max(0, created - updated),
    updated,
    duplicates: sum('duplicates'),
    people: sum('people_created'),
    entities: sum('entities_created'),
    dropped: sum('dropped'),
    proposed: sum('proposed'),
    factIds: counted
      .flatMap((r) => (Array.isArray(r.summary.fact_ids) ? r.summary.fact_ids.filter((x): x is string => typeof x === 'string') : []))
      .slice(0, MAX_FACT_IDS),
    conversations: ok.length > 0 ? new Set(ok.map((r) => r.sessionId)).size : 1,
  };
}

/** `maintenance`: the sweep under way, which only the running WritePathService knows. */
export function writePathStatus(engine: WritePathMemory, maintenance: MaintenanceUnderWay | null = null): WritePathStatus {
  const store = engine.writePathStore;
  return {
    last: lastOutcome(engine),
    failed: store.failedSessions(5).map((f) => ({ sessionId: f.id, error: f.last_error ?? 'unknown error', attempts: f.attempts, lastEventAt: f.last_event_at })),
    unconsolidated: store.countUnconsolidatedSessions(),
    maintenance,
  };
}

/** A session's outcome in the same terms, for the CLI and the "consolidate now" answer. */
export function outcomeOfSession(s: SessionOutcome): Pick<ConsolidationOutcomeView, 'facts' | 'updated' | 'duplicates' | 'people' | 'entities' | 'dropped' | 'proposed'> {
  return {
    facts: Math.max(0, s.factsCreated.length - s.superseded.length),
    updated: s.superseded.length,
    duplicates: s.duplicates,
    people: s.peopleCreated,
    entities: s.entitiesCreated,
    dropped: s.dropped.length,
    proposed: s.proposed.length,
  };
}
