/**
 * The built-in model behind the OpenAI chat completions API, as a `fetch` the `openai` SDK calls instead of the
 * network: the chat (streaming, stop, tools) and the memory agent (json_schema, forced tool) reach it through
 * the same client code as every other provider, with no port opened. Failures to run the model (missing file,
 * out of memory, unsupported hardware) are thrown as ProviderError `unreachable` with the cause in the message,
 * which is what makes the chat answer from memory instead.
 */
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParams,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { ProviderError } from '../errors';
import type { BuiltinMessage, BuiltinTool, BuiltinToolChoice, GenerateRequest, GenerateResult } from './protocol';
import { BuiltinModelError, type BuiltinModelRuntime } from './runtime';

export interface BuiltinAdapterOptions {
  runtime: BuiltinModelRuntime;
  /** The model's file for a model name (catalog id or absolute path). */
  resolveModel: (name: string) => string;
  /** Names of the installed models, for GET /models (the "test connection" probe). */
  listModels: () => string[];
  contextSize?: number;
}

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export function createBuiltinFetch(options: BuiltinAdapterOptions): Fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith('/models')) {
      return json({ object: 'list', data: options.listModels().map((id) => ({ id, object: 'model', created: 0, owned_by: 'engram' })) });
    }
    if (!url.pathname.endsWith('/chat/completions') || init?.method !== 'POST') return json({ error: { message: `The built-in model does not serve ${url.pathname}` } }, 404);
    const params = JSON.parse(String(init.body)) as ChatCompletionCreateParams;
    const request = toRequest(params, options);
    const signal = init.signal ?? undefined;
    return params.stream ? stream(options.runtime, request, params.model, signal) : complete(options.runtime, request, params.model, signal);
  };
}

function toRequest(params: ChatCompletionCreateParams, options: BuiltinAdapterOptions): GenerateRequest {
  const choice = params.tool_choice;
  const offerTools = params.tools && params.tools.length > 0 && choice !== 'none';
  const format = params.response_format;
  const maxTokens = params.max_completion_tokens ?? params.max_tokens;
  return {
    modelPath: options.resolveModel(params.model),
    messages: params.messages.map(toMessage),
    ...(offerTools ? { tools: (params.tools ?? []).flatMap(toTool), toolChoice: toChoice(choice) } : {}),
    ...(format?.type === 'json_schema' ? { jsonSchema: format.json_schema.schema ?? { type: 'object' } } : {}),
    ...(format?.type === 'json_object' ? { jsonSchema: { type: 'object', additionalProperties: true } } : {}),
    ...(typeof maxTokens === 'number' ? { maxTokens } : {}),
    ...(typeof params.temperature === 'number' ? { temperature: params.temperature } : {}),
    ...(options.contextSize ? { contextSize: options.contextSize } : {}),
  };
}

function textOf(content: ChatCompletionMessageParam['content']): string {
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join('');
}

function toMessage(m: ChatCompletionMessageParam): BuiltinMessage {
  switch (m.role) {
    case 'system':
    case 'developer':
      return { role: 'system', content: textOf(m.content) };
    case 'assistant':
      return {
        role: 'assistant',
        content: textOf(m.content ?? ''),
        toolCalls: (m.tool_calls ?? []).flatMap((c) => (c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : [])),
      };
    case 'tool':
      return { role: 'tool', toolCallId: m.tool_call_id, content: textOf(m.content) };
    default:
      return { role: 'user', content: textOf(m.content) };
  }
}

function toTool(t: ChatCompletionTool): BuiltinTool[] {
  if (t.type !== 'function') return [];
  return [{ name: t.function.name, description: t.function.description ?? '', parameters: t.function.parameters ?? { type: 'object' } }];
}

function toChoice(choice: ChatCompletionCreateParams['tool_choice']): BuiltinToolChoice {
  if (choice === 'required') return 'required';
  if (typeof choice === 'object' && choice.type === 'function') return { name: choice.function.name };
  return 'auto';
}

/** A failure to run the model becomes the provider error the chat and the agent already handle. */
function providerFailure(err: unknown): unknown {
  if (err instanceof BuiltinModelError) return new ProviderError('unreachable', err.message, { cause: err });
  return err;
}

const completionId = (): string => `chatcmpl-builtin-${Date.now().toString(36)}`;
const now = (): number => Math.floor(Date.now() / 1000);

async function complete(runtime: BuiltinModelRuntime, request: GenerateRequest, model: string, signal: AbortSignal | undefined): Promise<Response> {
  let result: GenerateResult;
  try {
    result = await runtime.generate(request, signal ? { signal } : {});
  } catch (err) {
    throw providerFailure(err);
  }
  const body: ChatCompletion = {
    id: completionId(),
    object: 'chat.completion',
    created: now(),
    model,
    choices: [
      {
        index: 0,
        logprobs: null,
        finish_reason: result.finishReason,
        message: {
          role: 'assistant',
          content: result.toolCalls.length ? null : result.text,
          refusal: null,
          ...(result.toolCalls.length
            ? { tool_calls: result.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })) }
            : {}),
        },
      },
    ],
    usage: { prompt_tokens: result.promptTokens, completion_tokens: result.completionTokens, total_tokens: result.promptTokens + result.completionTokens },
  };
  return json(body);
}

/**
 * A server-sent event stream of chunks. The response is returned once the model has produced something (or
 * finished), so a failure to load it is thrown here, before the first byte, where the chat can fall back.
 */
function stream(runtime: BuiltinModelRuntime, request: GenerateRequest, model: string, signal: AbortSignal | undefined): Promise<Response> {
  const id = completionId();
  const created = now();
  const encoder = new TextEncoder();
  const frame = (delta: ChatCompletionChunk['choices'][number]['delta'], finish: ChatCompletionChunk['choices'][number]['finish_reason'] = null): Uint8Array => {
    const chunk: ChatCompletionChunk = { id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] };
    return encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`);
  };
  return new Promise<Response>((resolve, reject) => {
    let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    let started = false;
    const start = (): ReadableStreamDefaultController<Uint8Array> => {
      if (!started) {
        started = true;
        resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
      }
      if (!controller) throw new Error('stream not started');
      return controller;
    };
    runtime
      .generate(request, {
        ...(signal ? { signal } : {}),
        onChunk: (text) => start().enqueue(frame({ content: text })),
      })
      .then((result) => {
        const c = start();
        if (result.toolCalls.length) {
          const toolCalls = result.toolCalls.map((t, index) => ({ index, id: t.id, type: 'function' as const, function: { name: t.name, arguments: t.arguments } }));
          c.enqueue(frame({ tool_calls: toolCalls }));
        }
        c.enqueue(frame({}, result.finishReason));
        c.enqueue(encoder.encode('data: [DONE]\n\n'));
        c.close();
      })
      .catch((err: unknown) => {
        if (!started) return reject(providerFailure(err));
        controller?.error(providerFailure(err));
      });
  });
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
