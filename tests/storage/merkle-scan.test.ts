/**
 * verifyTree reads each row as one json_array text made by SQLite (storage/merkle-scan.ts) and falls back to
 * the fields as JS reads them when that text does not hash to the stored hash. These tests hold it to the
 * reference (every field read into JS, hashed by rowContentHash, checked by verifyRows) on a real database
 * file, with the values where SQLite's JSON and JS's differ (reals, blobs, integers past 2^53, control
 * characters, text that is not valid UTF-8) and with rows, hashes, leaves and buckets altered past the triggers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { HASHED_FIELDS, HASHED_TABLES, registerContentHashFunctions, type SqlValue } from '../../src-main/storage/content-hash';
import { type HashedRow, leavesOf, readTree, verifyRows, verifyTree } from '../../src-main/storage/merkle-tree';
import { LATEST_VERSION } from '../../src-main/storage/migration-runner';
import { migrateTo, openMigrationDb } from '../helpers/migration-db';

const PREVIEW = { nodes: 'content', entities: 'canonical_name', edges: 'predicate' } as const;

/** The reference reading: every meaningful field of every row handed to JS, as verify first did it. */
function* referenceRows(db: BetterSqlite3.Database): Generator<HashedRow> {
  for (const table of HASHED_TABLES) {
    const fields = HASHED_FIELDS[table];
    const shownAt = fields.indexOf(PREVIEW[table]);
    for (const row of db.prepare(`SELECT ${fields.join(', ')}, content_hash FROM ${table}`).raw(true).iterate() as Iterable<SqlValue[]>) {
      const text = row[shownAt];
      yield { table, values: row.slice(0, fields.length), storedHash: row[fields.length] ?? null, preview: typeof text === 'string' ? text.slice(0, 80) : null };
    }
  }
}

const reference = (db: BetterSqlite3.Database) => {
  const recorded = readTree(db);
  return verifyRows(referenceRows(db), leavesOf(db), { root: recorded.root, buckets: recorded.buckets });
};

const AWKWARD_TEXTS = ['quote " backslash \\ slash /', 'controls \u0001\u0008\t\n\f\r\u001f\u007f', 'line sep \u2028 para \u2029', 'NUL \u0000 inside', 'émoji 😀 and ü', 'x'.repeat(300)];

function seed(db: BetterSqlite3.Database): void {
  const node = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, valid_until, attributes) VALUES (?, 'semantic', ?, ?, 1, 1, ?, ?)`);
  AWKWARD_TEXTS.forEach((text, i) => node.run(`n${i}`, text, 1_700_000_000_000 + i, null, `{"k":${JSON.stringify(text)}}`));
  for (let i = 0; i < 200; i++) node.run(`p${i}`, `plain fact ${i}`, i, i % 3 === 0 ? i + 1 : null, '{}');
  // Values whose JSON differs between SQLite and JS: reals (1.0, 0.5), an integer past 2^53, a blob.
  node.run('real-int', 'a whole real', 5.0, 7.0, '{}');
  node.run('real-frac', 'a fractional time', 1.5, 0.30000000000000004, '{}');
  node.run('big', 'a time past 2^53', 9_007_199_254_740_993n, null, '{}');
  node.run('blob', 'attributes as a blob', 1, null, Buffer.from('{"a":1}'));
  db.prepare(`INSERT INTO edges (id, source_id, target_id, relation_type, predicate, valid_from, created_at) VALUES ('e1', 'n0', 'n1', 'entity', 'knows', 1, 1)`).run();
  db.prepare(`INSERT INTO entities (id, canonical_name, type, first_seen, last_updated, summary) VALUES ('t1', ?, 'place', 1, 1, ?)`).run('Lisbon', 'café ☕');
}

describe('verify by one json_array text per row', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  function fresh(): BetterSqlite3.Database {
    const d = openMigrationDb();
    registerContentHashFunctions(d);
    migrateTo(d, LATEST_VERSION);
    seed(d);
    return d;
  }

  it('passes an intact memory holding every awkward value, as the reference does', () => {
    db = fresh();
    const report = verifyTree(db);
    expect(report).toMatchObject({ ok: true, findings: [], damagedBuckets: [] });
    expect(report).toEqual(reference(db));
  });

  it('reports exactly what the reference reports when rows, hashes, leaves and buckets are altered past the triggers', () => {
    db = fresh();
    for (const t of HASHED_TABLES) db.exec(`DROP TRIGGER ${t}_hash_update; DROP TRIGGER ${t}_hash_delete`);
    // Invalid UTF-8 in place of text, a real where an integer was, a whole real for the same integer, a blob.
    db.prepare(`UPDATE nodes SET content = CAST(X'E28000FF61' AS TEXT) WHERE id = 'n4'`).run();
    db.prepare(`UPDATE nodes SET event_time = 3.25 WHERE id = 'p3'`).run();
    db.prepare(`UPDATE nodes SET created_at = CAST(1 AS REAL) WHERE id = 'p4'`).run();
    db.prepare(`UPDATE nodes SET valid_until = 9007199254740992 WHERE id = 'big'`).run();
    db.prepare(`UPDATE nodes SET attributes = X'00' WHERE id = 'p5'`).run();
    db.prepare(`UPDATE nodes SET content = 'plain fact 6 (edited)' WHERE id = 'p6'`).run();
    db.prepare(`UPDATE nodes SET content = 'edited with its hash', content_hash = engram_row_hash('nodes', id, type, 'edited with its hash', event_time, created_at, valid_from, valid_until, invalidated_reason, source_type, source_role, session_id, attributes) WHERE id = 'p7'`).run();
    db.prepare(`UPDATE entities SET canonical_name = 'Porto' WHERE id = 't1'`).run();
    db.prepare(`UPDATE edges SET predicate = NULL WHERE id = 'e1'`).run();
    db.prepare(`DELETE FROM nodes WHERE id = 'p8'`).run();
    db.prepare(`DELETE FROM merkle_leaves WHERE id = 'p9'`).run();
    db.prepare(`UPDATE merkle_leaves SET hash = 'zz' WHERE id = 'p10'`).run();
    db.exec('DROP TRIGGER nodes_hash_insert');
    db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES ('ghost', 'semantic', 'written past the triggers', 1, 1, 1)`).run();
    db.prepare(`UPDATE merkle_buckets SET n = n + 1 WHERE bucket = (SELECT min(bucket) FROM merkle_buckets)`).run();
    const report = verifyTree(db);
    expect(report.ok).toBe(false);
    expect(report.findings.map((f) => f.id).sort()).toEqual(expect.arrayContaining(['n4', 'p3', 'p5', 'p6', 'p7', 'p8', 'p9', 'p10', 'ghost', 't1', 'e1']));
    expect(report).toEqual(reference(db));
  });
});
