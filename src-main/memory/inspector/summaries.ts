/** Node rows → NodeSummary. Only the columns a summary needs are read, and content is cut in SQL. */
import type { ReadableDB } from '../../storage/db';
import type { InvalidationReason, NodeType, SourceType } from '../../../src-shared/memory-types';
import type { NodeSummary } from './types';

const LABEL_CHARS = 140;

/** Columns of a summary, for `SELECT ${SUMMARY_COLUMNS} FROM nodes n`. */
export const SUMMARY_COLUMNS = `n.id, n.type, substr(n.content, 1, ${LABEL_CHARS}) AS label, n.confidence, n.decay_rate,
  n.source_type, n.session_id, n.event_time, n.created_at, n.valid_from, n.valid_until, n.invalidated_reason,
  n.space_id, n.everywhere`;

export interface SummaryRow {
  id: string;
  type: NodeType;
  label: string;
  confidence: number;
  decay_rate: number;
  source_type: SourceType | null;
  session_id: string | null;
  event_time: number;
  created_at: number;
  valid_from: number;
  valid_until: number | null;
  invalidated_reason: InvalidationReason | null;
  space_id: string;
  everywhere: number;
}

export function toSummary(r: SummaryRow): NodeSummary {
  return {
    id: r.id,
    type: r.type,
    label: r.label,
    confidence: r.confidence,
    decayRate: r.decay_rate,
    sourceType: r.source_type,
    sessionId: r.session_id,
    eventTime: r.event_time,
    createdAt: r.created_at,
    validFrom: r.valid_from,
    validUntil: r.valid_until,
    invalidatedReason: r.invalidated_reason,
    spaceId: r.space_id,
    everywhere: r.everywhere === 1,
  };
}

/** Summaries of the given ids (any order); the id list drives the primary-key lookups. */
export function summariesOf(db: ReadableDB, ids: readonly string[]): NodeSummary[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare(`SELECT ${SUMMARY_COLUMNS} FROM json_each(?) j CROSS JOIN nodes n ON n.id = j.value`)
    .all(JSON.stringify(ids)) as SummaryRow[];
  return rows.map(toSummary);
}
