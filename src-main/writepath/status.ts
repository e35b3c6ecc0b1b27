/** The write path's visible state (outcome.ts) read from the run records and the sessions. */
import type { WritePathMemory } from './memory-port';
import type { SessionOutcome } from './consolidate';
import type { ConsolidationOutcomeView, MaintenanceUnderWay, WritePathStatus } from '../../src-shared/consolidation-outcome';

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** `maintenance`: the sweep under way, which only the running WritePathService knows. */
export function writePathStatus(engine: WritePathMemory, maintenance: MaintenanceUnderWay | null = null): WritePathStatus {
  const store = engine.writePathStore;
  const [run] = store.listRuns({ kind: 'consolidation', limit: 1 });
  let last: ConsolidationOutcomeView | null = null;
  if (run) {
    const s = run.summary;
    const created = num(s.facts_created);
    const updated = num(s.superseded);
    last = {
      sessionId: run.sessionId,
      status: run.status === 'ok' ? 'ok' : run.status === 'cancelled' ? 'cancelled' : 'failed',
      finishedAt: run.finishedAt,
      mode: run.mode,
      error: run.error,
      facts: Math.max(0, created - updated),
      updated,
      duplicates: num(s.duplicates),
      people: num(s.people_created),
      entities: num(s.entities_created),
      dropped: num(s.dropped),
      factIds: Array.isArray(s.fact_ids) ? s.fact_ids.filter((x): x is string => typeof x === 'string') : [],
    };
  }
  return {
    last,
    failed: store.failedSessions(5).map((f) => ({ sessionId: f.id, error: f.last_error ?? 'unknown error', attempts: f.attempts, lastEventAt: f.last_event_at })),
    unconsolidated: store.countUnconsolidatedSessions(),
    maintenance,
  };
}

/** A session's outcome in the same terms, for the CLI and the "consolidate now" answer. */
export function outcomeOfSession(s: SessionOutcome): Pick<ConsolidationOutcomeView, 'facts' | 'updated' | 'duplicates' | 'people' | 'entities' | 'dropped'> {
  return {
    facts: Math.max(0, s.factsCreated.length - s.superseded.length),
    updated: s.superseded.length,
    duplicates: s.duplicates,
    people: s.peopleCreated,
    entities: s.entitiesCreated,
    dropped: s.dropped.length,
  };
}
