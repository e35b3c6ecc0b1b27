/**
 * The fast verify (storage/merkle-tree.ts verifyRows) must report exactly what the first, straightforward one
 * did: the same findings in the same order, the same roots, the same damaged buckets. The first version is
 * kept below as the oracle and both are run over random memories with every kind of damage, including the
 * ones a well-formed database cannot hold but a hand-edited export can (a row twice, a leaf twice, a leaf
 * hash that is not hex).
 */
import { describe, expect, it } from 'vitest';
import { type BucketHash, bucketOf, HASHED_FIELDS, HASHED_TABLES, type HashedTable, merkleRoot, rowContentHash } from '../../src-main/storage/content-hash';
import { type HashedRow, type Leaf, type RowFinding, type VerifyReport, verifyRows } from '../../src-main/storage/merkle-tree';

// ---- the oracle: verifyRows as first written (commit fcc659c), unchanged but for names ----

const key = (table: string, id: string): string => `${table}\u0000${id}`;

class OracleAccumulators {
  private readonly acc = new Map<number, { bytes: Buffer; n: number }>();
  add(bucket: number, hash: string): void {
    const bytes = Buffer.from(hash, 'hex');
    const b = this.acc.get(bucket);
    if (!b) {
      this.acc.set(bucket, { bytes: Buffer.concat([bytes, Buffer.alloc(Math.max(0, 32 - bytes.length))]).subarray(0, 32), n: 1 });
      return;
    }
    for (let i = 0; i < 32; i++) b.bytes[i] = (b.bytes[i] as number) ^ (bytes[i] ?? 0);
    b.n += 1;
  }
  buckets(): BucketHash[] {
    return [...this.acc].map(([bucket, b]) => ({ bucket, acc: b.bytes.toString('hex'), n: b.n }));
  }
}

function oracleDifferingBuckets(a: readonly BucketHash[], b: readonly BucketHash[]): number[] {
  const byBucket = new Map(b.map((x) => [x.bucket, x] as const));
  const out = a.filter((x) => byBucket.get(x.bucket)?.acc !== x.acc || byBucket.get(x.bucket)?.n !== x.n).map((x) => x.bucket);
  const inA = new Set(a.map((x) => x.bucket));
  for (const x of b) if (!inA.has(x.bucket)) out.push(x.bucket);
  return out.sort((x, y) => x - y);
}

function oracleVerifyRows(rows: Iterable<HashedRow>, leaves: Iterable<Leaf>, recorded: { root: string; buckets: readonly BucketHash[] | null }): VerifyReport {
  const findings: RowFinding[] = [];
  const reported = new Set<string>();
  const current = new Map<string, { hash: string; preview: string | null; bucket: number }>();
  const computed = new OracleAccumulators();
  for (const row of rows) {
    const id = String(row.values[0]);
    const hash = rowContentHash(row.table, row.values);
    const bucket = bucketOf(row.table, id);
    current.set(key(row.table, id), { hash, preview: row.preview, bucket });
    computed.add(bucket, hash);
    if (row.storedHash !== hash) {
      findings.push({ table: row.table, id, problem: 'changed', preview: row.preview });
      reported.add(key(row.table, id));
    }
  }
  const fromLeaves = new OracleAccumulators();
  const seen = new Set<string>();
  for (const leaf of leaves) {
    const k = key(leaf.tbl, leaf.id);
    seen.add(k);
    const now = current.get(k);
    fromLeaves.add(now?.bucket ?? bucketOf(leaf.tbl, leaf.id), leaf.hash);
    if (now === undefined) findings.push({ table: leaf.tbl, id: leaf.id, problem: 'missing', preview: null });
    else if (now.hash !== leaf.hash && !reported.has(k)) findings.push({ table: leaf.tbl, id: leaf.id, problem: 'changed', preview: now.preview });
  }
  for (const [k, row] of current) {
    if (seen.has(k)) continue;
    const [table, id] = k.split('\u0000') as [HashedTable, string];
    findings.push({ table, id, problem: 'unrecorded', preview: row.preview });
  }
  const leafBuckets = fromLeaves.buckets();
  const damagedBuckets = recorded.buckets ? oracleDifferingBuckets(recorded.buckets, leafBuckets) : [];
  const leavesRoot = merkleRoot(leafBuckets);
  const computedRoot = merkleRoot(computed.buckets());
  return {
    ok: findings.length === 0 && damagedBuckets.length === 0 && computedRoot === recorded.root && leavesRoot === recorded.root,
    recordedRoot: recorded.root,
    computedRoot,
    rows: current.size,
    findings,
    damagedBuckets,
  };
}

// ---- random memories and their damage ----

function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

function rowOf(table: HashedTable, id: string, text: string): HashedRow {
  const values = HASHED_FIELDS[table].map((field, i) => (i === 0 ? id : field === 'content' || field === 'canonical_name' || field === 'predicate' ? text : field.endsWith('_at') || field.startsWith('valid') ? 1_700_000_000_000 : null));
  return { table, values, storedHash: rowContentHash(table, values), preview: text.slice(0, 80) };
}

interface Case {
  rows: HashedRow[];
  leaves: Leaf[];
  recorded: { root: string; buckets: BucketHash[] | null };
}

