/**
 * The part of MemoryEngine the chat and the API use. MemoryEngine satisfies it structurally; naming it here
 * keeps the chat testable against a real engine and documents exactly what the app needs from memory.
 */
import type {
  AppSettingsRows,
  ChangeListener,
  ChatImportStore,
  ChatStore,
  CorrectFactInput,
  CreateEntityInput,
  DeletedEntity,
  EntityProfile,
  ErasedFromSessions,
  ForgottenFromSessions,
  inspector,
  LearnedFromSessions,
  ListNodesInput,
  MemoryStats,
  NodeDetail,
  NodePage,
  RecordEpisodeInput,
  RememberFactInput,
  UpdateEntityInput,
  WaitForLockOptions,
} from '../memory';

export type { MessagePatch } from '../memory';
import type { Clock } from '../../src-shared/clock';
import type { ContextOptions, ContextPack, SearchInput, SearchResult } from '../../src-shared/retrieval-types';
import type { Entity, JsonObject, MemoryNode } from '../../src-shared/memory-types';

export interface MemoryPort {
  /** The chat tables, bound to the memory's connection (the chat never holds the connection itself). */
  readonly chats: ChatStore;
  readonly chatImports: ChatImportStore;
  readonly appSettings: AppSettingsRows;
  /** False once the memory is closed. */
  readonly isOpen: boolean;
  /** `fn` in one write transaction with the memory's own writes (a chat message and its episode commit together). */
  writeWhenFree<T>(fn: () => T, options?: WaitForLockOptions): Promise<T>;
  readonly clock: Clock;
  onChange(listener: ChangeListener): () => void;
  recordEpisode(input: RecordEpisodeInput): string;
  /** Inside the caller's write transaction: the episode commits with the caller's rows. */
  recordEpisodeNow(input: RecordEpisodeInput): string;
  flush(): Promise<void>;
  markSessionCompleted(sessionId: string): void;
  rememberFact(input: RememberFactInput): string;
  correctFact(input: CorrectFactInput): string;
  confirmFact(id: string): MemoryNode;
  forget(id: string): void;
  restore(id: string): MemoryNode;
  forgetLearnedFromSessions(sessionIds: readonly string[]): ForgottenFromSessions;
  learnedFromSessions(sessionIds: readonly string[], includeInvalid?: boolean): LearnedFromSessions;
  previewErase(sessionIds: readonly string[]): ErasedFromSessions;
  /** Deletes what the sessions taught with `alongside` in the same transaction, then truncates the WAL. */
  eraseLearnedFromSessions<T>(sessionIds: readonly string[], alongside: (erased: ErasedFromSessions) => T): { erased: ErasedFromSessions; result: T; walCleared: boolean };
  recordAccess(ids: readonly string[]): void;
  getNode(id: string): NodeDetail;
  listNodes(filter?: ListNodesInput): NodePage;
  createEntity(input: CreateEntityInput): Entity;
  addAlias(entityId: string, alias: string): Entity;
  removeAlias(entityId: string, alias: string): Entity;
  mergeEntities(sourceId: string, targetId: string): Entity;
  getEntityProfile(idOrName: string, limit?: number): EntityProfile;
  findEntities(name: string): Entity[];
  listEntities(limit?: number, offset?: number): Entity[];
  stats(): MemoryStats;
  /** Notices commits by another process on the same file (see MemoryEngine.checkExternalWrites). */
  checkExternalWrites(): boolean;
  search(input: SearchInput): Promise<SearchResult>;
  buildContextPack(prompt: string, options?: ContextOptions): Promise<ContextPack>;
  close(): Promise<void>;
  // ---- inspector ----
  inspectorGraph(input: inspector.GraphSeedInput): Promise<inspector.GraphSlice>;
  inspectorExpand(input: inspector.GraphExpandInput): inspector.GraphSlice;
  inspectorTimeline(input: inspector.TimelineInput): inspector.TimelineSlice;
  inspectorOverview(): inspector.InspectorOverview;
  setNodeTags(input: { id: string; tags: string[] }): MemoryNode;
  /** Merge keys into a node's attributes (the MCP server notes who confirmed a fact). */
  patchNodeAttributes(nodeId: string, patch: JsonObject): void;
  undoConfirm(input: { id: string; previous: inspector.DecayState }): MemoryNode;
  undoCorrection(input: { newId: string; previous?: inspector.DecayState | undefined }): MemoryNode;
  splitEntity(input: inspector.SplitEntityInput): { created: Entity; from: Entity };
  unmergeEntity(sourceId: string): { restored: Entity; target: Entity };
  updateEntity(input: UpdateEntityInput): Entity;
  deleteEntity(entityId: string): DeletedEntity;
  restoreEntity(deleted: DeletedEntity): Entity;
}
