/**
 * ADR 008 §5 schema, deployed in full, plus Engram's additions:
 * - nodes.confidence_base / invalidated_reason (decay from last access; why a node stopped being current),
 * - entities.merged_into (merges are kept for history and undo),
 * - memory_sessions (consolidation state per session), slow_path_queue (durable embedding/linking backlog),
 * - memory_metadata (embedding dimension lock, run timestamps).
 * FTS uses the porter stemmer over unicode61 so "moved" finds "move".
 */
import type { Migration } from './migrations';
import { createVectorTables } from './vector-tables';

export const migration001: Migration = {
  version: 1,
  name: 'initial ADR 008 schema',
  up(db, ctx) {
    db.exec(`
      CREATE TABLE nodes (
        id                 TEXT PRIMARY KEY,
        type               TEXT NOT NULL CHECK(type IN ('episodic','semantic','procedural','opinion')),
        content            TEXT NOT NULL,
        embedding          BLOB,
        event_time         INTEGER NOT NULL,
        created_at         INTEGER NOT NULL,
        valid_from         INTEGER NOT NULL,
        valid_until        INTEGER,
        invalidated_reason TEXT CHECK(invalidated_reason IN ('superseded','forgotten','pruned')),
        confidence         REAL NOT NULL DEFAULT 1.0,
        confidence_base    REAL NOT NULL DEFAULT 1.0,
        access_count       INTEGER NOT NULL DEFAULT 0,
        last_accessed      INTEGER,
        decay_rate         REAL NOT NULL DEFAULT 0.1,
        source_type        TEXT,
        source_role        TEXT,
        session_id         TEXT,
        attributes         TEXT NOT NULL DEFAULT '{}'
      );

      CREATE TABLE edges (
        id            TEXT PRIMARY KEY,
        source_id     TEXT NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
        target_id     TEXT NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
        relation_type TEXT NOT NULL CHECK(relation_type IN ('temporal','causal','entity','derived_from','supersedes')),
        predicate     TEXT,
        weight        REAL NOT NULL DEFAULT 1.0,
        confidence    REAL NOT NULL DEFAULT 1.0,
        valid_from    INTEGER NOT NULL,
        valid_until   INTEGER,
        evidence      TEXT NOT NULL DEFAULT '[]',
        created_at    INTEGER NOT NULL
      );

      CREATE TABLE entities (
        id             TEXT PRIMARY KEY,
        canonical_name TEXT NOT NULL,
        type           TEXT NOT NULL CHECK(type IN ('person','project','organization','place','concept','tool')),
        aliases        TEXT NOT NULL DEFAULT '[]',
        summary        TEXT,
        embedding      BLOB,
        first_seen     INTEGER NOT NULL,
        last_updated   INTEGER NOT NULL,
        mention_count  INTEGER NOT NULL DEFAULT 0,
        merged_into    TEXT REFERENCES entities(id),
        attributes     TEXT NOT NULL DEFAULT '{}'
      );

      CREATE TABLE node_entities (
        node_id   TEXT NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
        entity_id TEXT NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
        PRIMARY KEY (node_id, entity_id)
      ) WITHOUT ROWID;
      CREATE INDEX idx_ne_entity ON node_entities(entity_id);

      CREATE INDEX idx_nodes_type ON nodes(type);
      CREATE INDEX idx_nodes_event_time ON nodes(event_time);
      CREATE INDEX idx_nodes_valid ON nodes(valid_from, valid_until);
      CREATE INDEX idx_nodes_confidence ON nodes(confidence);
      CREATE INDEX idx_nodes_session ON nodes(session_id, event_time);
      CREATE INDEX idx_nodes_created ON nodes(created_at);
      CREATE INDEX idx_edges_relation ON edges(relation_type);
      -- Composite so lookups from a node beat idx_edges_relation, which matches most of the table.
      CREATE INDEX idx_edges_source ON edges(source_id, relation_type);
      CREATE INDEX idx_edges_target ON edges(target_id, relation_type);
      CREATE INDEX idx_edges_valid ON edges(valid_from, valid_until);
      CREATE UNIQUE INDEX idx_edges_unique ON edges(source_id, target_id, relation_type, ifnull(predicate, ''));
      CREATE INDEX idx_entities_type ON entities(type);
      CREATE INDEX idx_entities_name ON entities(canonical_name COLLATE NOCASE);

      CREATE VIRTUAL TABLE nodes_fts USING fts5(
        content,
        content=nodes,
        content_rowid=rowid,
        tokenize='porter unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER nodes_fts_insert AFTER INSERT ON nodes BEGIN
        INSERT INTO nodes_fts(rowid, content) VALUES (new.rowid, new.content);
      END;
      CREATE TRIGGER nodes_fts_update AFTER UPDATE OF content ON nodes BEGIN
        INSERT INTO nodes_fts(nodes_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
        INSERT INTO nodes_fts(rowid, content) VALUES (new.rowid, new.content);
      END;
      CREATE TRIGGER nodes_fts_delete AFTER DELETE ON nodes BEGIN
        INSERT INTO nodes_fts(nodes_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
      END;

      -- Facts-only index (non-episodic rows): fact searches and context packs score a few thousand facts
      -- instead of every matching episode. Partial by trigger, so never 'rebuild' it (that would index all).
      CREATE VIRTUAL TABLE facts_fts USING fts5(
        content,
        content=nodes,
        content_rowid=rowid,
        tokenize='porter unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER facts_fts_insert AFTER INSERT ON nodes WHEN new.type != 'episodic' BEGIN
        INSERT INTO facts_fts(rowid, content) VALUES (new.rowid, new.content);
      END;
      CREATE TRIGGER facts_fts_update AFTER UPDATE OF content ON nodes WHEN old.type != 'episodic' BEGIN
        INSERT INTO facts_fts(facts_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
        INSERT INTO facts_fts(rowid, content) VALUES (new.rowid, new.content);
      END;
      CREATE TRIGGER facts_fts_delete AFTER DELETE ON nodes WHEN old.type != 'episodic' BEGIN
        INSERT INTO facts_fts(facts_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
      END;

      CREATE TABLE memory_sessions (
        id               TEXT PRIMARY KEY,
        started_at       INTEGER NOT NULL,
        last_event_at    INTEGER NOT NULL,
        episode_count    INTEGER NOT NULL DEFAULT 0,
        status           TEXT NOT NULL DEFAULT 'open' CHECK(status IN ('open','completed','consolidated','failed')),
        completed_at     INTEGER,
        consolidated_at  INTEGER,
        attempts         INTEGER NOT NULL DEFAULT 0,
        last_error       TEXT
      ) WITHOUT ROWID;
      CREATE INDEX idx_sessions_status ON memory_sessions(status);

      CREATE TABLE slow_path_queue (
        node_id         TEXT PRIMARY KEY REFERENCES nodes(id) ON DELETE CASCADE,
        enqueued_at     INTEGER NOT NULL,
        attempts        INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        last_error      TEXT
      ) WITHOUT ROWID;
      CREATE INDEX idx_slow_due ON slow_path_queue(next_attempt_at, enqueued_at);

      -- Sign bits of each node vector: the fast candidate index for large memories (see vector-index.ts).
      CREATE TABLE vec_codes (
        node_id TEXT PRIMARY KEY REFERENCES nodes(id) ON DELETE CASCADE,
        code    BLOB NOT NULL
      ) WITHOUT ROWID;

      CREATE TABLE memory_metadata (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
    createVectorTables(db, ctx.dimensions);
    const setMeta = db.prepare('INSERT OR REPLACE INTO memory_metadata(key, value) VALUES (?, ?)');
    setMeta.run('embedding_dimensions', String(ctx.dimensions));
    setMeta.run('created_at', String(ctx.now));
  },
};
