/**
 * Backups and restore of the memory database. A backup is SQLite's online backup (better-sqlite3
 * `.backup()`) of the live connection, so it is consistent while the app keeps writing; it is written to a
 * temporary name, checked, then renamed. A file is restored only after `integrity_check` says ok and its
 * schema version is one this Engram can open; the current database is kept aside first.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { MemoryEngine } from '../memory/engine';
import { checkDatabaseFile, type DatabaseCheck } from '../memory/stores';
import { AppError } from '../../src-shared/errors';
import { makePrivate } from './export/target';

export const BACKUP_FOLDER = 'backups';
export const DAILY_BACKUPS_KEPT = 7;
const BACKUP_NAME = /^engram-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:-\d{3})?Z)\.db$/;

export interface BackupInfo {
  path: string;
  bytes: number;
  schemaVersion: number;
  createdAt: number;
}

export { checkDatabaseFile, type DatabaseCheck } from '../memory/stores';

export const backupFolder = (dataDir: string): string => join(dataDir, BACKUP_FOLDER);

/** `engram-2026-11-23T18-30-00-000Z.db`: sortable, and safe on every file system. */
export function backupFileName(at: number): string {
  return `engram-${new Date(at).toISOString().replace(/[:.]/g, '-')}.db`;
}

/** Online backup of the running memory to `path` (refuses to overwrite a file). */
export async function backupTo(engine: MemoryEngine, path: string): Promise<BackupInfo> {
  if (existsSync(path)) throw new AppError('conflict', `${path} already exists; choose another name`);
  mkdirSync(dirname(path), { recursive: true });
  // Everything acknowledged so far is in the backup.
  await engine.flush();
  const partial = `${path}.partial`;
  rmSync(partial, { force: true });
  try {
    await engine.backupTo(partial);
    const check = checkDatabaseFile(partial);
    renameSync(partial, path);
    makePrivate(path);
    return { path, bytes: statSync(path).size, schemaVersion: check.schemaVersion, createdAt: engine.clock.now() };
  } catch (err) {
    rmSync(partial, { force: true });
    if (err instanceof AppError) throw err;
    throw new AppError('storage', `The backup could not be written to ${path}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/** Backups in the data folder's backups/, newest first. */
export function listBackups(dataDir: string): BackupInfo[] {
  const dir = backupFolder(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const m = BACKUP_NAME.exec(name);
      if (!m) return [];
      const iso = (m[1] as string).replace(/T(\d{2})-(\d{2})-(\d{2})(?:-(\d{3}))?Z/, (_s, h: string, mi: string, se: string, ms?: string) => `T${h}:${mi}:${se}.${ms ?? '000'}Z`);
      const path = join(dir, name);
      return [{ path, bytes: statSync(path).size, schemaVersion: 0, createdAt: Date.parse(iso) }];
    })
    .sort((a, b) => b.createdAt - a.createdAt);
}

/**
 * The automatic daily backup: one into backups/ when the newest is a day old (or there is none), keeping
 * the newest `keep`. Returns the new backup, or null when none was due.
 */
export async function dailyBackupIfDue(engine: MemoryEngine, dataDir: string, keep = DAILY_BACKUPS_KEPT): Promise<BackupInfo | null> {
  const now = engine.clock.now();
  const newest = listBackups(dataDir)[0];
  if (newest && now - newest.createdAt < 24 * 3_600_000 && newest.createdAt <= now) return null;
  const info = await backupTo(engine, join(backupFolder(dataDir), backupFileName(now)));
  for (const old of listBackups(dataDir).slice(keep)) rmSync(old.path, { force: true });
  return info;
}

/**
 * Puts `file` in place of the (closed) database at `dbPath` after checking it; the current database and its
 * WAL are moved to a `before-restore-<time>` folder next to it. Returns that folder.
 */
export function replaceDatabaseFile(dbPath: string, file: string, now: number, options: { nativeBinding?: string } = {}): { keptAt: string; check: DatabaseCheck } {
  const check = checkDatabaseFile(file, options);
  const keptAt = join(dirname(dbPath), `before-restore-${new Date(now).toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(keptAt, { recursive: true });
  // Copy first, to a temporary name in the same folder, so a failed copy leaves the current database alone.
  const incoming = `${dbPath}.restoring`;
  copyFileSync(file, incoming);
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(dbPath + suffix)) renameSync(dbPath + suffix, join(keptAt, basename(dbPath) + suffix));
  }
  renameSync(incoming, dbPath);
  return { keptAt, check };
}

export interface RestoreResult {
  restoredFrom: string;
  /** Where the database that was replaced is kept. */
  keptAt: string;
  schemaVersion: number;
  episodes: number;
  chats: number;
}

/**
 * Restore with the engine's life cycle: check the file while everything runs (a bad file changes nothing),
 * then `stop` the engine, swap the files, and `start` on the restored one. If it does not start, the
 * previous database is put back and started again, and the error is reported.
 */
export async function restoreDatabase(
  dbPath: string,
  file: string,
  lifecycle: { stop: () => Promise<void>; start: () => void; now: number; nativeBinding?: string },
): Promise<RestoreResult> {
  const binding = lifecycle.nativeBinding ? { nativeBinding: lifecycle.nativeBinding } : {};
  checkDatabaseFile(file, binding);
  await lifecycle.stop();
  let swapped: { keptAt: string; check: DatabaseCheck };
  try {
    swapped = replaceDatabaseFile(dbPath, file, lifecycle.now, binding);
  } catch (err) {
    lifecycle.start();
    throw err instanceof AppError ? err : new AppError('storage', `The restore failed and changed nothing: ${String(err)}`, { cause: err });
  }
  try {
    lifecycle.start();
  } catch (err) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(dbPath + suffix, { force: true });
    for (const suffix of ['', '-wal', '-shm']) {
      const kept = join(swapped.keptAt, basename(dbPath) + suffix);
      if (existsSync(kept)) renameSync(kept, dbPath + suffix);
    }
    lifecycle.start();
    throw new AppError('storage', `The restored memory could not be opened, so the previous one was put back: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  return { restoredFrom: file, keptAt: swapped.keptAt, ...swapped.check };
}
