/**
 * A scripted OpenAI-compatible HTTP server for tests (node:http only).
 *
 *   const server = await startScriptedOpenAI();
 *   server.script('/v1/chat/completions', { json: chatCompletion('Hello!') });
 *   const client = new OpenAI({ baseURL: server.baseURL, apiKey: 'test' });
 *   ...
 *   await server.close();
 *
 * Each route (request path) has a FIFO queue of steps; every request takes the next one. With an
 * empty queue the route's default handler answers; without one the server answers 501 (with
 * x-should-retry: false so the SDK does not retry) and the test sees an unexpected request.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionMessageFunctionToolCall } from 'openai/resources/chat/completions';
import type { CompletionUsage } from 'openai/resources/completions';
import type { CreateEmbeddingResponse } from 'openai/resources/embeddings';

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. "/v1/embeddings". */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** Parsed JSON body; undefined when the body is empty or not JSON. */
  body: unknown;
}

/** How a step's response ends: normally, never (the connection stays open), or with a reset. */
export type StepEnding = 'end' | 'stall' | 'destroy';

export interface JsonStep {
  json: unknown;
  status?: number;
  headers?: Record<string, string>;
}

/** Any bytes, e.g. malformed or truncated JSON. */
export interface RawStep {
  raw: string;
  status?: number;
  /** Default "application/json", so the SDK tries to parse it. */
  contentType?: string;
  headers?: Record<string, string>;
  ending?: StepEnding;
}

/** A server-sent-event stream. */
export interface SseStep {
  /** Data payloads: strings are sent as they are, anything else as JSON. */
  sse: readonly unknown[];
  status?: number;
  headers?: Record<string, string>;
  /** Pause before each event, e.g. to test incremental rendering. */
  eventDelayMs?: number;
  /** "data: [DONE]" is appended only for the default ending "end". */
  ending?: StepEnding;
}

export interface DelayStep {
  delayMs: number;
  then: ScriptStep;
}

/** Never answers; the socket is released by close() or by the client giving up. */
export interface HangStep {
  hang: true;
}

export type DynamicStep = (request: RecordedRequest) => ScriptStep | Promise<ScriptStep>;

export type ScriptStep = JsonStep | RawStep | SseStep | DelayStep | HangStep | DynamicStep;

/** Answers a request when the route's script is empty. */
export type DefaultHandler = DynamicStep;

export interface ScriptedOpenAIOptions {
  /** Dimension of default embedding vectors when a request has no `dimensions`. Default 8. */
  embeddingDimensions?: number;
  /** Model ids listed by the default GET /v1/models. */
  models?: readonly string[];
  /** Extra or replacement default handlers by path; undefined removes a built-in default. */
  defaults?: Record<string, DefaultHandler | undefined>;
}

export interface ScriptedOpenAIServer {
  /** "http://127.0.0.1:PORT/v1", ready for `new OpenAI({ baseURL })`. */
  readonly baseURL: string;
  /** "http://127.0.0.1:PORT". */
  readonly origin: string;
  readonly port: number;
  /** Every request received, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Appends steps to the route's queue. */
  script(path: string, ...steps: ScriptStep[]): void;
  /** Sets or removes (undefined) the handler used when the route's queue is empty. */
  setDefault(path: string, handler: DefaultHandler | undefined): void;
  /** Requests received on one path. */
  requestsTo(path: string): RecordedRequest[];
  /** Steps not yet consumed on a route (all routes when path is omitted). */
  remaining(path?: string): number;
  /** Stops listening and destroys every open connection, including hung ones. */
  close(): Promise<void>;
}

