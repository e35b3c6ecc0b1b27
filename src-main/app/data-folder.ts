/**
 * The desktop app's data folder, computed without Electron so it can be tested on any platform: the same
 * default as the CLI, browser mode and MCP (ENGRAM_DATA_DIR, else the platform's data folder) — no longer
 * Electron's userData, which stays the browser profile's home.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoriesInBoth, memoryToMove } from '../data/move-data';
import { type DataDirEnvironment, legacyDataDirs, resolveDataDir } from '../memory';

export const appDataDir = (where: DataDirEnvironment = {}): string => resolveDataDir(undefined, where);

const legacyDirs = (where: DataDirEnvironment): string[] => legacyDataDirs(where.env ?? process.env, where.platform ?? process.platform, where.home);

/** A memory the app kept in its old folder (userData) while the data folder has none: the move to offer. */
export function appMoveOffer(dataDir: string, where: DataDirEnvironment = {}): { from: string; to: string } | null {
  return memoryToMove(dataDir, legacyDirs(where));
}

/** Where the person's "keep using the new folder, stop asking" about an old folder's memory is kept. */
const ACKNOWLEDGED_FILE = 'old-memory-acknowledged.json';

/**
 * Both the data folder and the old one hold a memory: the app must not open the new one silently. Null when
 * there is one memory, or when the person said to keep using the data folder and not ask again about `other`.
 */
export function appTwoMemories(dataDir: string, where: DataDirEnvironment = {}): { current: string; other: string } | null {
  const both = memoriesInBoth(dataDir, legacyDirs(where));
  if (!both) return null;
  return acknowledgedOldFolders(dataDir).includes(both.other) ? null : both;
}

function acknowledgedOldFolders(dataDir: string): string[] {
  const file = join(dataDir, ACKNOWLEDGED_FILE);
  if (!existsSync(file)) return [];
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const folders = (parsed as { folders?: unknown }).folders;
    return Array.isArray(folders) ? folders.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return []; // An unreadable note asks again, which is the safe side.
  }
}

/** Remembers "use the data folder, don't ask again about this old one". */
export function acknowledgeOldMemory(dataDir: string, other: string): void {
  const folders = [...new Set([...acknowledgedOldFolders(dataDir), other])];
  writeFileSync(join(dataDir, ACKNOWLEDGED_FILE), `${JSON.stringify({ folders }, null, 2)}\n`);
}
