/**
 * Backups and restore of the memory database. A backup is SQLite's online backup (better-sqlite3
 * `.backup()`) of the live connection, so it is consistent while the app keeps writing; it is written to a
 * temporary name, checked, then renamed. A file is restored only after `integrity_check` says ok and its
 * schema version is one this Engram can open; the current database is kept aside first.
 */
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { checkDatabaseFile, declaredEncryptedBytes, MemoryEngine, type EncryptionOptions } from '../memory';
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

export { checkDatabaseFile, type DatabaseCheck } from '../memory';

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
    // An encrypted memory's backup is encrypted with its key (MemoryEngine.backupTo) and checked with it.
    const check = await checkDatabaseFile(partial, { key: engine.encryptionForCopies.key ?? null });
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
 * Puts the checked working copy in place of the (closed) database at `dbPath`; the current database and its
 * WAL are moved to a `before-restore-<time>` folder next to it. Returns that folder.
 */
function swapIn(dbPath: string, copy: string, now: number): string {
  const keptAt = join(dirname(dbPath), `before-restore-${stamp(now)}`);
  mkdirSync(keptAt, { recursive: true, mode: 0o700 });
  const kept = (suffix: string): string => join(keptAt, basename(dbPath) + suffix);
  const movedAside: string[] = [];
  const movedIn: string[] = [];
  try {
    for (const suffix of ['', '-wal', '-shm']) {
      if (!existsSync(dbPath + suffix)) continue;
      renameSync(dbPath + suffix, kept(suffix));
      movedAside.push(suffix);
    }
    for (const suffix of ['', '-wal']) {
      if (!existsSync(copy + suffix)) continue;
      renameSync(copy + suffix, dbPath + suffix);
      movedIn.push(suffix);
    }
  } catch (err) {
    // Half a swap would start an empty memory, or pair one file's WAL with another: all goes back as it was.
    for (const suffix of movedIn) rmSync(dbPath + suffix, { force: true });
    for (const suffix of movedAside) renameSync(kept(suffix), dbPath + suffix);
    removeIfEmpty(keptAt);
    throw err;
  }
  return keptAt;
}

function removeIfEmpty(folder: string): void {
  try {
    rmdirSync(folder);
  } catch {
    // Not empty (or gone): what is in it is kept.
  }
}

const stamp = (ms: number): string => new Date(ms).toISOString().replace(/[:.]/g, '-');

/**
 * A database file is exactly as long as its header says (when the header's size is current): a file with
 * more (a crafted sparse file of gigabytes) would cost that much to copy and to check, for nothing.
 */
function refuseTrailingBytes(file: string, key: Buffer | undefined): void {
  const encryptedBytes = key ? declaredEncryptedBytes(file, key) : null;
  if (encryptedBytes !== null) return refuseBeyond(file, encryptedBytes);
  const header = Buffer.alloc(100);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (read < 100 || header.toString('latin1', 0, 16) !== 'SQLite format 3\u0000') return; // the checks name what it is
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65_536 : rawPageSize;
  const pages = header.readUInt32BE(28);
  // The size in the header counts only when it was written by the same change as the counter (SQLite's rule).
  if (pages === 0 || header.readUInt32BE(24) !== header.readUInt32BE(92)) return;
  refuseBeyond(file, pages * pageSize);
}

function refuseBeyond(file: string, bytes: number): void {
  const size = statSync(file).size;
  if (size > bytes) {
    throw new AppError('invalid_input', `${basename(file)} was not restored: it has ${size - bytes} bytes after the end of its database, so it is not a backup Engram wrote. Nothing was changed.`);
  }
}

/** The private folder, inside the data folder, where a file is copied and checked before a restore. */
export const RESTORE_CHECK_PREFIX = 'restore-check-';

export interface RestoreResult {
  restoredFrom: string;
  /** Where the database that was replaced is kept. */
  keptAt: string;
  schemaVersion: number;
  episodes: number;
  chats: number;
}

