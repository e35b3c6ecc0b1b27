import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** File name of Engram's single SQLite database inside the data directory. */
export const DATABASE_FILE = 'engram.db';

/** What the data folder depends on, passed in so every platform can be resolved (and tested) anywhere. */
export interface DataDirEnvironment {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  home?: string;
}

/**
 * The one default data folder of the desktop app, the CLI, browser mode and MCP: ENGRAM_DATA_DIR, else the
 * platform's folder for application data. The memory is data, not configuration, hence XDG_DATA_HOME on Linux.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  if (env.ENGRAM_DATA_DIR) return resolve(env.ENGRAM_DATA_DIR);
  switch (platform) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'Engram');
    case 'win32':
      return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Engram');
    default:
      return join(env.XDG_DATA_HOME ?? join(home, '.local', 'share'), 'engram');
  }
}

/** The data folder an entry point uses: its --data-dir flag when given, else the one default. */
export function resolveDataDir(flag: string | undefined, where: DataDirEnvironment = {}): string {
  if (flag) return resolve(flag);
  return defaultDataDir(where.env ?? process.env, where.platform ?? process.platform, where.home ?? homedir());
}

/**
 * Folders earlier versions kept a memory in, to offer moving it. Before 0.2 the desktop app used Electron's
 * userData (`$XDG_CONFIG_HOME/<app name>` on Linux: "Engram" packaged, "engram" from a checkout); on macOS and
 * Windows that is the folder above already. Nothing when ENGRAM_DATA_DIR chooses the folder.
 */
export function legacyDataDirs(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string[] {
  if (env.ENGRAM_DATA_DIR || platform === 'darwin' || platform === 'win32') return [];
  const config = env.XDG_CONFIG_HOME ?? join(home, '.config');
  return [join(config, 'Engram'), join(config, 'engram')];
}

export const databasePath = (dataDir: string): string => join(dataDir, DATABASE_FILE);
