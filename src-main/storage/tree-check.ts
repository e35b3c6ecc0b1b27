/**
 * The check at the heart of verify: rows already hashed (by whoever read them: a database scan, an export)
 * against the recorded leaves, the leaves against the recorded buckets and the recorded root. Names every row
 * that changed, went missing or was never recorded.
 *
 * One pass over the rows, one over the leaves. The tree of the leaves is not folded leaf by leaf: it is the tree
 * of the rows with the differences applied (a leaf paired with its row by an equal hash cancels out), so an
 * intact memory costs one XOR per row, not two. tests/storage/merkle-verify-equivalence.test.ts holds this to
 * the straightforward two-tree version's reports, finding for finding.
 */
import { BucketAccumulators } from './bucket-accumulators';
import { type BucketHash, bucketOf, type HashedTable, merkleRoot, type SqlValue } from './content-hash';

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

export interface Leaf {
  tbl: HashedTable;
  id: string;
  hash: string;
}

/** A row with its content hashed (content-hash.ts rowContentHash), as verify folds it in. */
export interface RowDigest {
  table: HashedTable;
  id: string;
  /** The hash of the row's content as it is now. */
  hash: string;
  /** The content_hash the row carries. */
  storedHash: SqlValue;
  /** A few words of the row; undefined when the reader left it to `previewOf` (only rows named in the report). */
  preview: string | null | undefined;
  /** The reader's handle on the row for `previewOf` (a rowid). */
  ref: number;
}

export type PreviewLookup = (table: HashedTable, ref: number) => string | null;

/** A row as verify saw it, and what the recorded leaves said of it. */
interface CurrentRow {
  digest: RowDigest;
  bucket: number;
  /** Already named as changed (its own column disagreed with its content). */
  reported: boolean;
  /** Some leaf names this row. */
  seen: boolean;
  /** A leaf with exactly this hash was paired with the row: the two cancel in the tree of the leaves. */
  paired: boolean;
  /** Its place in first-seen order. */
  at: number;
}

export function checkDigests(rows: Iterable<RowDigest>, leaves: Iterable<Leaf>, recorded: { root: string; buckets: readonly BucketHash[] | null }, previewOf: PreviewLookup): VerifyReport {
  const findings: RowFinding[] = [];
  const preview = (row: RowDigest): string | null => (row.preview === undefined ? previewOf(row.table, row.ref) : row.preview);
  // Keyed by id within each table (no composite key string per row); `order` keeps first-seen order for the report.
  const current = new Map<string, Map<string, CurrentRow>>();
  const order: CurrentRow[] = [];
  const tree = new BucketAccumulators();
  // A key given twice (an edited export can): the earlier row counts in the computed tree, never in the leaves'.
  const superseded: CurrentRow[] = [];
  for (const digest of rows) {
    const entry: CurrentRow = { digest, bucket: bucketOf(digest.table, digest.id), reported: false, seen: false, paired: false, at: order.length };
    let byId = current.get(digest.table);
    if (byId === undefined) current.set(digest.table, (byId = new Map()));
    const before = byId.get(digest.id);
    if (before) {
      superseded.push(before);
      entry.reported = before.reported;
      entry.at = before.at;
      order[before.at] = entry;
    } else order.push(entry);
    byId.set(digest.id, entry);
    tree.add(entry.bucket, digest.hash);
    // The row's own column disagreeing with its content is a change even when its leaf was edited to match.
    if (digest.storedHash !== digest.hash) {
      findings.push({ table: digest.table, id: digest.id, problem: 'changed', preview: preview(digest) });
      entry.reported = true;
    }
  }
  const computedRoot = merkleRoot(tree.buckets());
  // From here `tree` becomes the tree of the leaves: rows out, leaves in, each paired row and leaf cancelling.
  for (const leaf of leaves) {
    const now = current.get(leaf.tbl)?.get(leaf.id);
    if (now !== undefined && !now.paired && now.digest.hash === leaf.hash) now.paired = true;
    else tree.add(now?.bucket ?? bucketOf(leaf.tbl, leaf.id), leaf.hash);
    if (now === undefined) {
      findings.push({ table: leaf.tbl, id: leaf.id, problem: 'missing', preview: null });
      continue;
    }
    now.seen = true;
    if (now.digest.hash !== leaf.hash && !now.reported) findings.push({ table: leaf.tbl, id: leaf.id, problem: 'changed', preview: preview(now.digest) });
  }
  for (const row of order) {
    if (!row.paired) tree.remove(row.bucket, row.digest.hash);
    if (!row.seen) findings.push({ table: row.digest.table, id: row.digest.id, problem: 'unrecorded', preview: preview(row.digest) });
  }
  for (const row of superseded) tree.remove(row.bucket, row.digest.hash);
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
