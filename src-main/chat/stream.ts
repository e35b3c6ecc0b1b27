/**
 * One streamed model turn, and the client it is asked through. Text deltas go out as they come; tool calls
 * are assembled from their fragments; a turn that goes quiet for too long ends as a `timeout`.
 */
import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { createLlmClient, type ResolvedProvider } from '../llm/client';
import { idleTimeoutError, LlmError } from '../llm/errors';
import { IdleWatchdog } from '../llm/idle-watchdog';
import { timeoutsOf } from '../llm/settings';
import { toolDefinitions } from './tools';

/** The longest reply kept; past it the stream is closed. Memory keeps it in episode-sized pieces. */
export const MAX_REPLY_CHARS = 400_000;

/** What one streamed turn asks the model, and how long it may stay quiet. */
export interface StreamTurnRequest {
  model: string;
  messages: ChatCompletionMessageParam[];
  offerTools: boolean;
  readOnlyTools: boolean;
  extraBody: { options?: { num_ctx: number } };
  idleMs: number;
  context: { baseURL: string; model: string };
}

export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface StreamedTurn {
  content: string;
  toolCalls: ModelToolCall[];
  /** The reply passed MAX_REPLY_CHARS and was closed. */
  cut: boolean;
}

/**
 * One streamed model turn; text deltas go to onDelta, tool calls are assembled from their fragments. A turn
 * that sends nothing for `idleMs` (before its first data or between two) ends as a `timeout`.
 */
export async function streamTurn(client: OpenAI, turn: StreamTurnRequest, signal: AbortSignal, onDelta: (delta: string) => void): Promise<StreamedTurn> {
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
  const calls: ModelToolCall[] = [];
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

/** One client per provider configuration, so requests reuse its keep-alive connections. */
export class LlmClientCache {
  private cached: { key: string; client: OpenAI | null } | null = null;

  /** `timeoutMs` overrides the provider's wait for response headers (tests). */
  constructor(private readonly timeoutMs?: number) {}

  clientFor(provider: ResolvedProvider): OpenAI | null {
    const key = JSON.stringify([provider.settings, provider.apiKey ?? null]);
    if (this.cached?.key !== key) {
      // The SDK's own timeout (until response headers) is only a backstop: set past the idle watchdog, whose
      // "slow" message then wins, and whose abort the SDK does not retry (a timeout it would, doubling the wait).
      const timeoutMs = this.timeoutMs ?? timeoutsOf(provider.settings).idleMs + 10_000;
      this.cached = { key, client: createLlmClient(provider, { timeoutMs }) };
    }
    return this.cached.client;
  }
}
