/**
 * Rows of the review queue (migration 014): proposed facts kept apart from `nodes` until the person decides.
 * Listed newest first with a (created_at, id) cursor, so opening the Review view reads one page from the
 * (state, created_at, id) index however many wait.
 */
import type { Database } from 'better-sqlite3';
import type { ProposalState, ReviewSource } from '../../../src-shared/review-types';
import { parseJsonObject, parseStringArray, stmt } from './statements';
import type { JsonObject } from '../../../src-shared/memory-types';
import { likeAnywhere } from '../../storage/like-pattern';
import { jsonOrEmptySql } from '../../storage/json-column';

export interface ProposalRow {
  id: string;
  state: ProposalState;
  kind: 'new' | 'correction';
  content: string;
  factType: string;
  supersedesId: string | null;
  origin: ReviewSource;
  sourceLabel: string | null;
  sessionId: string | null;
  evidence: string[];
  entityIds: string[];
  reason: string | null;
  payload: JsonObject;
  evidenceHash: string;
  createdAt: number;
  decidedAt: number | null;
  nodeId: string | null;
}

interface RawRow extends Omit<ProposalRow, 'evidence' | 'entityIds' | 'payload'> {
  evidence: string;
  entityIds: string;
  payload: string;
}

const COLUMNS = `id, state, kind, content, fact_type AS factType, supersedes_id AS supersedesId, origin, source_label AS sourceLabel,
  session_id AS sessionId, evidence, entity_ids AS entityIds, reason, payload, evidence_hash AS evidenceHash,
  created_at AS createdAt, decided_at AS decidedAt, node_id AS nodeId`;

const toRow = (r: RawRow): ProposalRow => ({ ...r, evidence: parseStringArray(r.evidence), entityIds: parseStringArray(r.entityIds), payload: parseJsonObject(r.payload) });

export function insertProposal(db: Database, row: Omit<ProposalRow, 'state' | 'decidedAt' | 'nodeId'>): void {
  stmt(
    db,
    `INSERT INTO memory_proposals (id, state, kind, content, fact_type, supersedes_id, origin, source_label, session_id, evidence,
       entity_ids, reason, payload, evidence_hash, created_at)
     VALUES (@id, 'pending', @kind, @content, @factType, @supersedesId, @origin, @sourceLabel, @sessionId, @evidence, @entityIds,
       @reason, @payload, @evidenceHash, @createdAt)`,
  ).run({ ...row, evidence: JSON.stringify(row.evidence), entityIds: JSON.stringify(row.entityIds), payload: JSON.stringify(row.payload) });
}

export function getProposal(db: Database, id: string): ProposalRow | undefined {
  const raw = stmt(db, `SELECT ${COLUMNS} FROM memory_proposals WHERE id = ?`).get(id) as RawRow | undefined;
  return raw ? toRow(raw) : undefined;
}

export function proposalByHash(db: Database, hash: string): ProposalRow | undefined {
  const raw = stmt(db, `SELECT ${COLUMNS} FROM memory_proposals WHERE evidence_hash = ?`).get(hash) as RawRow | undefined;
  return raw ? toRow(raw) : undefined;
}

export interface ProposalFilter {
  state: ProposalState;
  sessionId?: string | undefined;
  origin?: ReviewSource | undefined;
}

function where(filter: ProposalFilter): { sql: string; params: unknown[] } {
  const parts = ['state = ?'];
  const params: unknown[] = [filter.state];
  if (filter.sessionId !== undefined) {
    parts.push('session_id = ?');
    params.push(filter.sessionId);
  }
  if (filter.origin !== undefined) {
    parts.push('origin = ?');
    params.push(filter.origin);
  }
  return { sql: parts.join(' AND '), params };
}

/** One page, newest first; `after` is the last row of the previous page. */
export function listProposals(db: Database, filter: ProposalFilter, limit: number, after?: { createdAt: number; id: string }): ProposalRow[] {
  const w = where(filter);
  // A row-value comparison: SQLite seeks the (state, created_at, id) index to the cursor instead of scanning to it.
  const cursor = after ? ' AND (created_at, id) < (?, ?)' : '';
  const params = after ? [...w.params, after.createdAt, after.id] : w.params;
  const rows = stmt(db, `SELECT ${COLUMNS} FROM memory_proposals WHERE ${w.sql}${cursor} ORDER BY created_at DESC, id DESC LIMIT ?`).all(...params, limit) as RawRow[];
  return rows.map(toRow);
}

