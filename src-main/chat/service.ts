/**
 * The chat service: conversations and their memory sessions, context injection, streamed replies with a
 * bounded memory-tool loop, stop and retry, and the memory-only answer when no model is available.
 * Plain Node; the API layer calls it and forwards its events.
 */
import { randomUUID } from 'node:crypto';
import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { createLlmClient, type ResolvedProvider } from '../llm/client';
import { classifyLlmError, idleTimeoutError, LlmError, type LlmFailure } from '../llm/errors';
import { IdleWatchdog } from '../llm/idle-watchdog';
import type { Logger } from '../../src-shared/clock';
import { MemoryError } from '../memory/errors';
import { ChatError, chatNotFound as notFound } from './errors';
import type { ContextPack, SearchHit } from '../../src-shared/retrieval-types';
import { NODE_TYPES, type JsonObject } from '../../src-shared/memory-types';
import { ChatEvents } from './events';
import type { MemoryPort, MessagePatch } from './memory-port';
import { contextLengthOf, timeoutsOf } from '../llm/settings';
import { offlineAnswer, systemPrompt, withoutErasedQuotes } from './prompt';
import { usedNodeIds } from './usage';
import { isRecitalOf } from './recital';
import { RECITAL_ATTRIBUTE } from '../../src-shared/recitals';
import { fitToolResults, memoryBudget, planWindow } from './window';
import { executeTool, toolDefinitions } from './tools';
import type { ChatDeleteMode, ChatDeletePreview, ChatDeleteResult, ChatMessage, ChatSession, SessionCompletedReason, ToolCallRecord } from '../../src-shared/chat-types';
import { MAX_CONTENT_CHARS, parseInput, recordEpisodeSchema } from '../memory/schemas';

export const DEFAULT_CHAT_TITLE = 'New chat';
/** The longest reply kept; past it the stream is closed. Memory keeps it in episode-sized pieces. */
export const MAX_REPLY_CHARS = 400_000;
/** The person's latest messages in a chat that count as what they said, for the model's memory writes. */
const PERSON_MESSAGES_CONSIDERED = 200;

export interface ChatServiceOptions {
  memory: MemoryPort;
  /** Current provider and key; read at every reply so a settings change applies at once. */
  provider: () => ResolvedProvider;
  /** Inactivity after which a memory session is completed, in ms. */
  sessionTimeoutMs: () => number;
  logger: Logger;
  /** Rounds of tool calls before the model must answer in text. */
  maxToolRounds?: number;
  /** Earlier messages of the conversation considered for each request (sent whole or summarised to fit the window). */
  historyLimit?: number;
  /** Overrides the provider's request timeout for the SDK's wait for response headers (tests). */
  llmTimeoutMs?: number;
  /** Measured per reply: time spent building and storing the context pack before the model request. */
  onContextInjected?: (ms: number) => void;
}

/** What one streamed turn asks the model, and how long it may stay quiet. */
interface StreamTurnRequest {
  model: string;
  messages: ChatCompletionMessageParam[];
  offerTools: boolean;
  readOnlyTools: boolean;
  extraBody: { options?: { num_ctx: number } };
  idleMs: number;
  context: { baseURL: string; model: string };
}

interface Running {
  controller: AbortController;
  done: Promise<ChatMessage>;
}

export class ChatService {
  readonly events: ChatEvents;
  private readonly memory: MemoryPort;
  private readonly running = new Map<string, Running>();

  constructor(private readonly options: ChatServiceOptions) {
    this.memory = options.memory;
    this.events = new ChatEvents(options.logger);
    const stopped = this.chats.stopDanglingStreams(this.now());
    if (stopped > 0) options.logger.warn(`${stopped} reply(ies) were interrupted by the last shutdown and are marked stopped`);
  }

  private get chats() {
    return this.memory.chats;
  }

  private now(): number {
    return this.memory.clock.now();
  }

  // ---- conversations --------------------------------------------------------------------------

  list(includeArchived = false, page: { limit?: number; offset?: number } = {}): ChatSession[] {
    return this.chats.listChatSessions(includeArchived, page.limit, page.offset);
  }

  get(chatId: string): ChatSession {
    const chat = this.chats.getChatSession(chatId);
    if (!chat) throw notFound('Chat', chatId);
    return chat;
  }

