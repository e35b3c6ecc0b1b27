/**
 * Content hashes and the Merkle tree over the memory (issue 27, seed 004 §1; the construction is described in
 * content-hash.ts). Each node, edge and entity gets a `content_hash` over its meaningful fields;
 * `merkle_leaves` lists every hashed row by bucket (so a diff or a verify can name a row that went missing),
 * and `merkle_buckets` holds each bucket's XOR of its leaves and their count. Triggers keep all three current
 * on every write path: an insert hashes the row and adds its leaf, a change to a meaningful field rehashes it,
 * a delete (cascades included) takes its leaf out; updates of decay bookkeeping fire nothing. Existing rows
 * are hashed here.
 */
import { HASHED_FIELDS, HASHED_TABLES, type HashedTable, registerContentHashFunctions, rowHashSql } from './content-hash';
import type { Migration } from './migrations';

function rowTriggers(table: HashedTable): string {
  const leafOf = (alias: string) => `engram_bucket('${table}', ${alias}.id), '${table}', ${alias}.id`;
  return `
    CREATE TRIGGER ${table}_hash_insert AFTER INSERT ON ${table} BEGIN
      UPDATE ${table} SET content_hash = ${rowHashSql(table, 'new')} WHERE rowid = new.rowid;
      INSERT INTO merkle_leaves (bucket, tbl, id, hash) SELECT ${leafOf('new')}, content_hash FROM ${table} WHERE rowid = new.rowid;
    END;
    CREATE TRIGGER ${table}_hash_update AFTER UPDATE OF ${HASHED_FIELDS[table].join(', ')} ON ${table} BEGIN
      UPDATE ${table} SET content_hash = ${rowHashSql(table, 'new')} WHERE rowid = new.rowid;
      DELETE FROM merkle_leaves WHERE bucket = engram_bucket('${table}', old.id) AND tbl = '${table}' AND id = old.id;
      INSERT INTO merkle_leaves (bucket, tbl, id, hash) SELECT ${leafOf('new')}, content_hash FROM ${table} WHERE rowid = new.rowid;
    END;
    CREATE TRIGGER ${table}_hash_delete AFTER DELETE ON ${table} BEGIN
      DELETE FROM merkle_leaves WHERE bucket = engram_bucket('${table}', old.id) AND tbl = '${table}' AND id = old.id;
    END;`;
}

export const migration016: Migration = {
  version: 16,
  name: 'content hashes and the Merkle tree over nodes, edges and entities',
  up(db) {
    registerContentHashFunctions(db);
    db.exec(`
      CREATE TABLE merkle_leaves (
        bucket INTEGER NOT NULL,
        tbl    TEXT NOT NULL CHECK (tbl IN ('nodes', 'edges', 'entities')),
        id     TEXT NOT NULL,
        hash   TEXT NOT NULL,
        PRIMARY KEY (bucket, tbl, id)
      ) WITHOUT ROWID;
      CREATE TABLE merkle_buckets (
        bucket INTEGER PRIMARY KEY,
        acc    TEXT NOT NULL,
        n      INTEGER NOT NULL
      );
      CREATE TRIGGER merkle_leaf_insert AFTER INSERT ON merkle_leaves BEGIN
        INSERT INTO merkle_buckets (bucket, acc, n) VALUES (new.bucket, new.hash, 1)
          ON CONFLICT (bucket) DO UPDATE SET acc = engram_xor(acc, excluded.acc), n = n + 1;
      END;
      CREATE TRIGGER merkle_leaf_delete AFTER DELETE ON merkle_leaves BEGIN
        UPDATE merkle_buckets SET acc = engram_xor(acc, old.hash), n = n - 1 WHERE bucket = old.bucket;
      END;
      CREATE TRIGGER merkle_leaf_update AFTER UPDATE ON merkle_leaves BEGIN
        UPDATE merkle_buckets SET acc = engram_xor(acc, old.hash), n = n - 1 WHERE bucket = old.bucket;
        INSERT INTO merkle_buckets (bucket, acc, n) VALUES (new.bucket, new.hash, 1)
          ON CONFLICT (bucket) DO UPDATE SET acc = engram_xor(acc, excluded.acc), n = n + 1;
      END;
    `);
    for (const table of HASHED_TABLES) {
      db.exec(`ALTER TABLE ${table} ADD COLUMN content_hash TEXT`);
      db.exec(`UPDATE ${table} SET content_hash = ${rowHashSql(table, '')}`);
      db.exec(`INSERT INTO merkle_leaves (bucket, tbl, id, hash) SELECT engram_bucket('${table}', id), '${table}', id, content_hash FROM ${table}`);
      db.exec(rowTriggers(table));
    }
  },
};
