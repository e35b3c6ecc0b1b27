/**
 * The one place a SQLite connection is made. The driver is better-sqlite3-multiple-ciphers (better-sqlite3 with
 * SQLite3MultipleCiphers): the same API, plus encryption, with a raw 32-byte key (no key derivation at open).
 * Types stay those of @types/better-sqlite3, which the fork's API matches. The cipher schemes are in
 * cipher-scheme.ts: new memories use AEGIS-256; older ones (SQLCipher 4) still open.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import Driver from 'better-sqlite3-multiple-ciphers';
import type { Database } from 'better-sqlite3';
import { MemoryError } from '../../src-shared/errors';
import { CIPHER_SCHEMES, NEW_FILE_SCHEME, schemePragmas, type CipherScheme } from './cipher-scheme';

export interface ConnectionOptions {
  readonly?: boolean;
  fileMustExist?: boolean;
  /** Path to a native binding built for Electron's ABI (npm start). */
  nativeBinding?: string;
  /** The memory's key: applied when the file is (or is about to be created) encrypted; null opens plaintext. */
  key?: Buffer | null;
}

const PLAINTEXT_HEADER = 'SQLite format 3\u0000';

/** What the first bytes of a database file say about it. */
export type FileState = 'absent' | 'plaintext' | 'encrypted';

export function databaseFileState(path: string): FileState {
  if (path === ':memory:' || path === '' || !existsSync(path) || statSync(path).size === 0) return 'absent';
  const header = Buffer.alloc(16);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  return header.toString('latin1') === PLAINTEXT_HEADER ? 'plaintext' : 'encrypted';
}

/** The resolved path of the driver's package, for a worker thread that opens its own connection. */
export const DRIVER_MODULE = 'better-sqlite3-multiple-ciphers';

/**
 * The pragmas that key a connection in `scheme` (by default the one new files get); the first statements on it.
 * A connection keyed with the wrong key, or in the wrong scheme, fails at its first read with SQLITE_NOTADB.
 */
export function keyPragmas(key: Buffer, scheme: CipherScheme = NEW_FILE_SCHEME): string[] {
  return [...schemePragmas(scheme), `key = "x'${key.toString('hex')}'"`];
}

/** The pragma lists to try, in order, on an existing encrypted file (the current scheme first). */
export function keyPragmaChoices(key: Buffer): string[][] {
  return CIPHER_SCHEMES.map((scheme) => keyPragmas(key, scheme));
}

/** Which scheme each open encrypted connection was keyed in (a memory made before AEGIS is SQLCipher 4). */
const connectionSchemes = new WeakMap<Database, CipherScheme>();

/** The cipher scheme of an open connection; null for a plaintext one. */
export function cipherSchemeOf(db: Database): CipherScheme | null {
  return connectionSchemes.get(db) ?? null;
}

/**
 * Opens `path`; with a key, keys the connection and proves the key by reading the schema. A new file is made in
 * the current scheme; an existing encrypted one is tried in each scheme in turn (a wrong scheme fails its first
 * read like a wrong key, changing nothing).
 */
export function openConnection(path: string, options: ConnectionOptions = {}): Database {
  const encrypted = options.key && (databaseFileState(path) !== 'plaintext' || path === ':memory:') ? options.key : null;
  if (!encrypted) return newConnection(path, options);
  const schemes: readonly CipherScheme[] = databaseFileState(path) === 'encrypted' ? CIPHER_SCHEMES : [NEW_FILE_SCHEME];
  let notADatabase: unknown = null;
  for (const scheme of schemes) {
    const db = newConnection(path, options);
    try {
      // A binding without the cipher (plain better-sqlite3 passed as nativeBinding) would ignore the key and write
      // plaintext while Engram believes it encrypted: refused loudly instead.
      if (db.pragma(`cipher = 'sqlcipher'`, { simple: true }) !== 'sqlcipher') {
        throw new MemoryError('storage', `The SQLite driver loaded for ${path} has no encryption (is the native binding plain better-sqlite3?); nothing was written`);
      }
      for (const pragma of keyPragmas(encrypted, scheme)) db.pragma(pragma);
      db.prepare('SELECT count(*) FROM sqlite_master').get();
      connectionSchemes.set(db, scheme);
      return db;
    } catch (cause) {
      db.close();
      if (!isNotADatabase(cause)) throw cause;
      notADatabase = cause;
    }
  }
  throw new MemoryError('key_unavailable', `The key at hand does not open ${path}: it is encrypted with another key, or it is not a readable SQLite database. Nothing was changed.`, { cause: notADatabase });
}

function newConnection(path: string, options: ConnectionOptions): Database {
  return new Driver(path, {
    readonly: options.readonly ?? false,
    fileMustExist: options.fileMustExist ?? false,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
  }) as unknown as Database;
}

export const isNotADatabase = (cause: unknown): boolean =>
  typeof cause === 'object' && cause !== null && (cause as { code?: unknown }).code === 'SQLITE_NOTADB';

/** Opening an encrypted file without a key: what to say instead of SQLite's "file is not a database". */
export function encryptedWithoutKey(path: string): MemoryError {
  return new MemoryError('key_unavailable', `${path} is encrypted and no key was given to open it. Nothing was changed.`);
}
