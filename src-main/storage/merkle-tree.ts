/**
 * Reading, checking and diffing the Merkle tree of a memory database (content-hash.ts describes the tree;
 * migration 016 keeps it). Works on any connection, read-only included, and hashes in JS: a file being
 * verified is never trusted to compute its own hashes.
 */
import type { Database } from 'better-sqlite3';
import { BucketAccumulators } from './bucket-accumulators';
import { type BucketHash, bucketOf, HASHED_FIELDS, HASHED_TABLES, type HashedTable, merkleRoot, rowContentHash, type SqlValue } from './content-hash';

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
  /** The root recorded with the memory (its bucket table, or an export's header). */
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

/** A hashed row as read from a database or an export: its meaningful fields in HASHED_FIELDS order. */
export interface HashedRow {
  table: HashedTable;
  values: readonly SqlValue[];
  /** The content_hash the row carries. */
  storedHash: SqlValue;
  preview: string | null;
}

export interface Leaf {
  tbl: HashedTable;
  id: string;
  hash: string;
}

/** A row as verify saw it, and what the recorded leaves said of it. */
interface CurrentRow {
  table: HashedTable;
  id: string;
  hash: string;
  bucket: number;
  preview: string | null;
  /** Already named as changed (its own column disagreed with its content). */
  reported: boolean;
  /** Some leaf names this row. */
  seen: boolean;
  /** A leaf with exactly this hash was paired with the row: the two cancel in the tree of the leaves. */
  paired: boolean;
  /** Its place in first-seen order. */
  at: number;
}

/**
 * Rehash every row from its content and check it against the recorded leaves, the leaves against the recorded
 * buckets (when the source keeps them) and the recorded root. Names every row that changed, went missing or
 * was never recorded.
 *
 * One pass over the rows, one over the leaves. The tree of the leaves is not folded leaf by leaf: it is the tree
 * of the rows with the differences applied (a leaf paired with its row by an equal hash cancels out), so an
 * intact memory costs one XOR per row, not two.
 */
export function verifyRows(rows: Iterable<HashedRow>, leaves: Iterable<Leaf>, recorded: { root: string; buckets: readonly BucketHash[] | null }): VerifyReport {
  const findings: RowFinding[] = [];
  // Keyed by id within each table (no composite key string per row); `order` keeps first-seen order for the report.
  const current = new Map<string, Map<string, CurrentRow>>();
  const order: CurrentRow[] = [];
  const tree = new BucketAccumulators();
  // A key given twice (an edited export can): the earlier row counts in the computed tree, never in the leaves'.
  const superseded: CurrentRow[] = [];
  for (const row of rows) {
    const id = String(row.values[0]);
    const hash = rowContentHash(row.table, row.values);
    const entry: CurrentRow = { table: row.table, id, hash, bucket: bucketOf(row.table, id), preview: row.preview, reported: false, seen: false, paired: false, at: order.length };
    let byId = current.get(row.table);
    if (byId === undefined) current.set(row.table, (byId = new Map()));
    const before = byId.get(id);
    if (before) {
      superseded.push(before);
      entry.reported = before.reported;
      entry.at = before.at;
      order[before.at] = entry;
    } else order.push(entry);
    byId.set(id, entry);
    tree.add(entry.bucket, hash);
    // The row's own column disagreeing with its content is a change even when its leaf was edited to match.
    if (row.storedHash !== hash) {
      findings.push({ table: row.table, id, problem: 'changed', preview: row.preview });
      entry.reported = true;
    }
  }
  const computedRoot = merkleRoot(tree.buckets());
  // From here `tree` becomes the tree of the leaves: rows out, leaves in, each paired row and leaf cancelling.
  for (const leaf of leaves) {
    const now = current.get(leaf.tbl)?.get(leaf.id);
    if (now !== undefined && !now.paired && now.hash === leaf.hash) now.paired = true;
    else tree.add(now?.bucket ?? bucketOf(leaf.tbl, leaf.id), leaf.hash);
    if (now === undefined) {
      findings.push({ table: leaf.tbl, id: leaf.id, problem: 'missing', preview: null });
      continue;
    }
    now.seen = true;
    if (now.hash !== leaf.hash && !now.reported) findings.push({ table: leaf.tbl, id: leaf.id, problem: 'changed', preview: now.preview });
  }
  for (const row of order) {
    if (!row.paired) tree.remove(row.bucket, row.hash);
    if (!row.seen) findings.push({ table: row.table, id: row.id, problem: 'unrecorded', preview: row.preview });
  }
  for (const row of superseded) tree.remove(row.bucket, row.hash);
  const leafBuckets = tree.buckets();
  const damagedBuckets = recorded.buckets ? differingBuckets(recorded.buckets, leafBuckets) : [];
  const leavesRoot = merkleRoot(leafBuckets);
  return {
    ok: findings.length === 0 && damagedBuckets.length === 0 && computedRoot === recorded.root && leavesRoot === recorded.root,
    recordedRoot: recorded.root,
    computedRoot,
    rows: order.length,
    findings,
    damagedBuckets,
  };
}

function differingBuckets(a: readonly BucketHash[], b: readonly BucketHash[]): number[] {
  const byBucket = new Map(b.map((x) => [x.bucket, x] as const));
  const out = a.filter((x) => byBucket.get(x.bucket)?.acc !== x.acc || byBucket.get(x.bucket)?.n !== x.n).map((x) => x.bucket);
  const inA = new Set(a.map((x) => x.bucket));
  for (const x of b) if (!inA.has(x.bucket)) out.push(x.bucket);
  return out.sort((x, y) => x - y);
}

/** A row's preview column: a fact's text, an entity's name, an edge's predicate. */
const PREVIEW_FIELD: Record<HashedTable, string> = { nodes: 'content', entities: 'canonical_name', edges: 'predicate' };

/** The hashed rows of a database, streamed. */
export function* hashedRowsOf(db: Database, previewChars = 80): Generator<HashedRow> {
  for (const table of HASHED_TABLES) {
    const fields = HASHED_FIELDS[table];
    const shownAt = fields.indexOf(PREVIEW_FIELD[table]);
    for (const row of db.prepare(`SELECT ${fields.join(', ')}, content_hash FROM ${table}`).raw(true).iterate() as Iterable<SqlValue[]>) {
      const text = row[shownAt];
      yield { table, values: row.slice(0, fields.length), storedHash: row[fields.length] ?? null, preview: typeof text === 'string' ? text.slice(0, previewChars) : null };
    }
  }
}

/** The recorded leaves of a database, streamed. */
export function leavesOf(db: Database): Iterable<Leaf> {
  return db.prepare('SELECT tbl, id, hash FROM merkle_leaves').iterate() as Iterable<Leaf>;
}

/** Verify a database against the tree it carries (rows, leaves and buckets all read from `db`). */
export function verifyTree(db: Database): VerifyReport {
  const recorded = readTree(db);
  return verifyRows(hashedRowsOf(db), leavesOf(db), { root: recorded.root, buckets: recorded.buckets });
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
