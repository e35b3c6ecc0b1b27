/**
 * SQLite's integrity check of a file, on a thread of its own and within a time limit. It reads every page:
 * seconds for a large (or a crafted, sparse) file, during which the engine's thread must keep answering; a
 * check that outlasts the limit is stopped and the file refused.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import * as sqliteVec from 'sqlite-vec';
import { MemoryError } from '../../src-shared/errors';
import { asarUnpackedPath } from '../resource-paths';
import { databaseFileState, DRIVER_MODULE, keyPragmaChoices } from './driver';

/** Plain CommonJS, evaluated in the thread: no loader or bundle entry of its own is needed. */
const CHECK_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db = null;
const open = () => new Database(workerData.path, { readonly: true, fileMustExist: true, ...(workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {}) });
try {
  // An encrypted file may be in any of the cipher schemes: the first whose key pragmas read the schema is it.
  const choices = workerData.keyPragmaChoices.length > 0 ? workerData.keyPragmaChoices : [[]];
  for (let i = 0; i < choices.length; i++) {
    db = open();
    for (const pragma of choices[i]) db.pragma(pragma);
    try {
      db.prepare('SELECT count(*) FROM sqlite_master').get();
      break;
    } catch (err) {
      if (i === choices.length - 1 || !err || err.code !== 'SQLITE_NOTADB') throw err;
      db.close();
      db = null;
    }
  }
  db.loadExtension(workerData.extension);
  parentPort.postMessage({ problems: db.pragma('integrity_check(20)').map((r) => r.integrity_check) });
} catch (err) {
  parentPort.postMessage({ error: String((err && err.message) || err) });
} finally {
  if (db) db.close();
}
`;

export const INTEGRITY_CHECK_TIMEOUT_MS = 120_000;

export interface IntegrityCheckOptions {
  timeoutMs?: number;
  nativeBinding?: string;
  /** The memory's key, for an encrypted file (a backup of this memory). */
  key?: Buffer | null;
}

/** Resolves with SQLite's findings (["ok"] for a sound file); rejects `invalid_input` when it cannot tell in time. */
export function integrityCheckOffThread(path: string, options: IntegrityCheckOptions = {}): Promise<string[]> {
  const timeoutMs = options.timeoutMs ?? INTEGRITY_CHECK_TIMEOUT_MS;
  const worker = new Worker(CHECK_SOURCE, {
    eval: true,
    execArgv: [],
    workerData: {
      path,
      driver: createRequire(import.meta.url).resolve(DRIVER_MODULE),
      keyPragmaChoices: options.key && databaseFileState(path) === 'encrypted' ? keyPragmaChoices(options.key) : [],
      extension: asarUnpackedPath(sqliteVec.getLoadablePath()),
      nativeBinding: options.nativeBinding,
    },
  });
  return new Promise<string[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new MemoryError('invalid_input', `Checking the file took longer than ${Math.round(timeoutMs / 1000)} s, so it was not restored (is it a real Engram backup?)`));
    }, timeoutMs);
    const settle = (): void => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once('message', (answer: { problems?: string[]; error?: string }) => {
      settle();
      if (answer.problems) resolve(answer.problems);
      else reject(new MemoryError('invalid_input', `The file is not a readable SQLite database (${answer.error ?? 'unknown error'})`));
    });
    worker.once('error', (err) => {
      settle();
      reject(new MemoryError('storage', `The file could not be checked: ${err.message}`, { cause: err }));
    });
  });
}
