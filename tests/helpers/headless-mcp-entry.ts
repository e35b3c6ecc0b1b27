/**
 * What the Electron entry does with `--mcp` (src-main/app/headless.ts), minus Electron: parse the process's
 * arguments with the same parser and run the same headless runner. Tests spawn it with plain Node.
 */
import { parseHeadlessMcpArgs, runHeadlessMcp } from '../../src-main/host/headless-mcp';

const args = parseHeadlessMcpArgs(process.argv.slice(2));
if (!args) {
  process.stderr.write('no --mcp\n');
  process.exit(2);
}
await runHeadlessMcp(args);
