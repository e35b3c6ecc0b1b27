/**
 * `Engram --mcp [--allow-writes] [--data-dir DIR]`: the installed app's own executable serves MCP on stdio,
 * headless (no window), with the same engine and data folder as the CLI's `engram mcp`. It never takes the
 * app's instance lock, so it runs while the window is open; SQLite's WAL and busy timeout let both write.
 * Plain Node: the Electron entry calls it, and tests spawn it without an Electron binary.
 */
import { MemoryEngine, resolveDataDir, type EncryptionOptions } from '../memory';
import { serveStdio } from '../mcp/stdio';

export interface HeadlessMcpArgs {
  /** --data-dir, when given; otherwise the one default folder (ENGRAM_DATA_DIR or the platform's). */
  dataDir: string | undefined;
  allowWrites: boolean;
}

/**
 * The MCP switches in a process's arguments, or null when `--mcp` is absent (the app starts its window).
 * Other arguments are ignored: Electron and Chromium add switches of their own, and a packaged app's argv[1]
 * may be a path.
 */
export function parseHeadlessMcpArgs(argv: readonly string[]): HeadlessMcpArgs | null {
  if (!argv.includes('--mcp')) return null;
  let dataDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg.startsWith('--data-dir=')) dataDir = arg.slice('--data-dir='.length);
    else if (arg === '--data-dir') {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new Error('--data-dir needs a folder');
      dataDir = next;
      i++;
    }
  }
  if (dataDir !== undefined && dataDir.trim() === '') throw new Error('--data-dir needs a folder');
  return { dataDir, allowWrites: argv.includes('--allow-writes') };
}

export interface HeadlessMcpOptions {
  /** better-sqlite3 built for Electron's ABI when started from a checkout (npm start); absent when packaged. */
  nativeBinding?: string;
  /** How the memory's key is unlocked (the app's keychain, a passphrase). */
  encryption?: EncryptionOptions;
}

/** Serves MCP on stdin/stdout until the client goes away, then closes the memory. */
export async function runHeadlessMcp(args: HeadlessMcpArgs, options: HeadlessMcpOptions = {}): Promise<void> {
  const dataDir = resolveDataDir(args.dataDir);
  const engine = MemoryEngine.open({ dataDir, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}), ...(options.encryption ? { encryption: options.encryption } : {}) });
  try {
    await serveStdio({ memory: engine, allowWrites: args.allowWrites, databasePath: engine.dbPath });
  } finally {
    await engine.close();
  }
}