export async function startScriptedOpenAI(options: ScriptedOpenAIOptions = {}): Promise<ScriptedOpenAIServer> {
  const queues = new Map<string, ScriptStep[]>();
  const defaults = new Map<string, DefaultHandler>([
    ['/v1/embeddings', defaultEmbeddings(options.embeddingDimensions ?? 8)],
    ['/v1/models', defaultModels(options.models ?? [])],
  ]);
  for (const [path, handler] of Object.entries(options.defaults ?? {})) {
    if (handler) defaults.set(path, handler);
    else defaults.delete(path);
  }
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const play = async (step: ScriptStep, request: RecordedRequest, res: ServerResponse): Promise<void> => {
    if (closed || res.destroyed) return;
    if (typeof step === 'function') return play(await step(request), request, res);
    if ('hang' in step) return;
    if ('delayMs' in step) {
      await sleep(step.delayMs);
      return play(step.then, request, res);
    }
    if ('json' in step) {
      const body = JSON.stringify(step.json);
      res.writeHead(step.status ?? 200, { 'content-type': 'application/json', ...step.headers });
      res.end(body);
      return;
    }
    if ('raw' in step) {
      res.writeHead(step.status ?? 200, { 'content-type': step.contentType ?? 'application/json', ...step.headers });
      res.write(step.raw);
      finish(res, step.ending ?? 'end');
      return;
    }
    res.writeHead(step.status ?? 200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      ...step.headers,
    });
    const ending = step.ending ?? 'end';
    const payloads = ending === 'end' ? [...step.sse, '[DONE]'] : step.sse;
    for (const payload of payloads) {
      if (step.eventDelayMs) await sleep(step.eventDelayMs);
      if (closed || res.destroyed) return;
      res.write(`data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`);
    }
    finish(res, ending);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const request = await record(req);
    requests.push(request);
    const step = queues.get(request.path)?.shift() ?? defaults.get(request.path);
    if (!step) {
      await play(
        { ...openAIError(501, `No scripted response for ${request.method} ${request.path}`), headers: { 'x-should-retry': 'false' } },
        request,
        res,
      );
      return;
    }
    await play(step, request, res);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      res.writeHead(500, { 'content-type': 'application/json', 'x-should-retry': 'false' });
      res.end(JSON.stringify(openAIError(500, `Scripted server failed: ${message}`).json));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    baseURL: `${origin}/v1`,
    origin,
    port,
    requests,
    script(path, ...steps) {
      const queue = queues.get(path) ?? [];
      queue.push(...steps);
      queues.set(path, queue);
    },
    setDefault(path, handler) {
      if (handler) defaults.set(path, handler);
      else defaults.delete(path);
    },
    requestsTo(path) {
      return requests.filter((r) => r.path === path);
    },
    remaining(path) {
      if (path !== undefined) return queues.get(path)?.length ?? 0;
      let total = 0;
      for (const queue of queues.values()) total += queue.length;
      return total;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await stopped;
    },
  };
}

function finish(res: ServerResponse, ending: StepEnding): void {
  if (ending === 'end') res.end();
  else if (ending === 'destroy') res.destroy();
  // 'stall': leave the response open; close() destroys the socket.
}

async function record(req: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks).toString('utf8');
  let body: unknown;
  if (rawBody !== '') {
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
  }
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  return { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, rawBody, body };
}

// ---------------------------------------------------------------------------------------------
// Default handlers

function defaultEmbeddings(fallbackDimensions: number): DefaultHandler {
  return (request) => {
    const body = isRecord(request.body) ? request.body : {};
    const input = body.input;
    const texts = typeof input === 'string' ? [input] : Array.isArray(input) ? input.map((t) => String(t)) : [];
    const dimensions = typeof body.dimensions === 'number' ? body.dimensions : fallbackDimensions;
    const model = typeof body.model === 'string' ? body.model : 'scripted-embedding';
    const vectors = texts.map((text) => deterministicVector(text, dimensions));
    const response = embeddingResponse(vectors, model);
    // The SDK asks for base64 unless told otherwise; answer in the requested encoding.
    if (body.encoding_format === 'base64') {
      return {
        json: {
          ...response,
          data: response.data.map((item, i) => ({
            ...item,
            embedding: Buffer.from(Float32Array.from(vectors[i] ?? []).buffer).toString('base64'),
          })),
        },
      };
    }
    return { json: response };
  };
}

function defaultModels(models: readonly string[]): DefaultHandler {
  return () => ({
    json: { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'scripted' })) },
  });
}

/** A unit-length vector that depends only on text and dimensions. */
export function deterministicVector(text: string, dimensions: number): number[] {
  let state = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) state = Math.imul(state ^ text.charCodeAt(i), 0x01000193);
  const values: number[] = [];
  for (let i = 0; i < dimensions; i++) {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    values.push(((state >>> 0) / 0xffffffff) * 2 - 1);
  }
  const norm = Math.hypot(...values) || 1;
  return values.map((v) => v / norm);
}

