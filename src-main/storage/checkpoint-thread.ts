/**
 * WAL checkpoints on a thread of their own. A checkpoint copies a few hundred pages into the database file and
 * syncs it: 10–20 ms during which the engine's thread, run in line, answered nothing (a write recorded then
 * waited for it). In WAL mode a checkpoint on another connection runs beside the writer, so here it runs on a
 * second connection in a worker thread, started at the first checkpoint (a CLI command that writes little
 * never starts it). It is keyed like the engine's own connection; it loads no extension and touches no table.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { DRIVER_MODULE } from './driver';

/** Plain CommonJS, evaluated in the thread: no loader or bundle entry of its own is needed. */
const CHECKPOINT_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db = null;
try {
  db = new Database(workerData.path, { fileMustExist: true, ...(workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {}) });
  for (const pragma of workerData.keyPragmas) db.pragma(pragma);
  db.prepare('SELECT count(*) FROM sqlite_master').get();
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ error: String((err && err.message) || err) });
  if (db) db.close();
  db = null;
}
parentPort.on('message', (message) => {
  if (message === 'close' || !db) {
    if (db) db.close();
    db = null;
    parentPort.close();
    return;
  }
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ row });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});
`;

/** SQLite's answer to `PRAGMA wal_checkpoint`: frames in the WAL, and how many are now in the database file. */
export interface CheckpointRow {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface CheckpointThreadOptions {
  path: string;
  /** The pragmas that key the engine's connection (driver.ts keyPragmas), empty for a plaintext memory. */
  keyPragmas: string[];
  nativeBinding?: string | undefined;
}

type Answer = { ready: true } | { row: CheckpointRow } | { error: string };

/** Closing waits this long for a checkpoint in progress before the thread is stopped. */
const CLOSE_WAIT_MS = 5_000;

export class CheckpointThread {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private pending: { resolve: (row: CheckpointRow) => void; reject: (err: Error) => void } | null = null;

  constructor(private readonly options: CheckpointThreadOptions) {}

  /** One PASSIVE checkpoint on the thread's connection (one at a time: the caller waits for each). */
  async checkpoint(): Promise<CheckpointRow> {
    await this.start();
    const worker = this.worker;
    if (!worker) throw new Error('the checkpoint thread is closed');
    return new Promise<CheckpointRow>((resolve, reject) => {
      this.pending = { resolve, reject };
      worker.postMessage('checkpoint');
    });
  }

  /** Closes the thread's connection and ends the thread; a checkpoint in progress finishes first. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    // Held while closing: an unreferenced thread would let the process end with the caller's `await` unsettled.
    worker.ref();
    worker.postMessage('close');
    const timer = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
    await exited;
    clearTimeout(timer);
  }

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const worker = new Worker(CHECKPOINT_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { ...this.options, driver: createRequire(import.meta.url).resolve(DRIVER_MODULE) },
    });
    // The thread must not keep a process alive that has nothing else to do (a CLI command ends by closing).
    worker.unref();
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      let opened = false;
      worker.on('message', (answer: Answer) => {
        if (!opened) {
          opened = true;
          if ('ready' in answer) resolve();
          else reject(new Error('error' in answer ? answer.error : 'unexpected answer'));
          return;
        }
        const pending = this.pending;
        this.pending = null;
        if ('row' in answer) pending?.resolve(answer.row);
        else pending?.reject(new Error('error' in answer ? answer.error : 'unexpected answer'));
      });
      const fail = (err: Error): void => {
        if (!opened) reject(err);
        this.pending?.reject(err);
        this.pending = null;
        if (this.worker === worker) {
          this.worker = null;
          this.ready = null;
        }
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`the checkpoint thread ended (exit ${code})`)));
    });
    return this.ready;
  }
}