/**
 * Restore with the engine's life cycle. The file is copied into a private folder and the copy checked while
 * everything runs (integrity off the engine's thread, a full engine start on it, its schema against Engram's,
 * its vector tables): a bad file changes nothing and leaves nothing behind. Then `stop` the engine, swap the
 * checked copy in, and `start` on it. If it does not start, the previous database is put back and started
 * again, and the error is reported.
 */
export async function restoreDatabase(
  dbPath: string,
  file: string,
  lifecycle: { stop: () => Promise<void>; start: () => void; now: number; nativeBinding?: string; integrityTimeoutMs?: number; encryption: EncryptionOptions },
): Promise<RestoreResult> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new AppError('invalid_input', `There is no file at ${file}`);
  refuseTrailingBytes(file, lifecycle.encryption.key);
  const workDir = join(dirname(dbPath), `${RESTORE_CHECK_PREFIX}${stamp(lifecycle.now)}`);
  mkdirSync(workDir, { recursive: true, mode: 0o700 });
  try {
    // Checked and installed: the same bytes, which the chosen file can no longer change.
    const copy = join(workDir, basename(dbPath));
    copyFileSync(file, copy);
    const check = await MemoryEngine.checkRestoreCandidate(copy, {
      shownAs: basename(file),
      ...(lifecycle.nativeBinding ? { nativeBinding: lifecycle.nativeBinding } : {}),
      ...(lifecycle.integrityTimeoutMs ? { integrityTimeoutMs: lifecycle.integrityTimeoutMs } : {}),
      encryption: lifecycle.encryption,
    });
    await lifecycle.stop();
    let keptAt: string;
    try {
      keptAt = swapIn(dbPath, copy, lifecycle.now);
    } catch (err) {
      lifecycle.start();
      throw err instanceof AppError ? err : new AppError('storage', `The restore failed and changed nothing: ${String(err)}`, { cause: err });
    }
    try {
      lifecycle.start();
    } catch (err) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(dbPath + suffix, { force: true });
      for (const suffix of ['', '-wal', '-shm']) {
        const kept = join(keptAt, basename(dbPath) + suffix);
        if (existsSync(kept)) renameSync(kept, dbPath + suffix);
      }
      removeIfEmpty(keptAt);
      lifecycle.start();
      throw new AppError('storage', `The restored memory could not be opened, so the previous one was put back: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    return { restoredFrom: file, keptAt, ...check };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Work files younger than this may belong to a backup or restore still running in another process. */
export const STALE_WORK_FILE_MS = 10 * 60_000;

const isStale = (path: string, now: number): boolean => now - statSync(path).mtimeMs > STALE_WORK_FILE_MS;

/**
 * What an interrupted backup or restore leaves (a kill, a crash, a power cut): `.partial` backups and their
 * journals, restore work folders, the older restore's `.restoring` copy, and empty `before-restore-*` folders.
 * Run at start; anything recent is left to whoever may still be writing it. Returns what was removed.
 */
export function removeInterruptedWork(dataDir: string, now: number): string[] {
  const removed: string[] = [];
  const remove = (path: string): void => {
    rmSync(path, { recursive: true, force: true });
    removed.push(path);
  };
  const backups = backupFolder(dataDir);
  if (existsSync(backups)) {
    for (const name of readdirSync(backups)) {
      const path = join(backups, name);
      if (/\.partial(-journal|-wal|-shm)?$/.test(name) && isStale(path, now)) remove(path);
    }
  }
  if (!existsSync(dataDir)) return removed;
  for (const name of readdirSync(dataDir)) {
    const path = join(dataDir, name);
    if ((name.startsWith(RESTORE_CHECK_PREFIX) || /\.db\.restoring$/.test(name)) && isStale(path, now)) remove(path);
    else if (name.startsWith('before-restore-') && statSync(path).isDirectory() && readdirSync(path).length === 0) remove(path);
  }
  return removed;
}
