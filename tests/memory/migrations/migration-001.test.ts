import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { getMeta } from '../../../src-main/memory/repo/metadata';
import { MIGRATION_TEST_DIMENSIONS, migrateTo, openMigrationDb } from '../../helpers/migration-db';

const vector = (n: number): Buffer => Buffer.from(new Float32Array(Array.from({ length: n }, (_, i) => (i + 1) / n)).buffer);

describe('migration 001 (initial ADR 008 schema)', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  it('turns an empty file (version 0) into the graph schema, with the vector width and creation time recorded', () => {
    db = openMigrationDb();
    expect(migrateTo(db, 0)).toBe(0);
    expect(db.prepare(`SELECT count(*) AS n FROM sqlite_master`).get()).toEqual({ n: 0 });

    expect(migrateTo(db, 1)).toBe(1);
    expect(getMeta(db, 'embedding_dimensions')).toBe(String(MIGRATION_TEST_DIMENSIONS));
    expect(getMeta(db, 'created_at')).toBe('1700000000000');
    // Only version 1: nothing of the later migrations yet.
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE name IN ('chat_sessions', 'writepath_runs')`).all()).toEqual([]);
  });

  it('indexes what is written for full-text search (facts also in the facts-only index) and keeps the graph consistent', () => {
    db = openMigrationDb();
    migrateTo(db, 1);
    const node = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES (?, ?, ?, 1, 1, 1)`);
    node.run('e1', 'episodic', 'I moved to Lisbon in March');
    node.run('f1', 'semantic', 'The user lives in Lisbon');
    db.prepare(`INSERT INTO entities (id, canonical_name, type, first_seen, last_updated) VALUES ('p1', 'Lisbon', 'place', 1, 1)`).run();
    db.prepare(`INSERT INTO node_entities (node_id, entity_id) VALUES ('f1', 'p1')`).run();
    db.prepare(`INSERT INTO edges (id, source_id, target_id, relation_type, valid_from, created_at) VALUES ('d1', 'f1', 'e1', 'derived_from', 1, 1)`).run();

    const match = (table: string, q: string): string[] =>
      (db.prepare(`SELECT n.id FROM ${table} JOIN nodes n ON n.rowid = ${table}.rowid WHERE ${table} MATCH ? ORDER BY n.id`).all(q) as { id: string }[]).map((r) => r.id);
    expect(match('nodes_fts', 'lisbon')).toEqual(['e1', 'f1']);
    expect(match('nodes_fts', 'move')).toEqual(['e1']); // porter stemming: "moved" → "move"
    expect(match('facts_fts', 'lisbon')).toEqual(['f1']);

    db.prepare(`UPDATE nodes SET content = 'The user lives in Porto' WHERE id = 'f1'`).run();
    expect(match('facts_fts', 'lisbon')).toEqual([]);
    expect(match('facts_fts', 'porto')).toEqual(['f1']);

    // Deleting a node takes its edges and entity links with it.
    db.prepare(`DELETE FROM nodes WHERE id = 'f1'`).run();
    expect(db.prepare(`SELECT count(*) AS n FROM edges`).get()).toEqual({ n: 0 });
    expect(db.prepare(`SELECT count(*) AS n FROM node_entities`).get()).toEqual({ n: 0 });
    expect(match('nodes_fts', 'porto')).toEqual([]);
    db.prepare(`INSERT INTO nodes_fts(nodes_fts) VALUES ('integrity-check')`).run();
  });

  it('refuses rows the schema forbids, and vectors of another width', () => {
    db = openMigrationDb();
    migrateTo(db, 1);
    expect(() => db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES ('x', 'dream', 'x', 1, 1, 1)`).run()).toThrow(/CHECK/);
    db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES ('a', 'episodic', 'a', 1, 1, 1)`).run();
    expect(() =>
      db.prepare(`INSERT INTO edges (id, source_id, target_id, relation_type, valid_from, created_at) VALUES ('e', 'a', 'missing', 'temporal', 1, 1)`).run(),
    ).toThrow(/FOREIGN KEY/);
    db.prepare(`INSERT INTO vec_nodes (node_id, embedding, node_type, active) VALUES ('a', ?, 'episodic', 1)`).run(vector(MIGRATION_TEST_DIMENSIONS));
    expect(() => db.prepare(`INSERT INTO vec_nodes (node_id, embedding, node_type, active) VALUES ('b', ?, 'episodic', 1)`).run(vector(MIGRATION_TEST_DIMENSIONS + 1))).toThrow(
      /dimension/i,
    );
  });
});