// ---------------------------------------------------------------------------------------------
// Response builders

let nextId = 1;
const newId = (prefix: string): string => `${prefix}-scripted-${nextId++}`;

export interface ToolCallSpec {
  id?: string;
  name: string;
  /** An object is JSON-encoded; a string is sent as is (so malformed arguments can be tested). */
  arguments: string | Record<string, unknown>;
}

export interface ResponseOptions {
  model?: string;
  finish_reason?: ChatCompletion.Choice['finish_reason'];
}

export function usage(partial: Partial<CompletionUsage> = {}): CompletionUsage {
  const prompt = partial.prompt_tokens ?? 10;
  const completion = partial.completion_tokens ?? 5;
  return { ...partial, prompt_tokens: prompt, completion_tokens: completion, total_tokens: partial.total_tokens ?? prompt + completion };
}

/** A non-streamed chat completion with text content or tool calls. */
export function chatCompletion(
  reply: string | { content?: string | null; tool_calls: readonly ToolCallSpec[] },
  usagePartial?: Partial<CompletionUsage>,
  options: ResponseOptions = {},
): ChatCompletion {
  const toolCalls: ChatCompletionMessageFunctionToolCall[] | undefined =
    typeof reply === 'string'
      ? undefined
      : reply.tool_calls.map((call) => ({
          id: call.id ?? newId('call'),
          type: 'function',
          function: {
            name: call.name,
            arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
          },
        }));
  return {
    id: newId('chatcmpl'),
    object: 'chat.completion',
    created: 1_700_000_000,
    model: options.model ?? 'scripted-model',
    choices: [
      {
        index: 0,
        logprobs: null,
        finish_reason: options.finish_reason ?? (toolCalls ? 'tool_calls' : 'stop'),
        message: {
          role: 'assistant',
          content: typeof reply === 'string' ? reply : (reply.content ?? null),
          refusal: null,
          ...(toolCalls ? { tool_calls: toolCalls } : {}),
        },
      },
    ],
    usage: usage(usagePartial),
  };
}

export interface ChunkOptions {
  model?: string;
  finish_reason?: ChatCompletionChunk.Choice['finish_reason'];
  /** Usage sent on the chunk (the final chunk when stream_options.include_usage is set). */
  usage?: Partial<CompletionUsage>;
  id?: string;
}

/**
 * One streamed chunk for an `sse` step. A string is a content delta; an object is a full delta
 * (role, content, tool_calls with index/id/function name and argument fragments); null gives a
 * chunk without choices, as OpenAI sends for the trailing usage chunk.
 */
export function chatChunk(delta: string | ChatCompletionChunk.Choice.Delta | null, options: ChunkOptions = {}): ChatCompletionChunk {
  return {
    id: options.id ?? 'chatcmpl-scripted-stream',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: options.model ?? 'scripted-model',
    choices:
      delta === null
        ? []
        : [
            {
              index: 0,
              delta: typeof delta === 'string' ? { content: delta } : delta,
              finish_reason: options.finish_reason ?? null,
            },
          ],
    ...(options.usage ? { usage: usage(options.usage) } : {}),
  };
}

/** An embeddings response; `index` follows array order (reorder `data` to test sorting). */
export function embeddingResponse(
  vectors: readonly (readonly number[] | Float32Array)[],
  model = 'scripted-embedding',
): CreateEmbeddingResponse {
  return {
    object: 'list',
    model,
    data: vectors.map((vector, index) => ({ object: 'embedding', index, embedding: Array.from(vector) })),
    usage: { prompt_tokens: vectors.length, total_tokens: vectors.length },
  };
}

const DEFAULT_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
};

/** A step answering with an OpenAI-shaped error body: { error: { message, type, param, code } }. */
export function openAIError(status: number, message: string, type?: string, code?: string | null): JsonStep & { status: number } {
  return {
    status,
    json: {
      error: {
        message,
        type: type ?? DEFAULT_ERROR_TYPES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
        param: null,
        code: code ?? null,
      },
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

