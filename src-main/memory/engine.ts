/**
 * MemoryEngine — the one facade of Engram's long-term memory (ADR 008). Plain Node: no Electron here.
 * Owns the single write connection; hot path, slow path, knowledge edits and decay all go through it.
 */
import { forgetLearnedFromSessions, type ForgottenFromSessions } from './forget-sessions';
import type { Database } from 'better-sqlite3';
import { OfflineWordEmbedder, OFFLINE_WORDS_EMBEDDER_ID, REPLACED_OFFLINE_EMBEDDER_IDS } from '../embeddings/offline-words';
import type { EmbeddingProvider } from '../embeddings/types';
import { ChangeFeed, type ChangeListener } from './change-feed';
import { stderrLogger, systemClock, type Clock, type Logger } from './clock';
import type { EngineContext } from './context';
import { DEFAULT_CHECKPOINT_OPTIONS, WalCheckpointer, type CheckpointOptions } from '../storage/checkpoint';
import { openDatabase } from '../storage/open';
import { createVectorTables, dropVectorTables } from '../storage/vector-tables';
import { DEFAULT_PRUNE_THRESHOLD, runDecay, type DecayRunResult } from './decay';
import * as entityOps from './entities';
import { AliasIndex } from './entity-mentions';
import { MemoryError } from './errors';
import * as factOps from './facts';
import { HotPath, type HotPathHealth } from './hot-path';
import { databasePath } from './paths';
import { getNodeDetail, listNodes, type NodeDetail, type NodePage } from './queries';
import { allAliasRows, getEntity } from './repo/entities';
import { getMeta, setMeta } from './repo/metadata';
import { countUnconsolidatedSessions, markSessionCompleted, getSession } from './repo/sessions';
import { parseJsonObject, parseStringArray, clearStatementCache } from './repo/statements';
import { parseInput, recordEpisodeSchema, type CorrectFactInput, type CreateEntityInput, type ListNodesInput, type RecordEpisodeInput, type RememberFactInput } from './schemas';
import { DEFAULT_SLOW_PATH_OPTIONS, SlowPath, type SlowPathOptions, type SlowPathProgress } from './slow-path';
import { computeStats, writePathSection, type EmbeddingStatus, type MemoryStats } from './stats';
import type { Entity, MemoryNode, NodeType, SessionState } from './types';
import { BinaryCodeIndex, binaryCode, codeFromBlob } from './vector-index';
import { knnNodes, nodeVectors } from './repo/vectors';
import { DEFAULT_RETRIEVAL_CONFIG, type RetrievalConfig } from './retrieval/config';
import { EmbeddingIntentClassifier } from './retrieval/intent';
import { search as runSearch, type RetrieverDeps } from './retrieval/search';
import type { ContextOptions, ContextPack, SearchInput, SearchResult } from './retrieval/types';
import { buildContextPack } from './retrieval/context';
import { TermStats } from './retrieval/term-stats';
import * as wp from './repo/consolidation';
import { insertEdge, type NewEdge } from './repo/edges';
import { adjustMentionCount, linkNodeEntity, updateEntity } from './repo/entities';
import { getNodeRow, nodeExists, setAttributes } from './repo/nodes';
import { notFound } from './errors';
import type { JsonObject, MemoryChange } from './types';
import * as inspector from './inspector';
import * as snapshot from './snapshot';
import { BUSY_TIMEOUT_MS, writeTx, writeTxWhenFree, type WaitForLockOptions } from '../storage/write-tx';
import { appSettingsRows, type AppSettingsRows } from '../storage/app-settings';
import { bindStore, type Store } from '../storage/bind';
import * as chatRepo from '../storage/chat-repo';
import * as chatImportRows from '../storage/chat-import-rows';

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
  /** WAL checkpoints on a timer, between other work (db/checkpoint.ts). */
  checkpoint?: Partial<CheckpointOptions>;
}

