/**
 * `verify` of a backup or an export against the fingerprint written with it (memory/fingerprint.ts). A backup
 * is a memory database and carries its own tree; a JSON export carries the root and leaves of the snapshot it
 * was written from. What the file is, is read from its first bytes.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { describeFindings, MemoryEngine, verifyExportData, type VerifyReport } from '../memory';
import { AppError } from '../../src-shared/errors';
import { MAX_SNAPSHOT_BYTES, readExportText } from './snapshot-import';
import { isSealed } from './export/sealed';

export interface FileVerification {
  path: string;
  kind: 'backup' | 'export';
  report: VerifyReport;
}

function firstBytes(path: string, n: number): Buffer {
  const buffer = Buffer.alloc(n);
  const fd = openSync(path, 'r');
  try {
    return buffer.subarray(0, readSync(fd, buffer, 0, n, 0));
  } finally {
    closeSync(fd);
  }
}

/** Checks a backup (.db) or a JSON export against its fingerprint. Throws `invalid_input` for a file it cannot check. */
export function verifyFile(path: string, options: { nativeBinding?: string; key?: Buffer | null } = {}): FileVerification {
  let head: Buffer;
  try {
    if (!statSync(path).isFile()) throw new Error('not a file');
    head = firstBytes(path, 16);
  } catch {
    throw new AppError('invalid_input', `There is no file at ${path}`);
  }
  if (head.toString('latin1') === 'SQLite format 3\u0000') return { path, kind: 'backup', report: MemoryEngine.verifyDatabaseFile(path, options) };
  if (head.toString('utf8').trimStart().startsWith('{')) return { path, kind: 'export', report: verifyExport(path) };
  if (isSealedFile(path)) throw new AppError('key_unavailable', `${basename(path)} is an encrypted Engram export: verify it with its passphrase`, { issues: [{ path: 'passphrase', message: 'this export is encrypted: give its passphrase to verify it' }] });
  // An encrypted backup has no readable header: it is checked with the memory's key (a wrong key says so).
  if (options.key) return { path, kind: 'backup', report: MemoryEngine.verifyDatabaseFile(path, options) };
  throw new AppError('invalid_input', `${basename(path)} is neither an Engram backup nor an Engram JSON export`);
}

/** A JSON export sealed with a passphrase (export/sealed.ts), opened and checked like a plain one. */
export async function verifySealedExport(path: string, passphrase: string): Promise<FileVerification> {
  return { path, kind: 'export', report: verifyExportText(await readExportText(path, passphrase), basename(path)) };
}

/** Whether the file at `path` is a sealed export (so its passphrase is needed to verify it). */
export function isSealedFile(path: string): boolean {
  try {
    return isSealed(firstBytes(path, 32));
  } catch {
    return false;
  }
}

function verifyExport(path: string): VerifyReport {
  if (statSync(path).size > MAX_SNAPSHOT_BYTES) throw new AppError('invalid_input', `${basename(path)} is larger than the exports Engram reads (${MAX_SNAPSHOT_BYTES / 1_048_576} MB)`);
  return verifyExportText(readFileSync(path, 'utf8'), basename(path));
}

function verifyExportText(text: string, name: string): VerifyReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new AppError('invalid_input', `${name} could not be read as JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const doc = (typeof value === 'object' && value !== null ? value : {}) as { format?: unknown; tables?: unknown; merkle?: unknown };
  if (doc.format !== 'engram-export' || typeof doc.tables !== 'object' || doc.tables === null) throw new AppError('invalid_input', `${name} is not an Engram JSON export`);
  return verifyExportData(doc.tables as Record<string, unknown>, doc.merkle, name);
}

/** The refusal for a file (or memory) that failed verification: every named row as an issue. */
export function verificationFailure(shownAs: string, report: VerifyReport, code: 'invalid_input' | 'storage' = 'invalid_input'): AppError {
  const lines = describeFindings(report, 20);
  return new AppError(code, `${shownAs} failed verification: ${lines.join('; ')}`, {
    issues: report.findings.map((f) => ({ path: `${f.table}/${f.id}`, message: `${f.problem}${f.preview ? `: ${f.preview}` : ''}` })),
  });
}
