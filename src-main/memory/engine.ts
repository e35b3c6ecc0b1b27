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
import * as appSettings from '../storage/app-settings';
import { bindStore } from '../storage/bind';
import * as chatImportRows from '../storage/chat-import-rows';
import * as chatRepo from '../storage/chat-repo';
import { DEFAULT_CHECKPOINT_OPTIONS, WalCheckpointer } from '../storage/checkpoint';
import type { MemoryEngineOptions } from './engine-options';
import { openDatabase } from '../storage/open';
import { resolveMemoryKey, type EncryptionOptions } from '../storage/memory-key';
import { backupDatabase } from '../storage/backup-file';
import { BUSY_TIMEOUT_MS, writeTx, writeTxWhenFree, type WaitForLockOptions } from '../storage/write-tx';
import type { ChangeListener } from './change-feed';
import { stderrLogger, systemClock, type Clock, type Logger } from '../../src-shared/clock';
import { buildContext, type EngineContext } from './context';
import { DEFAULT_PRUNE_THRESHOLD } from '../../src-shared/decay';
import { ExternalWrites } from './external-writes';
import { nightlyDecay, queueMissingEntityVectors, type NightlyDecayOptions } from './maintenance';
import * as entityOps from './entities';
import * as entityEdits from './entity-edits';
import { MemoryError } from './errors';
import { guarded } from './guard';
import * as factOps from './facts';
import { forgetLearnedFromSessions, learnedFromSessions } from './forget-sessions';
import { eraseLearnedFromSessions, previewErase, type ErasedFromSessions } from './erase-sessions';
import { truncateWal } from '../storage/checkpoint';
import * as inspector from './inspector';
import { databasePath } from './paths';
import { getNodeDetail, listNodes } from './queries';
import { ProfileCache, setProfilePin, type SetProfilePinInput } from './profile-pins';
import type { ProfileScope } from './profile';
import { reinforceFromReply } from './reply-reinforcement';
import * as retractOps from './retract';
import { rolledBack } from './rolled-back';
import * as review from './review';
import { getSession, markSessionCompleted } from './repo/sessions';
import { buildContextPack } from './retrieval/context';
import { diffPacks } from './retrieval/replay';
import { DEFAULT_RETRIEVAL_CONFIG } from './retrieval/config';
import { Retriever } from './retriever';
import { search as runSearch } from './retrieval/search';
import type { ContextOptions, ContextPack, SearchInput } from '../../src-shared/retrieval-types';
import { parseInput, recordEpisodeSchema, type CorrectFactInput, type RecordEpisodeInput, type RememberFactInput } from './schemas';
import { DEFAULT_SLOW_PATH_OPTIONS, type SlowPath, type SlowPathProgress } from './slow-path';
import * as snapshot from './snapshot';
import * as spaces from './spaces';
import { checkRestoreCandidate, type RestoreCandidateOptions } from './restore-check';
import * as fingerprints from './fingerprint';
import { computeStats } from './stats';
import { AfterCommitHooks } from './transactions';
import type { JsonObject } from '../../src-shared/memory-types';
import { VectorStore } from './vector-store';
import type { AppSettingsRows, ChatImportStore, ChatStore, DatabaseCheck } from './stores';
import { WritePathStore } from './writepath-store';
import type { DeleteSpaceInput } from './space-schemas';

export type { WritePathStats } from './writepath-store';
export type { ChatImportStore, ChatStore } from './stores';

export type { MemoryEngineOptions } from './engine-options';

export class MemoryEngine {
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
  private readonly ctx: EngineContext;
  private readonly slowPath: SlowPath;
  private readonly hooks = new AfterCommitHooks();
  private readonly vectors: VectorStore;
  private readonly checkpointer: WalCheckpointer;
  private readonly retriever: Retriever;
  private readonly guard = { open: () => this.assertOpen(), flushed: () => this.assertFlushed() };
  private readonly externalWrites: ExternalWrites;
  private readonly profiles: ProfileCache;
  private closed = false;
  /** A public call that needs the engine open. */
  private readonly open = guarded(() => this.assertOpen());
  /** A public call that reads what was recorded before it: queued episodes are committed first. */
  private readonly flushed = guarded(() => this.assertFlushed());

