/** The rows the nightly decay (memory/decay.ts) reads and the confidence it writes back. */
import type { Database } from 'better-sqlite3';
import type { ReadableDB } from '../../storage/db';
import { stmt } from './statements';

export interface DecayRow {
  rowid: number;
  id: string;
  confidence: number;
  confidence_base: number;
  decay_rate: number;
  stability: number;
  last_accessed: number | null;
  valid_from: number;
  created_at: number;
}

/** The next `limit` current, decaying facts after `afterRowid`, in rowid order (episodes never decay). */
export function decayingFactsAfter(db: ReadableDB, afterRowid: number, limit: number): DecayRow[] {
  return stmt(
    db,
    `SELECT rowid, id, confidence, confidence_base, decay_rate, stability, last_accessed, valid_from, created_at FROM nodes
     WHERE rowid > ? AND type != 'episodic' AND valid_until IS NULL AND decay_rate > 0
     ORDER BY rowid LIMIT ?`,
  ).all(afterRowid, limit) as DecayRow[];
}

export function setConfidenceAt(db: Database, rowid: number, confidence: number): void {
  stmt(db, 'UPDATE nodes SET confidence = ? WHERE rowid = ?').run(confidence, rowid);
}
