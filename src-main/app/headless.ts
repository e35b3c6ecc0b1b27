/**
 * The Electron side of `Engram --mcp`: hide from the dock, refuse to start a second, empty memory when the
 * old folder holds one (as the CLI does), serve MCP on stdio (../host/headless-mcp.ts) and exit with its outcome.
 */
import { app } from 'electron';
import { parseHeadlessMcpArgs, runHeadlessMcp, type HeadlessMcpArgs } from '../host/headless-mcp';
import { memoryToMove, moveNotice } from '../data/move-data';
import { legacyDataDirs } from '../memory';
import { appDataDir } from './data-folder';
import { appKeyAccess } from './memory-keychain';

export const wantsHeadlessMcp = (argv: readonly string[]): boolean => argv.includes('--mcp');

export function runHeadless(argv: readonly string[]): void {
  app.dock?.hide();
  let args: HeadlessMcpArgs | null;
  try {
    args = parseHeadlessMcpArgs(argv);
  } catch (error) {
    process.stderr.write(`[engram mcp] ${error instanceof Error ? error.message : String(error)}\n`);
    return void app.exit(2);
  }
  if (!args) return void app.exit(2);
  const move = args.dataDir ? null : memoryToMove(appDataDir(), legacyDataDirs());
  if (move) {
    process.stderr.write(moveNotice(move, 'open the Engram app once and choose "Move it"'));
    app.exit(1);
    return;
  }
  const nativeBinding = process.env.ENGRAM_SQLITE_BINDING;
  // safeStorage (the memory's key in the keychain) is usable once the app is ready.
  void app.whenReady().then(() => runHeadlessMcp(args, { ...(nativeBinding ? { nativeBinding } : {}), encryption: appKeyAccess() })).then(
    () => app.exit(0),
    (error: unknown) => {
      process.stderr.write(`[engram mcp] ${error instanceof Error ? error.message : String(error)}\n`);
      app.exit(1);
    },
  );
}
