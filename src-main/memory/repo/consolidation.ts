/**
 * Consolidation state (ADR 008 §10.1, §15): which sessions wait for the write path, their episodes in pages,
 * the success/failure marks, and the run log with token usage. Connection first, no state.
 */
import { preferenceSubject } from '../../../src-shared/slot-values';
import { newId } from '../ids';
import type { Database } from 'better-sqlite3';
import type { JsonObject, MemoryNode, SessionState } from '../../../src-shared/memory-types';
import { getSession } from './sessions';
import { NODE_COLUMNS, toNode, type NodeRow } from './nodes';
import { parseJsonObject, stmt } from './statements';
import { MAX_NAME_CHARS } from '../schemas';
import { likeAnywhere } from '../../storage/like-pattern';
import { jsonFieldSql } from '../../storage/json-column';

export const RUN_KINDS = ['consolidation', 'maintenance', 'reflection', 'enrichment'] as const;
export type RunKind = (typeof RUN_KINDS)[number];
export type RunStatus = 'ok' | 'failed' | 'cancelled' | 'skipped';

export interface WritePathRun {
  id: string;
  kind: RunKind;
  sessionId: string | null;
  trigger: string;
  mode: 'llm' | 'offline';
  model: string | null;
  startedAt: number;
  finishedAt: number;
  status: RunStatus;
  error: string | null;
  promptTokens: number;
  completionTokens: number;
  llmCalls: number;
  summary: JsonObject;
}

export type NewRun = Omit<WritePathRun, 'id'> & { id?: string };

interface RunRow {
  id: string;
  kind: RunKind;
  session_id: string | null;
  trigger: string;
  mode: 'llm' | 'offline';
  model: string | null;
  started_at: number;
  finished_at: number;
  status: RunStatus;
  error: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  llm_calls: number;
  summary: string;
}

function toRun(r: RunRow): WritePathRun {
  return {
    id: r.id,
    kind: r.kind,
    sessionId: r.session_id,
    trigger: r.trigger,
    mode: r.mode,
    model: r.model,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    status: r.status,
    error: r.error,
    promptTokens: r.prompt_tokens,
    completionTokens: r.completion_tokens,
    llmCalls: r.llm_calls,
    summary: parseJsonObject(r.summary),
  };
}

