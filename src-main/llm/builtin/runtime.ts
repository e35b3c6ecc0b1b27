/**
 * The engine-side handle on the built-in model: starts its worker on first use, relays requests, and stops the
 * worker after an idle period so the model's memory goes back to the system. A crashed worker fails what it
 * was doing with a cause and is started afresh on the next request.
 */
import { Worker } from 'node:worker_threads';
import type { BuiltinFailure, FromWorker, GenerateRequest, GenerateResult, ToWorker } from './protocol';

/** A failure of the built-in model, naming its cause (model_missing, out_of_memory, unsupported_hardware…). */
export class BuiltinModelError extends Error {
  constructor(
    readonly failure: BuiltinFailure,
    message: string,
  ) {
    super(message);
    this.name = 'BuiltinModelError';
  }
}

/** What the runtime needs of a worker thread or a utility process. */
export interface ModelWorkerPort {
  postMessage(message: ToWorker): void;
  onMessage(listener: (message: FromWorker) => void): void;
  onExit(listener: (code: number) => void): void;
  terminate(): void;
}

export interface BuiltinRuntimeOptions {
  /** Unload after this long without a request; default 5 minutes. */
  idleMs?: number;
  /** Another transport (Electron's utilityProcess); default a worker_threads worker. */
  spawn?: () => ModelWorkerPort;
}

export interface GenerateHooks {
  onChunk?: (text: string) => void;
  signal?: AbortSignal;
}

interface Pending {
  resolve: (result: GenerateResult) => void;
  reject: (error: Error) => void;
  onChunk: ((text: string) => void) | undefined;
}

const DEFAULT_IDLE_MS = 5 * 60_000;

/** Run from source (tsx, vitest), the thread registers tsx first; built, model-worker.mjs sits next to this module. */
export function spawnModelWorkerThread(): ModelWorkerPort {
  const here = import.meta.url;
  const worker = here.endsWith('.ts')
    ? new Worker(new URL('../../host/worker/tsx-boot.mjs', here), { execArgv: [], argv: [new URL('./model-worker.ts', here).href] })
    : new Worker(new URL('./model-worker.mjs', here), { execArgv: [] });
  return {
    postMessage: (m) => worker.postMessage(m),
    onMessage: (l) => worker.on('message', l),
    onExit: (l) => worker.on('exit', l),
    terminate: () => void worker.terminate(),
  };
}

export class BuiltinModelRuntime {
  private worker: ModelWorkerPort | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly idleMs: number;
  private readonly spawn: () => ModelWorkerPort;

  constructor(options: BuiltinRuntimeOptions = {}) {
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.spawn = options.spawn ?? spawnModelWorkerThread;
  }

  /** Whether a model worker is running (a model is loaded or loading). */
  get running(): boolean {
    return this.worker !== null;
  }

  generate(request: GenerateRequest, hooks: GenerateHooks = {}): Promise<GenerateResult> {
    if (hooks.signal?.aborted) return Promise.reject(abortError());
    const worker = this.ensureWorker();
    const id = this.nextId++;
    this.cancelIdle();
    return new Promise<GenerateResult>((resolve, reject) => {
      // Stopped: the caller is told at once; the worker ends its generation at the next token.
      const abort = (): void => {
        worker.postMessage({ type: 'abort', id });
        this.pending.get(id)?.reject(abortError());
      };
      hooks.signal?.addEventListener('abort', abort, { once: true });
      const settle = (): void => {
        hooks.signal?.removeEventListener('abort', abort);
        this.pending.delete(id);
        if (this.pending.size === 0) this.scheduleIdle();
      };
      this.pending.set(id, {
        onChunk: hooks.onChunk,
        resolve: (r) => (settle(), resolve(r)),
        reject: (e) => (settle(), reject(e)),
      });
      worker.postMessage({ type: 'generate', id, request });
    });
  }

  /** Stops the worker now (the app quits, or the person chose another provider). */
  close(): void {
    this.cancelIdle();
    const worker = this.worker;
    this.worker = null;
    this.failAll('generation_failed', 'The built-in model was stopped.');
    worker?.terminate();
  }

  private ensureWorker(): ModelWorkerPort {
    if (this.worker) return this.worker;
    const worker = this.spawn();
    this.worker = worker;
    worker.onMessage((m) => this.receive(m));
    worker.onExit((code) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.cancelIdle();
      this.failAll('generation_failed', `The built-in model stopped unexpectedly (exit code ${code}); it may have run out of memory. It will start again on the next message.`);
    });
    return worker;
  }

  private receive(message: FromWorker): void {
    if (message.type === 'unloaded') return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'chunk') pending.onChunk?.(message.text);
    else if (message.type === 'done') pending.resolve(message.result);
    else pending.reject(new BuiltinModelError(message.failure, message.message));
  }

  private failAll(failure: BuiltinFailure, message: string): void {
    for (const p of [...this.pending.values()]) p.reject(new BuiltinModelError(failure, message));
    this.pending.clear();
  }

  private scheduleIdle(): void {
    this.cancelIdle();
    this.idleTimer = setTimeout(() => {
      if (this.pending.size > 0) return;
      // Ending the thread frees everything llama.cpp allocated; the next request loads the model again.
      const worker = this.worker;
      this.worker = null;
      worker?.terminate();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  private cancelIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

function abortError(): Error {
  const err = new Error('The request was stopped.');
  err.name = 'AbortError';
  return err;
}
