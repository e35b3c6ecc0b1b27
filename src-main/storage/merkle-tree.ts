/**
 * Reading, checking and diffing the Merkle tree of a memory database (content-hash.ts describes the tree;
 * migration 016 keeps it). Works on any connection, read-only included, and hashes in JS: a file being
 * verified is never trusted to compute its own hashes. Verify = merkle-scan.ts (rows hashed, one pass per
 * table) + tree-check.ts (rows against leaves, buckets and root).
 */
import type { Database } from 'better-sqlite3';
import { type BucketHash, type HashedTable, merkleRoot, rowContentHash, type SqlValue } from './content-hash';
import { previewLookup, rowDigestsOf } from './merkle-scan';
import { checkDigests, type Leaf, type RowDigest, type VerifyReport } from './tree-check';

export interface MerkleTree {
  root: string;
  rows: number;
  buckets: BucketHash[];
}

export type { Leaf, RowFinding, RowProblem, VerifyReport } from './tree-check';

/** The recorded tree: buckets as stored, root over them. O(FANOUT), never a scan of the rows. */
export function readTree(db: Database): MerkleTree {
  const buckets = db.prepare('SELECT bucket, acc, n FROM merkle_buckets WHERE n != 0 ORDER BY bucket').all() as BucketHash[];
  return { root: merkleRoot(buckets), rows: buckets.reduce((sum, b) => sum + b.n, 0), buckets };
}

export const hasTree = (db: Database): boolean => db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'merkle_buckets'`).get() !== undefined;

const key = (table: string, id: string): string => `${table}\u0000${id}`;

/** A hashed row as read from a database or an export: its meaningful fields in HASHED_FIELDS order. */
export interface HashedRow {
  table: HashedTable;
  values: readonly SqlValue[];
  /** The content_hash the row carries. */
  storedHash: SqlValue;
  preview: string | null;
}

/** Rehash every row from its content and check it against the recorded leaves and root (tree-check.ts). */
export function verifyRows(rows: Iterable<HashedRow>, leaves: Iterable<Leaf>, recorded: { root: string; buckets: readonly BucketHash[] | null }): VerifyReport {
  function* digests(): Generator<RowDigest> {
    for (const row of rows) {
      yield { table: row.table, id: String(row.values[0]), hash: rowContentHash(row.table, row.values), storedHash: row.storedHash, preview: row.preview, ref: 0 };
    }
  }
  return checkDigests(digests(), leaves, recorded, () => null);
}

/** The recorded leaves of a database, streamed. */
export function leavesOf(db: Database): Iterable<Leaf> {
  return db.prepare('SELECT tbl, id, hash FROM merkle_leaves').iterate() as Iterable<Leaf>;
}

/** Verify a database against the tree it carries (rows, leaves and buckets all read from `db`). */
export function verifyTree(db: Database): VerifyReport {
  const recorded = readTree(db);
  return checkDigests(rowDigestsOf(db), leavesOf(db), { root: recorded.root, buckets: recorded.buckets }, previewLookup(db));
}

export interface RowChange {
  table: HashedTable;
  id: string;
  change: 'added' | 'removed' | 'changed';
  /** A few words of the row as it is in B (as it was in A when removed). */
  preview: string | null;
}

/**
 * What changed from memory A to memory B, by their trees: buckets that differ, then the leaves of those
 * buckets only. The work is proportional to the change (times a bucket's size), not to the memory.
 */
export function diffTrees(a: Database, b: Database): RowChange[] {
  const bucketsOf = (db: Database) => new Map(readTree(db).buckets.map((x) => [x.bucket, x] as const));
  const treeA = bucketsOf(a);
  const treeB = bucketsOf(b);
  const differing = new Set<number>();
  for (const [bucket, x] of treeA) if (treeB.get(bucket)?.acc !== x.acc || treeB.get(bucket)?.n !== x.n) differing.add(bucket);
  for (const bucket of treeB.keys()) if (!treeA.has(bucket)) differing.add(bucket);
  const leaves = (db: Database, bucket: number) =>
    new Map((db.prepare('SELECT tbl, id, hash FROM merkle_leaves WHERE bucket = ?').all(bucket) as { tbl: HashedTable; id: string; hash: string }[]).map((l) => [key(l.tbl, l.id), l] as const));
  const changes: RowChange[] = [];
  for (const bucket of [...differing].sort((x, y) => x - y)) {
    const inA = leaves(a, bucket);
    const inB = leaves(b, bucket);
    for (const [k, leaf] of inB) {
      const before = inA.get(k);
      if (!before) changes.push({ table: leaf.tbl, id: leaf.id, change: 'added', preview: previewOf(b, leaf.tbl, leaf.id) });
      else if (before.hash !== leaf.hash) changes.push({ table: leaf.tbl, id: leaf.id, change: 'changed', preview: previewOf(b, leaf.tbl, leaf.id) });
    }
    for (const [k, leaf] of inA) if (!inB.has(k)) changes.push({ table: leaf.tbl, id: leaf.id, change: 'removed', preview: previewOf(a, leaf.tbl, leaf.id) });
  }
  return changes;
}

function previewOf(db: Database, table: HashedTable, id: string, chars = 80): string | null {
  const column = table === 'nodes' ? 'content' : table === 'entities' ? 'canonical_name' : "source_id || ' ' || coalesce(predicate, relation_type) || ' ' || target_id";
  const row = db.prepare(`SELECT ${column} AS text FROM ${table} WHERE id = ?`).get(id) as { text: string | null } | undefined;
  return row?.text ? row.text.slice(0, chars) : null;
}
