/**
 * Converts a plaintext memory into an encrypted one, crash-safely. The memory must be closed (the CLI and the
 * app hold the data folder's lock and stop the engine first). Steps, each safe to be killed in:
 *
 * 1. copy the (checkpointed) plaintext to `engram.db.encrypting` and encrypt the COPY in place (`rekey`);
 * 2. open the copy with the key and check it: integrity, schema version, the same row counts;
 * 3. keep the plaintext under a second name (`engram.db.plaintext`, a hard link), then rename the copy over
 *    engram.db (one atomic rename: the name always holds a whole memory, plaintext or encrypted);
 * 4. open engram.db with the key; only then is the kept plaintext removed.
 *
 * A kill before 3 leaves the plaintext as it was (the half-made copy is removed by the next run); a kill after
 * it leaves the verified encrypted memory, and the next run (or open) removes the kept plaintext.
 *
 * A memory encrypted in an older cipher scheme (SQLCipher 4, see cipher-scheme.ts) goes through the same steps
 * to be re-enciphered in the current one; what is kept in step 3 is then the old encrypted file, not plaintext.
 */
import { copyFileSync, existsSync, linkSync, renameSync, rmSync, statSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { MemoryError } from '../../src-shared/errors';
import { NEW_FILE_SCHEME, schemePragmas, type CipherScheme } from './cipher-scheme';
import { cipherSchemeOf, databaseFileState, openConnection } from './driver';
import { createKeyFile, keyFilePath, readKeyFile, unlockKey, type KeyAccess } from './memory-key';

export interface EncryptionReport {
  /**
   * `encrypted`: converted now; `reenciphered`: it was encrypted in an older, slower scheme and now is in the
   * current one; `already`: it was encrypted in the current scheme (any leftover kept copy is removed).
   */
  outcome: 'encrypted' | 'reenciphered' | 'already';
  keyFile: string;
  /** The tables whose rows were counted in both files and found equal. */
  tablesCompared: number;
}

export type ConversionStep = 'copied' | 'encrypted' | 'verified' | 'kept' | 'swapped';

export interface EncryptFileOptions extends KeyAccess {
  nativeBinding?: string;
  /** Called after each step (tests stop the process there). */
  onStep?: (step: ConversionStep) => void;
}

export const ENCRYPTING_SUFFIX = '.encrypting';
export const KEPT_PLAINTEXT_SUFFIX = '.plaintext';

export function encryptMemoryFile(dbPath: string, options: EncryptFileOptions = {}): EncryptionReport {
  const binding = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {};
  const work = `${dbPath}${ENCRYPTING_SUFFIX}`;
  const kept = `${dbPath}${KEPT_PLAINTEXT_SUFFIX}`;
  removeWithJournals(work);
  const keyFile = keyFilePath(dbPath);
  const state = databaseFileState(dbPath);
  if (state === 'absent') throw new MemoryError('not_found', `There is no memory at ${dbPath} to encrypt`);
  if (state === 'encrypted') {
    // Finishes a conversion killed after its swap: the encrypted file must open before the kept copy goes.
    const key = unlockKey(keyFile, options);
    if (schemeOfFile(dbPath, key, binding) === NEW_FILE_SCHEME) {
      removeWithJournals(kept);
      return { outcome: 'already', keyFile, tablesCompared: 0 };
    }
    return { outcome: 'reenciphered', keyFile, tablesCompared: convertCopy(dbPath, key, options) };
  }
  const key = readKeyFile(keyFile) ? unlockKey(keyFile, options) : createKeyFile(keyFile, options);
  return { outcome: 'encrypted', keyFile, tablesCompared: convertCopy(dbPath, key, options) };
}

/** Steps 1–4 above for a plaintext memory, or one in an older cipher scheme; returns how many tables were compared. */
function convertCopy(dbPath: string, key: Buffer, options: EncryptFileOptions): number {
  const binding = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {};
  const work = `${dbPath}${ENCRYPTING_SUFFIX}`;
  const kept = `${dbPath}${KEPT_PLAINTEXT_SUFFIX}`;
  const counts = checkpointAndCount(dbPath, key, binding);
  copyFileSync(dbPath, work);
  options.onStep?.('copied');
  encryptInPlace(work, key, binding);
  options.onStep?.('encrypted');
  verifyCopy(work, key, counts, binding);
  options.onStep?.('verified');
  rmSync(kept, { force: true });
  linkSync(dbPath, kept);
  // The plaintext's shared-memory index (and an emptied WAL) must not be paired with the encrypted file.
  for (const suffix of ['-wal', '-shm']) rmSync(dbPath + suffix, { force: true });
  options.onStep?.('kept');
  for (const suffix of ['-journal', '-wal', '-shm']) rmSync(work + suffix, { force: true });
  renameSync(work, dbPath);
  options.onStep?.('swapped');
  openConnection(dbPath, { key, readonly: true, fileMustExist: true, ...binding }).close();
  removeWithJournals(kept);
  return counts.size;
}

function schemeOfFile(path: string, key: Buffer, binding: Binding): CipherScheme | null {
  const db = openConnection(path, { key, readonly: true, fileMustExist: true, ...binding });
  try {
    return cipherSchemeOf(db);
  } finally {
    db.close();
  }
}

type Binding = { nativeBinding?: string };

/**
 * Moves the WAL into the file (so the copy is whole) and counts every table's rows, to compare with the copy.
 * The key opens a memory in an older cipher scheme; a plaintext file opens without it (driver.ts).
 */
function checkpointAndCount(dbPath: string, key: Buffer, binding: Binding): Map<string, number> {
  const db = openConnection(dbPath, { key, fileMustExist: true, ...binding });
  try {
    const checkpoint = db.pragma('wal_checkpoint(TRUNCATE)', { simple: true }) as number;
    if (checkpoint !== 0) throw new MemoryError('busy', 'The memory is in use by another program; close it and try again');
    return countRows(db);
  } finally {
    db.close();
  }
}

function countRows(db: Database): Map<string, number> {
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE 'sqlite_%'`).pluck().all() as string[];
  return new Map(tables.map((t) => [t, db.prepare(`SELECT count(*) FROM "${t.replace(/"/g, '""')}"`).pluck().get() as number]));
}

