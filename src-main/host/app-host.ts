/**
 * Everything behind the API, wired once: the memory engine, settings, the chat service, the handlers and the
 * event fan-out. The Electron shell and the browser-mode server each wrap one AppHost in their transport.
 */
import { createDispatch, createHandlers, type Dispatch } from '../api/handlers';
import type { AppInfo, EventMap, EventName, MaintenanceSummary } from '../api/contract';
import type { HostMemory } from './memory-port';
import { ChatService } from '../chat/service';
import { SettingsStore } from '../llm/settings-store';
import type { SecretStore } from '../llm/secrets';
import { timeoutsOf } from '../llm/settings';
import { stderrLogger, type Logger } from '../../src-shared/clock';
import { MemoryEngine, type KeyProtector, type MemoryEngineOptions, MemoryError } from '../memory';
import { defaultEmbedder } from '../embeddings';
import { McpService } from '../mcp/service';
import { clientConfigService, type ClientEnvironment } from '../mcp/client-config';
import type { InstallationFacts } from '../mcp/stdio-launch';

/** The installation facts the main process knows (app.isPackaged…); the data folder comes from the host. */
export type HostInstallation = Omit<InstallationFacts, 'dataDir'>;
import { watchExternalWrites } from './external-writes';
import type { EventSink, HostTransport } from './host-transport';
import { NightlyScheduler } from '../scheduler/nightly';
import { agentConfigFromProvider } from '../writepath/config';
import { WritePathService } from '../writepath/service';
import type { SessionOutcome } from '../writepath/consolidate';
import { writePathStatus } from '../writepath/status';
import type { RestoreSummary } from '../data/api-types';
import { restoreDatabase } from '../data/backup';
import { DataService } from '../data/service';
import { MemoryEncryption } from '../data/memory-encryption';
import { closeBuiltinRuntime, configureBuiltinModels, modelsDirOf } from '../llm/builtin/registry';
import { modelCatalogFromEnv } from '../llm/builtin/catalog-file';
import { ModelService, type ModelServiceOptions } from '../llm/builtin/model-service';

export type { EventSink } from './host-transport';

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
  /** Run the nightly maintenance scheduler (default true); tests that drive the write path by hand turn it off. */
  nightly?: boolean;
  /** How often the daily backup checks whether one is due (default hourly); 0 disables it. */
  dailyBackupCheckMs?: number;
  /** How this installation starts (packaged executable or checkout), for the stdio MCP command it shows. */
  installation?: HostInstallation;
  /** Where other apps' MCP files are looked for (tests point it at a temp home). */
  clientEnvironment?: ClientEnvironment;
  /** How often to look for commits by another process on the same memory file (default 1 s). */
  externalWritesIntervalMs?: number;
  /** The OS keychain, where this process can use it (the desktop app's, through its main thread). */
  keychain?: KeyProtector;
  /** Built-in model catalog, mirror and disk probe; default: ENGRAM_MODEL_CATALOG_FILE / ENGRAM_MODEL_BASE_URL. */
  models?: Partial<Pick<ModelServiceOptions, 'catalog' | 'baseUrl' | 'freeSpace' | 'totalRamBytes'>>;
}

export class AppHost implements HostTransport {
  // Set by start(): a restore stops these services and starts them again on the restored database.
  memory!: HostMemory;
  chat!: ChatService;
  settings!: SettingsStore;
  dispatch!: Dispatch;
  writePath!: WritePathService;
  /** The MCP endpoint other apps may use while the app runs (off unless Settings turns it on). */
  mcp!: McpService;
  readonly data: DataService;
  /** Built-in model downloads: outlive a restore, like the data service. */
  readonly models: ModelService;
  private nightly!: NightlyScheduler | null;
  private engine!: MemoryEngine;
  private readonly sinks = new Set<EventSink>();
  private unsubscribers: (() => void)[] = [];
  private sweepTimer!: NodeJS.Timeout | null;
  private closing: Promise<void> | null = null;
  private startupSweep!: NodeJS.Immediate;
  private stopping: Promise<void> | null = null;
  /** Set once "Encrypt this memory" converted it: the services start again on this key. */
  private keyAfterConversion: Buffer | null = null;

