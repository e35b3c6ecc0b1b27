/**
 * Brings a database created while migrations 001 and 004 were still being edited (before they were treated
 * as append-only) to the schema a fresh one has: the facts-only FTS index and its triggers, the vector sign-bit
 * table and the composite edge indexes added to 001 later, and 004's final index set. Every step checks what
 * is there first, so on a database created from the final files it changes nothing.
 */
import type { Database } from 'better-sqlite3';
import type { Migration } from './migrations';

const exists = (db: Database, type: 'table' | 'index' | 'trigger', name: string): boolean =>
  db.prepare('SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?').get(type, name) !== undefined;

const indexColumns = (db: Database, name: string): string[] =>
  (db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').all(name) as { name: string }[]).map((r) => r.name);

export const migration005: Migration = {
  version: 5,
  name: 'schema repair for databases created before migrations were append-only',
  up(db) {
    if (!exists(db, 'table', 'facts_fts')) {
      db.exec(`
        CREATE VIRTUAL TABLE facts_fts USING fts5(
          content,
          content=nodes,
          content_rowid=rowid,
          tokenize='porter unicode61 remove_diacritics 2'
        );
        INSERT INTO facts_fts(rowid, content) SELECT rowid, content FROM nodes WHERE type != 'episodic';
      `);
    }
    if (!exists(db, 'trigger', 'facts_fts_insert')) {
      db.exec(`CREATE TRIGGER facts_fts_insert AFTER INSERT ON nodes WHEN new.type != 'episodic' BEGIN
        INSERT INTO facts_fts(rowid, content) VALUES (new.rowid, new.content);
      END;`);
    }
    if (!exists(db, 'trigger', 'facts_fts_update')) {
      db.exec(`CREATE TRIGGER facts_fts_update AFTER UPDATE OF content ON nodes WHEN old.type != 'episodic' BEGIN
        INSERT INTO facts_fts(facts_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
        INSERT INTO facts_fts(rowid, content) VALUES (new.rowid, new.content);
      END;`);
    }
    if (!exists(db, 'trigger', 'facts_fts_delete')) {
      db.exec(`CREATE TRIGGER facts_fts_delete AFTER DELETE ON nodes WHEN old.type != 'episodic' BEGIN
        INSERT INTO facts_fts(facts_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
      END;`);
    }
    // Nodes embedded before the table existed have no sign code (their vectors are still searched exactly
    // below 5k vectors); `reembed` rebuilds every code.
    db.exec(`CREATE TABLE IF NOT EXISTS vec_codes (
      node_id TEXT PRIMARY KEY REFERENCES nodes(id) ON DELETE CASCADE,
      code    BLOB NOT NULL
    ) WITHOUT ROWID;`);
    for (const [name, column] of [
      ['idx_edges_source', 'source_id'],
      ['idx_edges_target', 'target_id'],
    ] as const) {
      if (indexColumns(db, name).join(',') !== `${column},relation_type`) {
        db.exec(`DROP INDEX IF EXISTS ${name}; CREATE INDEX ${name} ON edges(${column}, relation_type);`);
      }
    }
    // 004 first also made (type, created_at); its final form keeps only (type, event_time).
    db.exec(`DROP INDEX IF EXISTS idx_nodes_type_created; CREATE INDEX IF NOT EXISTS idx_nodes_type_time ON nodes(type, event_time);`);
  },
};
