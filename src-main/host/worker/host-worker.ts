/**
 * The host worker: the whole AppHost (memory engine, chat, write path, data, MCP) runs on this thread, so the
 * main thread only routes calls, forwards events and keeps the window responsive. Started by WorkerHost.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { AppHost } from '../app-host';
import { stderrLogger } from '../../../src-shared/clock';
import { BridgedSecretStore } from './secret-bridge';
import { serializeError } from './serialize-error';
import { packagedResourcesPath } from '../../resource-paths';
import type { FromWorker, HostWorkerData, ToWorker } from './protocol';

const passphraseFromEnv = (): { passphrase?: string } => (process.env.ENGRAM_PASSPHRASE ? { passphrase: process.env.ENGRAM_PASSPHRASE } : {});

type Post = (message: FromWorker, transfer?: ArrayBuffer[]) => void;

function startHost(data: HostWorkerData, post: Post): AppHost | null {
  try {
    const secrets = new BridgedSecretStore(data.secrets.kind, data.secrets.port, data.secrets.buffer);
    return new AppHost({
      dataDir: data.dataDir,
      secrets,
      ...(data.secrets.keychain ? { keychain: secrets.keychain() } : {}),
      mode: data.mode,
      version: data.version,
      ...(data.installation ? { installation: data.installation } : {}),
      logger: stderrLogger,
      engine: {
        ...(data.nativeBinding ? { nativeBinding: data.nativeBinding } : {}),
        // The key the desktop app's main thread unlocked from the keychain; browser mode unlocks its own (the
        // key file, or ENGRAM_PASSPHRASE), and a new memory is encrypted either way.
        encryption: data.memoryKey ? { key: Buffer.from(data.memoryKey) } : passphraseFromEnv(),
      },
    });
  } catch (error) {
    // The main thread classifies it (a newer or damaged database, a native module that will not load…).
    post({ kind: 'start-failed', error: serializeError(error) });
    return null;
  }
}

function serve(host: AppHost, port: MessagePort, post: Post): void {
  host.subscribe((name, payload) => post({ kind: 'event', name, payload }));
  port.on('message', (message: ToWorker) => {
    if (message.kind === 'call') {
      const { id, name, input } = message;
      // The JSON bytes move to the main thread without a copy (transferred, not cloned).
      if (message.json) void host.dispatchJson(name, input).then((json) => post({ kind: 'result-json', id, json }, [json.buffer as ArrayBuffer]));
      else void host.dispatch(name, input).then((envelope) => post({ kind: 'result', id, envelope }));
      return;
    }
    // Replies in flight stop and write-path jobs finish before the database closes (AppHost.close).
    void host.close().finally(() => {
      post({ kind: 'closed' });
      port.close();
    });
  });
  post({ kind: 'ready' });
}

const port = parentPort;
if (!port) throw new Error('host-worker runs only as a worker thread (WorkerHost starts it)');
const post: Post = (message, transfer) => port.postMessage(message, transfer);

// A bug reached by one call or one background job is logged; the engine keeps serving, as in browser mode.
process.on('uncaughtException', (err) => stderrLogger.error('uncaught exception in the engine (Engram keeps running)', err));
process.on('unhandledRejection', (reason) => stderrLogger.error('unhandled rejection in the engine (Engram keeps running)', reason));

const data = workerData as HostWorkerData;
// The engine finds the packaged resources (word vectors) through process.resourcesPath, as on the main thread.
if (data.resourcesPath && !packagedResourcesPath()) Object.defineProperty(process, 'resourcesPath', { value: data.resourcesPath });
const host = startHost(data, post);
// Without a host nothing runs: closing the port lets the thread end.
if (host) serve(host, port, post);
else port.close();
