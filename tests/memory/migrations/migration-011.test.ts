import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { migrateTo, openMigrationDb, rowsOf } from '../../helpers/migration-db';
import { expectTalliesMatchRows } from '../../helpers/tallies';

const DAY = 86_400_000;

describe('migration 011 (stability)', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  it('adds stability: identity-like slots start stable, used and restated facts carry their growth, the rest start at 1', () => {
    db = openMigrationDb();
    migrateTo(db, 10);
    const node = db.prepare(
      `INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, confidence, access_count, last_accessed, attributes)
       VALUES (?, ?, ?, 0, 0, 0, 0.6, ?, ?, ?)`,
    );
    node.run('home', 'semantic', 'User lives in Boston', 0, null, JSON.stringify({ slot: 'user.residence', value: 'boston' }));
    node.run('sister', 'semantic', 'Ana is the sister of User', 0, null, JSON.stringify({ slot: 'ana.relation.user' }));
    node.run('lunch', 'semantic', 'User had soup', 0, null, JSON.stringify({ slot: 'user.lunch' }));
    node.run('used', 'semantic', 'User trains for a marathon', 5, 30 * DAY, '{}');
    node.run('restated', 'opinion', 'User prefers tea', 0, null, '{}');
    node.run('bad-json', 'semantic', 'odd', 0, null, 'not json');
    node.run('ep1', 'episodic', 'I prefer tea', 0, null, '{}');
    node.run('ep2', 'episodic', 'Tea, always', 0, null, '{}');
    const edge = db.prepare(`INSERT INTO edges (id, source_id, target_id, relation_type, valid_from, created_at) VALUES (?, ?, ?, 'derived_from', 0, 0)`);
    edge.run('x1', 'restated', 'ep1');
    edge.run('x2', 'restated', 'ep2');
    const nodesBefore = rowsOf(db, 'nodes');

    expect(migrateTo(db, 11)).toBe(11);
    const stability = (id: string) => db.prepare('SELECT stability FROM nodes WHERE id = ?').pluck().get(id) as number;
    expect(stability('home')).toBe(20);
    expect(stability('sister')).toBe(20);
    expect(stability('lunch')).toBe(1);
    expect(stability('used')).toBeCloseTo((1 + 0.5 * Math.log1p(6)) ** 5, 9);
    expect(stability('restated')).toBeCloseTo(1 + 0.5 * Math.log1p(1), 9);
    expect(stability('bad-json')).toBe(1);
    expect(stability('ep1')).toBe(1);
    // Every other column is as it was.
    expect((rowsOf(db, 'nodes') as Record<string, unknown>[]).map(({ stability: _s, ...rest }) => rest)).toEqual(nodesBefore);
    // New rows get the default.
    db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES ('new', 'semantic', 'n', 1, 1, 1)`).run();
    expect(stability('new')).toBe(1);
    expectTalliesMatchRows(db);
  });
});
