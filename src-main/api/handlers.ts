/**
 * One handler per call of the contract, over the app's services. The mapped type makes a missing or
 * mistyped handler a compile error; dispatch() validates input and turns every failure into an ApiError.
 */
import type { ChatService } from '../chat/service';
import type { DataService } from '../data/service';
import type { ApiMemory } from './memory-port';
import { testConnection } from '../llm/client';
import { assertKeyMayTravel, type SettingsStore } from '../llm/settings-store';
import type { Logger } from '../../src-shared/clock';
import { PERSONAL_SPACE_ID } from '../../src-shared/spaces';
import type { McpConfigureInput } from '../mcp/service';
import type { McpStatus } from '../mcp/settings-schema';
import type { ClientConfigService } from '../mcp/client-config';
import { calls, isCallName, type AppInfo, type CallName, type CallOutput, type ConsolidationSummary, type Envelope, type MaintenanceSummary, type ParsedInput } from './contract';
import { invalidInput, toApiError, UnsupportedCallError } from './errors';
import type { WritePathStatus } from '../../src-shared/consolidation-outcome';
import type { ModelService } from '../llm/builtin/model-service';
import type { WritePathService } from '../writepath/service';

/** Why a host without a window (browser mode, tests) has no native file dialog. */
export const BROWSER_PICKS_FILES =
  'There is no native file dialog here: in the browser, import and restore upload the file you pick, and export and backup download to your browser.';

export type Handlers = { [K in CallName]: (input: ParsedInput<K>) => CallOutput<K> | Promise<CallOutput<K>> };

export interface ApiServices {
  memory: ApiMemory;
  chat: ChatService;
  settings: SettingsStore;
  info: () => AppInfo;
  /** The write path's "consolidate now". */
  consolidate: (request: { sessionId?: string; offline?: boolean }) => Promise<ConsolidationSummary>;
  /** "Run maintenance now": the nightly sweep through the write path, joining one already under way. */
  runMaintenance: () => Promise<MaintenanceSummary>;
  /** Import, export, backup and restore (src-main/data/service.ts). */
  data: Pick<DataService, 'import' | 'export' | 'backup' | 'backups' | 'restore' | 'encryptionStatus' | 'encryptMemory' | 'setPassphrase'>;
  /** The running app's MCP endpoint for other apps. */
  mcp: { status(): McpStatus; configure(input: McpConfigureInput): Promise<McpStatus>; spaceDeleted(deletedId: string, replacementId: string): Promise<McpStatus> };
  /** Other apps' MCP files: this installation's stdio command, previewed and written on request. */
  mcpClients: ClientConfigService;
  /** What the last consolidation learned, and the sessions that failed. */
  writePathStatus: () => WritePathStatus;
  /** Built-in model catalog and downloads. */
  models: Pick<ModelService, 'catalog' | 'download' | 'pause' | 'cancel' | 'remove'>;
  /** Re-extract by session: the write path's preview and apply. */
  reextract: Pick<WritePathService, 'previewReextract' | 'applyReextract'>;
}