  /** "New chat": the conversations in progress end their memory sessions (write path trigger). */
  create(): ChatSession {
    for (const chat of this.chats.openSegments()) this.completeSegment(chat, 'new_chat');
    const chat = this.chats.insertChatSession({ id: randomUUID(), title: DEFAULT_CHAT_TITLE, now: this.now() });
    this.events.emit('chat.sessions', { chatId: chat.id });
    return chat;
  }

  rename(chatId: string, title: string): ChatSession {
    this.get(chatId);
    this.chats.updateChatSession(chatId, { title }, this.now());
    this.events.emit('chat.sessions', { chatId });
    return this.get(chatId);
  }

  archive(chatId: string, archived: boolean): ChatSession {
    const chat = this.get(chatId);
    if (archived) this.completeSegment(chat, 'archived');
    this.chats.updateChatSession(chatId, { archived }, this.now());
    this.events.emit('chat.sessions', { chatId });
    return this.get(chatId);
  }

  /** The counts the delete dialog shows for each of its choices; nothing is changed. */
  async deletePreview(chatId: string): Promise<ChatDeletePreview> {
    this.get(chatId);
    await this.memory.flush();
    const sessions = this.chats.memorySessionsOf(chatId);
    const current = this.memory.learnedFromSessions(sessions);
    const all = this.memory.previewErase(sessions);
    return {
      messages: this.chats.countMessages(chatId),
      keep: { episodes: current.episodeIds.length, facts: current.factIds.length },
      forget: {
        episodes: current.episodeIds.length,
        facts: current.factIds.length,
        packs: this.chats.countPacksQuoting([...current.episodeIds, ...current.factIds]),
      },
      erase: {
        episodes: all.episodeIds.length,
        facts: all.factIds.length,
        factsLosingSupport: all.supportedElsewhereIds.length,
        factsCurrentAgain: all.versions.currentAgainIds.length,
        packs: this.chats.countPacksQuoting([...all.episodeIds, ...all.factIds]),
        answers: this.answersQuoting(chatId, all.contents).length,
      },
    };
  }

  /**
   * Deletes a chat: its messages and stored packs leave the chat tables. A reply being written is stopped first.
   * - `keep`: its memory session is completed and memory keeps what it taught (the episodes stay memories);
   * - `forget`: what memory learned only from it is forgotten (softly: the inspector's "forgotten" filter can
   *   restore it), and other chats' stored packs that quoted it are dropped;
   * - `erase`: its episodes and the facts learned only from it are deleted, facts also learned elsewhere lose
   *   this source, other chats' packs and memory-only answers lose what quoted them, and the text is not left in
   *   the file's free space or its WAL.
   */
  async delete(chatId: string, mode: ChatDeleteMode): Promise<ChatDeleteResult> {
    const chat = this.get(chatId);
    const runs = [...this.running.entries()].filter(([id]) => this.chats.getMessage(id)?.chatId === chatId).map(([, run]) => run);
    for (const run of runs) run.controller.abort();
    await Promise.allSettled(runs.map((r) => r.done));
    await this.memory.flush();
    const messages = this.chats.countMessages(chatId);
    const sessions = this.chats.memorySessionsOf(chatId);
    const segmentOpen = chat.memorySessionOpen && chat.memorySessionId ? chat.memorySessionId : null;
    if (segmentOpen) this.chats.closeMemorySegment(chat.id);
    let result: ChatDeleteResult;
    if (mode === 'erase') {
      result = this.erase(chatId, sessions, messages);
    } else {
      if (mode === 'keep' && segmentOpen) this.completeSegment(chat, 'archived');
      const forgotten = mode === 'forget' ? this.memory.forgetLearnedFromSessions(sessions) : { episodeIds: [], factIds: [] };
      // Completed only after its episodes were forgotten: consolidation then finds nothing left to learn.
      if (mode === 'forget' && segmentOpen) this.memory.markSessionCompleted(segmentOpen);
      const packs = await this.memory.writeWhenFree(() => {
        this.chats.deleteChat(chatId);
        return this.chats.dropPacksQuoting([...forgotten.episodeIds, ...forgotten.factIds]);
      });
      const counts = { episodes: forgotten.episodeIds.length, facts: forgotten.factIds.length, factsLosingSupport: 0, factsCurrentAgain: 0, packs, answers: 0 };
      result = { deleted: true, mode, messages, ...counts, walCleared: null };
    }
    this.events.emit('chat.sessions', { chatId });
    return result;
  }

