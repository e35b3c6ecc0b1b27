/**
 * The main thread's side of the host worker: starts it, routes contract calls to it, forwards its events to the
 * transports and answers its secret requests. Nothing here touches the database, so the thread that serves the
 * window (Electron's main process, browser mode's HTTP server) never waits on SQLite, search or consolidation.
 */
import { MessageChannel, type Worker, type WorkerOptions } from 'node:worker_threads';
import type { ApiError, CallInput, CallName, CallOutput, Envelope, EventMap, EventName } from '../../api/contract';
import type { SecretStore } from '../../llm/secrets';
import type { Logger } from '../../../src-shared/clock';
import type { EventSink, HostTransport } from '../host-transport';
import type { AppHostOptions } from '../app-host';
import type { FromWorker, HostWorkerData, ToWorker } from './protocol';
import { newSecretBuffer, serveSecrets } from './secret-bridge';
import { deserializeError } from './serialize-error';
import { spawnHostWorker } from './spawn';
import { packagedResourcesPath } from '../../resource-paths';
import type { KeyProtector } from '../../memory';

export interface WorkerHostOptions {
  dataDir: string;
  mode: AppHostOptions['mode'];
  version: string;
  secrets: SecretStore;
  logger: Logger;
  nativeBinding?: string;
  /**
   * The memory's key, unlocked on this (main) thread from the OS keychain (src-main/app/memory-keychain.ts). A
   * function is asked again at each (re)start: a memory encrypted from Settings since has a key the first start
   * did not know.
   */
  memoryKey?: Buffer | (() => Buffer | null);
  /** The OS keychain (main process only): lent to the worker for "Encrypt this memory" through the secrets bridge. */
  keychain?: KeyProtector;
  installation?: HostWorkerData['installation'];
  /** How the worker thread is created: electron-vite's `?nodeWorker` factory in the desktop build; by default
   * the entry next to this module (source under tsx, or the browser-mode bundle). */
  spawn?: (options: WorkerOptions) => Worker;
}

const stopped = (message: string): ApiError => ({ code: 'closed', message, issues: [] });
/** Closing waits for replies to stop and write-path jobs to finish; a thread that never answers is ended. */
const CLOSE_TIMEOUT_MS = 60_000;
/**
 * A thread that dies (a native crash, out of memory) is started again on the same folder — its database is
 * WAL-protected, so nothing committed is lost — at most this many times a minute; then it stays down and calls
 * say so.
 */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;
const SHUTTING_DOWN = 'Engram is shutting down';
const DOWN = 'The memory engine stopped and could not be started again; restart Engram';

export class WorkerHost implements HostTransport {
  private readonly pending = new Map<number, (answer: Envelope<unknown> | Uint8Array) => void>();
  private readonly sinks = new Set<EventSink>();
  private nextId = 1;
  private closing: Promise<void> | null = null;
  private exited = false;
  private down = false;
  private onClosed: (() => void) | null = null;
  private worker!: Worker;
  private stopSecrets: () => void = () => undefined;
  private restarting: Promise<boolean> | null = null;
  private readonly restarts: number[] = [];

  private constructor(private readonly options: WorkerHostOptions) {}

  /** Starts the worker and resolves once its AppHost is open; rejects with the engine's own start-up error. */
  static async start(options: WorkerHostOptions): Promise<WorkerHost> {
    const host = new WorkerHost(options);
    await host.launch();
    return host;
  }

  private launch(): Promise<void> {
    const { options } = this;
    const channel = new MessageChannel();
    const buffer = newSecretBuffer();
    const memoryKey = typeof options.memoryKey === 'function' ? options.memoryKey() : options.memoryKey;
    const stopSecrets = serveSecrets(options.secrets, channel.port1, buffer, options.keychain);
    const workerData: HostWorkerData = {
      dataDir: options.dataDir,
      mode: options.mode,
      version: options.version,
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      ...(memoryKey ? { memoryKey } : {}),
      ...(options.installation ? { installation: options.installation } : {}),
      ...(packagedResourcesPath() ? { resourcesPath: packagedResourcesPath() } : {}),
      secrets: { kind: options.secrets.kind, port: channel.port2, buffer, ...(options.keychain ? { keychain: true } : {}) },
    };
    const worker = (options.spawn ?? spawnHostWorker)({ workerData, transferList: [channel.port2] });
    this.worker = worker;
    this.stopSecrets = stopSecrets;
    this.exited = false;
    return new Promise((resolve, reject) => {
      let started = false;
      worker.on('message', (message: FromWorker) => {
        if (message.kind === 'ready') {
          started = true;
          resolve();
        } else if (message.kind === 'start-failed') {
          reject(deserializeError(message.error));
        } else {
          this.receive(message);
        }
      });
      worker.on('error', (error) => {
        if (!started) reject(error);
        else options.logger.error('the engine thread failed', error);
      });
      worker.on('exit', (code) => {
        this.exited = true;
        stopSecrets();
        if (!started) return reject(new Error(`The engine thread ended before it started (exit code ${code})`));
        if (this.closing) {
          this.failPending(stopped(SHUTTING_DOWN));
          this.onClosed?.();
          return;
        }
        options.logger.error(`the engine thread ended unexpectedly (exit code ${code})`);
        this.failPending(stopped('The memory engine stopped unexpectedly and is starting again; try again in a moment'));
        this.restart();
      });
    });
  }

