/**
 * Writing one reply: context injection, the streamed model turns with a bounded memory-tool loop, the
 * memory-only answer when no model can answer, and the reply's final state (recorded in memory when complete).
 */
import { randomUUID } from 'node:crypto';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ResolvedProvider } from '../llm/client';
import { classifyLlmError, type LlmFailure } from '../llm/errors';
import { contextLengthOf, timeoutsOf } from '../llm/settings';
import type { ContextPack, SearchHit } from '../../src-shared/retrieval-types';
import { NODE_TYPES, type JsonObject } from '../../src-shared/memory-types';
import { RECITAL_ATTRIBUTE } from '../../src-shared/recitals';
import type { ChatMessage, ChatSession, ToolCallRecord } from '../../src-shared/chat-types';
import { nowOf, updateMessage, type ChatDeps } from './deps';
import { episodeChunks } from './episode-chunks';
import type { MessagePatch } from './memory-port';
import { offlineAnswer, systemPrompt } from './prompt';
import { isRecitalOf } from './recital';
import { LlmClientCache, MAX_REPLY_CHARS, streamTurn } from './stream';
import { runToolRound } from './tool-round';
import { toolDefinitions } from './tools';
import { fitToolResults, memoryBudget, planWindow } from './window';

/** The person's latest messages in a chat that count as what they said, for the model's memory writes. */
const PERSON_MESSAGES_CONSIDERED = 200;

type ShownMemories = readonly { id: string; content: string }[];

export interface ReplyOptions {
  /** Current provider and key; read at every reply so a settings change applies at once. */
  provider: () => ResolvedProvider;
  /** Rounds of tool calls before the model must answer in text. */
  maxToolRounds?: number;
  /** Earlier messages of the conversation considered for each request (sent whole or summarised to fit the window). */
  historyLimit?: number;
  /** Overrides the provider's request timeout for the SDK's wait for response headers (tests). */
  llmTimeoutMs?: number;
  /** Measured per reply: time spent building and storing the context pack before the model request. */
  onContextInjected?: (ms: number) => void;
}

export class ReplyWriter {
  private readonly clients: LlmClientCache;

  constructor(
    private readonly deps: ChatDeps,
    private readonly options: ReplyOptions,
  ) {
    this.clients = new LlmClientCache(options.llmTimeoutMs);
  }

  /** Writes `reply` to `user` in `chat` (the row as the caller last read it). */
  async generate(reply: ChatMessage, user: ChatMessage, chat: ChatSession, signal: AbortSignal): Promise<ChatMessage> {
    const { memory } = this.deps;
    // Checked again here: "don't remember" may have been switched on since the question (a retry).
    const memorySessionId = chat.noRemember ? null : reply.memorySessionId;
    const useMemory = !chat.noMemory;

    // Context injection (§14): the pack is stored with the reply so the inspector can show why it answered so.
    const t0 = performance.now();
    const provider = this.options.provider();
    const contextLength = contextLengthOf(provider.settings);
    let pack: ContextPack | null = null;
    if (useMemory) {
      pack = await memory.buildContextPack(user.content, {
        ...(chat.memorySessionId ? { excludeSessionIds: [chat.memorySessionId] } : {}),
        spaceId: chat.spaceId,
        maxTokenBudget: memoryBudget(contextLength),
      });
      const packId = randomUUID();
      memory.chats.insertContextPack({ id: packId, chatId: chat.id, pack, now: nowOf(this.deps) });
      this.update(reply.id, { contextPackId: packId });
    }

    const client = this.clients.clientFor(provider);
    this.options.onContextInjected?.(performance.now() - t0);
    if (!client) {
      return this.answerFromMemory(reply, user, chat.noMemory, 'no language model is connected. Connect one in Settings for full answers.');
    }

    const model = provider.settings.chatModel;
    this.update(reply.id, { model });
    // What the model is shown this turn; its write tools may touch only these (tools.ts, assertShown).
    const shownIds = new Set<string>(pack?.nodeIds ?? []);
    // The whole request is planned against the model's window: older turns fold into a summary.
    const history = memory.chats.historyBefore(chat.id, user.seq, this.options.historyLimit ?? 1000);
    const now = nowOf(this.deps);
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
    const personSaid = memory.chats.listMessages(chat.id, PERSON_MESSAGES_CONSIDERED).filter((m) => m.role === 'user').map((m) => m.content);
    const modelWrite: JsonObject = { model, chat_id: chat.id, approved: 'stated_in_chat' };
    const tools = { memory, memorySessionId, readOnly: chat.noRemember, shownIds, turnEpisodeId: user.episodeId, personSaid, modelWrite, spaceId: chat.spaceId };
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
        const turn = await streamTurn(client, { model, messages, offerTools, readOnlyTools: chat.noRemember, extraBody, idleMs, context }, signal, (delta) => {
          text += delta;
          this.deps.events.emit('chat.delta', { chatId: chat.id, messageId: reply.id, delta });
        });
        if (turn.cut) {
          text += `\n\n[Engram stopped this reply at ${MAX_REPLY_CHARS.toLocaleString('en')} characters.]`;
          break;
        }
        if (turn.toolCalls.length === 0 || !offerTools) break;
        await runToolRound(turn, messages, toolCalls, tools, {
          started: () => this.update(reply.id, { toolCalls, content: text }),
          finished: () => this.update(reply.id, { toolCalls }),
        });
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
    const shown = this.reinforce(text, shownIds);
    return this.finish(reply.id, { status: 'complete', content: text.trimEnd(), toolCalls }, memorySessionId, shown);
  }

