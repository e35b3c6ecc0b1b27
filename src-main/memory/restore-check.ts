/**
 * Everything a file must pass before it replaces the memory, run on a private working copy (never on the
 * person's file, never on the live memory): SQLite's integrity check off this thread, a read-only look at its
 * version and tables, its rows against the fingerprint it carries (fingerprint.ts), then a full engine start on it (older files are migrated as they would be), its schema
 * compared with Engram's, and its vector tables queried and written. A file that fails is refused with the
 * reason; nothing it contains has run against the real memory.
 */
import { basename } from 'node:path';
import type { Logger } from '../../src-shared/clock';
import { MemoryError } from '../../src-shared/errors';
import { checkDatabaseFile, type DatabaseCheck } from '../storage/file-check';
import { schemaDifferences } from '../storage/schema-check';
import { probeVectorTables } from '../storage/vector-tables';
import type { Database } from 'better-sqlite3';
import type { MemoryEngineOptions } from './engine-options';
import { describeFindings, fileHasTree, verifyDatabaseFile } from './fingerprint';
import type { EncryptionOptions } from '../storage/memory-key';
import { getMeta } from './repo/metadata';

/** What the check needs of an engine started on the candidate (MemoryEngine.open passes itself). */
export interface CandidateEngine {
  readonly database: Database;
  close(): Promise<void>;
}

export interface RestoreCandidateOptions {
  /** Name shown in refusals (the file the person chose; the copy's own name means nothing to them). */
  shownAs: string;
  nativeBinding?: string;
  integrityTimeoutMs?: number;
  /** The live memory's encryption (MemoryEngine.encryptionForCopies): its backups open with its key. */
  encryption?: EncryptionOptions;
}

/** The candidate's start writes nothing a person needs to read: its notices are kept for the refusal. */
class NoticeCollector implements Logger {
  readonly lines: string[] = [];
  warn(m: string): void {
    this.lines.push(m);
  }
  error(m: string, cause?: unknown): void {
    this.lines.push(`${m}${cause ? `: ${String(cause)}` : ''}`);
  }
}

const refuse = (shownAs: string, why: string): MemoryError => new MemoryError('invalid_input', `${shownAs} was not restored: ${why}. Nothing was changed.`);

/**
 * Throws `invalid_input` naming what is wrong; returns what the file holds. `copy` may be migrated in place.
 * The engine is started through `open` (MemoryEngine.checkRestoreCandidate), so this module sits below it.
 */
export async function checkRestoreCandidate(
  copy: string,
  options: RestoreCandidateOptions,
  open: (engine: MemoryEngineOptions) => CandidateEngine,
): Promise<DatabaseCheck> {
  const binding = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {};
  let check: DatabaseCheck;
  try {
    check = await checkDatabaseFile(copy, { ...binding, key: options.encryption?.key ?? null, ...(options.integrityTimeoutMs ? { timeoutMs: options.integrityTimeoutMs } : {}) });
  } catch (err) {
    // The copy's name is ours; the person knows the file they chose.
    if (err instanceof MemoryError) throw new MemoryError(err.code, err.message.split(basename(copy)).join(options.shownAs), { cause: err });
    throw err;
  }
  // A backup that carries a fingerprint must still match it (before the start below migrates the copy).
  const withKey = { ...binding, key: options.encryption?.key ?? null };
  if (fileHasTree(copy, withKey)) {
    const report = verifyDatabaseFile(copy, withKey);
    if (!report.ok) throw refuse(options.shownAs, `it no longer matches its fingerprint (${describeFindings(report, 5).join('; ')})`);
  }
  let engine: CandidateEngine;
  const notices = new NoticeCollector();
  try {
    // A plaintext backup restored into an encrypted memory stays plaintext: no key file is made beside the copy.
    engine = open({ dbPath: copy, startSlowPath: false, logger: notices, encryption: { plaintext: true, ...options.encryption }, ...binding });
  } catch (err) {
    if (err instanceof MemoryError && err.code === 'key_unavailable') throw new MemoryError(err.code, err.message.split(copy).join(options.shownAs), { cause: err });
    throw refuse(options.shownAs, `Engram cannot start on it (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    const db = engine.database;
    const dimensions = Number(getMeta(db, 'embedding_dimensions'));
    if (!Number.isInteger(dimensions) || dimensions < 1) throw refuse(options.shownAs, 'it records no valid vector width');
    const differences = schemaDifferences(db, { dimensions, ...binding });
    if (differences.length > 0) {
      throw refuse(options.shownAs, `its structure is not Engram's (${differences.slice(0, 5).join('; ')}${differences.length > 5 ? '; …' : ''})`);
    }
    try {
      probeVectorTables(db, dimensions);
    } catch (err) {
      throw refuse(options.shownAs, `its vector tables are damaged, so recording and search would fail (${err instanceof Error ? err.message : String(err)})`);
    }
    return check;
  } finally {
    await engine.close();
  }
}
