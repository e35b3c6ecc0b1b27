import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { LATEST_VERSION } from '../../../src-main/storage/migration-runner';
import { migrateTo, openMigrationDb, rowsOf } from '../../helpers/migration-db';

const VERSION = 19;

const plan = (db: BetterSqlite3.Database, sql: string): string =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail).join(' | ');

describe('migration 019 (covering edge indexes)', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  it('keeps every edge of a version 18 memory and answers walks from either end from the index alone', () => {
    db = openMigrationDb();
    migrateTo(db, VERSION - 1);
    const node = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES (?, 'episodic', ?, 1, 1, 1)`);
    for (const id of ['a', 'b', 'c']) node.run(id, `turn ${id}`);
    const edge = db.prepare(`INSERT INTO edges (id, source_id, target_id, relation_type, valid_from, valid_until, created_at) VALUES (?, ?, ?, ?, 1, ?, 1)`);
    edge.run('e1', 'a', 'b', 'temporal', null);
    edge.run('e2', 'b', 'c', 'temporal', null);
    edge.run('e3', 'c', 'a', 'causal', 5);
    const edgesBefore = rowsOf(db, 'edges');
    const toTarget = `SELECT source_id FROM edges WHERE target_id = 'b' AND relation_type = 'temporal' AND valid_until IS NULL`;
    const fromSource = `SELECT target_id FROM edges WHERE source_id = 'b' AND relation_type = 'temporal' AND valid_until IS NULL`;
    // Before: the target end reads the table for the other end.
    expect(plan(db, toTarget)).not.toContain('COVERING INDEX');

    expect(migrateTo(db, VERSION)).toBe(VERSION);
    expect(LATEST_VERSION).toBeGreaterThanOrEqual(VERSION);
    expect(rowsOf(db, 'edges')).toEqual(edgesBefore);
    expect(plan(db, toTarget)).toContain('COVERING INDEX idx_edges_target');
    expect(plan(db, fromSource)).toMatch(/COVERING INDEX idx_edges_(source|unique)/);
    expect(db.prepare(toTarget).pluck().all()).toEqual(['a']);
    expect(db.prepare(fromSource).pluck().all()).toEqual(['c']);
    // An invalidated edge is found by its validity in the index, and not as current.
    expect(db.prepare(`SELECT source_id FROM edges WHERE target_id = 'a' AND relation_type = 'causal' AND valid_until IS NULL`).pluck().all()).toEqual([]);
    expect(db.prepare(`SELECT source_id FROM edges WHERE target_id = 'a' AND relation_type = 'causal'`).pluck().all()).toEqual(['c']);
  });
});
