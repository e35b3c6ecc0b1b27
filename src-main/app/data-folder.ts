/**
 * The desktop app's data folder, computed without Electron so it can be tested on any platform: the same
 * default as the CLI, browser mode and MCP (ENGRAM_DATA_DIR, else the platform's data folder) — no longer
 * Electron's userData, which stays the browser profile's home.
 */
import { memoryToMove } from '../data/move-data';
import { type DataDirEnvironment, legacyDataDirs, resolveDataDir } from '../memory';

export const appDataDir = (where: DataDirEnvironment = {}): string => resolveDataDir(undefined, where);

/** A memory the app kept in its old folder (userData) while the data folder has none: the move to offer. */
export function appMoveOffer(dataDir: string, where: DataDirEnvironment = {}): { from: string; to: string } | null {
  return memoryToMove(dataDir, legacyDataDirs(where.env ?? process.env, where.platform ?? process.platform, where.home));
}
