/**
 * Memories in tests are encrypted, as new memories are (storage/memory-key.ts): a test that opens a memory's
 * file by hand (to tamper with a backup, read a table) opens it with the memory's key through the driver.
 */
import type { Database } from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { openConnection } from '../../src-main/storage/driver';
import { keyFilePath, resolveMemoryKey, unlockKey } from '../../src-main/storage/memory-key';
import { databasePath } from '../../src-main/memory/paths';

/** The key of the memory in `dataDir` (its key file's plain slot). */
export const keyOf = (dataDir: string): Buffer => unlockKey(keyFilePath(databasePath(dataDir)), {});

/** What restore needs to open the memory's own backups (MemoryEngine.encryptionForCopies, for a closed engine). */
export const encryptionOf = (dataDir: string): { key: Buffer } => ({ key: keyOf(dataDir) });

/** A connection to a memory file (or a backup of it) with `key`, sqlite-vec loaded, as the engine opens it. */
export function openWithKey(path: string, key: Buffer | null, options: { readonly?: boolean } = {}): Database {
  const db = openConnection(path, { key, ...(options.readonly ? { readonly: true } : {}) });
  sqliteVec.load(db);
  return db;
}

/** A second connection to an existing memory file, keyed as any Engram process keys it (its key file). */
export function openMemoryFile(path: string): Database {
  return openConnection(path, { key: resolveMemoryKey(path), fileMustExist: true });
}
