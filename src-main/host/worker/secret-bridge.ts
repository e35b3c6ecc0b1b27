/**
 * API keys stay with the main thread's SecretStore: in Electron only the main process can use safeStorage. The
 * worker's SettingsStore reads them synchronously (as it does in-process), so a worker call posts a request and
 * waits on a shared buffer until the main thread has answered. The main thread never waits on the worker.
 *
 * Every request carries an id and the answer names it: when the main thread was blocked past the worker's
 * timeout (a keychain prompt, a suspend), it still answers the abandoned request later, and without ids that
 * late answer was read as the next request's (asking for the MCP token returned the provider's API key).
 */
import type { MessagePort } from 'node:worker_threads';
import type { SecretStore } from '../../llm/secrets';
import type { KeyProtector } from '../../memory';

/** `seal`/`unseal`: the OS keychain (safeStorage) for the memory's key, base64 in and out. */
type SecretRequestBody = { op: 'get'; name: string } | { op: 'set'; name: string; value: string | null } | { op: 'seal'; data: string } | { op: 'unseal'; data: string };
type SecretRequest = { id: number } & SecretRequestBody;
type SecretAnswer = { ok: true; value?: string } | { ok: false; message: string };

const HEADER_BYTES = 8;
/** Header slot 0: the id of the request the body answers (0: none yet); slot 1: the body's length. */
const ANSWER_ID = 0;
const ANSWER_LENGTH = 1;
/** Secrets are API keys and tokens; a few KiB is plenty, and an oversized answer is refused, not cut. */
export const SECRET_BUFFER_BYTES = 64 * 1024;
/** The main thread answers in microseconds; a stuck main thread should fail the call, not hang the engine. */
const ANSWER_TIMEOUT_MS = 10_000;

export const newSecretBuffer = (): SharedArrayBuffer => new SharedArrayBuffer(SECRET_BUFFER_BYTES);

/** Main thread: answers the worker's secret requests from the real store (and its keychain, when there is one). */
export function serveSecrets(store: SecretStore, port: MessagePort, buffer: SharedArrayBuffer, keychain?: KeyProtector): () => void {
  const header = new Int32Array(buffer, 0, 2);
  const body = new Uint8Array(buffer, HEADER_BYTES);
  const onMessage = (request: SecretRequest): void => {
    let answer: SecretAnswer;
    try {
      if (request.op === 'seal' || request.op === 'unseal') {
        if (!keychain) throw new Error('The system keychain is not available');
        const bytes = Buffer.from(request.data, 'base64');
        answer = { ok: true, value: (request.op === 'seal' ? keychain.seal(bytes) : keychain.unseal(bytes)).toString('base64') };
      } else if (request.op === 'get') {
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
    Atomics.store(header, ANSWER_LENGTH, bytes.length);
    // Written last: the worker reads the body only once the id is its request's.
    Atomics.store(header, ANSWER_ID, request.id);
    Atomics.notify(header, ANSWER_ID);
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
  private lastId = 0;

  constructor(
    readonly kind: SecretStore['kind'],
    private readonly port: MessagePort,
    buffer: SharedArrayBuffer,
    private readonly answerTimeoutMs = ANSWER_TIMEOUT_MS,
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

  /** The main thread's keychain, for the memory's key (only meaningful when the main thread has one). */
  keychain(): KeyProtector {
    const use = (op: 'seal' | 'unseal', bytes: Buffer): Buffer => Buffer.from(this.ask({ op, data: bytes.toString('base64') }) ?? '', 'base64');
    return { seal: (key) => use('seal', key), unseal: (sealed) => use('unseal', sealed) };
  }

  private ask(request: SecretRequestBody): string | undefined {
    // Ids stay positive int32s, so they never equal the header's initial 0.
    const id = (this.lastId = (this.lastId % 0x7fff_ffff) + 1);
    this.port.postMessage({ ...request, id } satisfies SecretRequest);
    const deadline = performance.now() + this.answerTimeoutMs;
    // Answers to requests that timed out earlier arrive first and are skipped; only this request's id counts.
    for (let seen = Atomics.load(this.header, ANSWER_ID); seen !== id; seen = Atomics.load(this.header, ANSWER_ID)) {
      const remaining = deadline - performance.now();
      if (remaining <= 0 || Atomics.wait(this.header, ANSWER_ID, seen, remaining) === 'timed-out') {
        throw new Error('The secret store did not answer (the main process is not responding)');
      }
    }
    const length = Atomics.load(this.header, ANSWER_LENGTH);
    const answer = JSON.parse(new TextDecoder().decode(this.body.slice(0, length))) as SecretAnswer;
    if (!answer.ok) throw new Error(answer.message);
    return answer.value;
  }
}