  /**
   * Access reinforcement for what the finished reply used (§12.1), done by the engine; returns what the reply
   * was shown, to tell a recital of it from something new.
   */
  private reinforce(reply: string, shownIds: ReadonlySet<string>): ShownMemories {
    try {
      return this.deps.memory.reinforceFromReply(reply, [...shownIds]).shown;
    } catch (err) {
      this.deps.logger.warn(`access reinforcement and recital check skipped: ${String(err)}`);
      return [];
    }
  }

  /** Degradation (§17): search memory and answer with what is remembered, clearly labelled. */
  private async answerFromMemory(reply: ChatMessage, user: ChatMessage, memoryOff: boolean, why: string, failure?: LlmFailure): Promise<ChatMessage> {
    let hits: SearchHit[] | null = null;
    if (!memoryOff) {
      // With no model reading the chat, earlier messages of this chat are memories like any other: search
      // them too, leaving out the question itself (and the same question asked before, elsewhere): what was
      // asked is not something remembered.
      const spaceId = this.deps.memory.chats.getChatSession(reply.chatId)?.spaceId;
      const result = await this.deps.memory.search({ query: user.content, types: [...NODE_TYPES], limit: 12, ...(spaceId !== undefined ? { spaceId } : {}) });
      const asked = sameWords(user.content);
      // Being listed here is retrieval, not use: nothing is reinforced.
      hits = result.hits.filter((h) => h.node.id !== user.episodeId && sameWords(h.node.content) !== asked).slice(0, 8);
    }
    const firstInChat = !this.deps.memory.chats.hasOfflineReply(reply.chatId, reply.id);
    return this.finish(
      reply.id,
      { status: 'offline', content: offlineAnswer({ why, hits, firstInChat }), model: null, error: failure ?? null },
      // A memory-only answer repeats what is stored; recording it again would only duplicate memories.
      null,
    );
  }

  private update(messageId: string, patch: MessagePatch): ChatMessage {
    return updateMessage(this.deps, messageId, patch);
  }

  /**
   * Final state of a reply. The text is saved first, whatever it holds; then a complete reply is recorded as
   * an episode when the chat is remembered — stopped, failed and partial replies are not what the assistant
   * said, so memory does not keep them. A recording failure is logged and leaves the reply saved.
   */
  async finish(messageId: string, patch: MessagePatch, memorySessionId: string | null = null, shown: ShownMemories = []): Promise<ChatMessage> {
    const { memory } = this.deps;
    const saved = this.update(messageId, { ...patch, episodeId: null });
    const content = patch.content ?? '';
    if (!memorySessionId || patch.status !== 'complete' || content.trim() === '' || !memory.isOpen) return saved;
    try {
      const episodeId = await memory.writeWhenFree(() => {
        const now = nowOf(this.deps);
        // A piece that only restates what memory showed is kept but marked, so it never comes back as evidence.
        const ids = episodeChunks(content).map((part) =>
          memory.recordEpisodeNow({
            content: part,
            sessionId: memorySessionId,
            role: 'assistant',
            eventTime: now,
            ...(isRecitalOf(part, shown) ? { attributes: { [RECITAL_ATTRIBUTE]: true } } : {}),
          }),
        );
        const id = ids[0];
        if (id === undefined) return null;
        memory.chats.updateMessage(messageId, { episodeId: id }, now);
        memory.chats.updateChatSession(saved.chatId, { lastActivityAt: now }, now);
        return id;
      });
      return episodeId ? this.update(messageId, { episodeId }) : saved;
    } catch (err) {
      this.deps.logger.error('the reply was saved but could not be recorded in memory', err);
      return saved;
    }
  }
}

/** A text compared by its words only (case, spacing and punctuation aside). */
function sameWords(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}
