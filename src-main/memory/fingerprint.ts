/**
 * The memory's fingerprint (the root of its Merkle tree, storage/content-hash.ts), its verification, and the
 * checks of backup files against the tree they carry: `cli verify`, `cli diff`, the Overview's Verify button
 * and restore (restore-check.ts) all come here.
 */
import { basename } from 'node:path';
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { MemoryError } from '../../src-shared/errors';
import { bucketOf, HASHED_FIELDS, HASHED_TABLES, merkleRoot, type SqlValue } from '../storage/content-hash';
import { BucketAccumulators } from '../storage/bucket-accumulators';
import { openFileReadOnly } from '../storage/file-check';
import { diffTrees, type HashedRow, hasTree, readTree, type RowChange, type VerifyReport, verifyRows, verifyTree } from '../storage/merkle-tree';
import { LATEST_VERSION } from '../storage/migration-runner';
import { getMeta, setMeta } from './repo/metadata';

export type { RowChange, RowFinding, VerifyReport } from '../storage/merkle-tree';

export interface MemoryFingerprint {
  /** SHA-256 root over every node, edge and entity's content hash. */
  root: string;
  rows: number;
  /** The last full verification, or null when the memory was never verified. */
  lastVerified: { at: number; ok: boolean; root: string } | null;
}

/** The fingerprint as recorded: O(buckets), no row is read. */
export function fingerprint(db: Database): MemoryFingerprint {
  const tree = readTree(db);
  const at = Number(getMeta(db, 'merkle_verified_at'));
  const root = getMeta(db, 'merkle_verified_root');
  return {
    root: tree.root,
    rows: tree.rows,
    lastVerified: Number.isFinite(at) && at > 0 && root ? { at, ok: getMeta(db, 'merkle_verified_result') === 'ok', root } : null,
  };
}

/** Records a verification of the live memory (the Overview shows when it was last done and how it went). */
export function recordVerification(db: Database, report: VerifyReport, at: number): void {
  setMeta(db, 'merkle_verified_at', String(at));
  setMeta(db, 'merkle_verified_root', report.computedRoot);
  setMeta(db, 'merkle_verified_result', report.ok ? 'ok' : 'failed');
}

/** Verification inside one read transaction of `db` (a read-only connection: it never holds the writer). */
/** Verifies on `reader` (a read-only connection of its own: one snapshot), then closes it. */
export function verifyOnReader(reader: Database): VerifyReport {
  try {
    return verifyInSnapshot(reader);
  } finally {
    reader.close();
  }
}

export function verifyInSnapshot(db: Database): VerifyReport {
  db.exec('BEGIN');
  try {
    return verifyTree(db);
  } finally {
    db.exec('COMMIT');
  }
}

