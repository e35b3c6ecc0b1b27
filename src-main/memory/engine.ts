/**
 * MemoryEngine — the one facade of Engram's long-term memory (ADR 008). Plain Node: no Electron here.
 * Owns the single write connection and wires the modules that do the work: the hot and slow paths, the
 * vector store (vector-store.ts), knowledge and entity operations, retrieval, the inspector's read models,
 * the write path's store (writepath-store.ts) and the transaction helper with after-commit hooks
 * (transactions.ts). Every public call is declared once below through `open` (asserts the engine is open)
 * or `flushed` (also commits queued episodes first, so the call sees them).
 */
import { OfflineWordEmbedder } from '../embeddings/offline-words';
import type { EmbeddingProvider } from '../embeddings/types';
import { appSettingsRows } from '../storage/app-settings';
import { bindStore, type Store } from '../storage/bind';
import * as chatImportRows from '../storage/chat-import-rows';
import * as chatRepo from '../storage/chat-repo';
import { DEFAULT_CHECKPOINT_OPTIONS, WalCheckpointer, type CheckpointOptions } from '../storage/checkpoint';
import { openDatabase } from '../storage/open';
import { BUSY_TIMEOUT_MS, writeTx, writeTxWhenFree, type WaitForLockOptions } from '../storage/write-tx';
import type { ChangeListener } from './change-feed';
import { stderrLogger, systemClock, type Clock, type Logger } from './clock';
import type { EngineContext } from './context';
import { DEFAULT_PRUNE_THRESHOLD, runDecay, type DecayRunResult } from './decay';
import * as entityOps from './entities';
import { AliasIndex } from './entity-mentions';
import { MemoryError, notFound } from './errors';
import * as factOps from './facts';
import { forgetLearnedFromSessions } from './forget-sessions';
import { HotPath } from './hot-path';
import * as inspector from './inspector';
import { databasePath } from './paths';
import { getNodeDetail, listNodes } from './queries';
import { allAliasRows, getEntity } from './repo/entities';
import { setMeta } from './repo/metadata';
import { getNodeRow, setAttributes } from './repo/nodes';
import { getSession, markSessionCompleted } from './repo/sessions';
import { parseJsonObject, parseStringArray } from './repo/statements';
import { buildContextPack } from './retrieval/context';
import { DEFAULT_RETRIEVAL_CONFIG, type RetrievalConfig } from './retrieval/config';
import { EmbeddingIntentClassifier } from './retrieval/intent';
import { search as runSearch, type RetrieverDeps } from './retrieval/search';
import { TermStats } from './retrieval/term-stats';
import type { ContextOptions, SearchInput } from './retrieval/types';
import { parseInput, recordEpisodeSchema, type CorrectFactInput, type RecordEpisodeInput, type RememberFactInput } from './schemas';
import { DEFAULT_SLOW_PATH_OPTIONS, SlowPath, type SlowPathOptions, type SlowPathProgress } from './slow-path';
import * as snapshot from './snapshot';
import { computeStats } from './stats';
import { AfterCommitHooks, CommittedChangeFeed, committedSlowPath } from './transactions';
import type { JsonObject } from './types';
import { VectorStore } from './vector-store';
import { WritePathStore } from './writepath-store';

export type { WritePathStats } from './writepath-store';
export type ChatStore = Store<typeof chatRepo>;
export type ChatImportStore = Store<typeof chatImportRows>;

export interface MemoryEngineOptions {
  /** Folder holding engram.db; ignored when dbPath is given. */
  dataDir?: string;
  dbPath?: string;
  embedder?: EmbeddingProvider;
  clock?: Clock;
  logger?: Logger;
  pruneThreshold?: number;
  slowPath?: Partial<SlowPathOptions>;
  /**
   * Run the slow path in the background (default true). When false it runs only through drainSlowPath(),
   * so benchmarks and tests can measure or inspect the hot path alone.
   */
  startSlowPath?: boolean;
  nativeBinding?: string;
  retrieval?: Partial<RetrievalConfig>;
  /** WAL checkpoints on a timer, between other work (storage/checkpoint.ts). */
  checkpoint?: Partial<CheckpointOptions>;
}

