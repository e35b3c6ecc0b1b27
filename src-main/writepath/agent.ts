/**
 * The memory agent (ADR 008 §10): one structured-output call through the `openai` SDK, validated with zod.
 * Malformed output (not JSON, wrong shape, dangling references) gets exactly one retry that quotes the
 * validation error; a second failure is an AgentError and the caller writes nothing. Transient provider failures
 * (unreachable, timeout, 429, 5xx) are retried here rather than inside the SDK, so each retry can be reported
 * ("retrying (2 of 3)…") instead of minutes passing in silence.
 */
import type OpenAI from 'openai';
import { APIError } from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import { resolveAgentConfig, type MemoryAgentConfig, type OutputMode, type ResolvedAgentConfig } from './config';
import { AgentError, CancelledError, classifyAgentError, isUnsupportedModeError, OllamaHttpError } from './errors';
import { strictJsonSchema } from './json-schema';
import { bufferedFetch, createOpenAIClient } from '../llm/openai-client';
import { classifyProviderError, isCancellation } from '../llm/errors';
import { TRANSIENT_PROVIDER_FAILURES, type ProviderFailure } from '../../src-shared/errors';

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  calls: number;
}

export const emptyUsage = (): TokenUsage => ({ promptTokens: 0, completionTokens: 0, calls: 0 });

export function addUsage(into: TokenUsage, more: TokenUsage): void {
  into.promptTokens += more.promptTokens;
  into.completionTokens += more.completionTokens;
  into.calls += more.calls;
}

/** Per-item reading of a model's answer: what was kept, and what was dropped and why. */
export type Accepted<T> = { ok: true; value: T; dropped: string[] } | { ok: false; error: string };

export interface StructuredTask<S extends z.ZodType> {
  /** Schema / tool name, e.g. "memory_extraction" (also how test servers tell tasks apart). */
  name: string;
  description: string;
  system: string;
  user: string;
  /** The shape asked for (sent as JSON Schema); also the validator unless `accept` is given. */
  schema: S;
  /** Checks beyond the shape (e.g. every cited episode exists); a message means invalid → retry. */
  check?: (value: z.output<S>) => string | null;
  /**
   * Lenient reading instead of all-or-nothing: normalise what is safely normalisable, keep valid items, drop
   * invalid ones with a reason. An error (nothing usable) gets the one repair retry.
   */
  accept?: (json: unknown) => Accepted<z.output<S>>;
}

export interface StructuredResult<T> {
  value: T;
  usage: TokenUsage;
  mode: Exclude<OutputMode, 'auto'>;
  /** Items of the answer that were invalid and left out, with the reason. */
  dropped: string[];
}

type ConcreteMode = Exclude<OutputMode, 'auto'>;
const CONCRETE_MODES: readonly ConcreteMode[] = ['json_schema', 'tool', 'json_object'];

/** Which modes `auto` tries, in order: each server's native structured output first. */
function autoModes(server: ResolvedAgentConfig['server']): readonly ConcreteMode[] {
  return server === 'ollama' ? ['ollama_format', ...CONCRETE_MODES] : CONCRETE_MODES;
}

/**
 * A signal for one request, following `outer`. The SDK adds an abort listener to the signal it is given and
 * never removes it; given the session's long-lived signal, every request would leave one behind
 * (MaxListenersExceededWarning after ten). This one is dropped with its request.
 */
function requestSignal(outer: AbortSignal | undefined): { signal: AbortSignal | undefined; dispose: () => void } {
  if (!outer) return { signal: undefined, dispose: () => undefined };
  const controller = new AbortController();
  const forward = (): void => controller.abort(outer.reason);
  if (outer.aborted) controller.abort(outer.reason);
  else outer.addEventListener('abort', forward, { once: true });
  return { signal: controller.signal, dispose: () => outer.removeEventListener('abort', forward) };
}

/** A request failed for a reason that may pass and is being sent again: attempt `attempt` of `of`. */
export interface AgentRetry {
  attempt: number;
  of: number;
  reason: ProviderFailure;
  message: string;
  /** How long until the attempt is sent. */
  delayMs: number;
}

export interface MemoryAgentHooks {
  onRetry?: (retry: AgentRetry) => void;
}

const MAX_RETRY_DELAY_MS = 8_000;