  constructor(private readonly options: AppHostOptions) {
    const logger = options.logger ?? stderrLogger;
    const nativeBinding = options.engine?.nativeBinding;
    this.data = new DataService({
      dataDir: options.dataDir,
      engine: () => this.engine,
      writePath: () => this.writePath,
      restore: (file) => this.restore(file),
      encryption: new MemoryEncryption({
        dataDir: options.dataDir,
        ...(options.keychain ? { keychain: options.keychain } : {}),
        ...(process.env.ENGRAM_PASSPHRASE ? { passphrase: process.env.ENGRAM_PASSPHRASE } : {}),
        ...(nativeBinding ? { nativeBinding } : {}),
        currentKey: () => this.engine.encryptionForCopies.key ?? null,
        whileClosed: (convert) => this.whileClosed(convert),
      }),
      logger,
      onProgress: (p) => this.emit('data.progress', p),
      ...(options.dailyBackupCheckMs !== undefined ? { dailyCheckMs: options.dailyBackupCheckMs } : {}),
    });
    // The built-in provider's models live in the data folder, for chat, the memory agent and downloads alike.
    const catalog = options.models?.catalog ?? modelCatalogFromEnv(process.env);
    const modelsDir = modelsDirOf(options.dataDir);
    configureBuiltinModels(modelsDir, {}, catalog);
    this.models = new ModelService({
      modelsDir,
      catalog,
      baseUrl: options.models?.baseUrl ?? process.env.ENGRAM_MODEL_BASE_URL,
      onProgress: (p) => this.emit('model.progress', p),
      ...(options.models?.freeSpace ? { freeSpace: options.models.freeSpace } : {}),
      ...(options.models?.totalRamBytes ? { totalRamBytes: options.models.totalRamBytes } : {}),
    });
    this.start();
    this.data.start();
  }

  private start(): void {
    const options = this.options;
    const logger = options.logger ?? stderrLogger;
    this.stopping = null;
    this.unsubscribers = [];
    this.engine = MemoryEngine.open({ dataDir: options.dataDir, logger, embedder: defaultEmbedder(), upgradeOfflineVectors: true, ...options.engine, ...(this.keyAfterConversion ? { encryption: { key: this.keyAfterConversion } } : {}) });
    this.memory = this.engine;
    this.settings = new SettingsStore(this.engine.appSettings, options.secrets, logger);
    this.chat = new ChatService({
      memory: this.engine,
      provider: () => this.settings.provider(),
      sessionTimeoutMs: () => this.settings.get().sessionTimeoutMinutes * 60_000,
      logger,
      ...(options.llmTimeoutMs ? { llmTimeoutMs: options.llmTimeoutMs } : {}),
      ...(options.onContextInjected ? { onContextInjected: options.onContextInjected } : {}),
    });
    // The write path (ADR 008 §15): consolidation after a session ends, on a session-id change, nightly
    // and on demand; the memory agent follows the provider settings.
    const agentConfig = () => {
      const { settings, apiKey } = this.settings.provider();
      return agentConfigFromProvider(settings, apiKey, { timeoutMs: timeoutsOf(settings).requestMs });
    };
    this.writePath = new WritePathService({ engine: this.engine, agent: agentConfig(), logger });
    this.nightly =
      options.nightly === false
        ? null
        : new NightlyScheduler({
            clock: this.engine.clock,
            logger,
            lastSweepAt: () => this.writePath.lastSweepAt(),
            run: (trigger) => this.writePath.runMaintenance({ trigger }),
          });
    const info = (): AppInfo => ({
      mode: options.mode,
      version: options.version,
      dataDir: options.dataDir,
      offline: this.settings.get().provider.kind === 'none',
      embedder: this.engine.embedder.id,
    });
    const sessionSummary = (o: SessionOutcome) => ({ sessionId: o.sessionId, status: o.status, facts: o.factsCreated.length, error: o.error });
    const consolidate = async (request: { sessionId?: string; offline?: boolean }) => {
      const report = await this.writePath.consolidateNow({ ...request, trigger: 'manual' });
      return { mode: report.mode, model: report.model, cancelled: report.cancelled, sessions: report.sessions.map(sessionSummary) };
    };
    // The same sweep as the nightly one; a click while one is queued or running joins it (never two at once).
    const runMaintenance = async (): Promise<MaintenanceSummary> => {
      const joined = this.writePath.maintenanceInFlight;
      const report = await this.writePath.runMaintenance({ trigger: 'manual' });
      return { ...report, sessions: report.sessions.map(sessionSummary), joined };
    };
    this.mcp = new McpService({
      secrets: options.secrets,
      memory: this.engine,
      version: options.version,
      logger,
      onConversationRecorded: (sessionId) => this.writePath.sessionCompleted(sessionId),
    });
    this.dispatch = createDispatch(
      createHandlers({
        memory: this.engine,
        chat: this.chat,
        settings: this.settings,
        info,
        consolidate,
        runMaintenance,
        mcp: this.mcp,
        mcpClients: clientConfigService(
          { packaged: false, execPath: process.execPath, appRoot: process.cwd(), ...options.installation, dataDir: options.dataDir },
          options.clientEnvironment,
        ),
        writePathStatus: () => writePathStatus(this.engine, this.writePath.maintenanceUnderWay),
        data: this.data,
        models: this.models,
        reextract: this.writePath,
      }),
      logger,
    );

    this.unsubscribers.push(
      this.engine.onChange((change) => this.emit('memory.changed', change)),
      this.chat.events.on('chat.delta', (p) => this.emit('chat.delta', p)),
      this.chat.events.on('chat.message', (p) => this.emit('chat.message', p)),
      this.chat.events.on('chat.sessions', (p) => this.emit('chat.sessions', p)),
      this.chat.events.on('session.completed', (p) => this.emit('session.completed', p)),
      this.chat.events.on('session.completed', (p) => this.writePath.sessionCompleted(p.memorySessionId)),
      this.writePath.watchSessionChanges(),
      this.writePath.onProgress((p) => this.emit('writepath.progress', p)),
      this.settings.onSaved(() => this.writePath.setAgentConfig(agentConfig())),
      watchExternalWrites(this.engine, this.writePath, logger, options.externalWritesIntervalMs),
    );
    this.nightly?.start();
    this.mcp.start().catch((err: unknown) => logger.error('starting the MCP endpoint failed', err));
    // Sessions left idle while the app was closed end at the next tick, once the caller has subscribed
    // (the write path must see those session.completed events too); later ones on the timer.
    this.startupSweep = setImmediate(() => this.chat.sweepIdleSessions());
    const every = options.sweepIntervalMs ?? 60_000;
    this.sweepTimer = every > 0 ? setInterval(() => this.chat.sweepIdleSessions(), every) : null;
    this.sweepTimer?.unref();
  }