  private erase(chatId: string, sessions: string[], messages: number): ChatDeleteResult {
    const { erased, result, walCleared } = this.memory.eraseLearnedFromSessions(sessions, (found) => {
      const answers = this.answersQuoting(chatId, found.contents);
      for (const a of answers) this.chats.updateMessage(a.id, { content: a.content }, this.now());
      this.chats.deleteChat(chatId);
      return { packs: this.chats.dropPacksQuoting([...found.episodeIds, ...found.factIds]), answers: answers.length };
    });
    if (!walCleared) this.options.logger.warn('erase: another program was reading the memory, so its WAL could not be truncated yet');
    return {
      deleted: true,
      mode: 'erase',
      messages,
      episodes: erased.episodeIds.length,
      facts: erased.factIds.length,
      factsLosingSupport: erased.supportedElsewhereIds.length,
      factsCurrentAgain: erased.versions.currentAgainIds.length,
      ...result,
      walCleared,
    };
  }

  /** Memory-only answers of other chats that quote one of these texts, with the quotes replaced. */
  private answersQuoting(chatId: string, texts: readonly string[]): { id: string; content: string }[] {
    if (texts.length === 0) return [];
    return this.chats.offlineAnswers(chatId).flatMap((a) => {
      const content = withoutErasedQuotes(a.content, texts);
      return content === null ? [] : [{ id: a.id, content }];
    });
  }

  setSwitches(chatId: string, switches: { noRemember?: boolean; noMemory?: boolean }): ChatSession {
    const chat = this.get(chatId);
    // Not remembering from now on: what was recorded so far is a finished session.
    if (switches.noRemember === true && !chat.noRemember) this.completeSegment(chat, 'remember_off');
    this.chats.updateChatSession(chatId, switches, this.now());
    this.events.emit('chat.sessions', { chatId });
    return this.get(chatId);
  }

  /** The latest `limit` messages (all when omitted), oldest first. */
  messages(chatId: string, limit?: number): ChatMessage[] {
    this.get(chatId);
    return this.chats.listMessages(chatId, limit);
  }

  contextPack(messageId: string): ContextPack | null {
    const message = this.chats.getMessage(messageId);
    if (!message) throw notFound('Message', messageId);
    return message.contextPackId ? (this.chats.getContextPack(message.contextPackId) ?? null) : null;
  }

  // ---- memory sessions (ADR 008 §15) ----------------------------------------------------------

  /** Completes memory sessions idle for longer than the timeout. Called on a timer and before each message. */
  sweepIdleSessions(): number {
    const now = this.now();
    let completed = 0;
    for (const chat of this.chats.openSegments()) {
      if (now - chat.lastActivityAt > this.options.sessionTimeoutMs()) {
        this.completeSegment(chat, 'inactivity');
        completed++;
      }
    }
    return completed;
  }

  private completeSegment(chat: ChatSession, reason: SessionCompletedReason): void {
    if (!chat.memorySessionOpen || !chat.memorySessionId) return;
    this.chats.closeMemorySegment(chat.id);
    this.memory.markSessionCompleted(chat.memorySessionId);
    this.events.emit('session.completed', { chatId: chat.id, memorySessionId: chat.memorySessionId, reason, at: this.now() });
  }

  /** The memory session a new message goes to (after the sweep rotated idle ones); none when the chat is not remembered. */
  private memorySessionFor(chatId: string): string | null {
    const chat = this.get(chatId);
    if (chat.noRemember) return null;
    return chat.memorySessionOpen && chat.memorySessionId ? chat.memorySessionId : this.chats.openMemorySegment(chatId);
  }

  // ---- messages -------------------------------------------------------------------------------

