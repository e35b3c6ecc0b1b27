/**
 * What a transport (Electron IPC, the browser-mode HTTP server) needs from the app behind it. The in-process
 * AppHost and the worker-thread WorkerHost both provide it, so transports do not care where the engine runs.
 */
import type { Dispatch } from '../api/handlers';
import type { EventMap, EventName } from '../api/contract';

export type EventSink = <E extends EventName>(name: E, payload: EventMap[E]) => void;

export interface HostTransport {
  /** One contract call: validated and answered with an envelope, never a thrown error. */
  dispatch: Dispatch;
  /**
   * The same call with its envelope already serialised as UTF-8 JSON, for transports that send JSON (browser
   * mode): with the engine on a worker, the worker serialises and encodes big answers and hands the bytes
   * over without a copy; the main thread only writes them out.
   */
  dispatchJson(name: string, input: unknown): Promise<Uint8Array>;
  /** Adds an event sink; returns its removal. */
  subscribe(sink: EventSink): () => void;
  /** Stops replies and jobs in flight, then closes the database. */
  close(): Promise<void>;
}