export class MemoryEngine {
  readonly dbPath: string;
  readonly embedder: EmbeddingProvider;
  /** Session state, run log and candidate lookups of the write path (src-main/writepath/). */
  readonly writePathStore: WritePathStore;
  private readonly nativeBinding: string | undefined;
  private readonly ctx: EngineContext;
  private readonly slowPath: SlowPath;
  private readonly hooks = new AfterCommitHooks();
  private readonly vectors: VectorStore;
  private readonly checkpointer: WalCheckpointer;
  private readonly retrievalConfig: RetrievalConfig;
  private readonly intentClassifier: EmbeddingIntentClassifier;
  private classifierReady: Promise<void> | null = null;
  private aliasIndex: AliasIndex | null = null;
  private termStats: TermStats | null = null;
  private dataVersion: number;
  private closed = false;

  static open(options: MemoryEngineOptions): MemoryEngine {
    return new MemoryEngine(options);
  }

  private constructor(options: MemoryEngineOptions) {
    const dbPath = options.dbPath ?? (options.dataDir ? databasePath(options.dataDir) : undefined);
    if (!dbPath) throw new MemoryError('invalid_input', 'MemoryEngine needs a dataDir or a dbPath');
    this.dbPath = dbPath;
    this.nativeBinding = options.nativeBinding;
    this.embedder = options.embedder ?? new OfflineWordEmbedder();
    const clock = options.clock ?? systemClock;
    const logger = options.logger ?? stderrLogger;
    const nativeBinding = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {};
    const db = openDatabase(dbPath, { dimensions: this.embedder.dimensions, now: clock.now(), ...nativeBinding });
    this.checkpointer = new WalCheckpointer(db, logger, { ...DEFAULT_CHECKPOINT_OPTIONS, ...options.checkpoint });
    const feed = new CommittedChangeFeed(logger, this.hooks);
    // The hot and slow paths commit on their own, never inside a caller's transaction: their events go out now.
    const hot = new HotPath(db, clock, (batch) => {
      feed.emitNow({ kind: 'episodes.recorded', nodeIds: batch.nodeIds, sessionIds: batch.sessionIds });
      slow.kick();
    }, logger);
    const slow: SlowPath = new SlowPath(db, this.embedder, clock, logger, {
      aliasIndex: () => (this.aliasIndex ??= buildAliasIndex(db)),
      vectorsEnabled: () => this.vectors.status().vectorSearchEnabled,
      onEmbedded: (nodeIds) => feed.emitNow({ kind: 'nodes.embedded', nodeIds }),
      onLinked: (links) => feed.emitNow({ kind: 'entities.linked', links }),
      entityText: (id) => {
        const e = getEntity(db, id);
        return e && !e.mergedInto ? [e.canonicalName, ...e.aliases, e.summary ?? ''].join('. ') : undefined;
      },
    }, { ...DEFAULT_SLOW_PATH_OPTIONS, ...options.slowPath, automatic: options.startSlowPath ?? true });
    this.slowPath = slow;
    const invalidateAliases = () => void (this.aliasIndex = null);
    const pruneThreshold = options.pruneThreshold ?? DEFAULT_PRUNE_THRESHOLD;
    this.ctx = { db, clock, logger, feed, hot, slow: committedSlowPath(slow, this.hooks), invalidateAliases, pruneThreshold };
    this.retrievalConfig = { ...DEFAULT_RETRIEVAL_CONFIG, ...options.retrieval };
    this.intentClassifier = new EmbeddingIntentClassifier(this.retrievalConfig.intentThreshold);
    this.vectors = new VectorStore(this.ctx, this.embedder, this.retrievalConfig, () => this.closed);
    this.writePathStore = new WritePathStore(this.ctx, { open: () => this.assertOpen(), flushed: () => this.assertFlushed() }, this.vectors);
    const upgrading = this.vectors.replacesOfflineVectors() && (options.startSlowPath ?? true);
    if (upgrading) this.vectors.upgradeOfflineVectors();
    feed.subscribe((change) => this.vectors.syncCodeIndex(change));
    // Build the vector candidate index in the background now, so the first question does not wait for it;
    // likewise the offline embedder's word vectors (~40 ms to read; a failure is reported when used).
    setImmediate(() => {
      this.vectors.startCodeIndexLoad();
      if (!this.closed && this.embedder instanceof OfflineWordEmbedder) this.embedder.ready().catch(() => undefined);
    });
    const status = this.vectors.status();
    if (status.warning && !upgrading) logger.warn(status.warning);
    this.queueMissingEntityVectors();
    slow.kick();
    this.dataVersion = this.readDataVersion();
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

  /** A public call that needs the engine open. */
  private open<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
    return (...args) => {
      this.assertOpen();
      return fn(...args);
    };
  }