export function countProposals(db: Database, filter: ProposalFilter): number {
  const w = where(filter);
  return (stmt(db, `SELECT COUNT(*) AS n FROM memory_proposals WHERE ${w.sql}`).get(...w.params) as { n: number }).n;
}

export function countByState(db: Database): Record<ProposalState, number> {
  const counts: Record<ProposalState, number> = { pending: 0, approved: 0, declined: 0 };
  for (const r of stmt(db, 'SELECT state, COUNT(*) AS n FROM memory_proposals GROUP BY state').all() as { state: ProposalState; n: number }[]) counts[r.state] = r.n;
  return counts;
}

export function setProposalState(db: Database, id: string, state: ProposalState, decidedAt: number | null, nodeId: string | null): void {
  stmt(db, 'UPDATE memory_proposals SET state = ?, decided_at = ?, node_id = ? WHERE id = ?').run(state, decidedAt, nodeId, id);
}

/** Pending proposals whose text contains every term (the "show pending" switch of search; few rows, a scan is fine). */
export function searchPending(db: Database, terms: readonly string[], limit: number): ProposalRow[] {
  if (terms.length === 0) return [];
  const like = terms.map(() => `content LIKE ? ESCAPE '\\'`).join(' AND ');
  const params = terms.map(likeAnywhere);
  const rows = stmt(db, `SELECT ${COLUMNS} FROM memory_proposals WHERE state = 'pending' AND ${like} ORDER BY created_at DESC LIMIT ?`).all(...params, limit) as RawRow[];
  return rows.map(toRow);
}

/** What a delete, forget or retract takes away: episodes, the sessions they were said in, facts. */
export interface ProposalSources {
  episodeIds: readonly string[];
  sessionIds: readonly string[];
  factIds: readonly string[];
}

/**
 * Proposals that rest on what goes: made in one of the sessions, citing one of the episodes as evidence, or
 * correcting (or, approved, having written) one of the facts. `pendingOnly`: only those still waiting.
 * The queue is small (a person reviews it), so a scan of it is fine; the id lists are parsed once each.
 */
export function proposalsResting(db: Database, on: ProposalSources, pendingOnly = false): string[] {
  if (on.episodeIds.length + on.sessionIds.length + on.factIds.length === 0) return [];
  return stmt(
    db,
    `WITH eps(id) AS MATERIALIZED (SELECT value FROM json_each(?)),
          sess(id) AS MATERIALIZED (SELECT value FROM json_each(?)),
          facts(id) AS MATERIALIZED (SELECT value FROM json_each(?))
     SELECT p.id FROM memory_proposals p
     WHERE (? = 0 OR p.state = 'pending')
       AND (p.session_id IN sess OR p.supersedes_id IN facts OR p.node_id IN facts
            OR EXISTS (SELECT 1 FROM json_each(${jsonOrEmptySql('p.evidence')}) e WHERE e.value IN eps))
     ORDER BY p.created_at, p.id`,
  )
    .pluck()
    .all(JSON.stringify(on.episodeIds), JSON.stringify(on.sessionIds), JSON.stringify(on.factIds), pendingOnly ? 1 : 0) as string[];
}

/** Deletes proposals for good (an erase: their text must not outlive what they were learned from). */
export function deleteProposals(db: Database, ids: readonly string[]): void {
  if (ids.length > 0) stmt(db, 'DELETE FROM memory_proposals WHERE id IN (SELECT value FROM json_each(?))').run(JSON.stringify(ids));
}

/** Sets waiting proposals aside as declined (restorable from the Review view); returns the ids it changed. */
export function declinePending(db: Database, ids: readonly string[], decidedAt: number): string[] {
  if (ids.length === 0) return [];
  return stmt(db, `UPDATE memory_proposals SET state = 'declined', decided_at = ? WHERE id IN (SELECT value FROM json_each(?)) AND state = 'pending' RETURNING id`)
    .pluck()
    .all(decidedAt, JSON.stringify(ids)) as string[];
}

/** Puts proposals `declinePending` set aside back in the queue, if nobody decided on them since. */
export function undeclinePending(db: Database, ids: readonly string[], decidedAt: number): void {
  if (ids.length === 0) return;
  stmt(db, `UPDATE memory_proposals SET state = 'pending', decided_at = NULL WHERE id IN (SELECT value FROM json_each(?)) AND state = 'declined' AND decided_at = ?`).run(JSON.stringify(ids), decidedAt);
}
