/**
 * API keys stay with the main thread's SecretStore: in Electron only the main process can use safeStorage. The
 * worker's SettingsStore reads them synchronously (as it does in-process), so a worker call posts a request and
 * waits on a shared buffer until the main thread has answered. The main thread never waits on the worker.
 */
import type { MessagePort } from 'node:worker_threads';
import type { SecretStore } from '../../llm/secrets';

type SecretRequest = { op: 'get'; name: string } | { op: 'set'; name: string; value: string | null };
type SecretAnswer = { ok: true; value?: string } | { ok: false; message: string };

const HEADER_BYTES = 8;
const IDLE = 0;
const ANSWERED = 1;
/** Secrets are API keys and tokens; a few KiB is plenty, and an oversized answer is refused, not cut. */
export const SECRET_BUFFER_BYTES = 64 * 1024;
/** The main thread answers in microseconds; a stuck main thread should fail the call, not hang the engine. */
const ANSWER_TIMEOUT_MS = 10_000;

export const newSecretBuffer = (): SharedArrayBuffer => new SharedArrayBuffer(SECRET_BUFFER_BYTES);

/** Main thread: answers the worker's secret requests from the real store. */
export function serveSecrets(store: SecretStore, port: MessagePort, buffer: SharedArrayBuffer): () => void {
  const header = new Int32Array(buffer, 0, 2);
  const body = new Uint8Array(buffer, HEADER_BYTES);
  const onMessage = (request: SecretRequest): void => {
    let answer: SecretAnswer;
    try {
      if (request.op === 'get') {
        const value = store.get(request.name);
        answer = value === undefined ? { ok: true } : { ok: true, value };
      } else {
        store.set(request.name, request.value);
        answer = { ok: true };
      }
    } catch (error) {
      answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    let bytes = new TextEncoder().encode(JSON.stringify(answer));
    if (bytes.length > body.length) bytes = new TextEncoder().encode(JSON.stringify({ ok: false, message: 'The stored secret is too large to read' }));
    body.set(bytes);
    Atomics.store(header, 1, bytes.length);
    Atomics.store(header, 0, ANSWERED);
    Atomics.notify(header, 0);
  };
  port.on('message', onMessage);
  // The channel must not keep the process alive once the worker is gone.
  port.unref();
  return () => {
    port.off('message', onMessage);
    port.close();
  };
}

/** Worker thread: a SecretStore whose every read and write is done by the main thread's store. */
export class BridgedSecretStore implements SecretStore {
  private readonly header: Int32Array;
  private readonly body: Uint8Array;

  constructor(
    readonly kind: SecretStore['kind'],
    private readonly port: MessagePort,
    buffer: SharedArrayBuffer,
  ) {
    this.header = new Int32Array(buffer, 0, 2);
    this.body = new Uint8Array(buffer, HEADER_BYTES);
  }

  get(name: string): string | undefined {
    return this.ask({ op: 'get', name });
  }

  set(name: string, value: string | null): void {
    this.ask({ op: 'set', name, value });
  }

  private ask(request: SecretRequest): string | undefined {
    Atomics.store(this.header, 0, IDLE);
    this.port.postMessage(request);
    if (Atomics.wait(this.header, 0, IDLE, ANSWER_TIMEOUT_MS) === 'timed-out') {
      throw new Error('The secret store did not answer (the main process is not responding)');
    }
    const length = Atomics.load(this.header, 1);
    const answer = JSON.parse(new TextDecoder().decode(this.body.slice(0, length))) as SecretAnswer;
    if (!answer.ok) throw new Error(answer.message);
    return answer.value;
  }
}
