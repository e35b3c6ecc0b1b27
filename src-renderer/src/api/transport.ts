/**
 * How the UI reaches main: window.engram (the preload bridge) in the desktop app, or HTTP + WebSocket to
 * the browser-mode server. Both implement the contract's EngramBridge, so nothing else knows the difference.
 */
import type { ApiError, CallName, EngramBridge, Envelope, EventMap, EventName } from '../../../src-main/api/contract';

declare global {
  interface Window {
    engram?: EngramBridge;
  }
}

type Listener = (payload: never) => void;

export interface ConnectionState {
  connected: boolean;
}

/** Browser mode: calls are POSTs (the HttpOnly cookie carries the token), events come over one WebSocket. */
class BrowserTransport implements EngramBridge {
  private readonly listeners = new Map<EventName, Set<Listener>>();
  private socket: WebSocket | null = null;
  private retryMs = 250;
  private readonly connectionListeners = new Set<(connected: boolean) => void>();
  connected = false;

  constructor() {
    this.connect();
  }

  private connect(): void {
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/events`);
    this.socket = ws;
    ws.onopen = () => {
      const wasDisconnected = !this.connected;
      this.retryMs = 250;
      this.setConnected(true);
      // Anything pushed while we were away is refetched.
      if (wasDisconnected) this.dispatchLocal('chat.sessions', { chatId: '' });
    };
    ws.onmessage = (msg) => {
      const data = JSON.parse(String(msg.data)) as { event: EventName; payload: never };
      this.dispatchLocal(data.event, data.payload);
    };
    ws.onclose = () => {
      this.setConnected(false);
      setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 5000);
    };
  }

  private setConnected(connected: boolean): void {
    this.connected = connected;
    for (const l of this.connectionListeners) l(connected);
  }

  onConnection(listener: (connected: boolean) => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  private dispatchLocal(name: EventName, payload: unknown): void {
    for (const l of this.listeners.get(name) ?? []) (l as (p: unknown) => void)(payload);
  }

  async invoke<K extends CallName>(name: K, input: unknown): Promise<Envelope<never>> {
    let res: Response;
    try {
      res = await fetch(`/api/call/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input ?? {}),
        credentials: 'same-origin',
      });
    } catch {
      return failure('internal', 'Engram is not reachable. Is it still running?');
    }
    if (res.status === 403) return failure('forbidden', 'This page lost its access token. Open the URL Engram printed at start.');
    if (!res.ok) return failure('internal', `Engram answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Envelope<never>;
  }

  on<E extends EventName>(name: E, listener: (payload: EventMap[E]) => void): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener as Listener);
    return () => set.delete(listener as Listener);
  }
}

function failure(code: ApiError['code'], message: string): Envelope<never> {
  return { ok: false, error: { code, message, issues: [] } };
}

const browser = window.engram ? null : new BrowserTransport();
export const bridge: EngramBridge = window.engram ?? (browser as BrowserTransport);

/** Desktop IPC is always connected; browser mode reports its WebSocket. */
export function onConnectionChange(listener: (connected: boolean) => void): () => void {
  return browser ? browser.onConnection(listener) : () => undefined;
}
export const isConnected = (): boolean => (browser ? browser.connected : true);
/** Browser mode: files are uploaded and downloaded rather than named by path (api/files.ts). */
export const isBrowserMode = browser !== null;
