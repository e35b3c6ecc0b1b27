/**
 * Moving a memory from a folder an earlier version used into the one default data folder (README
 * "Configuration"). Only Engram's own files move (the database with its journal and upgrade copies, secrets,
 * backups, exports); anything else in the old folder (an Electron profile, window state) stays. It never
 * merges: a target that already holds any of those files is refused, and both folders' instance locks are
 * held while moving, so no app can open either half-way.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryError } from '../../src-shared/errors';
import { acquireInstanceLock } from '../platform/instance-lock';
import { DATABASE_FILE, KEY_FILE } from '../memory';

/** The entries of a data folder that make up a memory; the rest of the folder is not Engram's data. */
export function memoryEntries(dir: string): string[] {
  if (!existsSync(dir)) return [];
  // The key file goes with the database: without it an encrypted memory and its backups cannot be opened.
  const own = new Set(['secrets.json', 'secrets.enc.json', 'backups', 'exports', KEY_FILE]);
  return readdirSync(dir)
    .filter((name) => name === DATABASE_FILE || name.startsWith(`${DATABASE_FILE}-`) || name.startsWith(`${DATABASE_FILE}.`) || own.has(name))
    .sort();
}

const holdsMemory = (dir: string): boolean => existsSync(join(dir, DATABASE_FILE));

/** A memory left in an old folder while the data folder has none: the one to offer moving, or null. */
export function memoryToMove(dataDir: string, oldDirs: readonly string[]): { from: string; to: string } | null {
  if (holdsMemory(dataDir)) return null;
  const from = oldDirs.find((dir) => dir !== dataDir && holdsMemory(dir));
  return from ? { from, to: dataDir } : null;
}

/**
 * A memory in an old folder while the data folder holds one too: two memories, never merged. Nothing is moved;
 * the app names both and lets the person choose which to open.
 */
export function memoriesInBoth(dataDir: string, oldDirs: readonly string[]): { current: string; other: string } | null {
  if (!holdsMemory(dataDir)) return null;
  const other = oldDirs.find((dir) => dir !== dataDir && holdsMemory(dir));
  return other ? { current: dataDir, other } : null;
}

/** What CLI and browser mode print when they find a memory to move (they stop rather than start a second one). */
export function moveNotice(move: { from: string; to: string }, command: string): string {
  return (
    `Engram found your memory in ${move.from}, the folder earlier versions of the desktop app used.\n` +
    `The app, the CLI, browser mode and MCP now share one data folder: ${move.to} (it holds no memory yet).\n` +
    `To move it there (nothing is merged or deleted; close Engram first):\n  ${command}\n` +
    `Or keep using it where it is with --data-dir "${move.from}".\n`
  );
}

export interface MoveResult {
  from: string;
  to: string;
  moved: string[];
}

/** Moves the memory in `from` into `to`; throws a MemoryError and leaves both as they were when it cannot. */
export function moveMemory(from: string, to: string): MoveResult {
  if (from === to) throw new MemoryError('invalid_input', `The memory is already in ${to}.`);
  const entries = memoryEntries(from);
  if (!entries.includes(DATABASE_FILE)) throw new MemoryError('not_found', `There is no memory to move in ${from} (no ${DATABASE_FILE}).`);
  // An app on either folder would see its files vanish or appear: refuse while one holds the lock.
  const releaseFrom = lockOrRefuse(from);
  try {
    const releaseTo = lockOrRefuse(to);
    try {
      const clashes = memoryEntries(to);
      if (clashes.length > 0) {
        throw new MemoryError('conflict', `${to} already holds ${clashes.join(', ')}; Engram does not merge two memories. Move or remove those first.`);
      }
      transfer(entries, from, to);
      return { from, to, moved: entries };
    } finally {
      releaseTo();
    }
  } finally {
    releaseFrom();
  }
}

function lockOrRefuse(dir: string): () => void {
  try {
    return acquireInstanceLock(dir, 'moving the memory');
  } catch (err) {
    throw new MemoryError('busy', err instanceof Error ? err.message : String(err), { cause: err });
  }
}

/** Renames each entry (same disk); across disks copies all, then removes the originals. All or nothing. */
function transfer(entries: string[], from: string, to: string): void {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  const renamed: string[] = [];
  try {
    for (const name of entries) {
      renameSync(join(from, name), join(to, name));
      renamed.push(name);
    }
    return;
  } catch (err) {
    for (const name of renamed.reverse()) renameSync(join(to, name), join(from, name));
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw new MemoryError('storage', `Could not move ${from} to ${to}: ${String(err)}`, { cause: err });
  }
  const copied: string[] = [];
  try {
    for (const name of entries) {
      cpSync(join(from, name), join(to, name), { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true });
      copied.push(name);
    }
  } catch (err) {
    for (const name of copied) rmSync(join(to, name), { recursive: true, force: true });
    throw new MemoryError('storage', `Could not copy ${from} to ${to}: ${String(err)}`, { cause: err });
  }
  for (const name of entries) rmSync(join(from, name), { recursive: true, force: true });
}
