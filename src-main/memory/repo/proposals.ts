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