  /**
   * Stores the user's message with its episode, and starts the reply; resolves with both once they are
   * committed (the reply streams). The message, its episode and the reply's row are one transaction: after a
   * crash they are all there or none is. When another program holds the database's write lock, the send
   * waits for it (without blocking other work) rather than failing.
   */
  async send(chatId: string, text: string): Promise<{ userMessage: ChatMessage; assistantMessage: ChatMessage }> {
    this.get(chatId);
    const busy = this.sending.has(chatId) || [...this.running.keys()].some((id) => this.chats.getMessage(id)?.chatId === chatId);
    if (busy) throw new ChatError('conflict', 'A reply is still being written in this chat; stop it first.');
    this.sending.add(chatId);
    try {
      // Validated before anything is written, so a refused text leaves no half turn behind.
      parseInput(recordEpisodeSchema, { content: text, sessionId: 'check', role: 'user' });
      await this.memory.flush();
      const { storedUser, assistantMessage } = await this.memory.writeWhenFree(() => {
        this.sweepIdleSessions();
        return this.insertTurn(this.get(chatId), text);
      });
      this.events.emit('chat.sessions', { chatId });
      this.start(assistantMessage, storedUser);
      return { userMessage: storedUser, assistantMessage };
    } finally {
      this.sending.delete(chatId);
    }
  }

  private readonly sending = new Set<string>();

  private insertTurn(chat: ChatSession, text: string): { storedUser: ChatMessage; assistantMessage: ChatMessage } {
    const chatId = chat.id;
    const memorySessionId = this.memorySessionFor(chatId);
    const now = this.now();
    const episodeId = memorySessionId
      ? this.memory.recordEpisodeNow({ content: text, sessionId: memorySessionId, role: 'user', eventTime: now })
      : null;
    const storedUser = this.chats.insertMessage({
      id: randomUUID(),
      chatId,
      role: 'user',
      content: text,
      status: 'complete',
      memorySessionId,
      replyTo: null,
      model: null,
      now,
    });
    if (episodeId) this.chats.updateMessage(storedUser.id, { episodeId }, now);
    const title = chat.title === DEFAULT_CHAT_TITLE ? titleFrom(text) : chat.title;
    this.chats.updateChatSession(chatId, { lastActivityAt: now, title, archived: false }, now);
    const assistantMessage = this.chats.insertMessage({
      id: randomUUID(),
      chatId,
      role: 'assistant',
      content: '',
      status: 'streaming',
      memorySessionId,
      replyTo: storedUser.id,
      model: null,
      now,
    });
    return { storedUser: { ...storedUser, episodeId }, assistantMessage };
  }

  /** Writes the reply to a user message again (after an error, a stop, or just to get another answer). */
  retry(messageId: string): ChatMessage {
    const message = this.chats.getMessage(messageId);
    if (!message || message.role !== 'assistant' || !message.replyTo) throw notFound('Reply', messageId);
    if (this.running.has(messageId)) throw new ChatError('conflict', 'This reply is still being written.');
    const user = this.chats.getMessage(message.replyTo);
    if (!user) throw notFound('Message', message.replyTo);
    // The reply being replaced leaves memory with it (forgotten, so the inspector can still restore it):
    // otherwise both answers would stay recorded as what the assistant said.
    if (message.episodeId) this.forgetReplacedEpisode(message.episodeId);
    const reset = this.chats.updateMessage(messageId,
      { content: '', status: 'streaming', error: null, toolCalls: [], contextPackId: null, episodeId: null },
      this.now(),
    );
    this.events.emit('chat.message', reset);
    this.start(reset, user);
    return reset;
  }

  private forgetReplacedEpisode(episodeId: string): void {
    try {
      if (this.memory.getNode(episodeId).node.validUntil === null) this.memory.forget(episodeId);
    } catch (err) {
      // Already gone (pruned, or removed by hand in the inspector): nothing left to forget.
      if (!(err instanceof MemoryError && err.code === 'not_found')) throw err;
    }
  }