/**
 * `rekey` of a plaintext file encrypts every page (of one in an older scheme, re-enciphers it); it needs a
 * rollback journal (not WAL) while it runs.
 */
function encryptInPlace(path: string, key: Buffer, binding: Binding): void {
  if (existsSync(`${path}-wal`)) rmSync(`${path}-wal`);
  const db = openConnection(path, { key, fileMustExist: true, ...binding });
  try {
    db.pragma('journal_mode = DELETE');
    for (const pragma of schemePragmas(NEW_FILE_SCHEME)) db.pragma(pragma);
    db.pragma(`rekey = "x'${key.toString('hex')}'"`);
    // It stays in rollback-journal mode until the engine opens it (and turns WAL on): a copy in WAL mode would
    // leave its -wal and -shm under the copy's name when it is renamed into place.
  } finally {
    db.close();
  }
  if (databaseFileState(path) !== 'encrypted') throw new MemoryError('storage', `Encrypting ${path} did not take effect; the plaintext memory is unchanged`);
}

function verifyCopy(path: string, key: Buffer, expected: Map<string, number>, binding: Binding): void {
  const db = openConnection(path, { key, readonly: true, fileMustExist: true, ...binding });
  try {
    if (cipherSchemeOf(db) !== NEW_FILE_SCHEME) throw new MemoryError('storage', `Encrypting ${path} did not take effect; the memory is unchanged`);
    const integrity = db.pragma('quick_check', { simple: true });
    if (integrity !== 'ok') throw new MemoryError('storage', `The encrypted copy failed its check (${String(integrity)}); the plaintext memory is unchanged`);
    const counts = countRows(db);
    for (const [table, n] of expected) {
      if (counts.get(table) !== n) throw new MemoryError('storage', `The encrypted copy has ${counts.get(table) ?? 'no'} rows in ${table}, not ${n}; the plaintext memory is unchanged`);
    }
  } finally {
    db.close();
  }
}

/** After an encrypted memory opened: a plaintext copy kept by a conversion killed after its swap goes. */
export function removeKeptPlaintext(dbPath: string): void {
  removeWithJournals(`${dbPath}${KEPT_PLAINTEXT_SUFFIX}`);
}

function removeWithJournals(path: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm']) {
    if (existsSync(path + suffix) && statSync(path + suffix).isFile()) rmSync(path + suffix);
  }
}
