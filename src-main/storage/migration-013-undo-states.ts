/**
 * Undo state recorded by the engine (issue 28): what a confirm or a correction changed of a node's decay
 * state, so "undo" puts back what was there rather than what a client says was there. One row per edit that
 * can still be undone, keyed by the edit and the node it produced (the confirmed node; a correction's new
 * version); `node_id` is the node whose state an undo restores. Stability is not kept: a confirmation that
 * is undone still counted for it. Rows leave with their nodes.
 */
import type { Migration } from './migrations';

export const migration013: Migration = {
  version: 13,
  name: 'undo states of confirmations and corrections, recorded by the engine',
  up(db) {
    db.exec(`
      CREATE TABLE undo_states (
        edited_id       TEXT NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
        edit            TEXT NOT NULL CHECK (edit IN ('confirm', 'correct')),
        node_id         TEXT NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
        confidence      REAL NOT NULL,
        confidence_base REAL NOT NULL,
        decay_rate      REAL NOT NULL,
        last_accessed   INTEGER,
        recorded_at     INTEGER NOT NULL,
        PRIMARY KEY (edited_id, edit)
      ) WITHOUT ROWID;
      CREATE INDEX undo_states_node ON undo_states(node_id);
    `);
  },
};