/** Runs `fn` on a read-only connection to a memory file that carries a tree; refuses files that do not. */
function withTreeFile<T>(path: string, fn: (db: Database) => T, options: { nativeBinding?: string; key?: Buffer | null } = {}): T {
  let db: Database;
  try {
    db = openFileReadOnly(path, options);
  } catch (err) {
    throw new MemoryError('invalid_input', `${basename(path)} is not a readable SQLite database (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > LATEST_VERSION) throw new MemoryError('invalid_input', `${basename(path)} was written by a newer Engram (schema ${version}); update Engram to check it.`);
    if (!hasTree(db)) throw new MemoryError('invalid_input', `${basename(path)} carries no fingerprint (schema ${version}: written before Engram recorded content hashes), so there is nothing to check it against.`);
    return fn(db);
  } catch (err) {
    if (err instanceof MemoryError) throw err;
    throw new MemoryError('invalid_input', `${basename(path)} could not be read: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  } finally {
    db.close();
  }
}

/** Whether a database file carries a Merkle tree (schema 016 or later). False for files that cannot be read. */
export function fileHasTree(path: string, options: { nativeBinding?: string; key?: Buffer | null } = {}): boolean {
  try {
    return withTreeFile(path, () => true, options);
  } catch {
    return false;
  }
}

/** Checks a backup (a memory database file) against the tree it carries; names every row that changed or went missing. */
export function verifyDatabaseFile(path: string, options: { nativeBinding?: string; key?: Buffer | null } = {}): VerifyReport {
  return withTreeFile(path, verifyInSnapshot, options);
}

/** Rows added, changed and removed from backup A to backup B, found through their trees. */
export function diffDatabaseFiles(a: string, b: string, options: { nativeBinding?: string; key?: Buffer | null } = {}): RowChange[] {
  return withTreeFile(a, (dbA) => withTreeFile(b, (dbB) => diffTrees(dbA, dbB), options), options);
}

/** One line per finding, for refusals and the CLI: "fact 0190… changed: “User lives in Lisbon”". */
export function describeFindings(report: VerifyReport, limit = 10): string[] {
  const noun = { nodes: 'memory', edges: 'link', entities: 'entity' } as const;
  const lines = report.findings.slice(0, limit).map((f) => `${noun[f.table]} ${f.id} ${f.problem}${f.preview ? `: “${f.preview}”` : ''}`);
  if (report.findings.length > limit) lines.push(`…and ${report.findings.length - limit} more`);
  if (report.damagedBuckets.length > 0) lines.push(`the recorded tree itself was altered in ${report.damagedBuckets.length} bucket(s)`);
  if (lines.length === 0 && !report.ok) lines.push(`the recorded root ${report.recordedRoot.slice(0, 12)}… does not match the rows (${report.computedRoot.slice(0, 12)}…)`);
  return lines;
}

/** Whether rows of `table` are leaves of the tree (facts, links, entities). */
export const isHashedTable = (table: string): boolean => (HASHED_TABLES as readonly string[]).includes(table);

/**
 * The tree of some of a memory's leaves (an export of one space): leaves folded in as they are written, then
 * their root, so `verify` checks the file against what it holds, not against the whole memory.
 */
export class SubsetTree {
  private readonly folded = new BucketAccumulators();

  add([table, id, hash]: readonly [string, string, string]): void {
    this.folded.add(bucketOf(table, id), hash);
  }

  root(): string {
    return merkleRoot(this.folded.buckets());
  }
}

/** The tree as an export carries it: the root, and every leaf so a verify can name a row that went missing. */
export interface ExportedTree {
  root: string;
  leaves: Iterable<[string, string, string]>;
}

export function exportedTree(db: Database): ExportedTree | null {
  if (!hasTree(db)) return null;
  const leaves = db.prepare('SELECT tbl, id, hash FROM merkle_leaves ORDER BY tbl, id').raw(true);
  return { root: readTree(db).root, leaves: { [Symbol.iterator]: () => leaves.iterate() as Iterator<[string, string, string]> } };
}

const exportTreeSchema = z.object({
  root: z.string().regex(/^[0-9a-f]{64}$/),
  leaves: z.array(z.tuple([z.enum(HASHED_TABLES), z.string(), z.string()])),
});

/**
 * Checks the rows of a JSON export against the tree written with it. `tables` are the export's tables (rows
 * as objects), `merkle` its "merkle" section as parsed; a missing or malformed section is refused.
 */
export function verifyExportData(tables: Partial<Record<string, unknown>>, merkle: unknown, shownAs: string): VerifyReport {
  const tree = exportTreeSchema.safeParse(merkle);
  if (!tree.success) throw new MemoryError('invalid_input', `${shownAs} carries no valid fingerprint (written before Engram recorded content hashes, or edited), so there is nothing to check it against.`);
  function* rows(): Generator<HashedRow> {
    for (const table of HASHED_TABLES) {
      const fields = HASHED_FIELDS[table];
      const list: unknown = tables[table];
      for (const item of Array.isArray(list) ? (list as unknown[]) : []) {
        const row = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
        const cell = (name: string): SqlValue => {
          const v = row[name];
          return typeof v === 'string' || typeof v === 'number' ? v : null;
        };
        const preview = cell(table === 'nodes' ? 'content' : table === 'entities' ? 'canonical_name' : 'predicate');
        yield { table, values: fields.map(cell), storedHash: cell('content_hash'), preview: typeof preview === 'string' ? preview.slice(0, 80) : null };
      }
    }
  }
  const leaves = tree.data.leaves.map(([tbl, id, hash]) => ({ tbl, id, hash }));
  return verifyRows(rows(), leaves, { root: tree.data.root, buckets: null });
}