  /** After an unexpected exit: a new thread on the same folder, unless it keeps dying. */
  private restart(): void {
    const now = Date.now();
    while (this.restarts.length > 0 && now - (this.restarts[0] as number) > RESTART_WINDOW_MS) this.restarts.shift();
    if (this.restarts.length >= MAX_RESTARTS) {
      this.down = true;
      this.options.logger.error(`the engine thread ended ${MAX_RESTARTS + 1} times within a minute; it is not started again`);
      return;
    }
    this.restarts.push(now);
    this.restarting = this.launch()
      .then(() => {
        this.options.logger.warn('the engine thread was started again');
        // The window's views refetch what they show, as when another process has written.
        this.emit('memory.changed', { kind: 'external.changed' });
        return true;
      })
      .catch((error: unknown) => {
        this.down = true;
        this.options.logger.error('the engine thread could not be started again', error);
        return false;
      })
      .finally(() => {
        this.restarting = null;
      });
  }

  readonly dispatch = (name: string, input: unknown): Promise<Envelope<unknown>> =>
    this.request(name, input, false).then((answer) => (answer instanceof Uint8Array ? (JSON.parse(new TextDecoder().decode(answer)) as Envelope<unknown>) : answer));

  /** Big answers (a graph, a timeline page) are serialised on the worker: the main thread forwards the bytes. */
  dispatchJson(name: string, input: unknown): Promise<Uint8Array> {
    return this.request(name, input, true).then((answer) => (answer instanceof Uint8Array ? answer : new TextEncoder().encode(JSON.stringify(answer))));
  }

  private request(name: string, input: unknown, json: boolean): Promise<Envelope<unknown> | Uint8Array> {
    if (this.closing) return Promise.resolve({ ok: false, error: stopped(SHUTTING_DOWN) });
    // A call made while the thread starts again waits for it.
    if (this.restarting) return this.restarting.then(() => this.request(name, input, json));
    if (this.exited || this.down) return Promise.resolve({ ok: false, error: stopped(DOWN) });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.post({ kind: 'call', id, name, input, ...(json ? { json } : {}) });
    });
  }

  /** The typed client, derived from the contract: the same call the renderer makes, with its input and output. */
  call<K extends CallName>(name: K, input: CallInput<K>): Promise<Envelope<CallOutput<K>>> {
    return this.dispatch(name, input) as Promise<Envelope<CallOutput<K>>>;
  }

  subscribe(sink: EventSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }

  /** Asks the worker to stop replies and jobs and close the database, waits for it, then ends the thread. */
  close(): Promise<void> {
    this.closing ??= (this.restarting ?? Promise.resolve()).then(() => new Promise<void>((resolve) => {
      if (this.exited) return resolve();
      const timer = setTimeout(() => {
        this.options.logger.error(`the engine did not close within ${CLOSE_TIMEOUT_MS / 1000} s; ending its thread`);
        resolve();
      }, CLOSE_TIMEOUT_MS);
      this.onClosed = () => {
        clearTimeout(timer);
        resolve();
      };
      this.post({ kind: 'close' });
    })).then(async () => {
      this.sinks.clear();
      this.stopSecrets();
      if (!this.exited) await this.worker.terminate();
    });
    return this.closing;
  }

  private receive(message: Exclude<FromWorker, { kind: 'ready' | 'start-failed' }>): void {
    if (message.kind === 'result' || message.kind === 'result-json') {
      const resolve = this.pending.get(message.id);
      this.pending.delete(message.id);
      resolve?.(message.kind === 'result' ? message.envelope : message.json);
    } else if (message.kind === 'event') {
      this.emit(message.name, message.payload as EventMap[EventName]);
    } else {
      // 'closed': the database is closed; what is still pending can no longer be answered.
      this.failPending(stopped(SHUTTING_DOWN));
      this.onClosed?.();
    }
  }

  private emit<E extends EventName>(name: E, payload: EventMap[E]): void {
    for (const sink of this.sinks) {
      try {
        sink(name, payload);
      } catch (error) {
        this.options.logger.error(`an event sink failed on ${name}`, error);
      }
    }
  }

  private failPending(error: ApiError): void {
    for (const resolve of this.pending.values()) resolve({ ok: false, error });
    this.pending.clear();
  }

  private post(message: ToWorker): void {
    this.worker.postMessage(message);
  }
}