export class MemoryEngine {
  readonly dbPath: string;
  private readonly nativeBinding: string | undefined;
  readonly embedder: EmbeddingProvider;
  private readonly ctx: EngineContext;
  private aliasIndex: AliasIndex | null = null;
  private vectorLock: { model: string | null; dimensions: number };
  private closed = false;
  private readonly retrievalConfig: RetrievalConfig;
  private readonly intentClassifier: EmbeddingIntentClassifier;
  private classifierReady: Promise<void> | null = null;
  private readonly checkpointer: WalCheckpointer;

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
    const db = openDatabase(dbPath, {
      dimensions: this.embedder.dimensions,
      now: clock.now(),
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    });
    this.checkpointer = new WalCheckpointer(db, logger, { ...DEFAULT_CHECKPOINT_OPTIONS, ...options.checkpoint });
    const feed = new ChangeFeed(logger);
    const hot = new HotPath(
      db,
      clock,
      (batch) => {
        feed.emit({ kind: 'episodes.recorded', nodeIds: batch.nodeIds, sessionIds: batch.sessionIds });
        slow.kick();
      },
      logger,
    );
    const slow: SlowPath = new SlowPath(
      db,
      this.embedder,
      clock,
      logger,
      {
        aliasIndex: () => (this.aliasIndex ??= buildAliasIndex(db)),
        vectorsEnabled: () => this.vectorStatus().vectorSearchEnabled,
        onEmbedded: (nodeIds) => feed.emit({ kind: 'nodes.embedded', nodeIds }),
        onLinked: (links) => feed.emit({ kind: 'entities.linked', links }),
        entityText: (id) => {
          const e = getEntity(db, id);
          return e && !e.mergedInto ? [e.canonicalName, ...e.aliases, e.summary ?? ''].join('. ') : undefined;
        },
      },
      { ...DEFAULT_SLOW_PATH_OPTIONS, ...options.slowPath, automatic: options.startSlowPath ?? true },
    );
    this.ctx = {
      db,
      clock,
      logger,
      feed,
      hot,
      slow,
      invalidateAliases: () => {
        this.aliasIndex = null;
      },
      pruneThreshold: options.pruneThreshold ?? DEFAULT_PRUNE_THRESHOLD,
    };
    this.retrievalConfig = { ...DEFAULT_RETRIEVAL_CONFIG, ...options.retrieval };
    this.intentClassifier = new EmbeddingIntentClassifier(this.retrievalConfig.intentThreshold);
    this.vectorLock = this.readOrInitVectorLock();
    const upgrading = this.replacesOfflineVectors() && (options.startSlowPath ?? true);
    if (upgrading) this.upgradeOfflineVectors();
    feed.subscribe((change) => this.syncCodeIndex(change));
    // Build the vector candidate index in the background now, so the first question does not wait for it;
    // likewise the offline embedder's word vectors (~40 ms to read; a failure is reported when used).
    setImmediate(() => {
      this.startCodeIndexLoad();
      if (!this.closed && this.embedder instanceof OfflineWordEmbedder) this.embedder.ready().catch(() => undefined);
    });
    const status = this.vectorStatus();
    if (status.warning && !upgrading) logger.warn(status.warning);
    // Entity vectors missing after a crash or a failed embed are rebuilt in the background.
    for (const row of db
      .prepare('SELECT id FROM entities WHERE merged_into IS NULL AND id NOT IN (SELECT entity_id FROM vec_entities)')
      .all() as { id: string }[])
      slow.queueEntity(row.id);
    slow.kick();
    this.dataVersion = this.readDataVersion();
    // Last, so a constructor that throws leaves no timer behind.
    this.checkpointer.start();
  }

  // ---- other processes on the same file -------------------------------------------------------

  private dataVersion: number;

  private readDataVersion(): number {
    return this.ctx.db.pragma('data_version', { simple: true }) as number;
  }

  /**
   * Another process (the MCP stdio server, the CLI) may commit to this memory file. SQLite's data_version moves
   * only on other connections' commits, so this is one cheap pragma when nothing happened. On a change the
   * caches built from the file (aliases, the vector candidate index) are rebuilt, the slow path looks at its
   * queue, and one `external.changed` tells the views to refresh. Returns whether anything changed.
   */
  checkExternalWrites(): boolean {
    this.assertOpen();
    const version = this.readDataVersion();
    if (version === this.dataVersion) return false;
    this.dataVersion = version;
    this.aliasIndex = null;
    this.codeIndexGeneration++;
    this.codeIndex = null;
    this.pendingIndexChanges = [];
    this.startCodeIndexLoad();
    this.ctx.slow.kick();
    this.ctx.feed.emit({ kind: 'external.changed' });
    return true;
  }

  /**
   * Vectors of the previous offline embedder are rebuilt with the current one in the background, once its
   * word vectors have loaded: if they cannot be read, the old vectors stay (vector search off, with the
   * reason) rather than being dropped for nothing.
   */
  private upgradeOfflineVectors(): void {
    const { logger } = this.ctx;
    const from = this.vectorLock.model ?? '';
    const ready = this.embedder instanceof OfflineWordEmbedder ? this.embedder.ready() : Promise.resolve();
    ready
      .then(async () => {
        if (this.closed || !this.replacesOfflineVectors()) return;
        logger.warn(`rebuilding the vectors made by ${from} with ${this.embedder.id}, in the background`);
        await this.reembed();
      })
      .catch((err: unknown) => {
        if (this.closed) return;
        logger.warn(`the vectors made by ${from} are kept, and vector search is off, until ${this.embedder.id} can run: ${String(err)}`);
      });
  }

  get logger(): Logger {
    return this.ctx.logger;
  }

  /** The connection, for read-side modules in this layer (retrieval). Not for writes. */
  get database(): Database {
    this.assertOpen();
    return this.ctx.db;
  }

  get clock(): Clock {
    return this.ctx.clock;
  }

  private stores: { appSettings: AppSettingsRows; chats: ChatStore; chatImports: ChatImportStore } | null = null;

  private get boundStores() {
    this.assertOpen();
    return (this.stores ??= {
      appSettings: appSettingsRows(this.ctx.db),
      chats: bindStore(this.ctx.db, chatRepo),
      chatImports: bindStore(this.ctx.db, chatImportRows),
    });
  }

  /** The app_settings rows (provider settings, the MCP server's switch), for code that must not hold the connection. */
  get appSettings(): AppSettingsRows {
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

  get isOpen(): boolean {
    return !this.closed && this.ctx.db.open;
  }

  /** `fn` in one BEGIN IMMEDIATE transaction; when another program holds the lock, waits without blocking. */
  writeWhenFree<T>(fn: () => T, options?: WaitForLockOptions): Promise<T> {
    this.assertOpen();
    return writeTxWhenFree(this.ctx.db, fn, options);
  }

  /** SQLite's online backup of this memory to `path`. */
  backupTo(path: string): Promise<void> {
    this.assertOpen();
    return this.ctx.db.backup(path).then(() => undefined);
  }

  private readOrInitVectorLock(): { model: string | null; dimensions: number } {
    const db = this.ctx.db;
    const dimensions = Number(getMeta(db, 'embedding_dimensions') ?? this.embedder.dimensions);
    let model = getMeta(db, 'embedding_model') ?? null;
    if (model === null && dimensions === this.embedder.dimensions) {
      const hasVectors = (db.prepare('SELECT count(*) AS n FROM vec_nodes').get() as { n: number }).n > 0;
      if (!hasVectors) {
        setMeta(db, 'embedding_model', this.embedder.id);
        model = this.embedder.id;
      }
    }
    return { model, dimensions };
  }

  /** Vectors of an older offline embedder, at the same dimension, under the current offline embedder. */
  private replacesOfflineVectors(): boolean {
    const { model, dimensions } = this.vectorLock;
    return (
      this.embedder.id === OFFLINE_WORDS_EMBEDDER_ID && dimensions === this.embedder.dimensions && model !== null && REPLACED_OFFLINE_EMBEDDER_IDS.includes(model)
    );
  }

  /** Vectors are comparable only when made by the same model at the same dimension. */
  vectorStatus(): EmbeddingStatus {
    const { model, dimensions } = this.vectorLock;
    let warning: string | null = null;
    if (dimensions !== this.embedder.dimensions) {
      warning = `Vector search is disabled: the memory's vectors have ${dimensions} dimensions but ${this.embedder.id} produces ${this.embedder.dimensions}. Run "reembed" to rebuild them.`;
    } else if (model !== this.embedder.id) {
      warning = `Vector search is disabled: the memory's vectors were made by ${model ?? 'an unknown model'}, not ${this.embedder.id}. Run "reembed" to rebuild them.`;
    }
    return {
      model: this.embedder.id,
      dimensions: this.embedder.dimensions,
      lockedModel: model,
      lockedDimensions: dimensions,
      vectorSearchEnabled: warning === null,
      warning,
    };
  }

  private assertOpen(): void {
    if (this.closed) throw new MemoryError('closed', 'The memory engine is closed');
  }

  onChange(listener: ChangeListener): () => void {
    return this.ctx.feed.subscribe(listener);
  }

  // ---- hot path -------------------------------------------------------------------------------

  /** Record a message as an episode. Returns the id at once; the write is group-committed. */
  recordEpisode(input: RecordEpisodeInput): string {
    this.assertOpen();
    const data = parseInput(recordEpisodeSchema, input);
    return this.ctx.hot.record(data);
  }

  /**
   * Record an episode now, inside the caller's transaction when there is one (a chat message and its episode
   * commit together). Episodes queued by `recordEpisode` for the same session should be flushed first.
   */
  recordEpisodeNow(input: RecordEpisodeInput): string {
    this.assertOpen();
    const data = parseInput(recordEpisodeSchema, input);
    return this.ctx.hot.recordNow(data);
  }

  /** Whether recording is currently failing (foreign lock, disk) and how much waits to be written. */
  recordingHealth(): HotPathHealth {
    return this.ctx.hot.health;
  }

  /** Resolves when every episode recorded so far is durable (survives a process crash). */
  flush(): Promise<void> {
    this.assertOpen();
    return this.ctx.hot.flush();
  }

  /**
   * Record episodes synchronously in ONE transaction together with the caller's own rows (`alongside` gets
   * the new ids in input order): an import's chat messages and their episodes commit together or not at all.
   */
  recordEpisodesWith<T>(inputs: readonly RecordEpisodeInput[], alongside: (ids: string[]) => T): T {
    this.assertOpen();
    const episodes = inputs.map((input) => parseInput(recordEpisodeSchema, input));
    let ids: string[] = [];
    this.ctx.hot.flushSync();
    const result = writeTx(this.ctx.db, () => {
      ids = this.ctx.hot.insertNow(episodes);
      return alongside(ids);
    });
    this.ctx.hot.announce(ids, [...new Set(episodes.map((e) => e.sessionId))]);
    return result;
  }

  markSessionCompleted(sessionId: string): void {
    this.assertOpen();
    this.ctx.hot.flushSync();
    markSessionCompleted(this.ctx.db, sessionId, this.ctx.clock.now());
  }

  getSession(sessionId: string): SessionState | undefined {
    this.assertOpen();
    this.ctx.hot.flushSync();
    return getSession(this.ctx.db, sessionId);
  }

  // ---- read path -----------------------------------------------------------------------------

  private retrieverDeps(): RetrieverDeps {
    return {
      db: this.ctx.db,
      embedder: this.embedder,
      classifier: this.intentClassifier,
      config: this.retrievalConfig,
      now: () => this.ctx.clock.now(),
      vectorsEnabled: () => this.vectorStatus().vectorSearchEnabled,
      mentionedEntities: (text) => (this.aliasIndex ??= buildAliasIndex(this.ctx.db)).match(text),
      entitiesNamed: (name) => entityOps.findEntitiesByName(this.ctx, name).map((e) => e.id),
      knn: (query, k, types, includeInactive) => this.knn(query, k, types, includeInactive),
      termStats: (this.termStats ??= new TermStats(this.ctx.db)),
    };
  }

  private codeIndex: BinaryCodeIndex | null = null;
  private codeIndexLoading = false;
  /** Bumped when vectors are rebuilt: a load started before then is discarded. */
  private codeIndexGeneration = 0;
  /** Changes seen while the index loads, replayed onto it when ready. */
  private pendingIndexChanges: MemoryChange[] = [];
  private termStats: TermStats | null = null;

  /**
   * Vector candidates: exact sqlite-vec KNN on small memories; on large ones the binary-code index finds
   * candidates by Hamming distance and the best are re-ranked by exact cosine.
   */
  private knn(query: Float32Array, k: number, types: readonly NodeType[] | null, includeInactive: boolean): string[] {
    const db = this.ctx.db;
    const index = this.readyCodeIndex();
    if (!index || index.size < this.retrievalConfig.codeIndexMinNodes) {
      return knnNodes(db, query, k, { ...(types ? { types } : {}), includeInactive }).map((h) => h.nodeId);
    }
    const candidates = index.nearest(binaryCode(query), Math.max(k, this.retrievalConfig.codeIndexRerank), types, includeInactive);
    const head = candidates.slice(0, this.retrievalConfig.codeIndexRerank);
    const exact = nodeVectors(db, head);
    const similarity = (id: string): number => {
      const v = exact.get(id);
      if (!v) return -Infinity;
      let s = 0;
      for (let i = 0; i < v.length; i++) s += (v[i] as number) * (query[i] as number);
      return s;
    };
    const scored = head.map((id) => ({ id, s: similarity(id) })).sort((a, b) => b.s - a.s);
    return [...scored.map((x) => x.id), ...candidates.slice(this.retrievalConfig.codeIndexRerank)].slice(0, k);
  }

  /** The code index when loaded; otherwise starts loading it in the background and answers null. */
  private readyCodeIndex(): BinaryCodeIndex | null {
    if (!this.codeIndex) this.startCodeIndexLoad();
    return this.codeIndex;
  }

  /** Resolves once the vector candidate index is loaded (it loads in the background from open on). */
  async warmVectorIndex(): Promise<void> {
    while (!this.codeIndex && !this.closed) {
      this.startCodeIndexLoad();
      await (this.codeIndexLoad ?? Promise.resolve());
    }
  }

  private codeIndexLoad: Promise<void> | null = null;

  private startCodeIndexLoad(): void {
    if (this.codeIndexLoading || this.codeIndex || this.closed) return;
    this.codeIndexLoading = true;
    const generation = this.codeIndexGeneration;
    const stale = () => this.closed || generation !== this.codeIndexGeneration;
    this.codeIndexLoad = BinaryCodeIndex.loadInChunks(this.ctx.db, this.vectorLock.dimensions, stale)
      .then((index) => {
        if (!index || stale()) return;
        this.codeIndex = index;
        for (const change of this.pendingIndexChanges.splice(0)) this.syncCodeIndex(change);
      })
      .catch((err: unknown) => this.ctx.logger.warn(`vector index load failed; exact search serves: ${String(err)}`))
      .finally(() => {
        this.codeIndexLoading = false;
        this.codeIndexLoad = null;
      });
  }

  /** Keeps the in-memory code index in step with writes; search re-checks filters in SQL regardless. */
  private syncCodeIndex(change: MemoryChange): void {
    if (change.kind === 'vectors.rebuilt') {
      this.codeIndexGeneration++;
      this.codeIndex = null;
      this.pendingIndexChanges = [];
      return;
    }
    const index = this.codeIndex;
    if (!index) {
      if (this.codeIndexLoading) this.pendingIndexChanges.push(change);
      return;
    }
    switch (change.kind) {
      case 'nodes.embedded': {
        const rows = this.ctx.db
          .prepare(
            `SELECT c.node_id, c.code, n.type, n.valid_until IS NULL AS active FROM vec_codes c JOIN nodes n ON n.id = c.node_id
             WHERE c.node_id IN (SELECT value FROM json_each(?))`,
          )
          .raw()
          .all(JSON.stringify(change.nodeIds)) as [string, Buffer, NodeType, number][];
        const words = Math.ceil(this.vectorLock.dimensions / 32);
        for (const [id, code, type, active] of rows) index.upsert(id, codeFromBlob(code, words), type, active === 1);
        break;
      }
      case 'node.corrected':
        index.setActive(change.oldId, false);
        break;
      case 'node.forgotten':
        index.setActive(change.nodeId, false);
        break;
      case 'node.restored':
        index.setActive(change.nodeId, true);
        break;
      case 'decay.completed':
        for (const id of change.prunedIds) index.setActive(id, false);
        break;
      default:
        break;
    }
  }

  /** Exemplars are embedded once, on first use; if that fails the keyword classifier answers. */
  private async ensureClassifier(): Promise<void> {
    this.classifierReady ??= this.intentClassifier.initialize(this.embedder).catch((err: unknown) => {
      this.ctx.logger.warn(`intent exemplars could not be embedded; using keyword intents: ${String(err)}`);
    });
    await this.classifierReady;
  }

  /** search_memory (ADR 008 §13): intent-routed hybrid search. Defaults to knowledge nodes, not episodes. */
  async search(input: SearchInput): Promise<SearchResult> {
    this.assertOpen();
    this.ctx.hot.flushSync();
    await this.ensureClassifier();
    this.assertOpen();
    return runSearch(this.retrieverDeps(), input);
  }

  /**
   * The context pack injected before a reply (§14). Building it is not a use: what a reply actually used is
   * reinforced by the caller with recordAccess (retrieval alone would let whatever ranks well keep itself up).
   */
  async buildContextPack(prompt: string, options: ContextOptions = {}): Promise<ContextPack> {
    this.assertOpen();
    this.ctx.hot.flushSync();
    await this.ensureClassifier();
    this.assertOpen();
    return buildContextPack(this.retrieverDeps(), prompt, options);
  }

  // ---- knowledge ------------------------------------------------------------------------------

  rememberFact(input: RememberFactInput): string {
    this.assertOpen();
    return factOps.rememberFact(this.ctx, input);
  }

  correctFact(input: CorrectFactInput): string {
    this.assertOpen();
    return factOps.correctFact(this.ctx, input);
  }

  confirmFact(id: string): MemoryNode {
    this.assertOpen();
    return factOps.confirmFact(this.ctx, id);
  }

  forget(id: string): void {
    this.assertOpen();
    factOps.forgetNode(this.ctx, id);
  }

  /** Forgets (softly) the episodes of these sessions and the facts learned only from them. */
  forgetLearnedFromSessions(sessionIds: readonly string[]): ForgottenFromSessions {
    this.assertOpen();
    return forgetLearnedFromSessions(this.ctx, sessionIds);
  }

  restore(id: string): MemoryNode {
    this.assertOpen();
    return factOps.restoreNode(this.ctx, id);
  }

  recordAccess(ids: readonly string[]): void {
    this.assertOpen();
    factOps.recordAccess(this.ctx, ids);
  }

  getNode(id: string): NodeDetail {
    this.assertOpen();
    return getNodeDetail(this.ctx, id);
  }

  listNodes(filter: ListNodesInput = {}): NodePage {
    this.assertOpen();
    return listNodes(this.ctx, filter);
  }

  // ---- entities -------------------------------------------------------------------------------

  createEntity(input: CreateEntityInput): Entity {
    this.assertOpen();
    return entityOps.createEntity(this.ctx, input);
  }

  addAlias(entityId: string, alias: string): Entity {
    this.assertOpen();
    return entityOps.addAlias(this.ctx, entityId, alias);
  }

  removeAlias(entityId: string, alias: string): Entity {
    this.assertOpen();
    return entityOps.removeAlias(this.ctx, entityId, alias);
  }

  mergeEntities(sourceId: string, targetId: string): Entity {
    this.assertOpen();
    return entityOps.mergeEntities(this.ctx, sourceId, targetId);
  }

  getEntityProfile(idOrName: string, limit?: number): entityOps.EntityProfile {
    this.assertOpen();
    return entityOps.getEntityProfile(this.ctx, idOrName, limit);
  }

  findEntities(name: string): Entity[] {
    this.assertOpen();
    return entityOps.findEntitiesByName(this.ctx, name);
  }

  listEntities(limit?: number, offset?: number): Entity[] {
    this.assertOpen();
    return entityOps.listEntities(this.ctx.db, limit, offset);
  }

  // ---- inspector ----------------------------------------------------------------------------
  // Read models and hand edits of the memory inspector (src-main/memory/inspector/).

  /** A bounded starting graph: recent, most connected, an entity's, given nodes, or a search's hits. */
  async inspectorGraph(input: inspector.GraphSeedInput): Promise<inspector.GraphSlice> {
    this.assertOpen();
    const data = parseInput(inspector.graphSeedSchema, input);
    this.ctx.hot.flushSync();
    if (data.seed.kind !== 'query') return inspector.seedGraph(this.ctx.db, data.seed, data.filter, data.limit);
    const found = await this.search({
      query: data.seed.query,
      types: data.filter.types ?? ['episodic', 'semantic', 'procedural', 'opinion'],
      includeInvalid: data.filter.includeInvalid,
      limit: Math.min(100, data.limit),
    });
    const ids = found.hits.map((h) => h.node.id);
    if (ids.length === 0) return { nodes: [], edges: [], entities: [], entityLinks: [], truncated: false };
    return inspector.seedGraph(this.ctx.db, { kind: 'nodes', ids }, data.filter, data.limit);
  }

  /** One hop out from nodes and entity anchors (double-click in the graph). */
  inspectorExpand(input: inspector.GraphExpandInput): inspector.GraphSlice {
    this.assertOpen();
    const data = parseInput(inspector.graphExpandSchema, input);
    this.ctx.hot.flushSync();
    return inspector.expandGraph(this.ctx.db, data);
  }

  inspectorTimeline(input: inspector.TimelineInput): inspector.TimelineSlice {
    this.assertOpen();
    const data = parseInput(inspector.timelineSchema, input);
    this.ctx.hot.flushSync();
    return inspector.timelineWindow(this.ctx.db, data);
  }

  inspectorOverview(): inspector.InspectorOverview {
    return inspector.overview(this.database, this.stats());
  }

  setNodeTags(input: { id: string; tags: string[] }): MemoryNode {
    this.assertOpen();
    return inspector.setTags(this.ctx, input);
  }

  undoConfirm(input: { id: string; previous: inspector.DecayState }): MemoryNode {
    this.assertOpen();
    return inspector.undoConfirm(this.ctx, input);
  }

  undoCorrection(input: { newId: string; previous?: inspector.DecayState | undefined }): MemoryNode {
    this.assertOpen();
    return inspector.undoCorrection(this.ctx, input);
  }

  splitEntity(input: inspector.SplitEntityInput): { created: Entity; from: Entity } {
    this.assertOpen();
    return inspector.splitEntity(this.ctx, input);
  }

  unmergeEntity(sourceId: string): { restored: Entity; target: Entity } {
    this.assertOpen();
    return inspector.unmergeEntity(this.ctx, sourceId);
  }

  // ---- maintenance ----------------------------------------------------------------------------

  stats(): MemoryStats {
    this.assertOpen();
    return computeStats(this.ctx, this.dbPath, this.vectorStatus());
  }

  /** Nightly decay (§12.2): protected nodes and episodes are untouched; below the threshold is pruned. */
  async runDecay(options: { now?: number; signal?: AbortSignal; onProgress?: (scanned: number) => void } = {}): Promise<DecayRunResult> {
    this.assertOpen();
    this.ctx.hot.flushSync();
    const now = options.now ?? this.ctx.clock.now();
    const result = await runDecay(this.ctx.db, {
      now,
      threshold: this.ctx.pruneThreshold,
      prune: (id) => factOps.invalidateWithIndexes(this.ctx, id, now, 'pruned'),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    setMeta(this.ctx.db, 'last_decay_run', String(now));
    this.ctx.feed.emit({ kind: 'decay.completed', updated: result.updated, prunedIds: result.prunedIds });
    return result;
  }

  /** Wait until the slow path has embedded and linked everything that is due. */
  drainSlowPath(onProgress?: (p: SlowPathProgress) => void): Promise<void> {
    this.assertOpen();
    this.ctx.hot.flushSync();
    return this.ctx.slow.drain(onProgress);
  }

  /**
   * Rebuild every vector with the current embedder (after a model or dimension change): the vec tables are
   * recreated at the embedder's dimension, the lock is moved, and all nodes and entities are re-embedded.
   */
  async reembed(onProgress?: (p: SlowPathProgress) => void): Promise<{ nodes: number; dimensions: number }> {
    this.assertOpen();
    if (this.reembedding) throw new MemoryError('conflict', 'The vectors are already being rebuilt');
    this.reembedding = true;
    try {
      return await this.rebuildVectors(onProgress);
    } finally {
      this.reembedding = false;
    }
  }

  private reembedding = false;

  private async rebuildVectors(onProgress?: (p: SlowPathProgress) => void): Promise<{ nodes: number; dimensions: number }> {
    const db = this.ctx.db;
    this.ctx.hot.flushSync();
    const now = this.ctx.clock.now();
    const dims = this.embedder.dimensions;
    let nodes = 0;
    writeTx(db, () => {
      dropVectorTables(db);
      createVectorTables(db, dims);
      db.prepare('DELETE FROM vec_codes').run();
      setMeta(db, 'embedding_dimensions', String(dims));
      setMeta(db, 'embedding_model', this.embedder.id);
      nodes = db
        .prepare(
          `INSERT INTO slow_path_queue (node_id, enqueued_at, next_attempt_at) SELECT id, @now, @now FROM nodes WHERE true
           ON CONFLICT(node_id) DO UPDATE SET next_attempt_at = excluded.next_attempt_at, attempts = 0, last_error = NULL`,
        )
        .run({ now }).changes;
    });
    clearStatementCache(db);
    this.vectorLock = { model: this.embedder.id, dimensions: dims };
    for (const row of db.prepare('SELECT id FROM entities WHERE merged_into IS NULL').all() as { id: string }[])
      this.ctx.slow.queueEntity(row.id);
    await this.ctx.slow.drain(onProgress);
    this.ctx.feed.emit({ kind: 'vectors.rebuilt', dimensions: dims });
    return { nodes, dimensions: dims };
  }

  // ---- snapshot (export / re-import, src-main/data/) ------------------------------------------

  /**
   * Runs `fn` over a second, read-only connection holding one snapshot of the memory: a long read (an export
   * that waits for its file to drain) never holds the writer's connection, and never sees half a write.
   */
  async withReadSnapshot<T>(fn: (reader: snapshot.SnapshotReader) => Promise<T>): Promise<T> {
    this.assertOpen();
    this.ctx.hot.flushSync();
    const reader = openDatabase(this.dbPath, {
      readonly: true,
      dimensions: this.vectorLock.dimensions,
      now: this.ctx.clock.now(),
      ...(this.nativeBinding ? { nativeBinding: this.nativeBinding } : {}),
    });
    try {
      reader.exec('BEGIN');
      reader.prepare('SELECT count(*) FROM memory_metadata').get(); // the snapshot starts at the first read
      return await fn(snapshot.snapshotReader(reader));
    } finally {
      if (reader.inTransaction) reader.exec('COMMIT');
      reader.close();
    }
  }

  /** The lock the memory's vectors were made under (an export records it; a re-import reuses matching vectors). */
  get vectorLockInfo(): { model: string | null; dimensions: number } {
    return { ...this.vectorLock };
  }

  /**
   * Loads an export's rows in one transaction (existing ids are kept as they are), then refreshes what the
   * engine caches about the graph and queues missing vectors. Returns the rows added per table.
   */
  loadSnapshot(data: snapshot.SnapshotData): Record<string, number> {
    this.assertOpen();
    const now = this.ctx.clock.now();
    const { added, needVectors } = this.writeTransaction(() => snapshot.loadSnapshotRows(this.ctx.db, data, now, this.vectorLock));
    this.ctx.invalidateAliases();
    this.termStats = null;
    this.ctx.feed.emit({ kind: 'vectors.rebuilt', dimensions: this.vectorLock.dimensions });
    for (const row of this.ctx.db
      .prepare('SELECT id FROM entities WHERE merged_into IS NULL AND id NOT IN (SELECT entity_id FROM vec_entities)')
      .all() as { id: string }[])
      this.ctx.slow.queueEntity(row.id);
    if (needVectors.length > 0 || (added.entities ?? 0) > 0) this.ctx.slow.kick();
    return added;
  }

  /** Commit what is queued, let the slow path finish its batch, and close the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    // Acknowledged episodes are written before the database closes, even if another process holds the lock.
    const lost = await this.ctx.hot.drain(BUSY_TIMEOUT_MS * 2);
    if (lost > 0) this.ctx.logger.error(`${lost} episode(s) were still unwritten at shutdown: ${this.ctx.hot.health.lastError ?? ''}`);
    if (this.closed) return;
    this.closed = true;
    await this.ctx.slow.stop();
    this.checkpointer.stop();
    // Keeps planner statistics current (SQLite's recommendation: run at close; cheap when nothing changed).
    try {
      this.ctx.db.pragma('optimize');
    } catch (err) {
      this.ctx.logger.warn(`PRAGMA optimize failed: ${String(err)}`);
    }
    this.ctx.db.close();
  }

  // ---- write path -----------------------------------------------------------------------------
  // For src-main/writepath/ (consolidation, offline extractor, maintenance, reflection). Knowledge is still
  // written through rememberFact / correctFact / createEntity above; these add the session state, the run
  // log, and one transaction around a whole consolidation.

  /** Sessions waiting for consolidation, oldest activity first (see repo/consolidation.ts). */
  pendingSessions(options: { idleBefore?: number; limit?: number } = {}): SessionState[] {
    this.assertOpen();
    this.ctx.hot.flushSync();
    const ids = wp.pendingSessionIds(this.ctx.db, { idleBefore: options.idleBefore ?? this.ctx.clock.now(), limit: options.limit ?? 1000 });
    return ids.flatMap((id) => getSession(this.ctx.db, id) ?? []);
  }

  /** A page of a session's episodes after `afterRowid`, in recording order. */
  sessionEpisodes(sessionId: string, afterRowid: number, limit: number): wp.EpisodeWithRowid[] {
    this.assertOpen();
    this.ctx.hot.flushSync();
    return wp.sessionEpisodePage(this.ctx.db, sessionId, afterRowid, limit);
  }

  /** Rowid of the last episode a successful consolidation of the session covered (0 = none). */
  consolidatedThrough(sessionId: string): number {
    this.assertOpen();
    return wp.consolidatedThrough(this.ctx.db, sessionId);
  }

  noteConsolidationAttempt(sessionId: string): void {
    this.assertOpen();
    wp.noteAttempt(this.ctx.db, sessionId);
  }

  /** The session stays pending with the reason; the failed run is logged with its token usage. */
  failConsolidation(sessionId: string, error: string, run: wp.NewRun): void {
    this.assertOpen();
    writeTx(this.ctx.db, () => {
      wp.markFailed(this.ctx.db, sessionId, error);
      wp.insertRun(this.ctx.db, run);
    });
  }

  /**
   * Run `fn` in ONE transaction: knowledge operations called inside join it (better-sqlite3 nests them as
   * savepoints), so a consolidation commits entirely or not at all. Change events and slow-path work are held
   * back until the commit, and dropped on rollback. `fn` must be synchronous.
   */
  writeTransaction<T>(fn: () => T): T {
    this.assertOpen();
    this.ctx.hot.flushSync();
    if (this.stagedFeed) return fn();
    const real = this.ctx.feed;
    const staged = new ChangeFeed(this.ctx.logger);
    const held: MemoryChange[] = [];
    staged.subscribe((c) => held.push(c));
    // The slow path is held back too: started inside, it would embed rows not yet committed (on this same
    // connection) and spend that time inside our transaction; after a rollback it would index ghosts.
    const slow = this.ctx.slow;
    const heldSlow = Object.create(slow) as SlowPath;
    const entities: string[] = [];
    let kicked = false;
    heldSlow.kick = () => {
      kicked = true;
    };
    heldSlow.queueEntity = (id: string) => {
      entities.push(id);
    };
    this.stagedFeed = staged;
    this.ctx.feed = staged;
    this.ctx.slow = heldSlow;
    let result: T;
    try {
      result = writeTx(this.ctx.db, fn);
    } finally {
      this.ctx.feed = real;
      this.ctx.slow = slow;
      this.stagedFeed = null;
    }
    for (const change of held) real.emit(change);
    for (const id of entities) slow.queueEntity(id);
    if (kicked) slow.kick();
    return result;
  }

  private stagedFeed: ChangeFeed | null = null;

  /** Success mark (inside the consolidation's transaction): watermark, status, run log, last_consolidation. */
  markSessionConsolidated(sessionId: string, throughRowid: number, run: wp.NewRun): void {
    this.assertOpen();
    const now = this.ctx.clock.now();
    writeTx(this.ctx.db, () => {
      wp.markConsolidated(this.ctx.db, sessionId, throughRowid, now);
      wp.insertRun(this.ctx.db, run);
      setMeta(this.ctx.db, 'last_consolidation', String(now));
    });
  }

  /** derived_from and causal edges written by the write path; existing ones are kept (idempotent). */
  addEdges(edges: readonly Omit<NewEdge, 'validFrom' | 'createdAt'>[]): number {
    this.assertOpen();
    const now = this.ctx.clock.now();
    let added = 0;
    writeTx(this.ctx.db, () => {
      for (const e of edges) {
        if (!nodeExists(this.ctx.db, e.sourceId) || !nodeExists(this.ctx.db, e.targetId)) throw notFound('Node', nodeExists(this.ctx.db, e.sourceId) ? e.targetId : e.sourceId);
        if (insertEdge(this.ctx.db, { ...e, validFrom: now, createdAt: now })) added++;
      }
    });
    return added;
  }

  /** Link a node to more entities (mention counts follow). Returns the number of new links. */
  linkEntities(nodeId: string, entityIds: readonly string[]): number {
    this.assertOpen();
    const node = getNodeRow(this.ctx.db, nodeId);
    if (!node) throw notFound('Node', nodeId);
    const now = this.ctx.clock.now();
    const links: { nodeId: string; entityId: string }[] = [];
    writeTx(this.ctx.db, () => {
      for (const entityId of new Set(entityIds)) {
        if (!getEntity(this.ctx.db, entityId)) throw notFound('Entity', entityId);
        if (linkNodeEntity(this.ctx.db, nodeId, entityId)) {
          links.push({ nodeId, entityId });
          if (node.valid_until === null) adjustMentionCount(this.ctx.db, entityId, 1, now);
        }
      }
    });
    if (links.length > 0) this.ctx.feed.emit({ kind: 'entities.linked', links });
    return links.length;
  }

  /** Refresh an entity's summary and re-embed it. `source` tells an LLM summary from the offline fallback. */
  setEntitySummary(entityId: string, summary: string, source: 'llm' | 'facts'): Entity {
    this.assertOpen();
    const entity = getEntity(this.ctx.db, entityId);
    if (!entity || entity.mergedInto) throw notFound('Entity', entityId);
    const now = this.ctx.clock.now();
    updateEntity(this.ctx.db, entityId, { summary, now, attributes: { ...entity.attributes, summary_source: source, summary_at: now } });
    this.ctx.slow.queueEntity(entityId);
    this.ctx.feed.emit({ kind: 'entity.updated', entityId });
    return getEntity(this.ctx.db, entityId) as Entity;
  }

  /** Entities by id (merged ones resolve to where they went); unknown ids are skipped. */
  getEntities(ids: readonly string[]): Entity[] {
    this.assertOpen();
    const out = new Map<string, Entity>();
    for (const id of ids) {
      let e = getEntity(this.ctx.db, id);
      if (e?.mergedInto) e = getEntity(this.ctx.db, e.mergedInto);
      if (e) out.set(e.id, e);
    }
    return [...out.values()];
  }

  /** Merge keys into a node's attributes (e.g. the slot and value a correction now holds). */
  patchNodeAttributes(nodeId: string, patch: JsonObject): void {
    this.assertOpen();
    const node = getNodeRow(this.ctx.db, nodeId);
    if (!node) throw notFound('Node', nodeId);
    setAttributes(this.ctx.db, nodeId, { ...parseJsonObject(node.attributes), ...patch });
  }

  recordWritePathRun(run: wp.NewRun): string {
    this.assertOpen();
    return wp.insertRun(this.ctx.db, run);
  }

  listWritePathRuns(options: { kind?: wp.RunKind; sessionId?: string; limit?: number } = {}): wp.WritePathRun[] {
    this.assertOpen();
    return wp.listRuns(this.ctx.db, options);
  }

  lastWritePathRunAt(kind: wp.RunKind, status: wp.RunStatus = 'ok'): number | null {
    this.assertOpen();
    return wp.lastRunAt(this.ctx.db, kind, status);
  }

  /**
   * Nearest current facts to a vector, with cosine similarity (deduplication and conflict candidates).
   */
  nearestFacts(vector: Float32Array, k: number): { nodeId: string; similarity: number }[] {
    this.assertOpen();
    if (!this.vectorStatus().vectorSearchEnabled) return [];
    // Always through the binary-code index, at any size: a near-duplicate has a near-identical code, and a
    // full sqlite-vec scan per extracted fact would cost the main thread several ms each. The head is
    // re-ranked by exact cosine below.
    const index = this.readyCodeIndex();
    const ids = index
      ? index.nearest(binaryCode(vector), k + 4, ['semantic', 'procedural', 'opinion'], false)
      : knnNodes(this.ctx.db, vector, k + 4, { types: ['semantic', 'procedural', 'opinion'] }).map((h) => h.nodeId);
    const vectors = nodeVectors(this.ctx.db, ids);
    const scored = ids.flatMap((nodeId) => {
      const v = vectors.get(nodeId);
      if (!v) return [];
      let dot = 0;
      let a = 0;
      let b = 0;
      for (let i = 0; i < v.length; i++) {
        const x = v[i] as number;
        const y = vector[i] ?? 0;
        dot += x * y;
        a += x * x;
        b += y * y;
      }
      return [{ nodeId, similarity: a === 0 || b === 0 ? 0 : dot / Math.sqrt(a * b) }];
    });
    return scored.sort((x, y) => y.similarity - x.similarity).slice(0, k);
  }

  /** Current facts sharing a slot (e.g. "user.residence"): contradiction candidates. */
  factsInSlot(slot: string, limit?: number): MemoryNode[] {
    this.assertOpen();
    return wp.currentFactsInSlot(this.ctx.db, slot, limit);
  }

  factsCreatedSince(since: number, limit = 200): MemoryNode[] {
    this.assertOpen();
    return wp.factsCreatedSince(this.ctx.db, since, limit);
  }

  entityIdsOfNodes(nodeIds: readonly string[]): string[] {
    this.assertOpen();
    return wp.entityIdsOfNodes(this.ctx.db, nodeIds);
  }

  /** `staleToo: false` leaves out entities whose only need is facts newer than a written summary. */
  entitiesNeedingSummary(limit = 50, options: { staleToo?: boolean } = {}): Entity[] {
    this.assertOpen();
    return wp.entitiesNeedingSummary(this.ctx.db, limit, options).flatMap((id) => getEntity(this.ctx.db, id) ?? []);
  }

  /** What `stats` adds for the write path: session states, last runs, token usage (total and per run). */
  writePathStats(recentRuns = 10): WritePathStats {
    this.assertOpen();
    this.ctx.hot.flushSync();
    const iso = (t: number | null): string | null => (t === null ? null : new Date(t).toISOString());
    const lastConsolidation = getMeta(this.ctx.db, 'last_consolidation');
    const lastDecay = getMeta(this.ctx.db, 'last_decay_run');
    return {
      ...writePathSection(this.ctx.db, recentRuns),
      unconsolidated_sessions: countUnconsolidatedSessions(this.ctx.db),
      last_consolidation: iso(lastConsolidation ? Number(lastConsolidation) : null),
      last_decay_run: iso(lastDecay ? Number(lastDecay) : null),
    };
  }
}

export interface WritePathStats {
  sessions: Record<SessionState['status'], number>;
  unconsolidated_sessions: number;
  last_consolidation: string | null;
  last_decay_run: string | null;
  last_maintenance: string | null;
  last_reflection: string | null;
  tokens: { promptTokens: number; completionTokens: number; llmCalls: number };
  recent_runs: wp.WritePathRun[];
}

function buildAliasIndex(db: Database): AliasIndex {
  return new AliasIndex(
    allAliasRows(db).map((r) => ({ id: r.id, names: [r.canonical_name, ...parseStringArray(r.aliases)] })),
  );
}