  /**
   * The person's answer to a memory write the model proposed (a `pending` tool call): Confirm writes it, tagged
   * as the model's and confirmed by the person; Dismiss writes nothing. Either is final.
   */
  async resolveToolCall(messageId: string, toolCallId: string, decision: 'confirm' | 'dismiss'): Promise<ChatMessage> {
    const message = this.chats.getMessage(messageId);
    if (!message || message.role !== 'assistant') throw notFound('Reply', messageId);
    const index = message.toolCalls.findIndex((c) => c.id === toolCallId);
    const call = message.toolCalls[index];
    if (!call) throw notFound('Tool call', toolCallId);
    if (call.status !== 'pending') throw new ChatError('conflict', `This proposal was already ${call.status === 'dismissed' ? 'dismissed' : 'answered'}.`);
    // The reply's own loop rewrites its tool calls until it ends.
    if (this.running.has(messageId)) throw new ChatError('conflict', 'The reply is still being written; confirm once it has finished.');
    let resolved: ToolCallRecord;
    if (decision === 'dismiss') {
      resolved = { ...call, status: 'dismissed', result: { saved: false, dismissed: true } };
    } else {
      const chat = this.get(message.chatId);
      const outcome = await executeTool(call.name, JSON.stringify(call.arguments), {
        memory: this.memory,
        memorySessionId: chat.noRemember ? null : message.memorySessionId,
        readOnly: chat.noRemember,
        modelWrite: { model: message.model, chat_id: chat.id, approved: 'confirmed_by_person' },
      });
      resolved = outcome.ok ? { ...call, status: 'done', result: outcome.result, error: null } : { ...call, status: 'error', error: outcome.error };
    }
    const toolCalls = message.toolCalls.map((c, i) => (i === index ? resolved : c));
    return this.update(messageId, { toolCalls });
  }

  /** Stops a streaming reply; what was written so far is kept. */
  stop(messageId: string): boolean {
    const run = this.running.get(messageId);
    if (!run) return false;
    run.controller.abort();
    return true;
  }

  /** Resolves with the reply once it is complete, stopped, failed or answered from memory. */
  async waitForReply(messageId: string): Promise<ChatMessage> {
    const run = this.running.get(messageId);
    if (run) return run.done;
    const message = this.chats.getMessage(messageId);
    if (!message) throw notFound('Message', messageId);
    return message;
  }

  /** Stops every reply in flight and waits for them to settle (shutdown). */
  async stopAll(): Promise<void> {
    const runs = [...this.running.values()];
    for (const run of runs) run.controller.abort();
    await Promise.allSettled(runs.map((r) => r.done));
  }

  private start(reply: ChatMessage, user: ChatMessage): void {
    const controller = new AbortController();
    const done = this.generate(reply, user, controller.signal)
      .catch((err: unknown) => {
        this.options.logger.error('reply failed', err);
        const failure = classifyLlmError(err, { baseURL: '' });
        return this.finish(reply.id, { status: 'error', error: failure });
      })
      .finally(() => this.running.delete(reply.id));
    this.running.set(reply.id, { controller, done });
  }

