/**
 * Reading, checking and diffing the Merkle tree of a memory database (content-hash.ts describes the tree;
 * migration 016 keeps it). Works on any connection, read-only included, and hashes in JS: a file being
 * verified is never trusted to compute its own hashes.
 */
import type { Database } from 'better-sqlite3';
import { type BucketHash, bucketOf, HASHED_FIELDS, HASHED_TABLES, type HashedTable, merkleRoot, rowContentHash, type SqlValue, xorHex } from './content-hash';

export interface MerkleTree {
  root: string;
  rows: number;
  buckets: BucketHash[];
}

/** What a row has against the recorded tree. */
export type RowProblem =
  /** The row's content no longer hashes to what was recorded for it. */
  | 'changed'
  /** The tree records the row; the table has no such row. */
  | 'missing'
  /** The table has the row; the tree never recorded it (written past the triggers). */
  | 'unrecorded';

export interface RowFinding {
  table: HashedTable;
  id: string;
  problem: RowProblem;
  /** A few words of the row (a fact's text, an entity's name), when the row is there. */
  preview: string | null;
}

export interface VerifyReport {
  ok: boolean;
  /** The root recorded in the file (its bucket table). */
  recordedRoot: string;
  /** The root of the rows as they are now. */
  computedRoot: string;
  rows: number;
  findings: RowFinding[];
  /** Buckets whose recorded hash is not the XOR of their recorded leaves (the tree itself was edited). */
  damagedBuckets: number[];
}

/** The recorded tree: buckets as stored, root over them. O(FANOUT), never a scan of the rows. */
export function readTree(db: Database): MerkleTree {
  const buckets = db.prepare('SELECT bucket, acc, n FROM merkle_buckets WHERE n != 0 ORDER BY bucket').all() as BucketHash[];
  return { root: merkleRoot(buckets), rows: buckets.reduce((sum, b) => sum + b.n, 0), buckets };
}

export const hasTree = (db: Database): boolean => db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'merkle_buckets'`).get() !== undefined;

const key = (table: string, id: string): string => `${table}\u0000${id}`;

/**
 * Rehash every row from its content and check it against the recorded leaves, and the recorded buckets
 * against their leaves. Names every row that changed, went missing or was never recorded.
 */
export function verifyTree(db: Database, previewChars = 80): VerifyReport {
  const findings: RowFinding[] = [];
  const reported = new Set<string>();
  const current = new Map<string, string>();
  const previews = new Map<string, string | null>();
  const computed = new Map<number, BucketHash>();
  for (const table of HASHED_TABLES) {
    const fields = HASHED_FIELDS[table];
    const shown = table === 'entities' ? 'canonical_name' : table === 'nodes' ? 'content' : 'predicate';
    const select = db.prepare(`SELECT ${fields.join(', ')}, content_hash FROM ${table}`).raw(true);
    const shownAt = fields.indexOf(shown);
    for (const row of select.iterate() as Iterable<SqlValue[]>) {
      const id = String(row[0]);
      const hash = rowContentHash(table, row.slice(0, fields.length));
      current.set(key(table, id), hash);
      const text = row[shownAt];
      previews.set(key(table, id), typeof text === 'string' ? text.slice(0, previewChars) : null);
      addLeaf(computed, bucketOf(table, id), hash);
      // The row's own column disagreeing with its content is a change even when its leaf was edited to match.
      if (row[fields.length] !== hash) {
        findings.push({ table, id, problem: 'changed', preview: previews.get(key(table, id)) ?? null });
        reported.add(key(table, id));
      }
    }
  }
  const recordedLeaves = new Map<number, BucketHash>();
  const seen = new Set<string>();
  for (const leaf of db.prepare('SELECT bucket, tbl, id, hash FROM merkle_leaves').iterate() as Iterable<{ bucket: number; tbl: HashedTable; id: string; hash: string }>) {
    const k = key(leaf.tbl, leaf.id);
    seen.add(k);
    addLeaf(recordedLeaves, leaf.bucket, leaf.hash);
    const now = current.get(k);
    if (now === undefined) findings.push({ table: leaf.tbl, id: leaf.id, problem: 'missing', preview: null });
    else if (now !== leaf.hash && !reported.has(k)) findings.push({ table: leaf.tbl, id: leaf.id, problem: 'changed', preview: previews.get(k) ?? null });
  }
  for (const k of current.keys()) {
    if (seen.has(k)) continue;
    const [table, id] = k.split('\u0000') as [HashedTable, string];
    findings.push({ table, id, problem: 'unrecorded', preview: previews.get(k) ?? null });
  }
  const recorded = readTree(db);
  const damagedBuckets = recorded.buckets
    .filter((b) => {
      const fromLeaves = recordedLeaves.get(b.bucket);
      return !fromLeaves || fromLeaves.acc !== b.acc || fromLeaves.n !== b.n;
    })
    .map((b) => b.bucket);
  for (const b of recordedLeaves.keys()) if (!recorded.buckets.some((r) => r.bucket === b)) damagedBuckets.push(b);
  const computedRoot = merkleRoot([...computed.values()]);
  return {
    ok: findings.length === 0 && damagedBuckets.length === 0 && computedRoot === recorded.root,
    recordedRoot: recorded.root,
    computedRoot,
    rows: current.size,
    findings,
    damagedBuckets,
  };
}

function addLeaf(buckets: Map<number, BucketHash>, bucket: number, hash: string): void {
  const b = buckets.get(bucket);
  if (b) {
    b.acc = xorHex(b.acc, hash);
    b.n += 1;
  } else buckets.set(bucket, { bucket, acc: hash, n: 1 });
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
