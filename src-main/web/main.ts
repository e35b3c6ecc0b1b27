/**
 * Browser-mode entry: `npm start -- --browser [--data-dir DIR] [--port N]`, or the fallback when there is no
 * Electron binary. Opens the memory, serves the renderer and the API on 127.0.0.1, and prints the URL.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FileSecretStore } from '../llm/secrets';
import { stderrLogger } from '../../src-shared/clock';
import { legacyDataDirs } from '../memory';
import { memoryToMove, moveNotice } from '../data/move-data';
import { browserDataDir } from './data-folder';
import { acquireInstanceLock } from '../platform/instance-lock';
import { WorkerHost } from '../host/worker/worker-host';
import { startWebServer } from './server';

async function main(): Promise<void> {
  const t0 = performance.now();
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string', default: '0' },
      'renderer-dir': { type: 'string', default: resolve('out/renderer') },
      browser: { type: 'boolean', default: true },
    },
    strict: false,
  });
  const dataFlag = typeof values['data-dir'] === 'string' ? values['data-dir'] : undefined;
  const dataDir = browserDataDir(dataFlag);
  // A memory an earlier desktop app kept elsewhere: say how to move it rather than start a second, empty one.
  const move = dataFlag ? null : memoryToMove(dataDir, legacyDataDirs());
  if (move) {
    process.stderr.write(moveNotice(move, 'npm run --silent cli -- move-data'));
    process.exitCode = 1;
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0–65535, got ${String(values.port)}`);
  const version = (JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version: string }).version;
  // A second app on the same folder explains and exits (main() prints the message); the CLI is not affected.
  const releaseLock = acquireInstanceLock(dataDir, 'browser mode');
  process.on('exit', releaseLock);
  // The engine and everything behind the API run on a worker thread; this one serves HTTP and streams events.
  const host = await WorkerHost.start({ dataDir, secrets: new FileSecretStore(dataDir), mode: 'browser', version, logger: stderrLogger });
  const server = await startWebServer({
    host,
    rendererDir: String(values['renderer-dir']),
    dataDir,
    readmeFile: resolve('README.md'),
    port,
    logger: stderrLogger,
  });
  process.stdout.write(
    `\nEngram is running in browser mode (data: ${dataDir}).\nOpen: ${server.url}\n` +
      `Only this machine can connect, and only with the token above. Ready in ${Math.round(performance.now() - t0)} ms. Ctrl+C to stop.\n\n`,
  );

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void (async () => {
      await server.close();
      await host.close();
      process.exit(0);
    })();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // A bug reached by one request or one background job is logged; the process keeps serving, so replies in
  // flight and queued writes are not lost with it.
  process.on('uncaughtException', (err) => stderrLogger.error('uncaught exception (Engram keeps running)', err));
  process.on('unhandledRejection', (reason) => stderrLogger.error('unhandled rejection (Engram keeps running)', reason));
}

main().catch((err: unknown) => {
  process.stderr.write(`engram: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
