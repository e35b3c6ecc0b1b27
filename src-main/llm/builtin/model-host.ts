/**
 * The built-in model itself, inside its worker: node-llama-cpp's prebuilt CPU/GPU binary (never a build from
 * source, never a download), one model loaded at a time, one request at a time. Structured output and forced
 * tool calls are constrained by a JSON-schema grammar, so they always parse; free tool calls use the model's
 * own function-calling syntax through node-llama-cpp's chat wrapper.
 */
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import {
  getLlama,
  InsufficientMemoryError,
  LlamaChat,
  type ChatHistoryItem,
  type ChatModelFunctionCall,
  type ChatModelFunctions,
  type GbnfJsonObjectSchema,
  type GbnfJsonSchema,
  type Llama,
  type LlamaContext,
  type LlamaModel,
} from 'node-llama-cpp';
import { boundJsonSchema, toolCallSchema } from './json-grammar';
import type { BuiltinFailure, BuiltinMessage, BuiltinToolCall, GenerateRequest, GenerateResult } from './protocol';

export class BuiltinRunError extends Error {
  constructor(
    readonly failure: BuiltinFailure,
    message: string,
  ) {
    super(message);
    this.name = 'BuiltinRunError';
  }
}

const DEFAULT_CONTEXT_SIZE = 4096;
const DEFAULT_MAX_TOKENS = 1024;

interface Loaded {
  path: string;
  model: LlamaModel;
  context: LlamaContext;
}

export class ModelHost {
  private llama: Llama | null = null;
  private loaded: Loaded | null = null;
  /** Requests run one after another: one context, one sequence. */
  private tail: Promise<unknown> = Promise.resolve();

  generate(request: GenerateRequest, onChunk: (text: string) => void, signal: AbortSignal): Promise<GenerateResult> {
    const run = this.tail.then(() => this.run(request, onChunk, signal));
    this.tail = run.catch(() => undefined);
    return run;
  }

  async unload(): Promise<void> {
    await this.tail;
    const loaded = this.loaded;
    this.loaded = null;
    if (loaded) {
      await loaded.context.dispose();
      await loaded.model.dispose();
    }
  }

  private async run(request: GenerateRequest, onChunk: (text: string) => void, signal: AbortSignal): Promise<GenerateResult> {
    if (signal.aborted) return { text: '', toolCalls: [], finishReason: 'stop', promptTokens: 0, completionTokens: 0 };
    const { context } = await this.load(request.modelPath, request.contextSize);
    const sequence = context.getSequence();
    const chat = new LlamaChat({ contextSequence: sequence });
    const before = sequence.tokenMeter.getState();
    try {
      const forced = request.tools?.length && request.toolChoice && request.toolChoice !== 'auto';
      const schema = forced ? toolCallSchema(request.tools ?? [], request.toolChoice) : request.jsonSchema;
      const history = toHistory(request.messages, schema ? schemaInstruction(schema) : undefined);
      const common = {
        signal,
        stopOnAbortSignal: true,
        maxTokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
        temperature: request.temperature ?? 0.7,
        // A forced tool call's JSON is not reply text: nothing streams.
        ...(forced ? {} : { onTextChunk: onChunk }),
      };
      const used = (): { promptTokens: number; completionTokens: number } => {
        const d = sequence.tokenMeter.diff(before);
        return { promptTokens: d.usedInputTokens, completionTokens: d.usedOutputTokens };
      };
      if (schema) {
        // The schema is built at run time, so its type is the general one (the generic wants a literal).
        const grammar = await this.requireLlama().createGrammarForJsonSchema(boundJsonSchema(schema, request.jsonLimits) as GbnfJsonObjectSchema);
        const answer = await chat.generateResponse(history, { ...common, grammar });
        const finishReason = answer.metadata.stopReason === 'maxTokens' ? 'length' : 'stop';
        if (!forced || finishReason === 'length' || signal.aborted) return { text: answer.response, toolCalls: [], finishReason, ...used() };
        const call = JSON.parse(answer.response) as { name: string; arguments: unknown };
        return { text: '', toolCalls: [{ id: callId(), name: call.name, arguments: JSON.stringify(call.arguments) }], finishReason: 'tool_calls', ...used() };
      }
      const functions: ChatModelFunctions | undefined = request.tools?.length
        ? Object.fromEntries(request.tools.map((t) => [t.name, { description: t.description, params: boundJsonSchema(t.parameters, request.jsonLimits) as GbnfJsonSchema }]))
        : undefined;
      const answer = await chat.generateResponse(history, { ...common, ...(functions ? { functions } : {}) });
      const toolCalls: BuiltinToolCall[] = (answer.functionCalls ?? []).map((c) => ({ id: callId(), name: c.functionName, arguments: JSON.stringify(c.params ?? {}) }));
      const stop = answer.metadata.stopReason;
      return { text: answer.response, toolCalls, finishReason: toolCalls.length ? 'tool_calls' : stop === 'maxTokens' ? 'length' : 'stop', ...used() };
    } catch (err) {
      if (err instanceof BuiltinRunError) throw err;
      throw new BuiltinRunError(isOutOfMemory(err) ? 'out_of_memory' : 'generation_failed', `The built-in model failed while answering: ${messageOf(err)}`);
    } finally {
      chat.dispose({ disposeSequence: false });
      sequence.dispose();
    }
  }

