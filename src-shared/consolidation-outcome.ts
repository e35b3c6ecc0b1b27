/**
 * What consolidation did, as a person sees it: "3 facts, 1 updated, 2 people" after a run, or the reason a
 * session failed — for the sidebar, the inspector's Overview and the CLI alike. Built from the run records
 * (writepath_runs) and the sessions' state, so background runs show as well as manual ones. No Node imports:
 * the renderer uses `describeOutcome` too.
 */

export interface ConsolidationOutcomeView {
  sessionId: string | null;
  status: 'ok' | 'failed' | 'cancelled';
  finishedAt: number;
  mode: 'llm' | 'offline';
  error: string | null;
  /** New facts (not counting new versions of existing ones). */
  facts: number;
  /** Existing facts superseded by a new version. */
  updated: number;
  duplicates: number;
  people: number;
  entities: number;
  /** Items of the model's answer that were invalid and left out. */
  dropped: number;
  /** Facts held for the person's review (sources set to "ask me first"), in memory only once approved. */
  proposed: number;
  /** The facts written (new and new versions), for a link into the inspector. */
  factIds: string[];
  /**
   * Conversations this outcome covers: 1 for a single session; for a "consolidate now" over several (an
   * import's), every session of it that was consolidated, and the counts above are the sum over them.
   */
  conversations: number;
}

export interface FailedSessionView {
  sessionId: string;
  error: string;
  attempts: number;
  /** When the conversation was last active: how a person tells sessions apart (ids are machine names). */
  lastEventAt: number;
}

/** The maintenance sweep under way: its step ('queued' while it waits for a consolidation) and progress. */
export interface MaintenanceUnderWay {
  step: string;
  percent: number;
  message: string | null;
}

export interface WritePathStatus {
  last: ConsolidationOutcomeView | null;
  failed: FailedSessionView[];
  unconsolidated: number;
  /** The nightly sweep running now (whoever started it), null when none: a view opened mid-sweep shows it. */
  maintenance: MaintenanceUnderWay | null;
}

import { plural } from './plural';

/** "3 facts, 1 updated, 2 people" — or "nothing new" — for a successful run. */
export function describeOutcome(o: Pick<ConsolidationOutcomeView, 'facts' | 'updated' | 'duplicates' | 'people' | 'entities' | 'dropped'> & { proposed?: number }): string {
  const parts: string[] = [];
  if (o.facts > 0) parts.push(plural(o.facts, 'fact', 'facts'));
  // After "3 facts", "1 updated" says which; alone it names the noun first, so "Learned 2 updated facts" reads.
  if (o.updated > 0) parts.push(o.facts > 0 ? `${o.updated} updated` : plural(o.updated, 'updated fact'));
  if (o.people > 0) parts.push(plural(o.people, 'person', 'people'));
  const others = o.entities - o.people;
  if (others > 0) parts.push(plural(others, 'new entity', 'new entities'));
  // Not learned yet: they wait in the review queue ("2 new entities, 4 facts for your review").
  if ((o.proposed ?? 0) > 0) parts.push(`${plural(o.proposed ?? 0, 'fact', 'facts')} for your review`);
  if (parts.length === 0) parts.push(o.duplicates > 0 ? `nothing new (${plural(o.duplicates, 'fact', 'facts')} seen again)` : 'nothing new');
  // Left out by either reader: an item of the model's answer it could not use, or a statement the offline reader
  // dropped (taken back, not a well-formed clause).
  if (o.dropped > 0) parts.push(`${plural(o.dropped, 'item', 'items')} left out`);
  return parts.join(', ');
}

/** The sidebar's and Overview's line: "Learned 212 facts from 38 conversations", "Learned 2 updated facts". */
export function describeLearned(o: Pick<ConsolidationOutcomeView, 'facts' | 'updated' | 'duplicates' | 'people' | 'entities' | 'dropped' | 'conversations'> & { proposed?: number }): string {
  const from = o.conversations > 1 ? ` from ${plural(o.conversations, 'conversation')}` : '';
  return `Learned ${describeOutcome(o)}${from}`;
}

/** The reason of a failure without the machine prefix: "malformed_output: …" → "the model's answer was unusable: …". */
export function describeFailure(error: string): string {
  const m = /^([a-z_]+): (.*)$/s.exec(error);
  const reasons: Record<string, string> = {
    rate_limited: 'the model server is rate limiting',
    server_error: 'the model server failed',
    timeout: 'the model did not answer in time',
    unreachable: 'the model server cannot be reached',
    malformed_output: "the model's answer was unusable",
    bad_request: 'the model server refused the request',
    bad_key: 'the model server refused the API key',
    unknown_model: 'the model server does not know the model',
    // Runs recorded before the provider vocabulary was unified (src-shared/errors) said "auth".
    auth: 'the model server refused the API key',
    cancelled: 'cancelled',
    // Failures of the memory itself, not of the model (a full disk, a refused write, another program's lock).
    storage: 'the memory database failed',
    busy: 'the memory database was locked by another program',
    invalid_input: 'the memory refused the result',
  };
  if (!m) return error;
  const [, code = '', detail = ''] = m;
  return reasons[code] ? `${reasons[code]} (${detail.slice(0, 200)})` : error;
}