  /** A public call that reads what was recorded before it: queued episodes are committed first. */
  private flushed<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
    return (...args) => {
      this.assertFlushed();
      return fn(...args);
    };
  }

  get logger(): Logger {
    return this.ctx.logger;
  }

  get clock(): Clock {
    return this.ctx.clock;
  }

  /** The connection, for tests and this layer's read modules. Code outside memory/ and storage/ gets stores. */
  get database(): EngineContext['db'] {
    this.assertOpen();
    return this.ctx.db;
  }

  get isOpen(): boolean {
    return !this.closed && this.ctx.db.open;
  }

  private stores: { appSettings: ReturnType<typeof appSettingsRows>; chats: ChatStore; chatImports: ChatImportStore } | null = null;

  private get boundStores() {
    this.assertOpen();
    const db = this.ctx.db;
    return (this.stores ??= { appSettings: appSettingsRows(db), chats: bindStore(db, chatRepo), chatImports: bindStore(db, chatImportRows) });
  }

  /** The app_settings rows (provider settings, the MCP server's switch), for code that must not hold the connection. */
  get appSettings() {
    return this.boundStores.appSettings;
  }

  /** The chat tables (migration 002), bound to this memory's connection. */
  get chats(): ChatStore {
    return this.boundStores.chats;
  }

  /** The chat rows of imported conversations, bound to this memory's connection. */
  get chatImports(): ChatImportStore {
    return this.boundStores.chatImports;
  }

  /** `fn` in one BEGIN IMMEDIATE transaction; when another program holds the lock, waits without blocking. */
  readonly writeWhenFree = this.open(<T>(fn: () => T, options?: WaitForLockOptions): Promise<T> => writeTxWhenFree(this.ctx.db, fn, options));
  /** SQLite's online backup of this memory to `path`. */
  readonly backupTo = this.open((path: string): Promise<void> => this.ctx.db.backup(path).then(() => undefined));

  /**
   * Run `fn` in ONE transaction: knowledge operations called inside join it (better-sqlite3 nests them as
   * savepoints), so a consolidation commits entirely or not at all. Change events and slow-path work run as
   * after-commit hooks, dropped on rollback. `fn` must be synchronous.
   */
  readonly writeTransaction = this.flushed(<T>(fn: () => T): T => this.hooks.run(this.ctx.db, fn));

  onChange(listener: ChangeListener): () => void {
    return this.ctx.feed.subscribe(listener);
  }

  // ---- other processes on the same file ----

  private readDataVersion(): number {
    return this.ctx.db.pragma('data_version', { simple: true }) as number;
  }

  /**
   * Another process (the MCP stdio server, the CLI) may commit to this memory file. SQLite's data_version moves
   * only on other connections' commits, so this is one cheap pragma when nothing happened. On a change the
   * caches built from the file (aliases, the vector candidate index) are rebuilt, the slow path looks at its
   * queue, and one `external.changed` tells the views to refresh. Returns whether anything changed.
   */
  readonly checkExternalWrites = this.open((): boolean => {
    const version = this.readDataVersion();
    if (version === this.dataVersion) return false;
    this.dataVersion = version;
    this.aliasIndex = null;
    this.vectors.reloadCodeIndex();
    this.ctx.slow.kick();
    this.ctx.feed.emit({ kind: 'external.changed' });
    return true;
  });

  // ---- vectors (vector-store.ts) ----

  readonly vectorStatus = () => this.vectors.status();
  /** Resolves once the vector candidate index is loaded (it loads in the background from open on). */
  readonly warmVectorIndex = () => this.vectors.warm();
  readonly reembed = this.open((onProgress?: (p: SlowPathProgress) => void) => this.vectors.reembed(onProgress));
  get vectorLockInfo(): { model: string | null; dimensions: number } {
    return this.vectors.lockInfo;
  }

  // ---- hot path ----

  /** Record a message as an episode. Returns the id at once; the write is group-committed. */
  readonly recordEpisode = this.open((input: RecordEpisodeInput): string => this.ctx.hot.record(parseInput(recordEpisodeSchema, input)));
  /** Record an episode now, inside the caller's transaction when there is one (a chat message and its episode commit together). */
  readonly recordEpisodeNow = this.open((input: RecordEpisodeInput): string => this.ctx.hot.recordNow(parseInput(recordEpisodeSchema, input)));
  /** Whether recording is currently failing (foreign lock, disk) and how much waits to be written. */
  readonly recordingHealth = () => this.ctx.hot.health;
  /** Resolves when every episode recorded so far is durable (survives a process crash). */
  readonly flush = this.open(() => this.ctx.hot.flush());
  /** Episodes recorded synchronously in ONE transaction with the caller's rows (`alongside` gets the ids in input order). */
  readonly recordEpisodesWith = this.flushed(<T>(inputs: readonly RecordEpisodeInput[], alongside: (ids: string[]) => T): T => {
    const episodes = inputs.map((input) => parseInput(recordEpisodeSchema, input));
    let ids: string[] = [];
    const result = writeTx(this.ctx.db, () => alongside((ids = this.ctx.hot.insertNow(episodes))));
    this.ctx.hot.announce(ids, [...new Set(episodes.map((e) => e.sessionId))]);
    return result;
  });
  readonly markSessionCompleted = this.flushed((sessionId: string) => markSessionCompleted(this.ctx.db, sessionId, this.ctx.clock.now()));
  readonly getSession = this.flushed((sessionId: string) => getSession(this.ctx.db, sessionId));

  // ---- read path ----

  private retrieverDeps(): RetrieverDeps {
    return {
      db: this.ctx.db,
      embedder: this.embedder,
      classifier: this.intentClassifier,
      config: this.retrievalConfig,
      now: () => this.ctx.clock.now(),
      vectorsEnabled: () => this.vectors.status().vectorSearchEnabled,
      mentionedEntities: (text) => (this.aliasIndex ??= buildAliasIndex(this.ctx.db)).match(text),
      entitiesNamed: (name) => entityOps.findEntitiesByName(this.ctx, name).map((e) => e.id),
      knn: (query, k, types, includeInactive) => this.vectors.knn(query, k, types, includeInactive),
      termStats: (this.termStats ??= new TermStats(this.ctx.db)),
    };
  }

  /** Exemplars are embedded once, on first use (open and flushed before and after); if that fails the keyword classifier answers. */
  private async retriever(): Promise<RetrieverDeps> {
    this.assertFlushed();
    this.classifierReady ??= this.intentClassifier.initialize(this.embedder).catch((err: unknown) => {
      this.ctx.logger.warn(`intent exemplars could not be embedded; using keyword intents: ${String(err)}`);
    });
    await this.classifierReady;
    this.assertOpen();
    return this.retrieverDeps();
  }

  /** search_memory (ADR 008 §13): intent-routed hybrid search. Defaults to knowledge nodes, not episodes. */
  readonly search = async (input: SearchInput) => runSearch(await this.retriever(), input);
  /** The context pack injected before a reply (§14); what a reply used is reinforced by the caller with recordAccess. */
  readonly buildContextPack = async (prompt: string, options: ContextOptions = {}) => buildContextPack(await this.retriever(), prompt, options);

  // ---- knowledge and entities (facts.ts, entities.ts, queries.ts) ----

  readonly rememberFact = this.open((input: RememberFactInput) => factOps.rememberFact(this.ctx, input));
  readonly correctFact = this.open((input: CorrectFactInput) => factOps.correctFact(this.ctx, input));
  readonly confirmFact = this.open((id: string) => factOps.confirmFact(this.ctx, id));
  readonly forget = this.open((id: string): void => factOps.forgetNode(this.ctx, id));
  /** Forgets (softly) the episodes of these sessions and the facts learned only from them. */
  readonly forgetLearnedFromSessions = this.open((sessionIds: readonly string[]) => forgetLearnedFromSessions(this.ctx, sessionIds));
  readonly restore = this.open((id: string) => factOps.restoreNode(this.ctx, id));
  readonly recordAccess = this.open((ids: readonly string[]): void => factOps.recordAccess(this.ctx, ids));
  readonly getNode = this.open((id: string) => getNodeDetail(this.ctx, id));
  readonly listNodes = this.open((filter: Parameters<typeof listNodes>[1] = {}) => listNodes(this.ctx, filter));
  readonly createEntity = this.open((input: Parameters<typeof entityOps.createEntity>[1]) => entityOps.createEntity(this.ctx, input));
  readonly addAlias = this.open((entityId: string, alias: string) => entityOps.addAlias(this.ctx, entityId, alias));
  readonly removeAlias = this.open((entityId: string, alias: string) => entityOps.removeAlias(this.ctx, entityId, alias));
  readonly mergeEntities = this.open((sourceId: string, targetId: string) => entityOps.mergeEntities(this.ctx, sourceId, targetId));
  readonly getEntityProfile = this.open((idOrName: string, limit?: number) => entityOps.getEntityProfile(this.ctx, idOrName, limit));
  readonly findEntities = this.open((name: string) => entityOps.findEntitiesByName(this.ctx, name));
  readonly listEntities = this.open((limit?: number, offset?: number) => entityOps.listEntities(this.ctx.db, limit, offset));
  /** Merge keys into a node's attributes (the slot a correction now holds; who confirmed a fact over MCP). */
  readonly patchNodeAttributes = this.open((nodeId: string, patch: JsonObject): void => {
    const node = getNodeRow(this.ctx.db, nodeId);
    if (!node) throw notFound('Node', nodeId);
    setAttributes(this.ctx.db, nodeId, { ...parseJsonObject(node.attributes), ...patch });
  });

  // ---- inspector (inspector/) ----

  /** A bounded starting graph: recent, most connected, an entity's, given nodes, or a search's hits. */
  readonly inspectorGraph = async (input: inspector.GraphSeedInput): Promise<inspector.GraphSlice> => {
    this.assertOpen();
    const data = parseInput(inspector.graphSeedSchema, input);
    this.ctx.hot.flushSync();
    if (data.seed.kind !== 'query') return inspector.seedGraph(this.ctx.db, data.seed, data.filter, data.limit);
    const types = data.filter.types ?? ['episodic', 'semantic', 'procedural', 'opinion'];
    const found = await this.search({ query: data.seed.query, types, includeInvalid: data.filter.includeInvalid, limit: Math.min(100, data.limit) });
    const ids = found.hits.map((h) => h.node.id);
    if (ids.length === 0) return { nodes: [], edges: [], entities: [], entityLinks: [], truncated: false };
    return inspector.seedGraph(this.ctx.db, { kind: 'nodes', ids }, data.filter, data.limit);
  };
  /** One hop out from nodes and entity anchors (double-click in the graph). */
  readonly inspectorExpand = this.open((input: inspector.GraphExpandInput) => {
    const data = parseInput(inspector.graphExpandSchema, input);
    this.ctx.hot.flushSync();
    return inspector.expandGraph(this.ctx.db, data);
  });
  readonly inspectorTimeline = this.open((input: inspector.TimelineInput) => {
    const data = parseInput(inspector.timelineSchema, input);
    this.ctx.hot.flushSync();
    return inspector.timelineWindow(this.ctx.db, data);
  });
  readonly inspectorOverview = this.open(() => inspector.overview(this.ctx.db, this.stats()));
  readonly setNodeTags = this.open((input: { id: string; tags: string[] }) => inspector.setTags(this.ctx, input));
  readonly undoConfirm = this.open((input: { id: string; previous: inspector.DecayState }) => inspector.undoConfirm(this.ctx, input));
  readonly undoCorrection = this.open((input: { newId: string; previous?: inspector.DecayState | undefined }) => inspector.undoCorrection(this.ctx, input));
  readonly splitEntity = this.open((input: inspector.SplitEntityInput) => inspector.splitEntity(this.ctx, input));
  readonly unmergeEntity = this.open((sourceId: string) => inspector.unmergeEntity(this.ctx, sourceId));

  // ---- maintenance ----

  readonly stats = this.open(() => computeStats(this.ctx, this.dbPath, this.vectors.status()));
  /** What `stats` adds for the write path: session states, last runs, token usage (total and per run). */
  readonly writePathStats = (recentRuns = 10) => this.writePathStore.stats(recentRuns);

  /** Nightly decay (§12.2): protected nodes and episodes are untouched; below the threshold is pruned. */
  readonly runDecay = this.flushed(async (options: { now?: number; signal?: AbortSignal; onProgress?: (scanned: number) => void } = {}): Promise<DecayRunResult> => {
    const now = options.now ?? this.ctx.clock.now();
    const prune = (id: string) => factOps.invalidateWithIndexes(this.ctx, id, now, 'pruned');
    const result = await runDecay(this.ctx.db, { now, threshold: this.ctx.pruneThreshold, prune, onProgress: options.onProgress, signal: options.signal });
    setMeta(this.ctx.db, 'last_decay_run', String(now));
    this.ctx.feed.emit({ kind: 'decay.completed', updated: result.updated, prunedIds: result.prunedIds });
    return result;
  });

  /** Wait until the slow path has embedded and linked everything that is due. */
  readonly drainSlowPath = this.flushed((onProgress?: (p: SlowPathProgress) => void) => this.ctx.slow.drain(onProgress));

  private queueMissingEntityVectors(): void {
    // Entity vectors missing after a crash, a failed embed or an import are rebuilt in the background.
    const sql = 'SELECT id FROM entities WHERE merged_into IS NULL AND id NOT IN (SELECT entity_id FROM vec_entities)';
    for (const row of this.ctx.db.prepare(sql).all() as { id: string }[]) this.ctx.slow.queueEntity(row.id);
  }

  // ---- snapshot (export / re-import, src-main/data/) ----

  /**
   * Runs `fn` over a second, read-only connection holding one snapshot of the memory: a long read (an export
   * that waits for its file to drain) never holds the writer's connection, and never sees half a write.
   */
  readonly withReadSnapshot = this.flushed(async <T>(fn: (reader: snapshot.SnapshotReader) => Promise<T>): Promise<T> => {
    const binding = this.nativeBinding ? { nativeBinding: this.nativeBinding } : {};
    const reader = openDatabase(this.dbPath, { readonly: true, dimensions: this.vectors.lockInfo.dimensions, now: this.ctx.clock.now(), ...binding });
    try {
      reader.exec('BEGIN');
      reader.prepare('SELECT count(*) FROM memory_metadata').get(); // the snapshot starts at the first read
      return await fn(snapshot.snapshotReader(reader));
    } finally {
      if (reader.inTransaction) reader.exec('COMMIT');
      reader.close();
    }
  });

  /** Loads an export's rows in one transaction (existing ids kept), refreshes the caches and queues missing vectors. */
  readonly loadSnapshot = this.open((data: snapshot.SnapshotData): Record<string, number> => {
    const lock = this.vectors.lockInfo;
    const { added, needVectors } = this.writeTransaction(() => snapshot.loadSnapshotRows(this.ctx.db, data, this.ctx.clock.now(), lock));
    this.ctx.invalidateAliases();
    this.termStats = null;
    this.ctx.feed.emit({ kind: 'vectors.rebuilt', dimensions: lock.dimensions });
    this.queueMissingEntityVectors();
    if (needVectors.length > 0 || (added.entities ?? 0) > 0) this.ctx.slow.kick();
    return added;
  });

  /** Commit what is queued, let the slow path finish its batch, and close the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    // Acknowledged episodes are written before the database closes, even if another process holds the lock.
    const lost = await this.ctx.hot.drain(BUSY_TIMEOUT_MS * 2);
    if (lost > 0) this.ctx.logger.error(`${lost} episode(s) were still unwritten at shutdown: ${this.ctx.hot.health.lastError ?? ''}`);
    if (this.closed) return;
    this.closed = true;
    await this.slowPath.stop();
    this.checkpointer.stop();
    // Keeps planner statistics current (SQLite's recommendation: run at close; cheap when nothing changed).
    try {
      this.ctx.db.pragma('optimize');
    } catch (err) {
      this.ctx.logger.warn(`PRAGMA optimize failed: ${String(err)}`);
    }
    this.ctx.db.close();
  }
}

function buildAliasIndex(db: EngineContext['db']): AliasIndex {
  return new AliasIndex(allAliasRows(db).map((r) => ({ id: r.id, names: [r.canonical_name, ...parseStringArray(r.aliases)] })));
}