  async dispatchJson(name: string, input: unknown): Promise<Uint8Array> {
    // TextEncoder, not Buffer.from: a small Buffer shares a pooled ArrayBuffer, which a worker cannot transfer.
    return new TextEncoder().encode(JSON.stringify(await this.dispatch(name, input)));
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
      this.data.stop();
      await this.models.close();
      await this.stopServices();
      closeBuiltinRuntime();
      this.sinks.clear();
    })();
    return this.closing;
  }

  private stopServices(): Promise<void> {
    this.stopping ??= (async () => {
      clearImmediate(this.startupSweep);
      if (this.sweepTimer) clearInterval(this.sweepTimer);
      await this.chat.stopAll();
      await this.mcp.close();
      // Order matters: no new sweep, then cancel and wait for write-path jobs, then close the database.
      await this.nightly?.stop();
      await this.writePath.close();
      for (const off of this.unsubscribers) off();
      await this.engine.close();
    })();
    return this.stopping;
  }

  /** "Encrypt this memory": the services stop, `convert` runs on the closed file, and they start again. */
  private async whileClosed(convert: () => Buffer): Promise<void> {
    if (this.closing) throw new MemoryError('closed', 'The app is shutting down');
    await this.stopServices();
    try {
      this.keyAfterConversion = convert();
    } finally {
      // Converted or not (a failed conversion leaves the plaintext memory as it was), the app runs on.
      this.start();
    }
    this.emit('memory.changed', { kind: 'external.changed' });
  }

  /**
   * Restore (data.restore): the file is checked while everything runs; then the services stop, the database
   * is swapped (the current one kept aside) and everything starts again on the restored one.
   */
  private async restore(file: string): Promise<RestoreSummary> {
    if (this.closing) throw new MemoryError('closed', 'The app is shutting down');
    const nativeBinding = this.options.engine?.nativeBinding;
    const result = await restoreDatabase(this.engine.dbPath, file, {
      now: this.engine.clock.now(),
      ...(nativeBinding ? { nativeBinding } : {}),
      encryption: this.engine.encryptionForCopies,
      stop: () => this.stopServices(),
      start: () => this.start(),
    });
    this.emit('chat.sessions', { chatId: '' });
    this.emit('memory.changed', { kind: 'vectors.rebuilt', dimensions: this.engine.embedder.dimensions });
    return result;
  }
}
