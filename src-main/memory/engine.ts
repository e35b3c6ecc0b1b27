/**
 * MemoryEngine — the one facade of Engram's long-term memory (ADR 008). Plain Node: no Electron here.
 * The connection and its lifecycle (open, guards, transactions, close) are EngineCore's (engine-core.ts); this
 * class lists the public calls. The work is in the modules they name: the hot and slow paths, the vector store,
 * knowledge and entity operations, retrieval, review, spaces, the inspector's read models. Every call is declared
 * once below through `open` (asserts the engine is open) or `flushed` (also commits queued episodes first, so the
 * call sees them).
 */
import type { SlowPathProgress } from './slow-path';
import type { JsonObject } from '../../src-shared/memory-types';
import type { ContextOptions, ContextPack, SearchInput } from '../../src-shared/retrieval-types';
import { truncateWal } from '../storage/checkpoint';
import { writeTx } from '../storage/write-tx';
import { EngineCore } from './engine-core';
import type { MemoryEngineOptions } from './engine-options';
import * as entityOps from './entities';
import * as entityEdits from './entity-edits';
import { eraseLearnedFromSessions, previewErase, type ErasedFromSessions } from './erase-sessions';
import * as factOps from './facts';
import { rememberOnce } from './remember-once';
import * as fingerprints from './fingerprint';
import { forgetLearnedFromSessions, learnedFromSessions } from './forget-sessions';
import * as inspector from './inspector';
import { nightlyDecay, queueMissingEntityVectors, type NightlyDecayOptions } from './maintenance';
import type { ProfileScope } from './profile';
import { setProfilePin, type SetProfilePinInput } from './profile-pins';
import { getNodeDetail, listNodes } from './queries';
import { reinforceFromReply } from './reply-reinforcement';
import { getSession, markSessionCompleted } from './repo/sessions';
import { saidByLearnedAfter } from './repo/nodes';
import { MemoryError } from './errors';
import { checkRestoreCandidate, type RestoreCandidateOptions } from './restore-check';
import * as retractOps from './retract';
import { buildContextPack } from './retrieval/context';
import { diffPacks } from './retrieval/replay';
import { readAsOf, search as runSearch } from './retrieval/search';
import * as review from './review';
import { rolledBack } from './rolled-back';
import { parseInput, recordEpisodeSchema, type CorrectFactInput, type RecordEpisodeInput, type RememberFactInput } from './schemas';
import * as snapshot from './snapshot';
import { preloadVerbForms } from './retrieval/verb-forms';
import { settleArrivedFacts } from './settle-arrived';
import type { DeleteSpaceInput } from './space-schemas';
import * as spaces from './spaces';
import { computeStats } from './stats';
import type { DatabaseCheck } from './stores';

export type { WritePathStats } from './writepath-store';
export type { ChatImportStore, ChatStore } from './stores';

export type { MemoryEngineOptions } from './engine-options';

export class MemoryEngine extends EngineCore {
  static open(options: MemoryEngineOptions): MemoryEngine {
    return new MemoryEngine(options);
  }

  /** Whether `copy`, a file a person chose to restore, is a memory Engram can start on (restore-check.ts). */
  static checkRestoreCandidate(copy: string, options: RestoreCandidateOptions): Promise<DatabaseCheck> {
    return checkRestoreCandidate(copy, options, (engine) => MemoryEngine.open(engine));
  }