  private async generate(reply: ChatMessage, user: ChatMessage, signal: AbortSignal): Promise<ChatMessage> {
    const chat = this.get(reply.chatId);
    // Checked again here: "don't remember" may have been switched on since the question (a retry).
    const memorySessionId = chat.noRemember ? null : reply.memorySessionId;
    const useMemory = !chat.noMemory;

    // Context injection (§14): the pack is stored with the reply so the inspector can show why it answered so.
    const t0 = performance.now();
    const provider = this.options.provider();
    const contextLength = contextLengthOf(provider.settings);
    let pack: ContextPack | null = null;
    if (useMemory) {
      pack = await this.memory.buildContextPack(user.content, {
        ...(chat.memorySessionId ? { excludeSessionIds: [chat.memorySessionId] } : {}),
        maxTokenBudget: memoryBudget(contextLength),
      });
      const packId = randomUUID();
      this.chats.insertContextPack({ id: packId, chatId: chat.id, pack, now: this.now() });
      this.update(reply.id, { contextPackId: packId });
    }

    const client = this.client(provider);
    this.options.onContextInjected?.(performance.now() - t0);
    if (!client) {
      return this.answerFromMemory(reply, user, chat.noMemory, 'no language model is connected. Connect one in Settings for full answers.');
    }

    const model = provider.settings.chatModel;
    this.update(reply.id, { model });
    // What the model is shown this turn; its write tools may touch only these (tools.ts, assertShown).
    const shownIds = new Set<string>(pack?.nodeIds ?? []);
    // The whole request is planned against the model's window: older turns fold into a summary.
    const history = this.chats.historyBefore(chat.id, user.seq, this.options.historyLimit ?? 1000);
    const now = this.now();
    const toolsJson = useMemory ? JSON.stringify(toolDefinitions({ readOnly: chat.noRemember })) : '';
    const plan = planWindow({
      contextLength,
      system: (summary) => systemPrompt({ pack, memoryEnabled: useMemory, now, summary }),
      history: history.map((m) => ({ role: m.role, content: m.content })),
      user: user.content,
      toolsJson,
    });
    const messages: ChatCompletionMessageParam[] = plan.messages;
    // What the person wrote in this chat: the model's memory writes act at once only on that (tools.ts).
    const personSaid = this.chats.listMessages(chat.id, PERSON_MESSAGES_CONSIDERED).filter((m) => m.role === 'user').map((m) => m.content);
    const modelWrite: JsonObject = { model, chat_id: chat.id, approved: 'stated_in_chat' };
    const extraBody = provider.settings.kind === 'ollama' ? { options: { num_ctx: contextLength } } : {};
    const context = { baseURL: provider.settings.baseURL, model };
    const { idleMs } = timeoutsOf(provider.settings);

    let text = '';
    const toolCalls: ToolCallRecord[] = [];
    try {
      const maxRounds = this.options.maxToolRounds ?? 4;
      for (let round = 0; ; round++) {
        const offerTools = useMemory && round < maxRounds;
        fitToolResults(messages, contextLength, offerTools ? toolsJson : '');
        const turn = await this.streamTurn(client, { model, messages, offerTools, readOnlyTools: chat.noRemember, extraBody, idleMs, context }, signal, (delta) => {
          text += delta;
          this.events.emit('chat.delta', { chatId: chat.id, messageId: reply.id, delta });
        });
        if (turn.cut) {
          text += `\n\n[Engram stopped this reply at ${MAX_REPLY_CHARS.toLocaleString('en')} characters.]`;
          break;
        }
        if (turn.toolCalls.length === 0 || !offerTools) break;
        messages.push({
          role: 'assistant',
          content: turn.content || null,
          tool_calls: turn.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
        });
        for (const call of turn.toolCalls) {
          const record: ToolCallRecord = { id: call.id, name: call.name, arguments: call.arguments, status: 'running', result: null, error: null };
          toolCalls.push(record);
          this.update(reply.id, { toolCalls, content: text });
          const outcome = await executeTool(call.name, call.arguments, {
            memory: this.memory,
            memorySessionId,
            readOnly: chat.noRemember,
            shownIds,
            turnEpisodeId: user.episodeId,
            personSaid,
            modelWrite,
          });
          record.arguments = outcome.arguments;
          if (outcome.ok) {
            record.status = outcome.pending ? 'pending' : 'done';
            record.result = outcome.result;
          } else {
            record.status = 'error';
            record.error = outcome.error;
          }
          this.update(reply.id, { toolCalls });
          messages.push({
            role: 'tool',
            tool_call_id: call.id,
            content: JSON.stringify(outcome.ok ? outcome.result : { error: outcome.error }),
          });
        }
        if (text !== '' && !text.endsWith('\n')) text += '\n\n';
      }
    } catch (err) {
      const failure = classifyLlmError(err, context);
      if (failure.reason === 'cancelled' || signal.aborted) {
        return this.finish(reply.id, { status: 'stopped', content: text, toolCalls }, memorySessionId);
      }
      if ((failure.reason === 'unreachable' || failure.reason === 'timeout') && text === '' && toolCalls.length === 0) {
        // Slow is not unreachable: a server that took the request is there, and waiting or retrying may help.
        const why =
          failure.reason === 'timeout'
            ? `the model at ${provider.settings.baseURL} is reachable but did not answer in time (it may be busy or still loading the model). Retry in a moment, or raise the reply timeout in Settings.`
            : provider.settings.kind === 'builtin'
              ? `the built-in model could not run. ${failure.message}`
              : `the model at ${provider.settings.baseURL} could not be reached.`;
        return this.answerFromMemory(reply, user, chat.noMemory, why, failure);
      }
      return this.finish(reply.id, { status: 'error', content: text, toolCalls, error: failure }, memorySessionId);
    }
    this.reinforceUsed(text, shownIds);
    return this.finish(reply.id, { status: 'complete', content: text.trimEnd(), toolCalls }, memorySessionId, this.shownMemories(shownIds));
  }

