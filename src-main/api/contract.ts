/**
 * The API contract between the UI and the main process: every call and every pushed event, declared once.
 * Inputs are zod schemas (validated where they cross the boundary); outputs are TypeScript types.
 * Main registers one handler per call (handlers.ts), the preload exposes exactly these names, browser mode
 * serves the same names over HTTP + WebSocket, and the renderer's hooks are typed from here.
 *
 * Keep this module free of Node imports at runtime: the sandboxed preload bundles it. Types are erased.
 */
import { z } from 'zod';
import { call, MAX_PAGE, none, type CallSpec } from './call-spec';
import { controlCalls } from './contract-control';
import { APP_ERROR_CODES } from '../../src-shared/errors';
import { IMPORT_FORMATS } from '../../src-shared/import-source';
import type { BackupEntry, BackupList, DataProgress, EncryptionStatus, ExportResult, ImportResult, RestoreSummary } from '../data/api-types';
import { CHAT_DELETE_MODES, type ChatDeletePreview, type ChatSearchHit, type ChatDeleteResult, type ChatMessage, type ChatSession, type ChatTitle, type SessionCompletedEvent } from '../../src-shared/chat-types';
import type { ConnectionTestResult } from '../llm/client';
import type { ModelCatalogView, ModelDownloadEvent } from '../llm/builtin/model-types';
import {
  contentSchema,
  correctFactSchema,
  asOfSchema,
  compareSchema,
  createEntitySchema,
  type DeletedEntity,
  deletedEntitySchema,
  type EntityProfile,
  graphExpandSchema,
  graphSeedSchema,
  type GraphSlice,
  idSchema,
  type InspectorOverview,
  type MemoryComparison,
  type MemoryFingerprint,
  listNodesSchema,
  type MemoryStats,
  nameSchema,
  type NodeDetail,
  type NodePage,
  rememberFactSchema,
  searchInputSchema as engineSearchInputSchema,
  setProfilePinSchema,
  setTagsSchema,
  splitEntitySchema,
  timelineSchema,
  type TimelineSlice,
  undoConfirmSchema,
  undoCorrectionSchema,
  type VerifyReport,
  updateEntitySchema,
  moveToSpaceSchema,
  setChatSpaceSchema,
  setEverywhereSchema,
} from '../memory';
import type { PackReplay } from '../../src-shared/replay-types';
import type { SpaceMove } from '../../src-shared/spaces';
import type { PublicSettings } from '../llm/settings-store';
import { apiKeyInputSchema, appSettingsSchema, providerSettingsSchema } from '../llm/settings';
import type { ContextPack, SearchResult } from '../../src-shared/retrieval-types';
import type { WritePathProgress } from '../writepath/types';
import type { MaintenanceReport } from '../writepath/maintenance';
import type { WritePathStatus } from '../../src-shared/consolidation-outcome';
import type { Entity, MemoryChange, MemoryNode } from '../../src-shared/memory-types';
import type { Profile, ProfilePinState } from '../../src-shared/profile-types';
import {
  clientConfigInputSchema,
  clientConfigWriteSchema,
  mcpConfigureSchema,
  type ClientConfigPreview,
  type ClientConfigWriteResult,
  type McpStatus,
  type McpStdioInfo,
} from '../mcp/settings-schema';

