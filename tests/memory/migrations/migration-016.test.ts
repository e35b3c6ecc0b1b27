import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { HASHED_FIELDS, rowContentHash, type SqlValue } from '../../../src-main/storage/content-hash';
import { readTree, verifyTree } from '../../../src-main/storage/merkle-tree';
import { migrateTo, openMigrationDb, rowsOf } from '../../helpers/migration-db';

function seed(db: BetterSqlite3.Database): void {
  const node = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES (?, ?, ?, 1, 1, 1)`);
  node.run('n1', 'semantic', 'User lives in Lisbon');
  node.run('n2', 'episodic', 'I moved to Lisbon last spring');
  db.prepare(`INSERT INTO edges (id, source_id, target_id, relation_type, valid_from, created_at) VALUES ('e1', 'n1', 'n2', 'derived_from', 1, 1)`).run();
  db.prepare(`INSERT INTO entities (id, canonical_name, type, first_seen, last_updated) VALUES ('t1', 'Lisbon', 'place', 1, 1)`).run();
}

describe('migration 016 (content hashes and the Merkle tree)', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  it('hashes the rows a memory at 015 already has, and changes nothing else in them', () => {
    db = openMigrationDb();
    migrateTo(db, 15);
    seed(db);
    const before = rowsOf(db, 'nodes') as Record<string, unknown>[];
    expect(migrateTo(db, 16)).toBe(16);
    const after = rowsOf(db, 'nodes') as Record<string, unknown>[];
    expect(after.map(({ content_hash: _h, ...rest }) => rest)).toEqual(before);
    const n1 = db.prepare(`SELECT ${HASHED_FIELDS.nodes.join(', ')}, content_hash FROM nodes WHERE id = 'n1'`).raw(true).get() as SqlValue[];
    expect(n1[n1.length - 1]).toBe(rowContentHash('nodes', n1.slice(0, -1)));
    for (const table of ['nodes', 'edges', 'entities']) {
      expect(db.prepare(`SELECT count(*) AS n FROM ${table} WHERE content_hash IS NULL`).get()).toEqual({ n: 0 });
    }
    const tree = readTree(db);
    expect(tree.rows).toBe(4);
    const report = verifyTree(db);
    expect(report).toMatchObject({ ok: true, findings: [], damagedBuckets: [], rows: 4 });
    expect(report.computedRoot).toBe(tree.root);
  });

  it('keeps hashes and the tree current on insert, change and delete; bookkeeping leaves the root alone', () => {
    db = openMigrationDb();
    migrateTo(db, 16);
    seed(db);
    const root = readTree(db).root;
    db.prepare(`UPDATE nodes SET access_count = access_count + 1, last_accessed = 9, confidence = 0.5, stability = 3 WHERE id = 'n1'`).run();
    db.prepare(`UPDATE edges SET weight = 2 WHERE id = 'e1'`).run();
    db.prepare(`UPDATE entities SET mention_count = 7, last_updated = 9 WHERE id = 't1'`).run();
    expect(readTree(db).root).toBe(root);
    db.prepare(`UPDATE nodes SET valid_until = 5, invalidated_reason = 'superseded' WHERE id = 'n1'`).run();
    const changed = readTree(db).root;
    expect(changed).not.toBe(root);
    db.prepare(`UPDATE nodes SET valid_until = NULL, invalidated_reason = NULL WHERE id = 'n1'`).run();
    expect(readTree(db).root).toBe(root);
    // A delete cascades to the edge; both leave the tree.
    db.prepare(`DELETE FROM nodes WHERE id = 'n2'`).run();
    expect(readTree(db).rows).toBe(2);
    expect(verifyTree(db)).toMatchObject({ ok: true, rows: 2 });
  });

  it('the incrementally kept root equals a full recompute after many random writes', () => {
    db = openMigrationDb();
    migrateTo(db, 16);
    let seedValue = 42;
    const random = () => ((seedValue = (seedValue * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const ids: string[] = [];
    const insert = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES (?, 'semantic', ?, ?, 1, 1)`);
    const edge = db.prepare(`INSERT OR IGNORE INTO edges (id, source_id, target_id, relation_type, valid_from, created_at) VALUES (?, ?, ?, 'causal', 1, 1)`);
    // One transaction: the test is about the tree, not about 1500 fsyncs.
    db.transaction(() => {
      for (let i = 0; i < 1500; i++) {
        const r = random();
        if (r < 0.5 || ids.length < 2) {
          const id = `n${i}`;
          insert.run(id, `fact ${i} ${random()}`, i);
          ids.push(id);
        } else if (r < 0.7) {
          db.prepare('UPDATE nodes SET content = ? WHERE id = ?').run(`edited ${i}`, ids[Math.floor(random() * ids.length)]);
        } else if (r < 0.8) {
          const [victim] = ids.splice(Math.floor(random() * ids.length), 1);
          db.prepare('DELETE FROM nodes WHERE id = ?').run(victim);
        } else if (r < 0.9) {
          edge.run(`e${i}`, ids[Math.floor(random() * ids.length)], ids[Math.floor(random() * ids.length)]);
        } else {
          db.prepare(`INSERT INTO entities (id, canonical_name, type, first_seen, last_updated) VALUES (?, ?, 'concept', 1, 1)`).run(`t${i}`, `thing ${i}`);
        }
      }
    })();
    const report = verifyTree(db);
    expect(report.ok).toBe(true);
    expect(report.computedRoot).toBe(readTree(db).root);
    expect(readTree(db).rows).toBe(report.rows);
  });
});