  /** What the reply was shown from memory (the first 100), to tell a recital of it from something new. */
  private shownMemories(shownIds: ReadonlySet<string>): { id: string; content: string }[] {
    try {
      return [...shownIds].slice(0, 100).map((id) => {
        const node = this.memory.getNode(id).node;
        return { id: node.id, content: node.content };
      });
    } catch (err) {
      this.options.logger.warn(`recital check skipped: ${String(err)}`);
      return [];
    }
  }

  /** Access reinforcement for what the finished reply used (§12.1), not for everything it was shown. */
  private reinforceUsed(reply: string, shownIds: ReadonlySet<string>): void {
    try {
      const shown = [...shownIds].slice(0, 100).flatMap((id) => {
        const node = this.memory.getNode(id).node;
        return node.type === 'episodic' ? [] : [{ id: node.id, content: node.content }];
      });
      const used = usedNodeIds(reply, shown);
      if (used.length > 0) this.memory.recordAccess(used);
    } catch (err) {
      this.options.logger.warn(`access reinforcement skipped: ${String(err)}`);
    }
  }

  /**
   * One streamed model turn; text deltas go to onDelta, tool calls are assembled from their fragments. A turn
   * that sends nothing for `idleMs` (before its first data or between two) ends as a `timeout`.
   */
  private async streamTurn(
    client: OpenAI,
    turn: StreamTurnRequest,
    signal: AbortSignal,
    onDelta: (delta: string) => void,
  ): Promise<{ content: string; toolCalls: { id: string; name: string; arguments: string }[]; cut: boolean }> {
    // Ollama reads its window size from `options.num_ctx` (the OpenAI API has no such field).
    const params: ChatCompletionCreateParamsStreaming & { options?: { num_ctx: number } } = {
      model: turn.model,
      messages: turn.messages,
      stream: true,
      ...(turn.offerTools ? { tools: toolDefinitions({ readOnly: turn.readOnlyTools }) } : {}),
      ...turn.extraBody,
    };
    const watchdog = new IdleWatchdog(turn.idleMs, signal);
    let content = '';
    const calls: { id: string; name: string; arguments: string }[] = [];
    const quiet = (): LlmError => idleTimeoutError(turn.context, turn.idleMs, content !== '' || calls.length > 0);
    try {
      const stream = await client.chat.completions.create(params, { signal: watchdog.signal });
      for await (const chunk of stream) {
        watchdog.touch();
        const choice = chunk.choices[0];
        if (!choice) continue;
        const delta = choice.delta;
        if (delta.content) {
          content += delta.content;
          onDelta(delta.content);
          // A runaway model (or a hostile server) cannot fill the disk or the window: the reply stops here.
          if (content.length > MAX_REPLY_CHARS) return { content, toolCalls: [], cut: true };
        }
        for (const tc of delta.tool_calls ?? []) {
          const slot = (calls[tc.index] ??= { id: '', name: '', arguments: '' });
          if (tc.id) slot.id = tc.id;
          if (tc.function?.name) slot.name += tc.function.name;
          if (tc.function?.arguments) slot.arguments += tc.function.arguments;
        }
      }
    } catch (err) {
      if (watchdog.timedOut && !signal.aborted) throw quiet();
      throw err;
    } finally {
      watchdog.dispose();
    }
    if (signal.aborted) throw new LlmError('cancelled', 'Stopped.');
    // The SDK ends an aborted stream quietly, so the watchdog's abort shows up here rather than as an error.
    if (watchdog.timedOut) throw quiet();
    return { content, toolCalls: calls.filter(Boolean).map((c, i) => ({ ...c, id: c.id || `call_${i}` })), cut: false };
  }