export { MAX_PAGE, type CallSpec } from './call-spec';
export const MESSAGES_PAGE = 300;
const messageId = z.object({ messageId: idSchema }).strict();
const nodeId = z.object({ id: idSchema }).strict();
/** A built-in model's catalog id. */
const modelId = z.object({ id: z.string().trim().min(1, 'Choose a model').max(200) }).strict();
/** A file or folder on this machine (the main process reads or writes it for the person). */
const dataPath = z.string().trim().min(1, 'path is empty').max(4096).refine((p) => !p.includes('\u0000'), 'path contains a NUL character');
/** An export's passphrase (data/export/sealed.ts): taken as typed, never trimmed. */
const exportPassphrase = z.string().min(1, 'passphrase is empty').max(1024);
/** What a native file dialog is for (ui.chooseFile); import and restore open a file, export and backup save one. */
export const FILE_PURPOSES = ['import', 'restore', 'export', 'backup'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];
const OPENS: readonly FilePurpose[] = ['import', 'restore'];
/** A file name the save dialog proposes: a name only, never a path. */
const suggestedFileName = z
  .string()
  .trim()
  .min(1, 'suggestedName is empty')
  .max(255, 'suggestedName is longer than 255 characters')
  .refine((n) => !/[/\\]/.test(n) && !n.includes('\u0000') && n !== '.' && n !== '..', 'suggestedName must be a file name, not a path');
const chooseFileSchema = z
  .object({ mode: z.enum(['open', 'save']), purpose: z.enum(FILE_PURPOSES), suggestedName: suggestedFileName.optional() })
  .strict()
  .refine((i) => (i.mode === 'open') === OPENS.includes(i.purpose), { message: 'Import and restore open a file; export and backup save one', path: ['mode'] });
/** The engine's search input (memory/retrieval/schemas), without the clock override, and no unknown keys. */
export const searchInputSchema = engineSearchInputSchema.omit({ now: true }).strict();

/** What "consolidate now" did, per session. */
export interface ConsolidationSummary {
  mode: 'llm' | 'offline';
  model: string | null;
  cancelled: boolean;
  sessions: { sessionId: string; status: string; facts: number; error: string | null }[];
}

/**
 * What "run maintenance now" did: the sweep's report (writepath/maintenance.ts) with each session as in
 * ConsolidationSummary. `joined`: a sweep was already queued or running (the nightly one, or another click),
 * and this is its report — two never run at once.
 */
export type MaintenanceSummary = Omit<MaintenanceReport, 'sessions'> & {
  sessions: ConsolidationSummary['sessions'];
  joined: boolean;
};

export interface AppInfo {
  mode: 'electron' | 'browser';
  version: string;
  dataDir: string;
  /** True when no model provider is configured: replies are memory-only. */
  offline: boolean;
  embedder: string;
}