  private constructor(options: MemoryEngineOptions) {
    super(options);
    // A long-lived host (the app, browser mode, an MCP server: the ones that upgrade vectors) loads the read path's
    // verb conjugator now, so its first search does not wait for it; a CLI command that exits at once does not.
    if (options.upgradeOfflineVectors === true) preloadVerbForms();
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
    // A pack as of a past date leads with the profile of that date: the facts current then, recent as of then.
    const scope = options.spaceId !== undefined ? { spaceId: options.spaceId } : {};
    const profile = this.profile({ now: options.now, scope, asOf: options.asOf });
    return buildContextPack(deps, prompt, options, profile);
  };
  /**
   * The profile (profile.ts): static and dynamic facts about the person, from current facts, in a scope; `asOf` (a
   * time expression or epoch ms, read as search reads it): the profile of that date.
   */
  readonly profile = this.flushed((options: { now?: number | undefined; scope?: ProfileScope; asOf?: string | number | undefined } = {}) => {
    const asOf = readAsOf(options.asOf, options.now ?? this.ctx.clock.now());
    if (asOf === null) return this.profiles.get(this.ctx, options.now ?? this.ctx.clock.now(), options.scope);
    return this.profiles.get(this.ctx, asOf, { ...options.scope, asOf });
  });
  /**
   * As of a date (a time expression or epoch ms): the messages said by then that memory learned only later (an
   * older history imported since), which every as-of read leaves out — for a notice, so an empty answer is explained.
   */
  readonly learnedLater = this.flushed((asOf: string | number, spaceId?: string): { count: number; firstLearnedAt: number | null } => {
    const t = readAsOf(asOf, this.ctx.clock.now());
    if (t === null) throw new MemoryError('invalid_input', 'asOf: a date is needed');
    return saidByLearnedAfter(this.ctx.db, t, spaceId ?? null);
  });
  /** Pin a fact to the profile, hide it from it, or hand it back to the rules; returns the previous state. */
  readonly setProfilePin = this.open((input: SetProfilePinInput) => setProfilePin(this.ctx, input));
  /** Replay: the pack `then`'s prompt gets from today's memory (same budget), and what changed (retrieval/replay.ts). */
  readonly replayPack = async (then: ContextPack, options: Omit<ContextOptions, 'tokenBudget'> = {}) => {
    const now = await this.buildContextPack(then.prompt, { ...options, tokenBudget: then.tokenBudget });
    return diffPacks(this.ctx.db, then, now);
  };

  // ---- knowledge and entities (facts.ts, entities.ts, queries.ts) ----

  readonly rememberFact = this.open((input: RememberFactInput) => factOps.rememberFact(this.ctx, input));
  /** rememberFact, unless a current fact says it word for word: that one is restated (remember-once.ts). */
  readonly rememberOnce = this.open((input: RememberFactInput) => rememberOnce(this.ctx, input));
  readonly correctFact = this.open((input: CorrectFactInput) => factOps.correctFact(this.ctx, input));
  /** A version that held before the current one `laterId`, learned after it: written as its past (facts.ts). */
  readonly recordEarlierVersion = this.open((input: RememberFactInput & { laterId: string; reason: string }) => factOps.recordEarlierVersion(this.ctx, input));
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
  /** Re-extract (retract/reextract.ts): the session's current facts; then, in one transaction, its new reading. */
  readonly sessionContribution = this.flushed((sessionId: string) => retractOps.sessionContribution(this.ctx, sessionId));
  readonly currentAgainAfterDrop = this.flushed((dropIds: readonly string[]) => retractOps.currentAgainAfterDrop(this.ctx, dropIds));
  readonly applyReextract = this.flushed((input: retractOps.ReextractApplyInput, writeNew: () => retractOps.ReextractWrite) => this.writeTransaction(() => retractOps.applyReextract(this.ctx, input, writeNew)));
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

  /** Loads an export's rows in one transaction (only adds; snapshot.ts), refreshes the caches and queues missing vectors. */
  readonly loadSnapshot = this.open((data: snapshot.SnapshotData): snapshot.SnapshotLoad => {
    const lock = this.vectors.lockInfo;
    const load = this.writeTransaction(() => this.loadAndSettle(data, lock));
    this.ctx.invalidateAliases();
    this.retriever.forgetTermStats();
    this.ctx.feed.emit({ kind: 'vectors.rebuilt', dimensions: lock.dimensions });
    queueMissingEntityVectors(this.ctx);
    if (load.needVectors.length > 0 || (load.added.entities ?? 0) > 0) this.ctx.slow.kick();
    return load;
  });

  /**
   * Facts a consolidation wrote, settled against current facts of their slot its plan did not relate them to (a
   * fact can replace one thing in a plan: "works at NHS Digital", read from an older history, beside the layoff
   * learned first). Inside the caller's transaction; returns how many versions it ended.
   */
  readonly settleConsolidatedFacts = this.open((ids: readonly string[]): number => settleArrivedFacts(this.ctx, ids, 'the conversation was consolidated', 'said'));

  /** What `loadSnapshot` would do, found by doing it in a transaction that is then rolled back. */
  readonly previewSnapshot = this.open((data: snapshot.SnapshotData): snapshot.SnapshotLoad =>
    rolledBack(this.writeTransaction, () => this.loadAndSettle(data, this.vectors.lockInfo)),
  );

  private loadAndSettle(data: snapshot.SnapshotData, lock: { model: string | null; dimensions: number }): snapshot.SnapshotLoad {
    const load = snapshot.loadSnapshotRows(this.ctx.db, data, this.ctx.clock.now(), lock);
    return { ...load, settled: settleArrivedFacts(this.ctx, load.addedNodeIds) };
  }
}
