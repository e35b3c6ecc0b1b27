/**
 * Write-path state (ADR 008 §10, §15):
 * - memory_sessions.consolidated_through: rowid of the last episode a successful consolidation covered, so a
 *   consolidated session that receives new episodes is re-consolidated from there, not from the start;
 * - writepath_runs: one row per finished consolidation / maintenance / reflection / enrichment run, with
 *   its outcome and token usage. A successful consolidation's row is written in the same transaction as its
 *   facts, so "the session was consolidated" and "this run wrote it" cannot disagree after a crash.
 */
import type { Migration } from './migrations';

export const migration003: Migration = {
  version: 3,
  name: 'write path: consolidation watermark and run log',
  up(db) {
    db.exec(`
      ALTER TABLE memory_sessions ADD COLUMN consolidated_through INTEGER;

      CREATE TABLE writepath_runs (
        id                TEXT PRIMARY KEY,
        kind              TEXT NOT NULL CHECK(kind IN ('consolidation','maintenance','reflection','enrichment')),
        session_id        TEXT,
        trigger           TEXT NOT NULL,
        mode              TEXT NOT NULL CHECK(mode IN ('llm','offline')),
        model             TEXT,
        started_at        INTEGER NOT NULL,
        finished_at       INTEGER NOT NULL,
        status            TEXT NOT NULL CHECK(status IN ('ok','failed','cancelled','skipped')),
        error             TEXT,
        prompt_tokens     INTEGER NOT NULL DEFAULT 0,
        completion_tokens INTEGER NOT NULL DEFAULT 0,
        llm_calls         INTEGER NOT NULL DEFAULT 0,
        summary           TEXT NOT NULL DEFAULT '{}'
      );
      CREATE INDEX idx_runs_kind ON writepath_runs(kind, finished_at);
      CREATE INDEX idx_runs_session ON writepath_runs(session_id);
    `);
  },
};
