/**
 * EngineCore — what the memory engine is before it has any calls: the one write connection and its lifecycle.
 * It opens (and, when new, encrypts) the file, wires the modules that do the work (hot and slow paths, vector
 * store, retriever, after-commit hooks, WAL checkpoints) and closes them in order; it owns the `open`/`flushed`
 * guards and the transaction helpers every call uses. `MemoryEngine` (engine.ts) extends it with the public
 * calls, so the facade's list of calls stays one readable file. Plain Node: no Electron here.
 */
import { OfflineWordEmbedder } from '../embeddings/offline-words';
import type { EmbeddingProvider } from '../embeddings/types';
import * as appSettings from '../storage/app-settings';
import { backupDatabase } from '../storage/backup-file';
import { bindStore } from '../storage/bind';
import * as chatImportRows from '../storage/chat-import-rows';
import * as chatRepo from '../storage/chat-repo';
import { DEFAULT_CHECKPOINT_OPTIONS, WalCheckpointer } from '../storage/checkpoint';
import { CheckpointThread } from '../storage/checkpoint-thread';
import { cipherSchemeOf, keyPragmas } from '../storage/driver';
import { resolveMemoryKey, type EncryptionOptions } from '../storage/memory-key';
import { openDatabase } from '../storage/open';
import { BUSY_TIMEOUT_MS, writeTxWhenFree, type WaitForLockOptions } from '../storage/write-tx';
import { stderrLogger, systemClock, type Clock, type Logger } from '../../src-shared/clock';
import { DEFAULT_PRUNE_THRESHOLD } from '../../src-shared/decay';
import type { ChangeListener } from './change-feed';
import { buildContext, type EngineContext } from './context';
import type { MemoryEngineOptions } from './engine-options';
import { MemoryError } from './errors';
import { ExternalWrites } from './external-writes';
import { guarded } from './guard';
import { queueMissingEntityVectors } from './maintenance';
import { databasePath } from './paths';
import { ProfileCache } from './profile-pins';
import { DEFAULT_RETRIEVAL_CONFIG } from './retrieval/config';
import { Retriever } from './retriever';
import { DEFAULT_SLOW_PATH_OPTIONS, type SlowPath } from './slow-path';
import type { AppSettingsRows, ChatImportStore, ChatStore } from './stores';
import { AfterCommitHooks } from './transactions';
import { VectorStore } from './vector-store';
import { WritePathStore } from './writepath-store';
import { warmTimeParserSoon } from './retrieval/time';

export abstract class EngineCore {
  readonly dbPath: string;
  readonly embedder: EmbeddingProvider;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Session state, run log and candidate lookups of the write path (src-main/writepath/). */
  readonly writePathStore: WritePathStore;
  /** Stores over the connection for code that must not hold it: the chat tables, imported chats, app settings. */
  readonly chats: ChatStore;
  readonly chatImports: ChatImportStore;
  readonly appSettings: AppSettingsRows;
  private readonly nativeBinding: string | undefined;
  /** The key the database is encrypted with (null: a plaintext memory); see storage/memory-key.ts. */
  private readonly key: Buffer | null;
  protected readonly ctx: EngineContext;
  private readonly slowPath: SlowPath;
  private readonly hooks = new AfterCommitHooks();
  protected readonly vectors: VectorStore;
  private readonly checkpointer: WalCheckpointer;
  protected readonly retriever: Retriever;
  protected readonly guard = { open: () => this.assertOpen(), flushed: () => this.assertFlushed() };
  protected readonly externalWrites: ExternalWrites;
  protected readonly profiles: ProfileCache;
  private closed = false;
  /** A public call that needs the engine open. */
  protected readonly open = guarded(() => this.assertOpen());
  /** A public call that reads what was recorded before it: queued episodes are committed first. */
  protected readonly flushed = guarded(() => this.assertFlushed());

