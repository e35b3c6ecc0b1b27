/**
 * Messages between the main thread and the host worker. Everything crosses by structured clone; envelopes and
 * event payloads are the contract's own (plain data), so nothing here restates the API.
 */
import type { MessagePort } from 'node:worker_threads';
import type { AppInfo, Envelope, EventName } from '../../api/contract';
import type { SecretStore } from '../../llm/secrets';
import type { HostInstallation } from '../app-host';
import type { SerializedError } from './serialize-error';

/** What the worker needs to build its AppHost: only plain data and the secrets channel. */
export interface HostWorkerData {
  dataDir: string;
  mode: AppInfo['mode'];
  version: string;
  /** better-sqlite3 built for Electron's ABI (npm start); absent in a packaged app and in plain Node. */
  nativeBinding?: string;
  /** The memory's key, unlocked by the main thread (only it can use the OS keychain); absent for plaintext. */
  memoryKey?: Uint8Array;
  /** Electron's process.resourcesPath, which a worker thread's own process object may lack. */
  resourcesPath?: string;
  /** How this installation starts, for the stdio MCP command (app-host.ts). */
  installation?: HostInstallation;
  /** `keychain`: the main thread can seal and unseal with the OS keychain (the desktop app). */
  secrets: { kind: SecretStore['kind']; port: MessagePort; buffer: SharedArrayBuffer; keychain?: boolean };
}

/** `json`: answer with the envelope as JSON text (serialised on the worker, see HostTransport.dispatchJson). */
export type ToWorker = { kind: 'call'; id: number; name: string; input: unknown; json?: boolean } | { kind: 'close' };

export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'start-failed'; error: SerializedError }
  | { kind: 'result'; id: number; envelope: Envelope<unknown> }
  | { kind: 'result-json'; id: number; json: Uint8Array }
  | { kind: 'event'; name: EventName; payload: unknown }
  | { kind: 'closed' };