export function insertRun(db: Database, run: NewRun): string {
  const id = run.id ?? newId();
  stmt(
    db,
    `INSERT INTO writepath_runs (id, kind, session_id, trigger, mode, model, started_at, finished_at, status, error,
       prompt_tokens, completion_tokens, llm_calls, summary)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    run.kind,
    run.sessionId,
    run.trigger,
    run.mode,
    run.model,
    run.startedAt,
    run.finishedAt,
    run.status,
    run.error,
    run.promptTokens,
    run.completionTokens,
    run.llmCalls,
    JSON.stringify(run.summary),
  );
  return id;
}

/** `batch`: only the runs of one "consolidate now" over several sessions (an import's), named in their summary. */
export function listRuns(db: Database, options: { kind?: RunKind; sessionId?: string; batch?: string; limit?: number } = {}): WritePathRun[] {
  const rows = stmt(
    db,
    `SELECT * FROM writepath_runs WHERE (@kind IS NULL OR kind = @kind) AND (@session IS NULL OR session_id = @session)
       AND (@batch IS NULL OR (json_valid(summary) AND json_extract(summary, '$.batch') = @batch))
     ORDER BY finished_at DESC, rowid DESC LIMIT @limit`,
  ).all({ kind: options.kind ?? null, session: options.sessionId ?? null, batch: options.batch ?? null, limit: options.limit ?? 20 }) as RunRow[];
  return rows.map(toRun);
}

/** When a run of this kind last finished with the given status (default ok), or null. */
export function lastRunAt(db: Database, kind: RunKind, status: RunStatus = 'ok'): number | null {
  const row = stmt(db, 'SELECT max(finished_at) AS t FROM writepath_runs WHERE kind = ? AND status = ?').get(kind, status) as {
    t: number | null;
  };
  return row.t;
}

export function tokenTotals(db: Database): { promptTokens: number; completionTokens: number; llmCalls: number } {
  const row = stmt(
    db,
    'SELECT coalesce(sum(prompt_tokens), 0) AS p, coalesce(sum(completion_tokens), 0) AS c, coalesce(sum(llm_calls), 0) AS n FROM writepath_runs',
  ).get() as { p: number; c: number; n: number };
  return { promptTokens: row.p, completionTokens: row.c, llmCalls: row.n };
}

/**
 * Sessions waiting for the write path, oldest activity first: completed and failed ones, and open ones
 * idle since before `idleBefore` (a crash or a missed session.completed leaves them open for ever).
 */
export function pendingSessionIds(db: Database, options: { idleBefore: number; limit: number }): string[] {
  return (
    stmt(
      db,
      `SELECT id FROM memory_sessions
       WHERE status IN ('completed', 'failed') OR (status = 'open' AND last_event_at <= @idle)
       ORDER BY last_event_at, id LIMIT @limit`,
    ).all({ idle: options.idleBefore, limit: options.limit }) as { id: string }[]
  ).map((r) => r.id);
}

export function countSessionsByStatus(db: Database): Record<SessionState['status'], number> {
  const out: Record<SessionState['status'], number> = { open: 0, completed: 0, consolidated: 0, failed: 0 };
  for (const r of stmt(db, 'SELECT status, count(*) AS n FROM memory_sessions GROUP BY status').all() as {
    status: SessionState['status'];
    n: number;
  }[])
    out[r.status] = r.n;
  return out;
}

export function consolidatedThrough(db: Database, sessionId: string): number {
  const row = stmt(db, 'SELECT consolidated_through AS t FROM memory_sessions WHERE id = ?').get(sessionId) as
    | { t: number | null }
    | undefined;
  return row?.t ?? 0;
}

export interface EpisodeWithRowid {
  rowid: number;
  node: MemoryNode;
}

/** A page of a session's episodes after a rowid, in recording order (rowid order = hot-path commit order). */
export function sessionEpisodePage(db: Database, sessionId: string, afterRowid: number, limit: number): EpisodeWithRowid[] {
  const rows = stmt(
    db,
    // A forgotten episode is not learned from (a deleted chat whose learning was forgotten stays forgotten), nor
    // Engram's recital of its own memory (src-shared/recitals.ts): it is neither evidence for a fact nor support.
    `SELECT ${NODE_COLUMNS} FROM nodes WHERE session_id = ? AND +type = 'episodic' AND valid_until IS NULL AND rowid > ?
     AND ${jsonFieldSql('attributes', '$.recital')} IS NOT 1 ORDER BY rowid LIMIT ?`,
  ).all(sessionId, afterRowid, limit) as NodeRow[];
  return rows.map((r) => ({ rowid: r.rowid, node: toNode(r) }));
}

/** One attempt started: counted before any work so a crash mid-run still shows in `attempts`. */
export function noteAttempt(db: Database, sessionId: string): void {
  stmt(db, 'UPDATE memory_sessions SET attempts = attempts + 1 WHERE id = ?').run(sessionId);
}

/**
 * Mark the session consolidated through `throughRowid`. If episodes arrived past the watermark while the
 * run was in flight, the session stays `completed` so the next run picks them up.
 */
export function markConsolidated(db: Database, sessionId: string, throughRowid: number, at: number): void {
  stmt(
    db,
    `UPDATE memory_sessions SET
       status = CASE WHEN EXISTS (SELECT 1 FROM nodes WHERE session_id = @id AND +type = 'episodic' AND rowid > @through)
                THEN 'completed' ELSE 'consolidated' END,
       consolidated_at = @at, consolidated_through = @through, last_error = NULL,
       completed_at = coalesce(completed_at, @at)
     WHERE id = @id`,
  ).run({ id: sessionId, through: throughRowid, at });
}

export function markFailed(db: Database, sessionId: string, error: string): void {
  stmt(db, `UPDATE memory_sessions SET status = 'failed', last_error = ? WHERE id = ?`).run(error, sessionId);
}

export { getSession };

/** Current facts carrying the same `slot` attribute (e.g. "user.residence"): candidates for a contradiction. */
export function currentFactsInSlot(db: Database, slot: string, limit = 10): MemoryNode[] {
  const rows = stmt(
    db,
    `SELECT ${NODE_COLUMNS} FROM nodes WHERE type != 'episodic' AND valid_until IS NULL
     AND ${jsonFieldSql('attributes', '$.slot')} = ? ORDER BY created_at DESC, rowid DESC LIMIT ?`,
  ).all(slot, limit) as NodeRow[];
  return rows.map(toNode);
}

/** Current facts whose slot belongs to `subject` ("user" for "user.diet", "user.uses.meat"), newest first. */
export function currentFactsOfSlotSubject(db: Database, subject: string, limit = 50): MemoryNode[] {
  const rows = stmt(
    db,
    `SELECT ${NODE_COLUMNS} FROM nodes WHERE type != 'episodic' AND valid_until IS NULL
     AND ${jsonFieldSql('attributes', '$.slot')} LIKE ? ESCAPE '\\' ORDER BY created_at DESC, rowid DESC LIMIT ?`,
  ).all(`${subject.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`, limit) as NodeRow[];
  return rows.map(toNode);
}

/** Current facts created since `since` (reflection input), newest first. */
export function factsCreatedSince(db: Database, since: number, limit: number): MemoryNode[] {
  const rows = stmt(
    db,
    `SELECT ${NODE_COLUMNS} FROM nodes WHERE type != 'episodic' AND valid_until IS NULL AND created_at >= ?
     AND coalesce(source_type, '') != 'reflection' ORDER BY created_at DESC LIMIT ?`,
  ).all(since, limit) as NodeRow[];
  return rows.map(toNode);
}

/** Entity ids linked to any of the given nodes. */
export function entityIdsOfNodes(db: Database, nodeIds: readonly string[]): string[] {
  if (nodeIds.length === 0) return [];
  return (
    stmt(db, 'SELECT DISTINCT entity_id FROM node_entities WHERE node_id IN (SELECT value FROM json_each(?))').all(
      JSON.stringify(nodeIds),
    ) as { entity_id: string }[]
  ).map((r) => r.entity_id);
}

/**
 * Entities whose summary is missing or was written by the offline fallback, or whose linked facts changed
 * after the summary was written — the nightly enrichment's work list, most mentioned first.
 */
export function entitiesNeedingSummary(db: Database, limit: number, options: { staleToo?: boolean } = {}): string[] {
  return (
    stmt(
      db,
      `SELECT e.id FROM entities e WHERE e.merged_into IS NULL AND e.mention_count > 0 AND (
         e.summary IS NULL OR trim(e.summary) = '' OR ${jsonFieldSql('e.attributes', '$.summary_source')} = 'facts'
         OR @stale AND EXISTS (SELECT 1 FROM node_entities ne JOIN nodes n ON n.id = ne.node_id
                    WHERE ne.entity_id = e.id AND n.type != 'episodic' AND n.valid_until IS NULL
                    AND n.created_at > coalesce(${jsonFieldSql('e.attributes', '$.summary_at')}, 0)))
       ORDER BY e.mention_count DESC LIMIT @limit`,
    ).all({ limit, stale: options.staleToo === false ? 0 : 1 }) as { id: string }[]
  ).map((r) => r.id);
}

/**
 * Facts matching an FTS5 expression, best BM25 first (conflict candidates), from the facts-only index. The
 * ranking runs inside FTS5 (`ORDER BY rank`) without a join per match; the caller drops facts no longer current.
 */
export function factIdsMatching(db: Database, match: string, limit: number): string[] {
  return (
    stmt(db, `SELECT n.id FROM (SELECT rowid FROM facts_fts WHERE facts_fts MATCH ? ORDER BY rank LIMIT ?) f JOIN nodes n ON n.rowid = f.rowid`).all(
      match,
      limit,
    ) as { id: string }[]
  ).map((r) => r.id);
}

/** An entity's current facts, most confident and recent first (summaries, conflict candidates). */
export function currentFactsOfEntity(db: Database, entityId: string, limit: number): MemoryNode[] {
  const rows = stmt(
    db,
    `SELECT ${NODE_COLUMNS.split(', ').map((c) => `n.${c}`).join(', ')} FROM node_entities ne JOIN nodes n ON n.id = ne.node_id
     WHERE ne.entity_id = ? AND n.type != 'episodic' AND n.valid_until IS NULL
     ORDER BY n.confidence DESC, n.created_at DESC, n.rowid DESC LIMIT ?`,
  ).all(entityId, limit) as NodeRow[];
  return rows.map(toNode);
}

/** Whether any episode of the session still waits for the slow path (embedding and entity links). */
export function sessionHasSlowPathBacklog(db: Database, sessionId: string): boolean {
  return (
    stmt(db, `SELECT 1 FROM slow_path_queue q JOIN nodes n ON n.id = q.node_id WHERE n.session_id = ? AND +n.type = 'episodic' LIMIT 1`).get(
      sessionId,
    ) !== undefined
  );
}

/**
 * Current entities whose name or an alias contains one of the words (case-insensitive), most mentioned
 * first: anchors the model should see when the text names them differently ("Acme" for "Acme Corp").
 */
export function entityIdsMentioning(db: Database, allWords: readonly string[], limit: number): string[] {
  // No name or alias is longer than MAX_NAME_CHARS, so a longer word is in none; as a LIKE pattern a 100k-letter
  // word failed the whole consolidation ("LIKE or GLOB pattern too complex").
  const words = allWords.filter((w) => w.length > 0 && w.length <= MAX_NAME_CHARS);
  if (words.length === 0) return [];
  const clauses = words.map(() => `(canonical_name LIKE ? ESCAPE '\\' OR aliases LIKE ? ESCAPE '\\')`).join(' OR ');
  const params = words.flatMap((w) => [likeAnywhere(w), likeAnywhere(w)]);
  return (
    db
      .prepare(`SELECT id FROM entities WHERE merged_into IS NULL AND (${clauses}) ORDER BY mention_count DESC LIMIT ?`)
      .all(...params, limit) as { id: string }[]
  ).map((r) => r.id);
}

/** Insertion order of nodes (rowid), the tie-break that is the same in every run (ids are random UUIDs). */
export function insertionOrder(db: Database, ids: readonly string[]): Map<string, number> {
  if (ids.length === 0) return new Map();
  const rows = stmt(db, `SELECT id, rowid AS r FROM nodes WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as { id: string; r: number }[];
  return new Map(rows.map((row) => [row.id, row.r]));
}

/** Sessions whose last consolidation failed, most recent first, with the reason. */
export function failedSessions(db: Database, limit: number): { id: string; last_error: string | null; attempts: number; last_event_at: number }[] {
  return stmt(db, `SELECT id, last_error, attempts, last_event_at FROM memory_sessions WHERE status = 'failed' ORDER BY last_event_at DESC, id LIMIT ?`).all(limit) as {
    id: string;
    last_error: string | null;
    attempts: number;
    last_event_at: number;
  }[];
}

/**
 * Current facts a fact in `slot` may relate to: those of the slot itself, however old, and of the slots a preference
 * or a diet relates to (src-shared/slot-values.ts preferenceSubject). Newest first, each once.
 */
export function currentFactsRelatedToSlot(db: Database, slot: string): MemoryNode[] {
  const subject = preferenceSubject(slot);
  const found = [...currentFactsInSlot(db, slot, 50), ...(subject !== null ? currentFactsOfSlotSubject(db, subject) : [])];
  return [...new Map(found.map((n) => [n.id, n])).values()];
}
