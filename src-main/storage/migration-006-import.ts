/**
 * Imported history (src-main/data/import/):
 * - chat_sessions.import_source: where an imported conversation came from ('chatgpt', 'claude', 'jsonl',
 *   'recall', 'engram'); NULL for conversations held in Engram. The sidebar marks imported chats with it.
 * - chat_sessions.import_key / chat_messages.import_key: a stable key per conversation and per message taken
 *   from the export (its own ids, or a content hash where the format has none), unique, so importing the same
 *   export again adds nothing and a newer export adds only what is new.
 */
import type { Migration } from './migrations';

export const migration006: Migration = {
  version: 6,
  name: 'import keys on chats and messages',
  up(db) {
    db.exec(`
      ALTER TABLE chat_sessions ADD COLUMN import_source TEXT;
      ALTER TABLE chat_sessions ADD COLUMN import_key TEXT;
      ALTER TABLE chat_messages ADD COLUMN import_key TEXT;
      CREATE UNIQUE INDEX chat_sessions_import_key ON chat_sessions(import_key) WHERE import_key IS NOT NULL;
      CREATE UNIQUE INDEX chat_messages_import_key ON chat_messages(import_key) WHERE import_key IS NOT NULL;
    `);
  },
};