  static open(options: MemoryEngineOptions): MemoryEngine {
    return new MemoryEngine(options);
  }

  /** Whether `copy`, a file a person chose to restore, is a memory Engram can start on (restore-check.ts). */
  static checkRestoreCandidate(copy: string, options: RestoreCandidateOptions): Promise<DatabaseCheck> {
    return checkRestoreCandidate(copy, options, (engine) => MemoryEngine.open(engine));
  }

  private constructor(options: MemoryEngineOptions) {
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
    this.checkpointer = new WalCheckpointer(db, logger, { ...DEFAULT_CHECKPOINT_OPTIONS, ...options.checkpoint });
    const { ctx, slowPath, feed, aliases } = buildContext({
      db, embedder: this.embedder, clock, logger, hooks: this.hooks,
      slowPath: { ...DEFAULT_SLOW_PATH_OPTIONS, ...options.slowPath, automatic: options.startSlowPath ?? true },
      pruneThreshold: options.pruneThreshold ?? DEFAULT_PRUNE_THRESHOLD,
      vectorsEnabled: () => this.vectors.status().vectorSearchEnabled,
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
    this.vectors.start(feed, options.startSlowPath ?? true);
    queueMissingEntityVectors(this.ctx);
    slowPath.kick();
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

  // ---- other processes on the same file ----

  /**
   * Another process (the MCP stdio server, the CLI) may commit to this memory file: the caches built from the
   * file (aliases, the vector candidate index) are rebuilt, the slow path looks at its queue, and one
   * `external.changed` tells the views to refresh. Returns whether anything changed (external-writes.ts).
   */
  readonly checkExternalWrites = this.open((): boolean => {
    if (!this.externalWrites.happened()) return false;
    this.ctx.invalidateAliases();
    spaces.forgetCachedSpaces(this.ctx);
    this.vectors.reloadCodeIndex();
    this.ctx.slow.kick();
    this.ctx.feed.emit({ kind: 'external.changed' });
    return true;
  });

  // ---- vectors (vector-store.ts) ----

  readonly vectorStatus = () => this.vectors.status();
  /** Resolves once the vector candidate index is loaded (it loads in the background from open on). */
  readonly warmVectorIndex = (options?: { copies?: boolean }) => this.vectors.warm(options);
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

  /** search_memory (ADR 008 §13): intent-routed hybrid search. Defaults to knowledge nodes, not episodes. */
  readonly search = async (input: SearchInput) => runSearch(await this.retriever.whenReady(this.guard), input);
  /** The context pack injected before a reply (§14); what a reply used is reinforced by reinforceFromReply. */
  readonly buildContextPack = async (prompt: string, options: ContextOptions = {}) => {
    const deps = await this.retriever.whenReady(this.guard);
    // A pack as of a past date leaves out today's profile (the profile is of current facts).
    const scope = options.spaceId !== undefined ? { spaceId: options.spaceId } : {};
    const profile = options.asOf == null ? this.profile({ now: options.now, scope }) : undefined;
    return buildContextPack(deps, prompt, options, profile);
  };
  /** The profile (profile.ts): static and dynamic facts about the person, from current facts, in a scope. */
  readonly profile = this.flushed((options: { now?: number | undefined; scope?: ProfileScope } = {}) =>
    this.profiles.get(this.ctx, options.now ?? this.ctx.clock.now(), options.scope),
  );
  /** Pin a fact to the profile, hide it from it, or hand it back to the rules; returns the previous state. */
  readonly setProfilePin = this.open((input: SetProfilePinInput) => setProfilePin(this.ctx, input));
  /** Replay: the pack `then`'s prompt gets from today's memory (same budget), and what changed (retrieval/replay.ts). */
  readonly replayPack = async (then: ContextPack, options: Omit<ContextOptions, 'tokenBudget'> = {}) => {
    const now = await this.buildContextPack(then.prompt, { ...options, tokenBudget: then.tokenBudget });
    return diffPacks(this.ctx.db, then, now);
  };

  // ---- knowledge and entities (facts.ts, entities.ts, queries.ts) ----

  readonly rememberFact = this.open((input: RememberFactInput) => factOps.rememberFact(this.ctx, input));
  readonly correctFact = this.open((input: CorrectFactInput) => factOps.correctFact(this.ctx, input));
  readonly confirmFact = this.open((id: string) => factOps.confirmFact(this.ctx, id));
  readonly forget = this.open((id: string): void => factOps.forgetNode(this.ctx, id));
  /** Forgets (softly) the episodes of these sessions and the facts learned only from them. */
  readonly forgetLearnedFromSessions = this.open((sessionIds: readonly string[]) => forgetLearnedFromSessions(this.ctx, sessionIds));
  /** What these sessions taught: current only (what a forget would touch), or everything (an erase). */
  readonly learnedFromSessions = this.flushed((sessionIds: readonly string[], includeInvalid?: boolean) => learnedFromSessions(this.ctx, sessionIds, includeInvalid));
  /** What an erase of these sessions would delete, with the text (to find copies of it outside memory). */
  readonly previewErase = this.flushed((sessionIds: readonly string[]) => previewErase(this.ctx, sessionIds));
  /**
   * Deletes what these sessions taught, with `alongside` (the caller's rows: the chat) in the same transaction,
   * then truncates the WAL so no older copy of a page keeps the text. `walCleared` is false when another
   * program's read kept the WAL in use: the caller says so.
   */
  readonly eraseLearnedFromSessions = this.flushed(<T>(sessionIds: readonly string[], alongside: (erased: ErasedFromSessions) => T) => {
    const { erased, result } = this.writeTransaction(() => {
      const found = eraseLearnedFromSessions(this.ctx, sessionIds);
      return { erased: found, result: alongside(found) };
    });
    this.retriever.forgetTermStats();
    return { erased, result, walCleared: truncateWal(this.ctx.db) };
  });
  // ---- retract by source (retract/): what memory learned from a message, chat, session, import, app, run ----

  readonly previewRetract = this.flushed((source: unknown) => retractOps.previewRetract(this.ctx, retractOps.parseSource(source)));
  /** Forgets what the source taught in one transaction; the result's id undoes it exactly (undoRetract). */
  readonly retract = this.flushed((source: unknown) => this.writeTransaction(() => retractOps.retract(this.ctx, retractOps.parseSource(source))));
  readonly undoRetract = this.flushed((input: unknown) => this.writeTransaction(() => retractOps.undoRetract(this.ctx, retractOps.parseRetractionId(input).retractionId)));
  readonly listRetractions = this.open((limit?: number) => retractOps.listRetractions(this.ctx, limit));
  readonly restore = this.open((id: string) => factOps.restoreNode(this.ctx, id));
  readonly recordAccess = this.open((ids: readonly string[]): void => factOps.recordAccess(this.ctx, ids));
  /** What a finished reply used of the memories it was shown is reinforced; returns those memories (reply-reinforcement.ts). */
  readonly reinforceFromReply = this.open((reply: string, shownIds: readonly string[]) => reinforceFromReply(this.ctx, reply, shownIds));
  /** The write path saw these facts stated again: their stability grows and their decay clock restarts. */
  readonly recordRestatement = this.open((ids: readonly string[]): void => factOps.recordRestatement(this.ctx, ids));
  readonly getNode = this.open((id: string) => getNodeDetail(this.ctx, id));
  readonly listNodes = this.open((filter: Parameters<typeof listNodes>[1] = {}) => listNodes(this.ctx, filter));
  readonly createEntity = this.open((input: Parameters<typeof entityOps.createEntity>[1]) => entityOps.createEntity(this.ctx, input));
  readonly addAlias = this.open((entityId: string, alias: string) => entityOps.addAlias(this.ctx, entityId, alias));
  readonly removeAlias = this.open((entityId: string, alias: string) => entityOps.removeAlias(this.ctx, entityId, alias));
  readonly mergeEntities = this.open((sourceId: string, targetId: string) => entityOps.mergeEntities(this.ctx, sourceId, targetId));
  readonly getEntityProfile = this.open((idOrName: string, limit?: number, asOf?: number) => entityOps.getEntityProfile(this.ctx, idOrName, limit, asOf));
  readonly findEntities = this.open((name: string) => entityOps.findEntitiesByName(this.ctx, name));
  readonly listEntities = this.open((limit?: number, offset?: number) => entityOps.listEntities(this.ctx.db, limit, offset));
  /** Merge keys into a node's attributes (the slot a correction now holds; who confirmed a fact over MCP). */
  readonly patchNodeAttributes = this.open((nodeId: string, patch: JsonObject): void => factOps.patchNodeAttributes(this.ctx, nodeId, patch));

  // ---- review queue (review/): facts that wait for the person before they are remembered ----

  readonly reviewSettings = this.open(() => review.readReviewSettings(this.ctx.db));
  readonly saveReviewSettings = this.open((patch: review.ReviewSettingsPatch) => review.saveReviewSettings(this.ctx.db, patch));
  readonly requiresReview = this.open((origin: review.ReviewSource) => review.requiresReview(this.ctx.db, origin));
  readonly reviewOriginOfSession = this.flushed((sessionId: string) => review.originOfSession(this.ctx.db, sessionId));
  readonly proposeFact = this.open((input: review.ProposeFactInput) => review.proposeFact(this.ctx, input));
  readonly listProposals = this.open((input: review.ListProposalsInput = {}) => review.listProposals(this.ctx, input));
  readonly getProposal = this.open((id: string) => review.getProposal(this.ctx, id));
  readonly pendingProposalCount = this.open(() => review.pendingCount(this.ctx));
  readonly searchPendingProposals = this.open((input: { query: string; limit?: number }) => review.searchPending(this.ctx, input));
  readonly approveProposal = this.open((input: review.ApproveProposalInput) => review.approveProposal(this.ctx, this.writeTransaction, input));
  readonly declineProposal = this.open((input: { id: string }) => review.declineProposal(this.ctx, input));
  readonly restoreProposal = this.open((input: { id: string }) => review.restoreProposal(this.ctx, input));
  readonly bulkReview = this.open((input: review.BulkReviewInput) => review.bulkReview(this.ctx, this.writeTransaction, input));

  // ---- inspector (inspector/) ----

  readonly inspectorGraph = this.open((input: inspector.GraphSeedInput) => inspector.inspectorGraph(this.ctx, input, this.search));
  readonly inspectorExpand = this.open((input: inspector.GraphExpandInput) => inspector.inspectorExpand(this.ctx, input));
  readonly inspectorTimeline = this.open((input: inspector.TimelineInput) => inspector.inspectorTimeline(this.ctx, input));
  readonly inspectorCompare = this.open((input: inspector.CompareInput) => inspector.inspectorCompare(this.ctx, input));
  readonly inspectorOverview = this.open(() => inspector.overview(this.ctx.db, this.stats()));
  readonly setNodeTags = this.open((input: { id: string; tags: string[] }) => inspector.setTags(this.ctx, input));
  /** Undo puts back the state the engine recorded at the confirm or correction (repo/undo-states.ts). */
  readonly undoConfirm = this.open((input: { id: string }) => inspector.undoConfirm(this.ctx, input));
  readonly undoCorrection = this.open((input: { newId: string }) => inspector.undoCorrection(this.ctx, input));
  readonly splitEntity = this.open((input: inspector.SplitEntityInput) => inspector.splitEntity(this.ctx, input));
  readonly unmergeEntity = this.open((sourceId: string) => inspector.unmergeEntity(this.ctx, sourceId));
  readonly updateEntity = this.open((input: entityEdits.UpdateEntityInput) => entityEdits.updateEntity(this.ctx, input));
  readonly deleteEntity = this.open((entityId: string) => entityEdits.deleteEntity(this.ctx, entityId));
  readonly restoreEntity = this.open((deleted: entityEdits.DeletedEntity) => entityEdits.restoreEntity(this.ctx, deleted));

  // ---- memory spaces (spaces.ts, migration 015) ----

  readonly listSpaces = this.open(() => spaces.listSpaces(this.ctx));
  readonly getSpace = this.open((id: string) => spaces.requireSpace(this.ctx, id));
  /** A space by name, whatever its case; an unknown name is a not_found that lists the spaces. */
  readonly spaceByName = this.open((name: string) => spaces.spaceByName(this.ctx, name));
  readonly createSpace = this.open((input: { name: string }) => spaces.createSpace(this.ctx, input));
  readonly renameSpace = this.open((input: { id: string; name: string }) => spaces.renameSpace(this.ctx, input));
  readonly deleteSpace = this.open((input: DeleteSpaceInput) => spaces.deleteSpace(this.ctx, input));
  /** Moves a fact with its supersedes chain; undo is the same call with the answer's `fromSpaceId`. */
  readonly moveToSpace = this.open((input: { id: string; spaceId: string }) => spaces.moveToSpace(this.ctx, input));
  readonly setEverywhere = this.open((input: { id: string; everywhere: boolean }) => spaces.setEverywhere(this.ctx, input));
  /** A chat changes space with what it said and taught (spaces.ts setChatSpace). */
  readonly setChatSpace = this.open((input: { chatId: string; spaceId: string }) => spaces.setChatSpace(this.ctx, input));

  // ---- maintenance ----

  readonly stats = this.open(() => computeStats(this.ctx, this.dbPath, this.vectors.status()));
  /** What `stats` adds for the write path: session states, last runs, token usage (total and per run). */
  readonly writePathStats = (recentRuns = 10) => this.writePathStore.stats(recentRuns);

  /** Nightly decay (§12.2): protected nodes and episodes are untouched; below the threshold is pruned. */
  readonly runDecay = this.flushed((options: NightlyDecayOptions = {}) => nightlyDecay(this.ctx, options));

  /** Wait until the slow path has embedded and linked everything that is due. */
  readonly drainSlowPath = this.flushed((onProgress?: (p: SlowPathProgress) => void) => this.ctx.slow.drain(onProgress));

  // ---- fingerprint: content hashes and the Merkle root (fingerprint.ts) ----

  readonly fingerprint = this.open(() => fingerprints.fingerprint(this.ctx.db));
  /** Rehash every row on a read-only snapshot, record when and how it went, and report what changed. */
  readonly verifyMemory = this.flushed((): fingerprints.VerifyReport => {
    const report = fingerprints.verifyOnReader(this.readOnlyConnection());
    this.writeTransaction(() => fingerprints.recordVerification(this.ctx.db, report, this.ctx.clock.now()));
    return report;
  });
  static readonly verifyDatabaseFile = fingerprints.verifyDatabaseFile;
  static readonly diffDatabaseFiles = fingerprints.diffDatabaseFiles;

  // ---- snapshot (export / re-import, src-main/data/) ----

  /** `fn` over a second, read-only connection holding one snapshot of the memory (snapshot.ts). */
  readonly withReadSnapshot = this.flushed(<T>(fn: (reader: snapshot.SnapshotReader) => Promise<T>): Promise<T> => snapshot.overOneSnapshot(this.readOnlyConnection(), fn));

  /** A second, read-only connection to this memory's file (with its key): one consistent snapshot for a long read. */
  private readOnlyConnection(): EngineContext['db'] {
    const binding = this.nativeBinding ? { nativeBinding: this.nativeBinding } : {};
    return openDatabase(this.dbPath, { readonly: true, dimensions: this.vectors.lockInfo.dimensions, now: this.ctx.clock.now(), key: this.key, ...binding });
  }

  /** Loads an export's rows in one transaction (only adds; snapshot.ts), refreshes the caches and queues missing vectors. */
  readonly loadSnapshot = this.open((data: snapshot.SnapshotData): snapshot.SnapshotLoad => {
    const lock = this.vectors.lockInfo;
    const load = this.writeTransaction(() => snapshot.loadSnapshotRows(this.ctx.db, data, this.ctx.clock.now(), lock));
    this.ctx.invalidateAliases();
    this.retriever.forgetTermStats();
    this.ctx.feed.emit({ kind: 'vectors.rebuilt', dimensions: lock.dimensions });
    queueMissingEntityVectors(this.ctx);
    if (load.needVectors.length > 0 || (load.added.entities ?? 0) > 0) this.ctx.slow.kick();
    return load;
  });

  /** What `loadSnapshot` would do, found by doing it in a transaction that is then rolled back. */
  readonly previewSnapshot = this.open((data: snapshot.SnapshotData): snapshot.SnapshotLoad =>
    rolledBack(this.writeTransaction, () => snapshot.loadSnapshotRows(this.ctx.db, data, this.ctx.clock.now(), this.vectors.lockInfo)),
  );

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