export function createHandlers({ memory, chat, settings, info, consolidate, runMaintenance, mcp, mcpClients, writePathStatus, data, models, reextract }: ApiServices): Handlers {
  return {
    'app.info': () => info(),
    'settings.get': () => settings.publicView(),
    'settings.save': ({ apiKey, allowInsecureKey, ...rest }) => {
      settings.save(rest, apiKey, { allowInsecureKey });
      return settings.publicView();
    },
    // Without a typed key, the stored one is used only if it was saved for this very origin.
    'settings.testConnection': ({ provider, apiKey, allowInsecureKey }) => {
      const key = apiKey === undefined ? settings.keyFor(provider.baseURL) : (apiKey ?? undefined);
      if (key) assertKeyMayTravel(provider.baseURL, allowInsecureKey);
      return testConnection({ settings: provider, apiKey: key });
    },

    // The desktop app answers this in its main process (src-main/app/ipc.ts) before it reaches the host.
    'ui.chooseFile': () => {
      throw new UnsupportedCallError(BROWSER_PICKS_FILES);
    },

    'model.catalog': () => models.catalog(),
    'model.download': ({ id }) => models.download(id),
    'model.pause': ({ id }) => models.pause(id),
    'model.cancel': ({ id }) => models.cancel(id),
    'model.remove': ({ id }) => models.remove(id),

    'chat.list': ({ includeArchived, limit, offset }) => chat.list(includeArchived, { limit, offset }),
    'chat.titles': ({ chatIds }) => chat.titles(chatIds),
    'chat.create': ({ spaceId }) => chat.create(spaceId),
    'chat.setSpace': ({ chatId, spaceId }) => chat.setSpace(chatId, spaceId),
    'chat.rename': ({ chatId, title }) => chat.rename(chatId, title),
    'chat.archive': ({ chatId, archived }) => chat.archive(chatId, archived),
    'chat.delete': ({ chatId, mode }) => chat.delete(chatId, mode),
    'chat.deletePreview': ({ chatId }) => chat.deletePreview(chatId),
    'chat.setSwitches': ({ chatId, ...switches }) => chat.setSwitches(chatId, switches),
    'chat.search': ({ query, limit }) => chat.search(query, limit),
    'chat.messages': ({ chatId, limit }) => chat.messages(chatId, limit),
    'chat.send': ({ chatId, text }) => chat.send(chatId, text),
    'chat.stop': ({ messageId }) => ({ stopped: chat.stop(messageId) }),
    'chat.retry': ({ messageId }) => chat.retry(messageId),
    'chat.resolveToolCall': ({ messageId, toolCallId, decision }) => chat.resolveToolCall(messageId, toolCallId, decision),
    'chat.contextPack': ({ messageId }) => chat.contextPack(messageId),

    'memory.search': (input) => memory.search(input),
    'memory.contextPreview': ({ prompt, asOf, spaceId }) => memory.buildContextPack(prompt, { ...(asOf !== undefined ? { asOf } : {}), ...(spaceId !== undefined ? { spaceId } : {}) }),
    'spaces.list': () => memory.listSpaces(),
    'spaces.create': (input) => memory.createSpace(input),
    'spaces.rename': (input) => memory.renameSpace(input),
    'spaces.delete': async (input) => {
      const done = memory.deleteSpace(input);
      await mcp.spaceDeleted(input.id, input.rows.rows === 'move' ? input.rows.toSpaceId : PERSONAL_SPACE_ID);
      return done;
    },
    'memory.consolidate': (request) => consolidate(request),
    'memory.runMaintenance': () => runMaintenance(),
    'writepath.status': () => writePathStatus(),
    'memory.stats': () => memory.stats(),
    'memory.getNode': ({ id }) => memory.getNode(id),
    'memory.listNodes': (input) => memory.listNodes(input),
    'memory.rememberFact': (input) => memory.rememberOnce(input),
    'memory.correctFact': (input) => ({ id: memory.correctFact(input) }),
    'memory.confirmFact': ({ id }) => memory.confirmFact(id),
    'memory.forget': ({ id }) => {
      memory.forget(id);
      return { id };
    },
    'memory.restore': ({ id }) => memory.restore(id),
    'memory.profile': (input) => memory.profile({ ...(input.spaceId !== undefined ? { scope: { spaceId: input.spaceId } } : {}), asOf: input.asOf }),
    'memory.learnedLater': ({ asOf, spaceId }) => memory.learnedLater(asOf, spaceId),
    'memory.setProfilePin': (input) => memory.setProfilePin(input),

    'entity.list': ({ limit, offset }) => memory.listEntities(limit, offset),
    'entity.find': ({ name }) => memory.findEntities(name),
    'entity.profile': ({ idOrName, limit, asOf }) => memory.getEntityProfile(idOrName, limit, asOf),
    'entity.create': (input) => memory.createEntity(input),
    'entity.addAlias': ({ entityId, alias }) => memory.addAlias(entityId, alias),
    'entity.removeAlias': ({ entityId, alias }) => memory.removeAlias(entityId, alias),
    'entity.merge': ({ sourceId, targetId }) => memory.mergeEntities(sourceId, targetId),

    // ---- inspector ----
    'inspector.graph': (input) => memory.inspectorGraph(input),
    'inspector.expand': (input) => memory.inspectorExpand(input),
    'inspector.timeline': (input) => memory.inspectorTimeline(input),
    'inspector.overview': () => memory.inspectorOverview(),
    'inspector.compare': (input) => memory.inspectorCompare(input),
    'memory.fingerprint': () => memory.fingerprint(),
    'memory.verify': () => memory.verifyMemory(),
    'inspector.setTags': (input) => memory.setNodeTags(input),
    'inspector.undoConfirm': (input) => memory.undoConfirm(input),
    'inspector.moveToSpace': (input) => memory.moveToSpace(input),
    'inspector.setEverywhere': (input) => memory.setEverywhere(input),
    'inspector.undoCorrection': (input) => memory.undoCorrection(input),
    'entity.split': (input) => memory.splitEntity(input),
    'entity.unmerge': ({ entityId }) => memory.unmergeEntity(entityId),
    'entity.update': (input) => memory.updateEntity(input),
    'entity.delete': ({ entityId }) => memory.deleteEntity(entityId),
    'entity.restore': (deleted) => memory.restoreEntity(deleted),
    'review.settings': () => memory.reviewSettings(),
    'review.saveSettings': (patch) => memory.saveReviewSettings(patch),
    'review.list': (input) => memory.listProposals(input),
    'review.count': () => ({ pending: memory.pendingProposalCount() }),
    'review.approve': ({ id }) => memory.approveProposal({ id }),
    'review.editApprove': ({ id, content }) => memory.approveProposal({ id, content }),
    'review.decline': ({ id }) => memory.declineProposal({ id }),
    'review.restore': ({ id }) => memory.restoreProposal({ id }),
    'review.bulk': (input) => memory.bulkReview(input),
    'review.searchPending': (input) => memory.searchPendingProposals(input),
    // ---- end inspector ----
    'memory.retractPreview': (source) => memory.previewRetract(source),
    'memory.retract': (source) => memory.retract(source),
    'memory.undoRetract': (input) => memory.undoRetract(input),
    'memory.retractions': ({ limit }) => memory.listRetractions(limit),
    'memory.reextractPreview': ({ sessionId, offline }) => reextract.previewReextract({ sessionId, offline }),
    'memory.reextractApply': ({ previewId }) => reextract.applyReextract(previewId),
    'chat.replayPack': ({ messageId }) => chat.replayPack(messageId),

    'data.import': ({ path, format, preview, passphrase }) => data.import(path, { format, preview, ...(passphrase !== undefined ? { passphrase } : {}) }),
    'data.export': ({ format, path, passphrase }) => data.export(format, path, passphrase),
    'data.backup': ({ path }) => data.backup(path),
    'data.backups': () => data.backups(),
    'data.restore': ({ path }) => data.restore(path),
    'data.encryption': () => data.encryptionStatus(),
    'data.encrypt': () => data.encryptMemory(),
    'data.setPassphrase': ({ passphrase }) => data.setPassphrase(passphrase),
    'mcp.status': () => mcp.status(),
    'mcp.configure': (input) => mcp.configure(input),
    'mcp.stdio': () => mcpClients.stdio(),
    'mcp.previewClientConfig': ({ client, allowWrites, space }) => mcpClients.preview(client, allowWrites, space),
    'mcp.writeClientConfig': ({ client, allowWrites, expectedHash, space }) => mcpClients.write(client, allowWrites, expectedHash, space),
  };
}

export type Dispatch = (name: string, input: unknown) => Promise<Envelope<unknown>>;

/** The one entry point both transports use: name check → zod validation → handler → envelope. */
export function createDispatch(handlers: Handlers, logger: Logger): Dispatch {
  return async (name, input) => {
    if (!isCallName(name)) {
      return { ok: false, error: { code: 'unknown_call', message: `There is no call named "${name}"`, issues: [] } };
    }
    const parsed = calls[name].input.safeParse(input ?? {});
    if (!parsed.success) return { ok: false, error: invalidInput(parsed.error) };
    try {
      const handler = handlers[name] as (input: unknown) => unknown;
      return { ok: true, value: await handler(parsed.data) };
    } catch (err) {
      const error = toApiError(err);
      if (error.code === 'internal' || error.code === 'storage') logger.error(`call ${name} failed`, err);
      return { ok: false, error };
    }
  };
}
