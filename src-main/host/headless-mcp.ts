/**
 * `Engram --mcp [--allow-writes] [--data-dir DIR] [--space NAME]`: the installed app's own executable serves MCP on stdio,
 * headless (no window), with the same engine and data folder as the CLI's `engram mcp`. It never takes the
 * app's instance lock, so it runs while the window is open; SQLite's WAL and busy timeout let both write.
 * Plain Node: the Electron entry calls it, and tests spawn it without an Electron binary.
 */
import { MemoryEngine, resolveDataDir, type EncryptionOptions } from '../memory';
import { defaultEmbedder } from '../embeddings';
import { serveStdio } from '../mcp/stdio';

export interface HeadlessMcpArgs {
  /** --data-dir, when given; otherwise the one default folder (ENGRAM_DATA_DIR or the platform's). */
  dataDir: string | undefined;
  allowWrites: boolean;
  /** --space NAME: the memory space the client is bound to (as `engram mcp --space`); absent = Personal. */
  space?: string;
}

/**
 * The MCP switches in a process's arguments, or null when `--mcp` is absent (the app starts its window).
 * Other arguments are ignored: Electron and Chromium add switches of their own, and a packaged app's argv[1]
 * may be a path.
 */
export function parseHeadlessMcpArgs(argv: readonly string[]): HeadlessMcpArgs | null {
  if (!argv.includes('--mcp')) return null;
  const dataDir = switchValue(argv, '--data-dir', 'a folder');
  const space = switchValue(argv, '--space', 'the name of a space');
  return { dataDir, allowWrites: argv.includes('--allow-writes'), ...(space !== undefined ? { space } : {}) };
}

/** The value of `--flag VALUE` or `--flag=VALUE` (the last one given); a missing or blank value is refused. */
function switchValue(argv: readonly string[], flag: string, what: string): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg.startsWith(`${flag}=`)) value = arg.slice(flag.length + 1);
    else if (arg === flag) {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new Error(`${flag} needs ${what}`);
      value = next;
      i++;
    }
  }
  if (value !== undefined && value.trim() === '') throw new Error(`${flag} needs ${what}`);
  return value;
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
  const engine = MemoryEngine.open({ dataDir, embedder: defaultEmbedder(), upgradeOfflineVectors: true, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}), ...(options.encryption ? { encryption: options.encryption } : {}) });
  try {
    // An unknown name fails here, naming the spaces there are (the Electron entry prints it and exits 1).
    const spaceId = args.space !== undefined ? engine.spaceByName(args.space).id : undefined;
    await serveStdio({ memory: engine, allowWrites: args.allowWrites, databasePath: engine.dbPath, ...(spaceId !== undefined ? { spaceId } : {}) });
  } finally {
    await engine.close();
  }
}
