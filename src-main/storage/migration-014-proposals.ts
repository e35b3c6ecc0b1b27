/**
 * The review queue (issue 23 part 1): facts proposed for the person's review are kept OUT of `nodes` until
 * approved, so every existing read (search, packs, graph, inspector, as-of) stays free of them with no extra
 * filter. A proposal holds what the engine's write would take (`payload`, the remember or correct input), the
 * columns the Review view lists by, and its outcome: `approved` names the node the approval wrote; `declined`
 * rows stay (restorable), and `evidence_hash` (content + evidence episodes) keeps the same evidence from being
 * proposed again when a session is consolidated again.
 */
import type { Migration } from './migrations';

export const migration014: Migration = {
  version: 14,
  name: 'review queue: proposed facts kept apart from nodes until approved',
  up(db) {
    db.exec(`
      CREATE TABLE memory_proposals (
        id            TEXT PRIMARY KEY,
        state         TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'declined')),
        kind          TEXT NOT NULL CHECK (kind IN ('new', 'correction')),
        content       TEXT NOT NULL,
        fact_type     TEXT NOT NULL,
        supersedes_id TEXT,
        origin        TEXT NOT NULL,
        source_label  TEXT,
        session_id    TEXT,
        evidence      TEXT NOT NULL DEFAULT '[]',
        entity_ids    TEXT NOT NULL DEFAULT '[]',
        reason        TEXT,
        payload       TEXT NOT NULL,
        evidence_hash TEXT NOT NULL,
        created_at    INTEGER NOT NULL,
        decided_at    INTEGER,
        node_id       TEXT
      );
      CREATE INDEX memory_proposals_state ON memory_proposals(state, created_at, id);
      CREATE INDEX memory_proposals_session ON memory_proposals(session_id, state);
      CREATE INDEX memory_proposals_origin ON memory_proposals(origin, state);
      CREATE UNIQUE INDEX memory_proposals_hash ON memory_proposals(evidence_hash);
    `);
  },
};