  protected constructor(options: MemoryEngineOptions) {
    const dbPath = options.dbPath ?? (options.dataDir ? databasePath(options.dataDir) : undefined);
    if (!dbPath) throw new MemoryError('invalid_input', 'MemoryEngine needs a dataDir or a dbPath');
    this.dbPath = dbPath;
    this.nativeBinding = options.nativeBinding;
    this.embedder = options.embedder ?? new OfflineWordEmbedder();
    const clock = (this.clock = options.clock ?? systemClock);
    const logger = (this.logger = options.logger ?? stderrLogger);
    const nativeBinding = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {};
    this.key = resolveMemoryKey(dbPath, options.encryption);
    const db = openDatabase(dbPath, { dimensions: this.embedder.dimensions, now: clock.now(), key: this.key, ...nativeBinding });
    this.checkpointer = new WalCheckpointer(db, logger, { ...DEFAULT_CHECKPOINT_OPTIONS, ...options.checkpoint }, this.checkpointThread(db, options));
    const { ctx, slowPath, feed, aliases } = buildContext({
      db, embedder: this.embedder, clock, logger, hooks: this.hooks,
      slowPath: { ...DEFAULT_SLOW_PATH_OPTIONS, ...options.slowPath, automatic: options.startSlowPath ?? true },
      pruneThreshold: options.pruneThreshold ?? DEFAULT_PRUNE_THRESHOLD,
      vectorsEnabled: () => this.vectors.writable(),
    });
    this.ctx = ctx;
    this.slowPath = slowPath;
    const retrievalConfig = { ...DEFAULT_RETRIEVAL_CONFIG, ...options.retrieval };
    this.vectors = new VectorStore(this.ctx, this.embedder, retrievalConfig, () => this.closed);
    this.retriever = new Retriever(this.ctx, this.embedder, retrievalConfig, this.vectors, aliases);
    const guard = this.guard;
    this.writePathStore = new WritePathStore(this.ctx, guard, this.vectors);
    this.chats = bindStore(db, chatRepo, guard.open);
    this.chatImports = bindStore(db, chatImportRows, guard.open);
    this.appSettings = bindStore(db, appSettings, guard.open);
    this.vectors.start(feed, (options.startSlowPath ?? true) && options.upgradeOfflineVectors === true);
    queueMissingEntityVectors(this.ctx);
    slowPath.kick();
    warmTimeParserSoon();
    this.externalWrites = new ExternalWrites(db);
    this.profiles = new ProfileCache(this.ctx);
    // Last, so a constructor that throws leaves no timer behind.
    this.checkpointer.start();
  }

  private assertOpen(): void {
    if (this.closed) throw new MemoryError('closed', 'The memory engine is closed');
  }

  private assertFlushed(): void {
    this.assertOpen();
    this.ctx.hot.flushSync();
  }

  /** The connection, for tests and this layer's read modules. Code outside memory/ and storage/ gets stores. */
  get database(): EngineContext['db'] {
    this.assertOpen();
    return this.ctx.db;
  }

  get isOpen(): boolean {
    return !this.closed && this.ctx.db.open;
  }

  /** `fn` in one BEGIN IMMEDIATE transaction; when another program holds the lock, waits without blocking. */
  readonly writeWhenFree = this.open(<T>(fn: () => T, options?: WaitForLockOptions): Promise<T> => writeTxWhenFree(this.ctx.db, fn, options));
  /** SQLite's online backup of this memory to `path`. */
  readonly backupTo = this.open((path: string): Promise<void> => backupDatabase(this.ctx.db, path, this.key));

  /** Whether the memory is encrypted, and how copies of it (backups, restore candidates) are opened: with its key. */
  get encryptionForCopies(): EncryptionOptions {
    return this.key ? { key: this.key } : { plaintext: true };
  }

  /**
   * Run `fn` in ONE transaction: knowledge operations called inside join it (better-sqlite3 nests them as
   * savepoints), so a consolidation commits entirely or not at all. Change events and slow-path work run as
   * after-commit hooks, dropped on rollback. `fn` must be synchronous.
   */
  readonly writeTransaction = this.flushed(<T>(fn: () => T): T => this.hooks.run(this.ctx.db, fn));

  onChange(listener: ChangeListener): () => void {
    return this.ctx.feed.subscribe(listener);
  }

  /** The thread the WAL checkpoints run on, keyed like the engine's connection; none for an in-memory database. */
  private checkpointThread(db: EngineContext['db'], options: MemoryEngineOptions): CheckpointThread | null {
    if (db.memory || options.checkpoint?.offThread === false) return null;
    const scheme = this.key ? cipherSchemeOf(db) : null;
    return new CheckpointThread({ path: this.dbPath, keyPragmas: this.key && scheme ? keyPragmas(this.key, scheme) : [], nativeBinding: this.nativeBinding });
  }

  /** A second, read-only connection to this memory's file (with its key): one consistent snapshot for a long read. */
  protected readOnlyConnection(): EngineContext['db'] {
    const binding = this.nativeBinding ? { nativeBinding: this.nativeBinding } : {};
    return openDatabase(this.dbPath, { readonly: true, dimensions: this.vectors.lockInfo.dimensions, now: this.ctx.clock.now(), key: this.key, ...binding });
  }

  /** Commit what is queued, let the slow path finish its batch, and close the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    // Acknowledged episodes are written before the database closes, even if another process holds the lock.
    const lost = await this.ctx.hot.drain(BUSY_TIMEOUT_MS * 2);
    if (lost > 0) this.ctx.logger.error(`${lost} episode(s) were still unwritten at shutdown: ${this.ctx.hot.health.lastError ?? ''}`);
    if (this.closed) return;
    this.closed = true;
    await this.slowPath.stop();
    await this.checkpointer.close();
    // Keeps planner statistics current (SQLite's recommendation: run at close; cheap when nothing changed).
    try {
      this.ctx.db.pragma('optimize');
    } catch (err) {
      this.ctx.logger.warn(`PRAGMA optimize failed: ${String(err)}`);
    }
    this.ctx.db.close();
  }
}
