import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { approxBlob, floatsFromApprox } from '../../../src-main/memory/vector-index';
import { migrateTo, openMigrationDb, rowsOf } from '../../helpers/migration-db';

describe('migration 007 (int8 copies of node vectors)', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  it('keeps every code of a version 6 file and adds an empty copy beside each', () => {
    db = openMigrationDb();
    migrateTo(db, 6);
    const node = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, confidence) VALUES (?, 'episodic', ?, 1, 1, 1, 1)`);
    node.run('n1', 'first');
    node.run('n2', 'second');
    const code = db.prepare('INSERT INTO vec_codes (node_id, code) VALUES (?, ?)');
    code.run('n1', Buffer.from([1, 2, 3, 4]));
    code.run('n2', Buffer.from([5, 6, 7, 8]));

    expect(migrateTo(db, 7)).toBe(7);
    expect(rowsOf(db, 'vec_codes', 'node_id')).toEqual([
      { node_id: 'n1', code: Buffer.from([1, 2, 3, 4]), approx: null },
      { node_id: 'n2', code: Buffer.from([5, 6, 7, 8]), approx: null },
    ]);
    const v = new Float32Array([0.5, -0.25, 0.125, 0, 0.75, -0.5, 0.25, 0.1]);
    db.prepare('UPDATE vec_codes SET approx = ? WHERE node_id = ?').run(approxBlob(v), 'n1');
    const back = floatsFromApprox((db.prepare(`SELECT approx FROM vec_codes WHERE node_id = 'n1'`).get() as { approx: Buffer }).approx);
    back.forEach((x, i) => expect(x).toBeCloseTo(v[i] as number, 2));
    // The copy goes with its node, like the code.
    db.prepare(`DELETE FROM nodes WHERE id = 'n1'`).run();
    expect(rowsOf(db, 'vec_codes', 'node_id')).toHaveLength(1);
  });
});
