import { homedir } from 'node:os';
import { join } from 'node:path';

/** File name of Engram's single SQLite database inside the data directory. */
export const DATABASE_FILE = 'engram.db';

/**
 * Headless default data folder (CLI, browser mode): ENGRAM_DATA_DIR, else the platform's data folder.
 * The desktop app passes Electron's userData folder instead.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.ENGRAM_DATA_DIR) return env.ENGRAM_DATA_DIR;
  const home = homedir();
  switch (platform) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'Engram');
    case 'win32':
      return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Engram');
    default:
      return join(env.XDG_DATA_HOME ?? join(home, '.local', 'share'), 'engram');
  }
}

export const databasePath = (dataDir: string): string => join(dataDir, DATABASE_FILE);