  private requireLlama(): Llama {
    if (!this.llama) throw new BuiltinRunError('load_failed', 'The built-in model runtime is not started.');
    return this.llama;
  }

  private async load(path: string, contextSize: number | undefined): Promise<Loaded> {
    if (this.loaded?.path === path) return this.loaded;
    if (!existsSync(path)) {
      throw new BuiltinRunError('model_missing', `The built-in model file ${path} is not there. Download a model in Settings → Model, or with \`engram model pull NAME\`.`);
    }
    if (!this.llama) {
      try {
        // Prebuilt binaries only: a missing one is an error that says so, never a compile or a download.
        this.llama = await getLlama({ gpu: 'auto', build: 'never', usePrebuiltBinaries: true, progressLogs: false });
      } catch (err) {
        throw new BuiltinRunError(
          'unsupported_hardware',
          `This computer cannot run the built-in model: no prebuilt llama.cpp binary works here (${messageOf(err)}). Use Ollama, LM Studio or a hosted provider instead.`,
        );
      }
    }
    // One model at a time: the previous one is freed before the next is read.
    if (this.loaded) {
      const old = this.loaded;
      this.loaded = null;
      await old.context.dispose();
      await old.model.dispose();
    }
    let model: LlamaModel;
    try {
      model = await this.llama.loadModel({ modelPath: path });
    } catch (err) {
      throw new BuiltinRunError(
        isOutOfMemory(err) ? 'out_of_memory' : 'load_failed',
        isOutOfMemory(err)
          ? `Not enough memory to load the built-in model ${path}: close other programs or choose a smaller model.`
          : `The built-in model ${path} could not be loaded (${messageOf(err)}): the file may be damaged; remove it and download it again.`,
      );
    }
    try {
      const size = Math.min(contextSize ?? DEFAULT_CONTEXT_SIZE, model.trainContextSize || DEFAULT_CONTEXT_SIZE);
      const context = await model.createContext({ contextSize: { min: Math.min(512, size), max: size } });
      this.loaded = { path, model, context };
      return this.loaded;
    } catch (err) {
      await model.dispose();
      throw new BuiltinRunError(
        isOutOfMemory(err) ? 'out_of_memory' : 'load_failed',
        `Not enough memory for the built-in model's context (${messageOf(err)}): close other programs or choose a smaller model.`,
      );
    }
  }
}

function isOutOfMemory(err: unknown): boolean {
  return err instanceof InsufficientMemoryError || /out of memory|insufficient memory|failed to allocate|cannot allocate|ENOMEM/i.test(messageOf(err));
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));
const callId = (): string => `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`;

function schemaInstruction(schema: object): string {
  return `Answer with one JSON object matching this JSON Schema:\n${JSON.stringify(schema)}`;
}

/** Chat completions messages → node-llama-cpp's history; a tool result is attached to the call it answers. */
export function toHistory(messages: readonly BuiltinMessage[], extraSystem?: string): ChatHistoryItem[] {
  const system = [...messages.filter((m) => m.role === 'system').map((m) => m.content), ...(extraSystem ? [extraSystem] : [])].join('\n\n');
  const history: ChatHistoryItem[] = system ? [{ type: 'system', text: system }] : [];
  const calls = new Map<string, ChatModelFunctionCall>();
  for (const m of messages) {
    if (m.role === 'user') history.push({ type: 'user', text: m.content });
    else if (m.role === 'assistant') {
      const response: Array<string | ChatModelFunctionCall> = m.content ? [m.content] : [];
      for (const call of m.toolCalls ?? []) {
        const item: ChatModelFunctionCall = { type: 'functionCall', name: call.name, params: parseOrText(call.arguments), result: null };
        calls.set(call.id, item);
        response.push(item);
      }
      history.push({ type: 'model', response });
    } else if (m.role === 'tool') {
      const call = calls.get(m.toolCallId);
      if (call) call.result = parseOrText(m.content);
      else history.push({ type: 'user', text: m.content });
    }
  }
  const last = history.at(-1);
  // The model continues its own response (after tool results) or starts a new one.
  if (last?.type !== 'model') history.push({ type: 'model', response: [] });
  return history;
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
