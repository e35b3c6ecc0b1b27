/**
 * Memory spaces (issue 26, seed 003 D6): named spaces (Personal, which always exists, plus any the person
 * creates). Chat sessions, memory sessions and nodes belong to one space; every existing row goes to Personal.
 * A node may be marked `everywhere` (name, language, accessibility needs): reads in any space see it.
 *
 * Entities are shared across spaces: an entity is a name ("Alice", "Lisbon") that several spaces may speak of,
 * and what is *known* about it lives in facts, which are scoped. Splitting entities per space would duplicate
 * them and split their aliases and merges.
 *
 * `space_id` has no REFERENCES clause: SQLite cannot add a column with a foreign key and a non-NULL default.
 * The engine checks spaces on write, and deleting a space moves or erases its rows first (memory/spaces.ts).
 *
 * Indexes: reads driven by FTS, KNN or id lists check the space per row (no index needed); node lists page
 * through (space_id, type, event_time), plus the few `everywhere` nodes through their own partial index.
 */
import type { Migration } from './migrations';

export const migration015: Migration = {
  version: 15,
  name: 'memory spaces: spaces table, space of chats, memory sessions and nodes, facts marked everywhere',
  up(db, ctx) {
    db.exec(`
      CREATE TABLE spaces (
        id          TEXT PRIMARY KEY,
        name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
        created_at  INTEGER NOT NULL
      );
      CREATE TRIGGER spaces_keep_personal BEFORE DELETE ON spaces WHEN old.id = 'personal' BEGIN
        SELECT RAISE(ABORT, 'the Personal space cannot be deleted');
      END;

      ALTER TABLE nodes ADD COLUMN space_id TEXT NOT NULL DEFAULT 'personal';
      ALTER TABLE nodes ADD COLUMN everywhere INTEGER NOT NULL DEFAULT 0 CHECK (everywhere IN (0, 1));
      ALTER TABLE memory_sessions ADD COLUMN space_id TEXT NOT NULL DEFAULT 'personal';
      ALTER TABLE chat_sessions ADD COLUMN space_id TEXT NOT NULL DEFAULT 'personal';

      CREATE INDEX idx_nodes_space ON nodes(space_id, type, event_time);
      CREATE INDEX idx_nodes_everywhere ON nodes(type, event_time) WHERE everywhere = 1;
      CREATE INDEX chat_sessions_space ON chat_sessions(space_id, archived, last_activity_at DESC);
    `);
    db.prepare(`INSERT INTO spaces (id, name, created_at) VALUES ('personal', 'Personal', ?)`).run(ctx.now);
  },
};