  /** Degradation (§17): search memory and answer with what is remembered, clearly labelled. */
  private async answerFromMemory(
    reply: ChatMessage,
    user: ChatMessage,
    memoryOff: boolean,
    why: string,
    failure?: LlmFailure,
  ): Promise<ChatMessage> {
    let hits: SearchHit[] | null = null;
    if (!memoryOff) {
      // With no model reading the chat, earlier messages of this chat are memories like any other: search
      // them too, leaving out the question itself (and the same question asked before, elsewhere): what was
      // asked is not something remembered.
      const result = await this.memory.search({ query: user.content, types: [...NODE_TYPES], limit: 12 });
      const asked = sameWords(user.content);
      // Being listed here is retrieval, not use: nothing is reinforced.
      hits = result.hits.filter((h) => h.node.id !== user.episodeId && sameWords(h.node.content) !== asked).slice(0, 8);
    }
    const firstInChat = !this.chats.hasOfflineReply(reply.chatId, reply.id);
    return this.finish(
      reply.id,
      { status: 'offline', content: offlineAnswer({ why, hits, firstInChat }), model: null, error: failure ?? null },
      // A memory-only answer repeats what is stored; recording it again would only duplicate memories.
      null,
    );
  }

  private cachedClient: { key: string; client: OpenAI | null } | null = null;

  /** One client per provider configuration, so requests reuse its keep-alive connections. */
  private client(provider: ResolvedProvider): OpenAI | null {
    const key = JSON.stringify([provider.settings, provider.apiKey ?? null]);
    if (this.cachedClient?.key !== key) {
      // The SDK's own timeout (until response headers) is only a backstop: set past the idle watchdog, whose
      // "slow" message then wins, and whose abort the SDK does not retry (a timeout it would, doubling the wait).
      const timeoutMs = this.options.llmTimeoutMs ?? timeoutsOf(provider.settings).idleMs + 10_000;
      this.cachedClient = { key, client: createLlmClient(provider, { timeoutMs }) };
    }
    return this.cachedClient.client;
  }

  private update(messageId: string, patch: MessagePatch): ChatMessage {
    const message = this.chats.updateMessage(messageId, patch, this.now());
    this.events.emit('chat.message', message);
    return message;
  }

  /**
   * Final state of a reply. The text is saved first, whatever it holds; then a complete reply is recorded as
   * an episode when the chat is remembered — stopped, failed and partial replies are not what the assistant
   * said, so memory does not keep them. A recording failure is logged and leaves the reply saved.
   */
  private async finish(
    messageId: string,
    patch: MessagePatch,
    memorySessionId: string | null = null,
    shown: readonly { id: string; content: string }[] = [],
  ): Promise<ChatMessage> {
    const saved = this.update(messageId, { ...patch, episodeId: null });
    const content = patch.content ?? '';
    if (!memorySessionId || patch.status !== 'complete' || content.trim() === '' || !this.memory.isOpen) return saved;
    try {
      const episodeId = await this.memory.writeWhenFree(() => {
        const now = this.now();
        // A piece that only restates what memory showed is kept but marked, so it never comes back as evidence.
        const ids = episodeChunks(content).map((part) =>
          this.memory.recordEpisodeNow({
            content: part,
            sessionId: memorySessionId,
            role: 'assistant',
            eventTime: now,
            ...(isRecitalOf(part, shown) ? { attributes: { [RECITAL_ATTRIBUTE]: true } } : {}),
          }),
        );
        const id = ids[0];
        if (id === undefined) return null;
        this.chats.updateMessage(messageId, { episodeId: id }, now);
        this.chats.updateChatSession(saved.chatId, { lastActivityAt: now }, now);
        return id;
      });
      return episodeId ? this.update(messageId, { episodeId }) : saved;
    } catch (err) {
      this.options.logger.error('the reply was saved but could not be recorded in memory', err);
      return saved;
    }
  }
}

/**
 * A reply as memory can keep it: NULs dropped, lone surrogates replaced, and split at paragraph or line
 * breaks into pieces that fit an episode (a model can write more than one message may hold).
 */
export function episodeChunks(text: string, limit = MAX_CONTENT_CHARS): string[] {
  const clean = text.replaceAll('\0', '').toWellFormed();
  const chunks: string[] = [];
  let rest = clean;
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const cut = Math.max(window.lastIndexOf('\n\n'), window.lastIndexOf('\n'), window.lastIndexOf(' '));
    const at = cut > limit / 2 ? cut : limit;
    chunks.push(rest.slice(0, at));
    rest = rest.slice(at).replace(/^\s+/, '');
  }
  chunks.push(rest);
  return chunks.filter((c) => c.trim() !== '');
}

/** A text compared by its words only (case, spacing and punctuation aside). */
function sameWords(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line || DEFAULT_CHAT_TITLE;
}