export const calls = {
  // ---- app & settings
  'app.info': call<AppInfo>()(none),
  'settings.get': call<PublicSettings>()(none),
  /** apiKey: omitted keeps the stored key, null or "" removes it. The key is never returned. */
  'settings.save': call<PublicSettings>()(appSettingsSchema.extend({ apiKey: apiKeyInputSchema, allowInsecureKey: z.boolean().optional() }).strict()),
  /**
   * Tests the given (possibly unsaved) provider; without apiKey the stored key is used, and only when it was
   * saved for the same origin. A key over plain http to another machine needs allowInsecureKey.
   */
  'settings.testConnection': call<ConnectionTestResult>()(
    z.object({ provider: providerSettingsSchema, apiKey: apiKeyInputSchema, allowInsecureKey: z.boolean().optional() }).strict(),
  ),

  // ---- built-in model (llm/builtin): downloads happen only on model.download
  /** The catalog with size, RAM needed and licence, what is installed, and the model recommended for this computer. */
  'model.catalog': call<ModelCatalogView>()(none),
  /** Starts or resumes the download; progress and the outcome (typed failure) arrive as model.progress. One at a time. */
  'model.download': call<ModelDownloadEvent>()(modelId),
  'model.pause': call<{ paused: boolean }>()(modelId),
  /** Stops the download and removes what arrived. */
  'model.cancel': call<{ cancelled: boolean }>()(modelId),
  'model.remove': call<{ removed: boolean }>()(modelId),

  /**
   * The desktop app's native open or save dialog on the calling window (answered in the Electron main process,
   * src-main/app/file-dialogs.ts); `path` is null when the person cancelled. Browser mode uploads and downloads
   * instead: there this call answers `unsupported`.
   */
  'ui.chooseFile': call<{ path: string | null }>()(chooseFileSchema),

  // ---- chat
  /** Most recent first, a page at a time. */
  'chat.list': call<ChatSession[]>()(
    z
      .object({
        includeArchived: z.boolean().default(false),
        limit: z.number().int().min(1).max(1000).default(MAX_PAGE),
        offset: z.number().int().min(0).default(0),
      })
      .strict(),
  ),
  /** The titles of these chats (ids of chats that no longer exist are left out): names without whole chats. */
  'chat.titles': call<ChatTitle[]>()(z.object({ chatIds: z.array(idSchema).min(1).max(500) }).strict()),
  /** A new chat in `spaceId` (default Personal). */
  'chat.create': call<ChatSession>()(z.object({ spaceId: idSchema.optional() }).strict()),
  /** The chat moves to another space with what it said and taught (memory/spaces.ts setChatSpace). */
  'chat.setSpace': call<ChatSession>()(setChatSpaceSchema.strict()),
  'chat.rename': call<ChatSession>()(z.object({ chatId: idSchema, title: nameSchema }).strict()),
  'chat.archive': call<ChatSession>()(z.object({ chatId: idSchema, archived: z.boolean() }).strict()),
  /**
   * Deletes a chat and its messages. `mode`: `keep` what memory learned from it, `forget` what it learned only
   * from it (restorable), or `erase` everything it taught (deleted from the file; see ChatDeleteMode).
   */
  'chat.delete': call<ChatDeleteResult>()(z.object({ chatId: idSchema, mode: z.enum(CHAT_DELETE_MODES) }).strict()),
  /** The counts each choice of `chat.delete` would touch; changes nothing. */
  'chat.deletePreview': call<ChatDeletePreview>()(z.object({ chatId: idSchema }).strict()),
  'chat.setSwitches': call<ChatSession>()(
    z.object({ chatId: idSchema, noRemember: z.boolean().optional(), noMemory: z.boolean().optional() }).strict(),
  ),
  /** The latest `limit` messages of a chat, oldest first; ask for more to read further back. */
  /** Find across chats: titles and message text containing `query` (literally, case-insensitive), newest first. */
  'chat.search': call<ChatSearchHit[]>()(
    z.object({ query: z.string().trim().min(1, 'Type something to find').max(200, 'Search for at most 200 characters'), limit: z.number().int().min(1).max(200).default(50) }).strict(),
  ),
  'chat.messages': call<ChatMessage[]>()(
    z.object({ chatId: idSchema, limit: z.number().int().min(1).max(10_000).default(MESSAGES_PAGE) }).strict(),
  ),
  'chat.send': call<{ userMessage: ChatMessage; assistantMessage: ChatMessage }>()(
    z.object({ chatId: idSchema, text: contentSchema }).strict(),
  ),
  'chat.stop': call<{ stopped: boolean }>()(messageId),
  'chat.retry': call<ChatMessage>()(messageId),
  /** The person's Confirm or Dismiss of a memory write the model proposed (a tool call with status `pending`). */
  'chat.resolveToolCall': call<ChatMessage>()(
    z.object({ messageId: idSchema, toolCallId: z.string().min(1).max(200), decision: z.enum(['confirm', 'dismiss']) }).strict(),
  ),
  /** The context pack a reply was given ("why this answer"); null when memory was off. */
  'chat.contextPack': call<ContextPack | null>()(messageId),

  // ---- memory (the inspector's calls)
  'memory.search': call<SearchResult>()(searchInputSchema),
  /** `asOf`: the pack as it would have been then (epoch ms). */
  'memory.contextPreview': call<ContextPack>()(z.object({ prompt: contentSchema, asOf: asOfSchema.optional(), spaceId: idSchema.optional() }).strict()),
  'memory.stats': call<MemoryStats>()(none),
  /** "Consolidate now": every pending session (or one), through the LLM agent when configured. */
  'memory.consolidate': call<ConsolidationSummary>()(
    z.object({ sessionId: z.string().min(1).max(200).optional(), offline: z.boolean().optional() }).strict(),
  ),
  /**
   * "Run maintenance now": the nightly sweep (consolidation of pending sessions, decay and pruning, entity
   * enrichment, the weekly reflection) at once; progress comes as writepath.progress with job 'maintenance'.
   */
  'memory.runMaintenance': call<MaintenanceSummary>()(none),
  /** What the last consolidation learned (or why sessions failed), for the sidebar and Overview. */
  'writepath.status': call<WritePathStatus>()(none),
  'memory.getNode': call<NodeDetail>()(nodeId),
  'memory.listNodes': call<NodePage>()(listNodesSchema),
  /** `restated`: memory already held it word for word, and that fact was restated (no second copy). */
  'memory.rememberFact': call<{ id: string; restated: boolean }>()(rememberFactSchema),
  'memory.correctFact': call<{ id: string }>()(correctFactSchema),
  'memory.confirmFact': call<MemoryNode>()(nodeId),
  'memory.forget': call<{ id: string }>()(nodeId),
  'memory.restore': call<MemoryNode>()(nodeId),
  /** "What Engram knows about you": the profile's static and dynamic parts, from current facts. */
  /** `spaceId`: that space's profile (its facts plus those marked everywhere); absent = every space. */
  /** `asOf`: the profile of that instant (the facts current then, recent as of then). */
  'memory.profile': call<Profile>()(z.object({ spaceId: idSchema.optional(), asOf: asOfSchema.optional() }).strict().optional().default({})),
  /** As of `asOf`: the messages said by then that memory learned only later (an older history imported since), which as-of reads leave out. */
  'memory.learnedLater': call<{ count: number; firstLearnedAt: number | null }>()(z.object({ asOf: asOfSchema, spaceId: idSchema.optional() }).strict()),
  /** Pin a fact to the profile, hide it from it, or hand it back to the rules (`auto`); `previous` undoes it. */
  'memory.setProfilePin': call<{ id: string; state: ProfilePinState; previous: ProfilePinState }>()(setProfilePinSchema),

  // ---- entities
  'entity.list': call<Entity[]>()(
    z.object({ limit: z.number().int().min(1).max(1000).default(100), offset: z.number().int().min(0).default(0) }).strict(),
  ),
  'entity.find': call<Entity[]>()(z.object({ name: nameSchema }).strict()),
  'entity.profile': call<EntityProfile>()(
    z.object({ idOrName: nameSchema, limit: z.number().int().min(1).max(200).optional(), asOf: asOfSchema.optional() }).strict(),
  ),
  'entity.create': call<Entity>()(createEntitySchema),
  'entity.addAlias': call<Entity>()(z.object({ entityId: idSchema, alias: nameSchema }).strict()),
  'entity.removeAlias': call<Entity>()(z.object({ entityId: idSchema, alias: nameSchema }).strict()),
  'entity.merge': call<Entity>()(z.object({ sourceId: idSchema, targetId: idSchema }).strict()),

  // ---- inspector ----
  /** A bounded starting graph (recent, most connected, an entity, given nodes or a search); never the whole memory. */
  'inspector.graph': call<GraphSlice>()(graphSeedSchema),
  /** One hop out from nodes and entity anchors. */
  'inspector.expand': call<GraphSlice>()(graphExpandSchema),
  'inspector.timeline': call<TimelineSlice>()(timelineSchema),
  'inspector.overview': call<InspectorOverview>()(none),
  /** What memory learned, superseded, had corrected and forgot between two instants (ms). */
  'inspector.compare': call<MemoryComparison>()(compareSchema),
  /** The memory's fingerprint (Merkle root over every content hash) and when it was last verified. */
  'memory.fingerprint': call<MemoryFingerprint>()(none),
  /** Rehash every row against the fingerprint; names what changed. Recorded as the last verification. */
  'memory.verify': call<VerifyReport>()(none),
  'inspector.setTags': call<MemoryNode>()(setTagsSchema),
  /** Undo of confirm: the decay state the node had before. */
  'inspector.undoConfirm': call<MemoryNode>()(undoConfirmSchema),
  /** Undo of correct: the new version is forgotten and the old one is current again. */
  'inspector.undoCorrection': call<MemoryNode>()(undoCorrectionSchema),
  /** Moves a fact with its supersedes chain; undo calls it again with the answer's `fromSpaceId`. */
  'inspector.moveToSpace': call<SpaceMove>()(moveToSpaceSchema.strict()),
  /** A fact (all its versions) seen from every space, or from its own only. */
  'inspector.setEverywhere': call<{ ids: string[]; everywhere: boolean }>()(setEverywhereSchema.strict()),
  'entity.split': call<{ created: Entity; from: Entity }>()(splitEntitySchema),
  /** Undo of merge, from the record the merged entity keeps. */
  'entity.unmerge': call<{ restored: Entity; target: Entity }>()(z.object({ entityId: idSchema }).strict()),
  /** Rename and/or change the type of an entity. */
  'entity.update': call<Entity>()(updateEntitySchema),
  /** Delete an entity: its links go, its facts and episodes stay. Returns what `entity.restore` takes to undo it. */
  'entity.delete': call<DeletedEntity>()(z.object({ entityId: idSchema }).strict()),
  'entity.restore': call<Entity>()(deletedEntitySchema),
  // ---- end inspector ----
  /** "Replay on today's memory": the pack this reply's prompt gets now, and what changed; null when it had none. */
  'chat.replayPack': call<PackReplay | null>()(messageId),

  // ---- data: import, export, backup, restore (src-main/data/) ----
  /**
   * Import a ChatGPT/Claude export (conversations.json, its .zip or folder), JSONL, a recall dataset or an Engram
   * export, read as `format` (`auto` detects, but never loads an Engram export). `preview`: write nothing, report
   * what would be added, skipped and refused.
   */
  'data.import': call<ImportResult>()(
    z.object({ path: dataPath, format: z.enum(IMPORT_FORMATS).default('auto'), preview: z.boolean().default(false), passphrase: exportPassphrase.optional() }).strict(),
  ),
  /**
   * Export to `path`, or into the data folder's exports/ when omitted. Markdown to a folder, or a .zip path.
   * `passphrase` (JSON only): the export is encrypted with it, and importing it asks for it.
   */
  'data.export': call<ExportResult>()(
    z
      .object({ format: z.enum(['json', 'markdown']), path: dataPath.optional(), passphrase: exportPassphrase.min(8, 'a passphrase needs at least 8 characters').optional() })
      .strict()
      .refine((x) => x.format === 'json' || x.passphrase === undefined, { message: 'only the JSON export can be encrypted', path: ['passphrase'] }),
  ),
  /** Online backup to `path`, or into the data folder's backups/ when omitted. */
  'data.backup': call<BackupEntry>()(z.object({ path: dataPath.optional() }).strict()),
  'data.backups': call<BackupList>()(none),
  /** Checks the file (integrity, schema), keeps the current database aside and restarts on the restored one. */
  'data.restore': call<RestoreSummary>()(z.object({ path: dataPath }).strict()),
  /** Settings → Encryption (data/memory-encryption.ts): how the memory is protected now. */
  'data.encryption': call<EncryptionStatus>()(none),
  /** "Encrypt this memory": converts a plaintext memory (crash-safe; progress as data.progress 'encrypt'). */
  'data.encrypt': call<EncryptionStatus>()(none),
  /** "Add / change passphrase": a passphrase that also opens the memory's key (for the CLI and browser mode). */
  'data.setPassphrase': call<EncryptionStatus>()(z.object({ passphrase: exportPassphrase.min(8, 'a passphrase needs at least 8 characters') }).strict()),
  // ---- other apps (MCP) ----
  /** "Let other apps use Engram's memory": on/off, writes allowed, address and token to copy. */
  'mcp.status': call<McpStatus>()(none),
  'mcp.configure': call<McpStatus>()(mcpConfigureSchema),
  /** The stdio command of this installation (`Engram --mcp`, or the CLI from a checkout) and each app's config file. */
  'mcp.stdio': call<McpStdioInfo>()(none),
  /** What writing Engram into Claude Desktop's, Claude Code's or Cursor's MCP file would change; writes nothing. */
  'mcp.previewClientConfig': call<ClientConfigPreview>()(clientConfigInputSchema),
  /** Writes the previewed change (refused if the file changed since), keeping a backup and every other server. */
  'mcp.writeClientConfig': call<ClientConfigWriteResult>()(clientConfigWriteSchema),
  ...controlCalls,
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export const CALL_NAMES = Object.keys(calls) as CallName[];
/** What the UI sends (defaults may be omitted). */
export type CallInput<K extends CallName> = z.input<Calls[K]['input']>;
/** What the handler receives (after validation and defaults). */
export type ParsedInput<K extends CallName> = z.output<Calls[K]['input']>;
export type CallOutput<K extends CallName> = Calls[K] extends CallSpec<z.ZodType, infer O> ? O : never;

/** Pushed events: name → payload. */
export interface EventMap {
  /** Anything in memory changed; the renderer invalidates its memory queries. */
  'memory.changed': MemoryChange;
  'chat.delta': { chatId: string; messageId: string; delta: string };
  'chat.message': ChatMessage;
  'chat.sessions': { chatId: string };
  'session.completed': SessionCompletedEvent;
  /** Consolidation and maintenance progress: job, session, step, percent. */
  'writepath.progress': WritePathProgress;
  /** A menu or shortcut of the desktop shell asks the UI to do something. */
  'ui.command': { command: 'new-chat' | 'open-settings' | 'open-help' };
  /** Import, export, backup and restore progress. */
  'data.progress': DataProgress;
  /** A built-in model download: bytes, total, speed, seconds left, state (and the failure, typed). */
  'model.progress': ModelDownloadEvent;
}
export type EventName = keyof EventMap;
/** Runtime list of event names; `satisfies` keeps it equal to EventMap's keys. */
export const EVENT_NAMES = ['memory.changed', 'chat.delta', 'chat.message', 'chat.sessions', 'session.completed', 'writepath.progress', 'ui.command', 'data.progress', 'model.progress'] as const satisfies readonly EventName[];
type MissingEvents = Exclude<EventName, (typeof EVENT_NAMES)[number]>;
const _allEventsListed: MissingEvents extends never ? true : never = true;
void _allEventsListed;

// ---- results and errors -------------------------------------------------------------------------

/** Every domain error's code (src-shared/errors), and the boundary's own. */
/** `unsupported`: a call this host cannot answer (a native dialog asked of browser mode). */
export const API_ERROR_CODES = [...APP_ERROR_CODES, 'unknown_call', 'forbidden', 'unsupported', 'internal'] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export interface ApiError {
  code: ApiErrorCode;
  message: string;
  issues: { path: string; message: string }[];
}

/** Every call answers with this envelope: errors are values, never exceptions across the boundary. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export const isCallName = (name: string): name is CallName => Object.hasOwn(calls, name);
export const isEventName = (name: string): name is EventName => (EVENT_NAMES as readonly string[]).includes(name);

/** Electron IPC channel names, derived from the contract. */
export const ipcCallChannel = (name: CallName): string => `engram:call:${name}`;
export const IPC_EVENT_CHANNEL = 'engram:event';

/** The object the preload exposes as window.engram (and browser mode's transport implements). */
export interface EngramBridge {
  invoke<K extends CallName>(name: K, input: CallInput<K>): Promise<Envelope<CallOutput<K>>>;
  on<E extends EventName>(name: E, listener: (payload: EventMap[E]) => void): () => void;
}
