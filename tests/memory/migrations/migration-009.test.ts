import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { withUpsertTargets } from '../../../src-main/storage/migration-009-tally-upsert-targets';
import { migrateTo, openMigrationDb, rowsOf } from '../../helpers/migration-db';
import { expectTalliesMatchRows } from '../../helpers/tallies';

describe('migration 009 (conflict targets in the tally triggers)', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  it('names a target in every trigger upsert, keeps the rows and counts, and the counts keep following', () => {
    db = openMigrationDb();
    migrateTo(db, 8);
    db.prepare(
      `INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, confidence, source_type) VALUES
       ('a', 'semantic', 'fact a', 1, 1, 1, 0.8, 'manual'), ('b', 'episodic', 'turn b', 1, 1, 1, 1, 'conversation')`,
    ).run();
    db.prepare(`INSERT INTO edges (id, source_id, target_id, relation_type, valid_from, created_at) VALUES ('x', 'a', 'b', 'derived_from', 1, 1)`).run();
    const tallies = () => [rowsOf(db, 'node_tally', 'type, state, source, bucket'), rowsOf(db, 'node_links', 'node_id'), rowsOf(db, 'count_tally', 'name')];
    const before = tallies();

    expect(migrateTo(db, 9)).toBe(9);
    expect(tallies()).toEqual(before);
    const sql = (db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'trigger'`).pluck().all() as string[]).join('\n');
    expect(sql).not.toContain('ON CONFLICT DO UPDATE');
    expect(sql).toContain('ON CONFLICT (type, state, source, bucket, protected) DO UPDATE');
    expect(sql).toContain('ON CONFLICT (node_id) DO UPDATE');
    expect(sql).toContain('ON CONFLICT (name) DO UPDATE');

    // The recreated triggers still count: a new node, a new link, an invalidation, a deleted edge.
    db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, confidence) VALUES ('c', 'opinion', 'likes c', 1, 1, 1, 0.3)`).run();
    db.prepare(`INSERT INTO edges (id, source_id, target_id, relation_type, valid_from, created_at) VALUES ('y', 'c', 'a', 'causal', 1, 1)`).run();
    db.prepare(`UPDATE nodes SET valid_until = 2, invalidated_reason = 'forgotten' WHERE id = 'a'`).run();
    db.prepare(`DELETE FROM edges WHERE id = 'x'`).run();
    expectTalliesMatchRows(db);
  });

  it('rewrites only untargeted upserts into the tally tables', () => {
    const trigger = `CREATE TRIGGER t AFTER INSERT ON edges BEGIN
      INSERT INTO count_tally (name, n) VALUES ('edge:' || new.relation_type, 1) ON CONFLICT DO UPDATE SET n = n + excluded.n;
      INSERT INTO node_links (node_id, n) VALUES (new.source_id, 1) ON CONFLICT DO UPDATE SET n = n + 1;
      INSERT INTO other (k) VALUES (1) ON CONFLICT DO NOTHING;
    END`;
    expect(withUpsertTargets(trigger)).toBe(
      trigger
        .replace("1) ON CONFLICT DO UPDATE SET n = n + excluded.n", '1) ON CONFLICT (name) DO UPDATE SET n = n + excluded.n')
        .replace('1) ON CONFLICT DO UPDATE SET n = n + 1', '1) ON CONFLICT (node_id) DO UPDATE SET n = n + 1'),
    );
    expect(withUpsertTargets(withUpsertTargets(trigger))).toBe(withUpsertTargets(trigger));
  });
});