/** A consistent memory of `n` rows, then `damage` random edits of every kind. */
function randomCase(seed: number, n: number, damage: number, withBuckets: boolean): Case {
  const random = lcg(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const rows: HashedRow[] = [];
  for (let i = 0; i < n; i++) {
    const table = pick(HASHED_TABLES);
    // Few distinct ids, so some land in the same bucket.
    rows.push(rowOf(table, `${table[0]}${i}`, `text ${i} ${random()}`));
  }
  const leaves: Leaf[] = rows.map((r) => ({ tbl: r.table, id: String(r.values[0]), hash: r.storedHash as string }));
  const tree = new OracleAccumulators();
  for (const l of leaves) tree.add(bucketOf(l.tbl, l.id), l.hash);
  let buckets = tree.buckets();
  const root = merkleRoot(buckets);
  for (let d = 0; d < damage; d++) {
    const r = random();
    const at = Math.floor(random() * rows.length);
    const row = rows[at];
    if (!row) continue;
    if (r < 0.12) {
      // content changed, hash column left alone
      rows[at] = { ...row, values: row.values.map((v, i) => (i === 2 ? `edited ${d}` : v)) };
    } else if (r < 0.22) {
      // content and its hash column rewritten consistently (only the leaf disagrees)
      const values = row.values.map((v, i) => (i === 2 ? `forged ${d}` : v));
      rows[at] = { ...row, values, storedHash: rowContentHash(row.table, values) };
    } else if (r < 0.32) {
      rows.splice(at, 1); // row gone, leaf stays
    } else if (r < 0.42) {
      const leafAt = Math.floor(random() * leaves.length);
      leaves.splice(leafAt, 1); // leaf gone
    } else if (r < 0.5) {
      rows.push(rowOf(pick(HASHED_TABLES), `x${d}`, `unrecorded ${d}`)); // row past the triggers
    } else if (r < 0.58) {
      const leaf = leaves[Math.floor(random() * leaves.length)];
      if (leaf) leaves.push({ ...leaf }); // the same leaf twice
    } else if (r < 0.64) {
      const leaf = leaves[Math.floor(random() * leaves.length)];
      if (leaf) leaves.push({ ...leaf, hash: 'f'.repeat(64) }); // twice, differently
    } else if (r < 0.7) {
      rows.push({ ...row }); // a row twice (an export can say so)
    } else if (r < 0.74) {
      rows.push({ ...row, values: row.values.map((v, i) => (i === 2 ? `dup ${d}` : v)) });
    } else if (r < 0.8) {
      const leafAt = Math.floor(random() * leaves.length);
      const leaf = leaves[leafAt];
      if (leaf) leaves[leafAt] = { ...leaf, hash: pick(['zz', 'abc', '', 'ABCDEF', '0'.repeat(80), 'not hex at all']) };
    } else if (r < 0.86) {
      const leafAt = Math.floor(random() * leaves.length);
      const leaf = leaves[leafAt];
      if (leaf) leaves[leafAt] = { ...leaf, hash: rowContentHash(leaf.tbl, [leaf.id, `leaf edited ${d}`]) };
    } else if (r < 0.92) {
      leaves.push({ tbl: pick(HASHED_TABLES), id: `ghost${d}`, hash: rowContentHash('nodes', [`ghost${d}`]) }); // leaf of no row
    } else if (buckets.length > 0) {
      const b = Math.floor(random() * buckets.length);
      const bucket = buckets[b] as BucketHash;
      buckets = buckets.map((x, i) => (i === b ? { ...bucket, n: bucket.n + (random() < 0.5 ? 1 : -bucket.n) } : x));
    }
  }
  return { rows, leaves, recorded: { root: random() < 0.9 ? root : 'e'.repeat(64), buckets: withBuckets ? buckets : null } };
}

describe('verify reports exactly what the first implementation did', () => {
  it('on consistent memories', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const c = randomCase(seed, 300, 0, true);
      const fast = verifyRows(c.rows, c.leaves, c.recorded);
      expect(fast).toEqual(oracleVerifyRows(c.rows, c.leaves, c.recorded));
      expect(fast.ok).toBe(true);
    }
  });

  it('on memories with every kind of damage, with and without recorded buckets', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const c = randomCase(seed * 7_919, 20 + (seed % 60) * 5, 1 + (seed % 12), seed % 3 !== 0);
      expect(verifyRows(c.rows, c.leaves, c.recorded)).toEqual(oracleVerifyRows(c.rows, c.leaves, c.recorded));
    }
  });

  it('on a row given twice, first changed and then intact, whose leaf disagrees with both', () => {
    const intact = rowOf('nodes', 'a', 'the user plays the cello');
    const changed = { ...intact, values: intact.values.map((v, i) => (i === 2 ? 'the user plays the drums' : v)) };
    const rows = [changed, rowOf('edges', 'b', 'likes'), intact];
    const leaves = [{ tbl: 'nodes' as const, id: 'a', hash: 'cd'.repeat(32) }, { tbl: 'edges' as const, id: 'b', hash: rows[1]?.storedHash as string }];
    const recorded = { root: merkleRoot([]), buckets: [] };
    expect(verifyRows(rows, leaves, recorded)).toEqual(oracleVerifyRows(rows, leaves, recorded));
  });

  it('on an empty memory and on leaves with no rows at all', () => {
    const empty = { root: merkleRoot([]), buckets: [] };
    expect(verifyRows([], [], empty)).toEqual(oracleVerifyRows([], [], empty));
    const leaves = [{ tbl: 'nodes' as const, id: 'a', hash: 'ab'.repeat(32) }, { tbl: 'edges' as const, id: 'b', hash: 'zz' }];
    expect(verifyRows([], leaves, empty)).toEqual(oracleVerifyRows([], leaves, empty));
  });
});
