/**
 * Entry of the built-in model's thread: a worker_threads worker in plain Node, or an Electron utilityProcess
 * (its `process.parentPort`). It only relays the protocol to ModelHost, so the window's thread and the engine's
 * never run llama.cpp.
 */
import { parentPort } from 'node:worker_threads';
import { BuiltinRunError, ModelHost } from './model-host';
import type { FromWorker, ToWorker } from './protocol';

interface Port {
  post(message: FromWorker): void;
  onMessage(listener: (message: ToWorker) => void): void;
}

function connect(): Port {
  if (parentPort) {
    const port = parentPort;
    return { post: (m) => port.postMessage(m), onMessage: (l) => port.on('message', l) };
  }
  // Electron's utilityProcess: messages arrive as events with `data`.
  const electronPort = (process as unknown as { parentPort?: { postMessage(m: unknown): void; on(e: 'message', l: (e: { data: unknown }) => void): void } }).parentPort;
  if (!electronPort) throw new Error('model-worker must run as a worker thread or an Electron utility process');
  return { post: (m) => electronPort.postMessage(m), onMessage: (l) => electronPort.on('message', (e) => l(e.data as ToWorker)) };
}

const port = connect();
const host = new ModelHost();
const running = new Map<number, AbortController>();

port.onMessage((message) => {
  if (message.type === 'abort') return running.get(message.id)?.abort();
  if (message.type === 'unload') {
    void host.unload().finally(() => port.post({ type: 'unloaded' }));
    return;
  }
  const { id, request } = message;
  const controller = new AbortController();
  running.set(id, controller);
  host
    .generate(request, (text) => port.post({ type: 'chunk', id, text }), controller.signal)
    .then((result) => port.post({ type: 'done', id, result }))
    .catch((err: unknown) => {
      const failure = err instanceof BuiltinRunError ? err.failure : 'generation_failed';
      port.post({ type: 'failed', id, failure, message: err instanceof Error ? err.message : String(err) });
    })
    .finally(() => running.delete(id));
});
