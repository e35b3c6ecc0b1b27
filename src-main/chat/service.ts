/**
 * The chat service: conversations and their memory sessions, and the replies being written. The jobs live in
 * their own modules — a turn (turn.ts), a reply (reply.ts, stream.ts, tool-round.ts), a proposal's answer
 * (tool-decisions.ts), memory segments (segments.ts), deletion (deletion.ts); this class keeps the state they
 * share: which replies are running. Plain Node; the API layer calls it and forwards its events.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../src-shared/clock';
import { classifyLlmError } from '../llm/errors';
import type { ResolvedProvider } from '../llm/client';
import { MemoryError } from '../memory';
import type { ContextPack } from '../../src-shared/retrieval-types';
import type { PackReplay } from '../../src-shared/replay-types';
import type { ChatDeleteMode, ChatDeletePreview, ChatDeleteResult, ChatMessage, ChatSearchHit, ChatSession, ChatTitle } from '../../src-shared/chat-types';
import { nowOf, updateMessage, type ChatDeps } from './deps';
import { deleteChat, previewDelete } from './deletion';
import { ChatError, chatNotFound as notFound } from './errors';
import { ChatEvents } from './events';
import type { ChatMemory } from './memory-port';
import { ReplyWriter } from './reply';
import { MemorySegments } from './segments';
import { decideToolCall } from './tool-decisions';
import { assertSendable, DEFAULT_CHAT_TITLE, insertTurn } from './turn';

export { DEFAULT_CHAT_TITLE } from './turn';
export { MAX_REPLY_CHARS } from './stream';
export { episodeChunks } from './episode-chunks';

export interface ChatServiceOptions {
  memory: ChatMemory;
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

interface Running {
  chatId: string;
  controller: AbortController;
  done: Promise<ChatMessage>;
}

export class ChatService {
  readonly events: ChatEvents;
  private readonly deps: ChatDeps;
  private readonly segments: MemorySegments;
  private readonly replies: ReplyWriter;
  private readonly running = new Map<string, Running>();
  /** Chats whose send is between its checks and its commit. */
  private readonly sending = new Set<string>();

  constructor(options: ChatServiceOptions) {
    this.events = new ChatEvents(options.logger);
    this.deps = { memory: options.memory, events: this.events, logger: options.logger };
    this.segments = new MemorySegments(this.deps, options.sessionTimeoutMs);
    this.replies = new ReplyWriter(this.deps, options);
    const stopped = this.chats.stopDanglingStreams(this.now());
    if (stopped > 0) options.logger.warn(`${stopped} reply(ies) were interrupted by the last shutdown and are marked stopped`);
  }

  private get chats() {
    return this.deps.memory.chats;
  }

  private now(): number {
    return nowOf(this.deps);
  }

  // ---- conversations --------------------------------------------------------------------------

  list(includeArchived = false, page: { limit?: number; offset?: number } = {}): ChatSession[] {
    return this.chats.listChatSessions(includeArchived, page.limit, page.offset);
  }

  /** Titles for chat ids, without reading whole chats (the inspector titles its timeline lanes with them). */
  titles(chatIds: readonly string[]): ChatTitle[] {
    return this.chats.chatTitles(chatIds);
  }

  /** Find across chats: titles and message text (a bounded literal match; storage/chat-search.ts). */
  search(query: string, limit: number): ChatSearchHit[] {
    return this.chats.searchChats(query, limit);
  }

  get(chatId: string): ChatSession {
    const chat = this.chats.getChatSession(chatId);
    if (!chat) throw notFound('Chat', chatId);
    return chat;
  }

  /** "New chat": the conversations in progress end their memory sessions (write path trigger). */
  create(spaceId?: string): ChatSession {
    for (const chat of this.chats.openSegments()) this.segments.complete(chat, 'new_chat');
    const chat = this.chats.insertChatSession({ id: randomUUID(), title: DEFAULT_CHAT_TITLE, now: this.now(), ...(spaceId !== undefined ? { spaceId } : {}) });
    this.events.emit('chat.sessions', { chatId: chat.id });
    return chat;
  }

  /** Moves the chat to another space, with what it said and taught; new messages go there. */
  setSpace(chatId: string, spaceId: string): ChatSession {
    this.get(chatId);
    this.deps.memory.setChatSpace({ chatId, spaceId });
    this.events.emit('chat.sessions', { chatId });
    return this.get(chatId);
  }

  rename(chatId: string, title: string): ChatSession {
    this.get(chatId);
    this.chats.updateChatSession(chatId, { title }, this.now());
    this.events.emit('chat.sessions', { chatId });
    return this.get(chatId);
  }

  archive(chatId: string, archived: boolean): ChatSession {
    const chat = this.get(chatId);
    if (archived) this.segments.complete(chat, 'archived');
    this.chats.updateChatSession(chatId, { archived }, this.now());
    this.events.emit('chat.sessions', { chatId });
    return this.get(chatId);
  }

  /** The counts the delete dialog shows for each of its choices; nothing is changed. */
  async deletePreview(chatId: string): Promise<ChatDeletePreview> {
    this.get(chatId);
    return previewDelete(this.deps, chatId);
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
    const runs = [...this.running.values()].filter((run) => run.chatId === chatId);
    for (const run of runs) run.controller.abort();
    await Promise.allSettled(runs.map((r) => r.done));
    const result = await deleteChat(this.deps, this.segments, chat, mode);
    this.events.emit('chat.sessions', { chatId });
    return result;
  }

  setSwitches(chatId: string, switches: { noRemember?: boolean; noMemory?: boolean }): ChatSession {
    const chat = this.get(chatId);
    // Not remembering from now on: what was recorded so far is a finished session.
    if (switches.noRemember === true && !chat.noRemember) this.segments.complete(chat, 'remember_off');
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

  /**
   * "Replay on today's memory": the pack this reply's prompt gets now (same budget) against the pack it was
   * given. Null when the reply was given none (memory off). Its chat's own session is not left out as it was
   * then: what that chat taught since (a correction said in it) is exactly what a replay is asked to show.
   */
  async replayPack(messageId: string): Promise<PackReplay | null> {
    const then = this.contextPack(messageId);
    return then ? this.deps.memory.replayPack(then) : null;
  }

  /** Completes memory sessions idle for longer than the timeout. Called on a timer and before each message. */
  sweepIdleSessions(): number {
    return this.segments.sweepIdle();
  }

  // ---- messages -------------------------------------------------------------------------------

  /**
   * Stores the user's message with its episode, and starts the reply; resolves with both once they are
   * committed (the reply streams). The message, its episode and the reply's row are one transaction: after a
   * crash they are all there or none is. When another program holds the database's write lock, the send
   * waits for it (without blocking other work) rather than failing. The chat's row is read once, in that
   * transaction, after the idle sweep.
   */
  async send(chatId: string, text: string): Promise<{ userMessage: ChatMessage; assistantMessage: ChatMessage }> {
    const busy = this.sending.has(chatId) || [...this.running.values()].some((run) => run.chatId === chatId);
    if (busy) throw new ChatError('conflict', 'A reply is still being written in this chat; stop it first.');
    this.sending.add(chatId);
    try {
      // Checked before anything is written, so a refused text leaves no half turn behind.
      assertSendable(text);
      await this.deps.memory.flush();
      const turn = await this.deps.memory.writeWhenFree(() => {
        this.segments.sweepIdle();
        return insertTurn(this.deps, this.segments, this.get(chatId), text);
      });
      this.events.emit('chat.sessions', { chatId });
      this.start(turn.assistantMessage, turn.storedUser, turn.chat);
      return { userMessage: turn.storedUser, assistantMessage: turn.assistantMessage };
    } finally {
      this.sending.delete(chatId);
    }
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
    const reset = updateMessage(this.deps, messageId, { content: '', status: 'streaming', error: null, toolCalls: [], contextPackId: null, episodeId: null });
    this.start(reset, user, this.get(reset.chatId));
    return reset;
  }

  private forgetReplacedEpisode(episodeId: string): void {
    try {
      this.deps.memory.forget(episodeId);
    } catch (err) {
      // Already gone (pruned, or removed by hand in the inspector) or already forgotten: nothing left to forget.
      if (!(err instanceof MemoryError && (err.code === 'not_found' || err.code === 'conflict'))) throw err;
    }
  }

  /**
   * The person's answer to a memory write the model proposed (a `pending` tool call): Confirm writes it, tagged
   * as the model's and confirmed by the person; Dismiss writes nothing. Either is final.
   */
  async resolveToolCall(messageId: string, toolCallId: string, decision: 'confirm' | 'dismiss'): Promise<ChatMessage> {
    const message = this.chats.getMessage(messageId);
    if (!message || message.role !== 'assistant') throw notFound('Reply', messageId);
    const toolCalls = await decideToolCall(this.deps, message, this.running.has(messageId), () => this.get(message.chatId), toolCallId, decision);
    return updateMessage(this.deps, messageId, { toolCalls });
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

  private start(reply: ChatMessage, user: ChatMessage, chat: ChatSession): void {
    const controller = new AbortController();
    const done = this.replies
      .generate(reply, user, chat, controller.signal)
      .catch((err: unknown) => {
        this.deps.logger.error('reply failed', err);
        const failure = classifyLlmError(err, { baseURL: '' });
        return this.replies.finish(reply.id, { status: 'error', error: failure });
      })
      .finally(() => this.running.delete(reply.id));
    this.running.set(reply.id, { chatId: reply.chatId, controller, done });
  }
}
