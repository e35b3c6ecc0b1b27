/**
 * Chat storage, in the same SQLite file as the memory (owned by src-main/chat/):
 * - chat_sessions: one row per conversation in the sidebar, with its memory switches and the id of the
 *   memory session its episodes currently go to (rotated after inactivity, ADR 008 §15),
 * - chat_messages: the transcript, with each reply's status, tool calls and the context pack it used,
 * - chat_context_packs: the packs injected before replies, kept so the inspector can show "why this answer",
 * - app_settings: small JSON settings (provider, models, session timeout). Secrets are not stored here.
 */
import type { Migration } from './migrations';

export const migration002: Migration = {
  version: 2,
  name: 'chat sessions, messages, context packs, settings',
  up(db) {
    db.exec(`
      CREATE TABLE chat_sessions (
        id                 TEXT PRIMARY KEY,
        title              TEXT NOT NULL,
        created_at         INTEGER NOT NULL,
        updated_at         INTEGER NOT NULL,
        last_activity_at   INTEGER NOT NULL,
        archived           INTEGER NOT NULL DEFAULT 0,
        no_remember        INTEGER NOT NULL DEFAULT 0,
        no_memory          INTEGER NOT NULL DEFAULT 0,
        memory_session_id  TEXT,
        memory_session_open INTEGER NOT NULL DEFAULT 0,
        memory_segment     INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX chat_sessions_activity ON chat_sessions(archived, last_activity_at DESC);

      CREATE TABLE chat_context_packs (
        id          TEXT PRIMARY KEY,
        chat_id     TEXT NOT NULL REFERENCES chat_sessions(id) ON DELETE CASCADE,
        prompt      TEXT NOT NULL,
        pack        TEXT NOT NULL,
        created_at  INTEGER NOT NULL
      );

      CREATE TABLE chat_messages (
        id                TEXT PRIMARY KEY,
        chat_id           TEXT NOT NULL REFERENCES chat_sessions(id) ON DELETE CASCADE,
        seq               INTEGER NOT NULL,
        role              TEXT NOT NULL CHECK(role IN ('user','assistant')),
        content           TEXT NOT NULL,
        status            TEXT NOT NULL CHECK(status IN ('complete','streaming','stopped','error','offline')),
        error             TEXT,
        tool_calls        TEXT NOT NULL DEFAULT '[]',
        context_pack_id   TEXT REFERENCES chat_context_packs(id) ON DELETE SET NULL,
        memory_session_id TEXT,
        episode_id        TEXT,
        model             TEXT,
        reply_to          TEXT,
        created_at        INTEGER NOT NULL,
        updated_at        INTEGER NOT NULL,
        UNIQUE(chat_id, seq)
      );

      CREATE TABLE app_settings (
        key    TEXT PRIMARY KEY,
        value  TEXT NOT NULL
      );
    `);
  },
};
