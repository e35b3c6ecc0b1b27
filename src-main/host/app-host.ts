/**
 * Everything behind the API, wired once: the memory engine, settings, the chat service, the handlers and the
 * event fan-out. The Electron shell and the browser-mode server each wrap one AppHost in their transport.
 */
import { createDispatch, createHandlers, type Dispatch } from '../api/handlers';
import type { AppInfo, EventMap, EventName } from '../api/contract';
import type { MemoryPort } from '../chat/memory-port';
import { ChatService } from '../chat/service';
import { SettingsStore } from '../llm/settings-store';
import type { SecretStore } from '../llm/secrets';
import { stderrLogger, type Logger } from '../memory/clock';
import { MemoryEngine, type MemoryEngineOptions } from '../memory/engine';

export type EventSink = <E extends EventName>(name: E, payload: EventMap[E]) => void;

export interface AppHostOptions {
  dataDir: string;
  secrets: SecretStore;
  mode: AppInfo['mode'];
  version: string;
  logger?: Logger;
  /** Engine options (clock, embedder, native binding); tests pass an injected clock. */
  engine?: Partial<MemoryEngineOptions>;
  /** How often idle memory sessions are checked; 0 disables the timer (tests sweep by hand). */
  sweepIntervalMs?: number;
  llmTimeoutMs?: number;
  onContextInjected?: (ms: number) => void;
}

export class AppHost {
  readonly memory: MemoryPort;
  readonly chat: ChatService;
  readonly settings: SettingsStore;
  readonly dispatch: Dispatch;
  private readonly engine: MemoryEngine;
  private readonly sinks = new Set<EventSink>();
  private readonly unsubscribers: (() => void)[] = [];
  private readonly sweepTimer: NodeJS.Timeout | null;
  private closing: Promise<void> | null = null;
  private readonly startupSweep: NodeJS.Immediate;

  constructor(options: AppHostOptions) {
    const logger = options.logger ?? stderrLogger;
    this.engine = MemoryEngine.open({ dataDir: options.dataDir, logger, ...options.engine });
    this.memory = this.engine;
    this.settings = new SettingsStore(this.engine.database, options.secrets);
    this.chat = new ChatService({
      memory: this.engine,
      provider: () => this.settings.provider(),
      sessionTimeoutMs: () => this.settings.get().sessionTimeoutMinutes * 60_000,
      logger,
      ...(options.llmTimeoutMs ? { llmTimeoutMs: options.llmTimeoutMs } : {}),
      ...(options.onContextInjected ? { onContextInjected: options.onContextInjected } : {}),
    });
    const info = (): AppInfo => ({
      mode: options.mode,
      version: options.version,
      dataDir: options.dataDir,
      offline: this.settings.get().provider.kind === 'none',
      embedder: this.engine.embedder.id,
    });
    this.dispatch = createDispatch(createHandlers({ memory: this.engine, chat: this.chat, settings: this.settings, info }), logger);

    this.unsubscribers.push(
      this.engine.onChange((change) => this.emit('memory.changed', change)),
      this.chat.events.on('chat.delta', (p) => this.emit('chat.delta', p)),
      this.chat.events.on('chat.message', (p) => this.emit('chat.message', p)),
      this.chat.events.on('chat.sessions', (p) => this.emit('chat.sessions', p)),
      this.chat.events.on('session.completed', (p) => this.emit('session.completed', p)),
    );
    // Sessions left idle while the app was closed end at the next tick, once the caller has subscribed
    // (the write path must see those session.completed events too); later ones on the timer.
    this.startupSweep = setImmediate(() => this.chat.sweepIdleSessions());
    const every = options.sweepIntervalMs ?? 60_000;
    this.sweepTimer = every > 0 ? setInterval(() => this.chat.sweepIdleSessions(), every) : null;
    this.sweepTimer?.unref();
  }

  /** Adds a transport's event sink; returns its removal. */
  subscribe(sink: EventSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }

  private emit<E extends EventName>(name: E, payload: EventMap[E]): void {
    for (const sink of this.sinks) sink(name, payload);
  }

  /** Stops replies in flight, then closes the engine (which commits what is queued). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      clearImmediate(this.startupSweep);
      if (this.sweepTimer) clearInterval(this.sweepTimer);
      await this.chat.stopAll();
      for (const off of this.unsubscribers) off();
      this.sinks.clear();
      await this.engine.close();
    })();
    return this.closing;
  }
}
