/** A database file checked on its own connection before it is restored (data/backup.ts). */
import { existsSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Database } from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { MemoryError } from '../../src-shared/errors';
import { asarUnpackedPath } from '../resource-paths';
import { databaseFileState, openConnection } from './driver';
import { integrityCheckOffThread, type IntegrityCheckOptions } from './integrity-check';
import { LATEST_VERSION } from './migration-runner';

export interface DatabaseCheck {
  schemaVersion: number;
  episodes: number;
  chats: number;
}

/**
 * Checks a database file: SQLite's integrity check (on a thread of its own, within a time limit), then, on a
 * read-only connection, a schema version this code knows and Engram's tables. Throws `invalid_input` with the
 * reason; changes nothing.
 */
export async function checkDatabaseFile(path: string, options: IntegrityCheckOptions = {}): Promise<DatabaseCheck> {
  if (!existsSync(path) || !statSync(path).isFile()) throw new MemoryError('invalid_input', `There is no file at ${path}`);
  proveKey(path, options);
  let problems: string[];
  try {
    problems = await integrityCheckOffThread(path, options);
  } catch (err) {
    if (err instanceof MemoryError && err.code === 'invalid_input') throw new MemoryError('invalid_input', `${basename(path)} cannot be restored: ${err.message}`);
    throw err;
  }
  if (problems.length !== 1 || problems[0] !== 'ok') {
    throw new MemoryError('invalid_input', `${basename(path)} is damaged (integrity check: ${problems.slice(0, 3).join('; ')})`);
  }
  return inspectDatabaseFile(path, options);
}

/** A read-only connection to a database file (with the memory's key when the file is encrypted), sqlite-vec loaded as the engine loads it (outside the archive when packaged). */
export function openFileReadOnly(path: string, options: { nativeBinding?: string; key?: Buffer | null } = {}): Database {
  const db = openConnection(path, { readonly: true, fileMustExist: true, key: options.key ?? null, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) });
  try {
    db.loadExtension(asarUnpackedPath(sqliteVec.getLoadablePath()));
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/**
 * An encrypted file (a backup of an encrypted memory) is checked with the memory's key: a file this key does not
 * open is `key_unavailable` (another memory's backup, or a damaged header), said so rather than "not a database".
 */
function proveKey(path: string, options: IntegrityCheckOptions): void {
  if (databaseFileState(path) !== 'encrypted') return;
  // The chosen file is what is wrong (the memory is fine): `invalid_input`, as for any file that is not a backup.
  if (!options.key) throw new MemoryError('invalid_input', `${basename(path)} is not a readable SQLite database, or it is encrypted and this memory has no key for it. Nothing was changed.`);
  try {
    openConnection(path, { readonly: true, fileMustExist: true, key: options.key, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) }).close();
  } catch (err) {
    if (err instanceof MemoryError && err.code === 'key_unavailable') throw new MemoryError('invalid_input', err.message, { cause: err });
    if (err instanceof MemoryError) throw err;
    throw new MemoryError('invalid_input', `${basename(path)} is damaged (${err instanceof Error ? err.message : String(err)}). Nothing was changed.`, { cause: err });
  }
}

/** Schema version, Engram's tables and a few counts, read on a read-only connection. */
export function inspectDatabaseFile(path: string, options: { nativeBinding?: string; key?: Buffer | null } = {}): DatabaseCheck {
  let db: Database | null = null;
  try {
    db = openFileReadOnly(path, options);
    const schemaVersion = db.pragma('user_version', { simple: true }) as number;
    if (schemaVersion < 1) throw new MemoryError('invalid_input', `${basename(path)} is not an Engram memory (no schema version)`);
    if (schemaVersion > LATEST_VERSION) {
      throw new MemoryError('invalid_input', `${basename(path)} was written by a newer Engram (schema ${schemaVersion}, this one knows ${LATEST_VERSION}). Update Engram to restore it.`);
    }
    const tables = new Set((db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map((r) => r.name));
    for (const t of ['nodes', 'edges', 'entities', 'memory_sessions']) {
      if (!tables.has(t)) throw new MemoryError('invalid_input', `${basename(path)} is not an Engram memory (no ${t} table)`);
    }
    const count = (sql: string): number => (db?.prepare(sql).get() as { n: number }).n;
    return {
      schemaVersion,
      episodes: count(`SELECT count(*) AS n FROM nodes WHERE type = 'episodic'`),
      chats: tables.has('chat_sessions') ? count('SELECT count(*) AS n FROM chat_sessions') : 0,
    };
  } catch (err) {
    if (err instanceof MemoryError) throw err;
    throw new MemoryError('invalid_input', `${basename(path)} cannot be restored: it is not a readable SQLite database (${err instanceof Error ? err.message : String(err)})`);
  } finally {
    db?.close();
  }
}

/**
 * The bytes an encrypted database occupies by its own count (page_count × page_size), read with its key: its
 * header is encrypted, so this is how a file with bytes after its end is recognised. Null when it cannot tell.
 */
export function declaredEncryptedBytes(path: string, key: Buffer): number | null {
  if (databaseFileState(path) !== 'encrypted') return null;
  let db: Database | null = null;
  try {
    db = openConnection(path, { readonly: true, fileMustExist: true, key });
    return (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
  } catch {
    return null; // the checks that follow name what is wrong with it
  } finally {
    db?.close();
  }
}