/** 1 s, 2 s, 4 s… or what a 429's Retry-After asks, within bounds. */
function retryDelayMs(failedAttempt: number, err: unknown): number {
  const header = err instanceof APIError ? err.headers?.get('retry-after') : null;
  const asked = header ? Number.parseFloat(header) * 1000 : Number.NaN;
  if (Number.isFinite(asked) && asked >= 0) return Math.min(asked, 60_000);
  return Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** (failedAttempt - 1));
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError());
    const done = (): void => {
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = (): void => {
      clearTimeout(timer);
      reject(new CancelledError());
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

interface RawAnswer {
  text: string;
  truncated: boolean;
  promptTokens: number;
  completionTokens: number;
}

export class MemoryAgent {
  readonly config: ResolvedAgentConfig;
  private readonly client: OpenAI;
  /** The first mode this endpoint accepted under `auto`; later calls start there. */
  private workingMode: Exclude<OutputMode, 'auto'> | null = null;

  constructor(
    config: MemoryAgentConfig,
    private readonly hooks: MemoryAgentHooks = {},
  ) {
    this.config = resolveAgentConfig(config);
    this.client = createOpenAIClient({
      baseURL: this.config.baseURL,
      apiKey: this.config.apiKey,
      timeoutMs: this.config.timeoutMs,
      // Retries are ours (withRetries), so they can be shown.
      maxRetries: 0,
      // The timeout then covers the whole answer: a body that stalls after the headers fails as `timeout`.
      fetch: bufferedFetch,
    });
  }

  get model(): string {
    return this.config.model;
  }

  async complete<S extends z.ZodType>(task: StructuredTask<S>, signal?: AbortSignal): Promise<StructuredResult<z.output<S>>> {
    const modes =
      this.config.outputMode !== 'auto'
        ? [this.config.outputMode]
        : this.workingMode
          ? [this.workingMode]
          : autoModes(this.config.server);
    let lastUnsupported: unknown = null;
    for (const mode of modes) {
      try {
        const result = await this.completeIn(mode, task, signal);
        if (this.config.outputMode === 'auto') this.workingMode = mode;
        return result;
      } catch (err) {
        if (this.config.outputMode === 'auto' && isUnsupportedModeError(err)) {
          lastUnsupported = err;
          continue;
        }
        throw classifyAgentError(err, this.config.baseURL);
      }
    }
    throw classifyAgentError(lastUnsupported, this.config.baseURL);
  }

  private async completeIn<S extends z.ZodType>(
    mode: Exclude<OutputMode, 'auto'>,
    task: StructuredTask<S>,
    signal: AbortSignal | undefined,
  ): Promise<StructuredResult<z.output<S>>> {
    const usage = emptyUsage();
    const schema = strictJsonSchema(task.schema);
    const system =
      mode === 'json_object'
        ? `${task.system}\n\nAnswer with one JSON object only, matching this JSON Schema:\n${JSON.stringify(schema)}`
        : task.system;
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: system },
      { role: 'user', content: task.user },
    ];
    let problem = '';
    for (let attempt = 0; attempt < 2; attempt++) {
      if (signal?.aborted) throw new CancelledError();
      const answer = await this.withRetries(async () => {
        const request = requestSignal(signal);
        try {
          return mode === 'ollama_format' ? await this.ollamaChat(messages, schema, request.signal) : await this.openaiChat(mode, task, schema, messages, request.signal);
        } finally {
          request.dispose();
        }
      }, signal);
      usage.calls++;
      usage.promptTokens += answer.promptTokens;
      usage.completionTokens += answer.completionTokens;
      const parsed = parseOutput(answer.text, task, answer.truncated);
      if (parsed.ok) return { value: parsed.value, usage, mode, dropped: parsed.dropped };
      problem = parsed.error;
      messages.push({
        role: 'user',
        content:
          `Your previous answer was not usable: ${problem}\n` +
          `Previous answer (may be cut off): ${answer.text.slice(0, 2_000)}\n` +
          'Answer again with the complete, valid JSON only. Keep it short if it was cut off.',
      });
    }
    throw new AgentError('malformed_output', `model output invalid after one retry: ${problem}`);
  }

  /**
   * Sends a request again after a transient failure, up to `maxRetries` times, telling hooks.onRetry each time.
   * A timeout is retried once: a server that was too slow twice will be again, and the person should hear so.
   */
  private async withRetries<T>(send: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    const attempts = this.config.maxRetries + 1;
    let timeouts = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        return await send();
      } catch (err) {
        if (signal?.aborted || isCancellation(err) || attempt >= attempts || isUnsupportedModeError(err)) throw err;
        const failure = classifyProviderError(err, { baseURL: this.config.baseURL, model: this.config.model, timeoutMs: this.config.timeoutMs });
        if (!TRANSIENT_PROVIDER_FAILURES.has(failure.reason)) throw err;
        if (failure.reason === 'timeout' && ++timeouts > 1) throw err;
        const delayMs = retryDelayMs(attempt, err);
        this.hooks.onRetry?.({ attempt: attempt + 1, of: attempts, reason: failure.reason, message: failure.message, delayMs });
        await pause(delayMs, signal);
      }
    }
  }

  private async openaiChat<S extends z.ZodType>(
    mode: Exclude<ConcreteMode, 'ollama_format'>,
    task: StructuredTask<S>,
    schema: ReturnType<typeof strictJsonSchema>,
    messages: ChatCompletionMessageParam[],
    signal: AbortSignal | undefined,
  ): Promise<RawAnswer> {
    const params: ChatCompletionCreateParamsNonStreaming = {
      model: this.config.model,
      messages,
      temperature: this.config.temperature,
      ...(this.config.maxOutputTokens ? { max_tokens: this.config.maxOutputTokens } : {}),
      ...(mode === 'json_schema'
        ? { response_format: { type: 'json_schema', json_schema: { name: task.name, description: task.description, schema, strict: true } } }
        : mode === 'tool'
          ? {
              tools: [{ type: 'function', function: { name: task.name, description: task.description, parameters: schema } }],
              tool_choice: { type: 'function', function: { name: task.name } },
            }
          : { response_format: { type: 'json_object' } }),
    };
    const completion: ChatCompletion = await this.client.chat.completions.create(params, signal ? { signal } : {});
    const choice = completion.choices[0];
    const raw = mode === 'tool' ? (choice?.message.tool_calls?.find((c) => c.type === 'function')?.function.arguments ?? choice?.message.content) : choice?.message.content;
    return {
      text: raw ?? '',
      truncated: choice?.finish_reason === 'length',
      promptTokens: completion.usage?.prompt_tokens ?? 0,
      completionTokens: completion.usage?.completion_tokens ?? 0,
    };
  }

  /**
   * Ollama's native chat endpoint with `format` = the JSON schema: the server constrains decoding to it.
   * The OpenAI-compatible endpoint (/v1) ignores `format`, so this goes to /api/chat next to it.
   */
  private async ollamaChat(messages: ChatCompletionMessageParam[], schema: ReturnType<typeof strictJsonSchema>, signal: AbortSignal | undefined): Promise<RawAnswer> {
    const url = new URL('/api/chat', this.config.baseURL.replace(/\/v1\/?$/, '/'));
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}) },
      body: JSON.stringify({
        model: this.config.model,
        messages,
        format: schema,
        stream: false,
        options: { temperature: this.config.temperature, ...(this.config.maxOutputTokens ? { num_predict: this.config.maxOutputTokens } : {}) },
      }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    }).catch((err: unknown) => {
      if (signal?.aborted) throw new CancelledError();
      if (timeout.aborted) throw new AgentError('timeout', `${this.config.baseURL} did not answer in time`);
      throw new AgentError('unreachable', `cannot reach ${url.origin}: ${err instanceof Error ? err.message : String(err)}`);
    });
    const body = await response.text().catch((err: unknown) => {
      if (signal?.aborted) throw new CancelledError();
      if (timeout.aborted) throw new AgentError('timeout', `${this.config.baseURL} did not finish its answer in time`);
      throw err;
    });
    if (!response.ok) throw new OllamaHttpError(response.status, body);
    let json: { message?: { content?: string }; done_reason?: string; prompt_eval_count?: number; eval_count?: number };
    try {
      json = JSON.parse(body) as typeof json;
    } catch {
      throw new AgentError('malformed_output', `unreadable response from ${url.pathname}`);
    }
    return {
      text: json.message?.content ?? '',
      truncated: json.done_reason === 'length',
      promptTokens: json.prompt_eval_count ?? 0,
      completionTokens: json.eval_count ?? 0,
    };
  }
}

function parseOutput<S extends z.ZodType>(raw: string, task: StructuredTask<S>, truncated: boolean): Accepted<z.output<S>> {
  const text = extractJson(raw);
  if (text === null) return { ok: false, error: truncated ? 'the output was cut off (finish_reason length)' : 'no JSON object in the output' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `${truncated ? 'the output was cut off; ' : ''}not valid JSON (${err instanceof Error ? err.message : String(err)})` };
  }
  if (task.accept) return task.accept(json);
  const result = task.schema.safeParse(json);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 8).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    return { ok: false, error: `does not match the schema: ${issues.join('; ')}` };
  }
  const problem = task.check?.(result.data) ?? null;
  return problem ? { ok: false, error: problem } : { ok: true, value: result.data, dropped: [] };
}

/** The JSON object in a reply, tolerating code fences and prose around it (common with local models). */
function extractJson(raw: string): string | null {
  const trimmed = raw.trim();
  if (trimmed.startsWith('{')) return trimmed;
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(trimmed);
  if (fenced?.[1]?.trim().startsWith('{')) return fenced[1].trim();
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  return start >= 0 && end > start ? trimmed.slice(start, end + 1) : start >= 0 ? trimmed.slice(start) : null;
}
