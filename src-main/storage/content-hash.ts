/**
 * Content hashes of memory rows and the Merkle tree over them (issue 27, seed 004 §1).
 *
 * A row's hash covers what the row *says* — its content, kind, times, validity and provenance — and none of the
 * bookkeeping that changes on every read or decay pass (confidence, access counts, stability, weights, mention
 * counts, vectors): a fingerprint that changed whenever the person searched would prove nothing. The fields are
 * listed once here; the SQL triggers of migration 016, `cli verify` and the diff all hash the same list.
 *
 * The tree: every row is a leaf in one of FANOUT buckets, chosen by a hash of (table, id) so a row never moves
 * between buckets. A bucket's hash is the XOR of its leaves' hashes, so a write changes it in O(1) (XOR out the
 * old leaf, XOR in the new); the root is the SHA-256 of the list of non-empty buckets, read in O(FANOUT) when
 * asked for, never per write. Two trees are diffed bucket by bucket, then leaf by leaf only inside buckets that
 * differ. XOR is an integrity check (corruption, edits, a lost row), not a signature against a forger who can
 * choose many rows; ids are unique per table, so no two leaves cancel.
 *
 * THESE DEFINITIONS ARE PERSISTENT: changing a field list or the encoding changes every stored hash. A change
 * is a new migration that rehashes, never an edit here.
 */
import { hash } from 'node:crypto';
import type { Database } from 'better-sqlite3';

export const HASHED_TABLES = ['nodes', 'edges', 'entities'] as const;
export type HashedTable = (typeof HASHED_TABLES)[number];

/** The meaningful fields of each hashed table, in hashing order (id first). */
export const HASHED_FIELDS: Record<HashedTable, readonly string[]> = {
  nodes: ['id', 'type', 'content', 'event_time', 'created_at', 'valid_from', 'valid_until', 'invalidated_reason', 'source_type', 'source_role', 'session_id', 'attributes'],
  edges: ['id', 'source_id', 'target_id', 'relation_type', 'predicate', 'valid_from', 'valid_until', 'evidence', 'created_at'],
  entities: ['id', 'canonical_name', 'type', 'aliases', 'summary', 'first_seen', 'merged_into', 'attributes'],
};

/** Buckets of the tree: 4096 keeps a bucket to ~25 rows at 100k rows and ~250 at a million. */
export const MERKLE_FANOUT = 4096;
const EMPTY_ACC = '0'.repeat(64);

export type SqlValue = string | number | bigint | Buffer | null;

// The one-shot hash (UTF-8 of the text, hex out) is the streaming hash's result at a third of its cost per call:
// verify hashes every row twice (its content and its bucket), and every write calls it from the triggers.
export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');

/** A row's content hash: SHA-256 of the JSON array [table, ...meaningful fields]. */
export function rowContentHash(table: HashedTable, values: readonly SqlValue[]): string {
  const cells: (string | number | null)[] = [table];
  for (const value of values) cells.push(canonical(value));
  return sha256Hex(JSON.stringify(cells));
}

function canonical(value: SqlValue): string | number | null {
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'bigint') return value.toString();
  return `blob:${value.toString('hex')}`;
}

/** The bucket a row's leaf lives in, fixed by (table, id). */
export function bucketOf(table: string, id: string): number {
  return Number.parseInt(sha256Hex(`${table}\u0000${id}`).slice(0, 3), 16) % MERKLE_FANOUT;
}

/** XOR of 256-bit hex strings (the bucket accumulator). */
export function xorHex(...hexes: readonly string[]): string {
  const out = Buffer.alloc(32);
  for (const hex of hexes) {
    const bytes = Buffer.from(hex, 'hex');
    for (let i = 0; i < 32; i++) out[i] = (out[i] as number) ^ (bytes[i] ?? 0);
  }
  return out.toString('hex');
}

export interface BucketHash {
  bucket: number;
  acc: string;
  n: number;
}

/** The root over a bucket list: SHA-256 of "bucket:acc:n" lines of the non-empty buckets, in bucket order. */
export function merkleRoot(buckets: readonly BucketHash[]): string {
  let text = 'engram-merkle-v1\n';
  for (const b of [...buckets].sort((x, y) => x.bucket - y.bucket)) {
    if (b.n === 0 && b.acc === EMPTY_ACC) continue;
    text += `${b.bucket}:${b.acc}:${b.n}\n`;
  }
  return sha256Hex(text);
}

/** The SQL call that hashes a row of `table` from the trigger row `alias` (NEW/OLD) or a plain column list (''). */
export function rowHashSql(table: HashedTable, alias: string): string {
  const prefix = alias ? `${alias}.` : '';
  return `engram_row_hash('${table}', ${HASHED_FIELDS[table].map((f) => prefix + f).join(', ')})`;
}

/**
 * The SQL functions the hashing triggers call, on this connection. Every connection that writes memory rows
 * needs them (storage/open.ts registers them before migrating); one without them fails its write loudly
 * ("no such function: engram_row_hash") rather than leaving a row unhashed.
 */
export function registerContentHashFunctions(db: Database): void {
  db.function('engram_row_hash', { deterministic: true, varargs: true }, (table: unknown, ...values: unknown[]) => {
    if (!isHashedTable(table)) throw new TypeError(`engram_row_hash: not a hashed table: ${String(table)}`);
    return rowContentHash(table, values as SqlValue[]);
  });
  db.function('engram_bucket', { deterministic: true }, (table: unknown, id: unknown) => bucketOf(String(table), String(id)));
  db.function('engram_xor', { deterministic: true, varargs: true }, (...hexes: unknown[]) => xorHex(...hexes.map((h) => (typeof h === 'string' ? h : EMPTY_ACC))));
}

export const isHashedTable = (value: unknown): value is HashedTable => typeof value === 'string' && (HASHED_TABLES as readonly string[]).includes(value);
