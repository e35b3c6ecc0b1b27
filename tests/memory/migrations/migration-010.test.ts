import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { migrateTo, openMigrationDb } from '../../helpers/migration-db';
import { expectTalliesMatchRows } from '../../helpers/tallies';

describe('migration 010 (each version cites only its own sources)', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  it('removes the derived_from edges a correction copied from the version it replaced, and nothing else', () => {
    db = openMigrationDb();
    migrateTo(db, 9);
    const node = db.prepare(
      `INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, valid_until, invalidated_reason, confidence, source_type)
       VALUES (?, ?, ?, 1, ?, 1, ?, ?, 0.8, 'consolidation')`,
    );
    // Episodes: what was said, one per move, plus a restatement of Denver a week later.
    for (const [id, text] of [['e-boston', 'I live in Boston'], ['e-denver', 'I moved to Denver'], ['e-austin', 'I moved to Austin'], ['e-lisbon', 'I moved to Lisbon'], ['e-denver-again', 'Denver is home now']]) {
      node.run(id, 'episodic', text, 10, null, null);
    }
    // The chain as the old code wrote it: each version copied its predecessor's edges at correction time.
    node.run('f-boston', 'semantic', 'User lives in Boston', 100, 200, 'superseded');
    node.run('f-denver', 'semantic', 'User lives in Denver', 200, 300, 'superseded');
    node.run('f-austin', 'semantic', 'User lives in Austin', 300, 400, 'superseded');
    node.run('f-lisbon', 'semantic', 'User lives in Lisbon', 400, null, null);
    node.run('f-tea', 'semantic', 'User prefers tea', 100, null, null);
    const edge = db.prepare(
      `INSERT INTO edges (id, source_id, target_id, relation_type, predicate, valid_from, evidence, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const derived = (id: string, from: string, ep: string, at: number) => edge.run(id, from, ep, 'derived_from', null, at, JSON.stringify([ep]), at);
    derived('d1', 'f-boston', 'e-boston', 100);
    // Denver (write path, t=200): copied Boston's, then its own (also in the supersedes evidence).
    edge.run('s1', 'f-denver', 'f-boston', 'supersedes', 'user.residence changed', 200, JSON.stringify(['e-denver']), 200);
    derived('d2', 'f-denver', 'e-boston', 200);
    derived('d3', 'f-denver', 'e-denver', 200);
    // A later restatement of Denver: its own, whatever its time.
    derived('d4', 'f-denver', 'e-denver-again', 250);
    // Austin (a correction by hand, t=300, no evidence): copied everything Denver had.
    edge.run('s2', 'f-austin', 'f-denver', 'supersedes', 'corrected', 300, '[]', 300);
    derived('d5', 'f-austin', 'e-boston', 300);
    derived('d6', 'f-austin', 'e-denver', 300);
    derived('d7', 'f-austin', 'e-denver-again', 300);
    derived('d8', 'f-austin', 'e-austin', 310);
    // Lisbon (write path, t=400): copied Austin's four, and its own.
    edge.run('s3', 'f-lisbon', 'f-austin', 'supersedes', 'user.residence changed', 400, JSON.stringify(['e-lisbon']), 400);
    for (const [i, ep] of ['e-boston', 'e-denver', 'e-denver-again'].entries()) derived(`d9${i}`, 'f-lisbon', ep, 400);
    derived('d10', 'f-lisbon', 'e-lisbon', 400);
    // A fact outside any chain keeps its edge.
    edge.run('s4', 'f-tea', 'e-boston', 'derived_from', null, 100, JSON.stringify(['e-boston']), 100);
    // Malformed evidence on an unrelated supersedes edge does not stop the migration.
    node.run('f-x', 'semantic', 'x', 500, 600, 'superseded');
    node.run('f-y', 'semantic', 'y', 600, null, null);
    edge.run('s5', 'f-y', 'f-x', 'supersedes', null, 600, 'not json', 600);
    const before = db.prepare('SELECT count(*) FROM edges').pluck().get() as number;

    expect(migrateTo(db, 10)).toBe(10);
    const sources = (id: string) =>
      db.prepare(`SELECT target_id FROM edges WHERE source_id = ? AND relation_type = 'derived_from' ORDER BY target_id`).pluck().all(id);
    expect(sources('f-boston')).toEqual(['e-boston']);
    expect(sources('f-denver')).toEqual(['e-denver', 'e-denver-again']);
    expect(sources('f-austin')).toEqual(['e-austin']);
    expect(sources('f-lisbon')).toEqual(['e-lisbon']);
    expect(sources('f-tea')).toEqual(['e-boston']);
    // The supersedes edges, with why it changed, all stay.
    expect(db.prepare(`SELECT id FROM edges WHERE relation_type = 'supersedes' ORDER BY id`).pluck().all()).toEqual(['s1', 's2', 's3', 's5']);
    expect(db.prepare('SELECT count(*) FROM edges').pluck().get()).toBe(before - 7);
    expectTalliesMatchRows(db);
  });
});
