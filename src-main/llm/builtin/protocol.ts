/**
 * The messages between the built-in model's runtime (runtime.ts) and its worker (model-worker.ts). Plain
 * structured-clone data, so the same protocol runs over worker_threads or an Electron utilityProcess port.
 */

/** A JSON Schema as the chat and the memory agent send it. */
export type JsonSchema = { [key: string]: unknown };

export type BuiltinMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: BuiltinToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface BuiltinToolCall {
  id: string;
  name: string;
  /** The arguments as JSON text, as the chat completions API carries them. */
  arguments: string;
}

export interface BuiltinTool {
  name: string;
  description: string;
  parameters: JsonSchema;
}

/** `auto`: the model may call a tool; `required`: it must call one; `{ name }`: it must call that one. */
export type BuiltinToolChoice = 'auto' | 'required' | { name: string };

export interface GenerateRequest {
  modelPath: string;
  messages: BuiltinMessage[];
  tools?: BuiltinTool[];
  toolChoice?: BuiltinToolChoice;
  /** Structured output: decoding is constrained to this schema by a grammar, so the answer always parses. */
  jsonSchema?: JsonSchema;
  maxTokens?: number;
  temperature?: number;
  contextSize?: number;
  /** Bounds on constrained strings and arrays (json-grammar.ts); absent = the defaults. */
  jsonLimits?: { maxStringLength: number; maxArrayItems: number };
}

export type FinishReason = 'stop' | 'length' | 'tool_calls';

export interface GenerateResult {
  text: string;
  toolCalls: BuiltinToolCall[];
  finishReason: FinishReason;
  promptTokens: number;
  completionTokens: number;
}

/** Why the model could not run; each names a cause a person can act on. */
export const BUILTIN_FAILURES = ['model_missing', 'out_of_memory', 'unsupported_hardware', 'load_failed', 'generation_failed'] as const;
export type BuiltinFailure = (typeof BUILTIN_FAILURES)[number];

export type ToWorker =
  | { type: 'generate'; id: number; request: GenerateRequest }
  | { type: 'abort'; id: number }
  | { type: 'unload' };

export type FromWorker =
  | { type: 'chunk'; id: number; text: string }
  | { type: 'done'; id: number; result: GenerateResult }
  | { type: 'failed'; id: number; failure: BuiltinFailure; message: string }
  | { type: 'unloaded' };
