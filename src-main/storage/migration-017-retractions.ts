/**
 * Retractions (issue 23): "what did memory learn from this?" applied to a source (a message, a chat, a memory
 * session, an import, another app, a consolidation run). One row per retraction that can still be undone: the
 * source it was about, when, what it did (counts for the notice), and the journal — every row it changed as it
 * was before — so one undo puts back exactly the prior state. An undo deletes the row (undone once, like
 * undo_states). Migration 017.
 */
import type { Migration } from './migrations';

export const migration017: Migration = {
  version: 17,
  name: 'retractions by source, with the journal their undo restores',
  up(db) {
    db.exec(`
      CREATE TABLE retractions (
        id          TEXT PRIMARY KEY,
        source_kind TEXT NOT NULL CHECK (source_kind IN ('message', 'chat', 'session', 'import', 'origin', 'run', 'reextract')),
        source_ref  TEXT NOT NULL,
        summary     TEXT NOT NULL,
        journal     TEXT NOT NULL,
        applied_at  INTEGER NOT NULL
      );
      CREATE INDEX retractions_applied ON retractions(applied_at);
    `);
  },
};
