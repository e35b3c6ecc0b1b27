/**
 * Settings of the memory agent (ADR 008 §10 "memory_agent"): any OpenAI-compatible endpoint. The app maps
 * its provider settings (base URL, key, agent model) onto this; the write path never reads settings itself.
 */
import { z } from 'zod';

/**
 * How structured output is requested. `json_schema` (OpenAI structured outputs) is the strictest; `tool`
 * forces a function call whose arguments are the answer (most local servers support tools); `json_object`
 * asks for JSON mode with the schema in the prompt. `ollama_format` is Ollama's native structured output
 * (`POST /api/chat` with `format` = the JSON schema), which small local models follow far better than a schema
 * in the prompt. `auto` tries them in order — Ollama's native format first on an Ollama server; LM Studio and
 * llama.cpp take `json_schema` natively — and keeps what works.
 */
export const SERVER_KINDS = ['openai', 'ollama', 'lmstudio', 'llamacpp', 'other'] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];
export const OUTPUT_MODES = ['auto', 'json_schema', 'ollama_format', 'tool', 'json_object'] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];

export const memoryAgentConfigSchema = z.object({
  baseURL: z.string().url(),
  apiKey: z.string().optional(),
  model: z.string().min(1),
  /** Per request; a request over it fails the session's attempt with reason `timeout`. */
  timeoutMs: z.number().int().positive().default(60_000),
  /** SDK-level retries on connection errors, 408/409/429 and 5xx (with its backoff) before we give up. */
  maxRetries: z.number().int().min(0).max(10).default(2),
  outputMode: z.enum(OUTPUT_MODES).default('auto'),
  /** What answers at baseURL; decides which structured output `auto` tries first. */
  server: z.enum(SERVER_KINDS).default('other'),
  temperature: z.number().min(0).max(2).default(0),
  /** Episodes per extraction call (ADR 008 §16 consolidation_episodes_per_chunk). */
  episodesPerPage: z.number().int().min(1).max(200).default(30),
  maxOutputTokens: z.number().int().positive().optional(),
});
export type MemoryAgentConfig = z.input<typeof memoryAgentConfigSchema>;
export type ResolvedAgentConfig = z.output<typeof memoryAgentConfigSchema>;

export function resolveAgentConfig(config: MemoryAgentConfig): ResolvedAgentConfig {
  return memoryAgentConfigSchema.parse(config);
}

/**
 * The app's provider settings → the memory agent: the agent model when one is set, else the chat model;
 * null when no provider is configured (the offline extractor then runs). Structural, so the write path
 * does not depend on the settings module.
 */
export function agentConfigFromProvider(
  provider: { kind: string; baseURL: string; chatModel: string; agentModel: string },
  apiKey: string | undefined,
  extra: Partial<Omit<MemoryAgentConfig, 'baseURL' | 'model' | 'apiKey'>> = {},
): MemoryAgentConfig | null {
  if (provider.kind === 'none' || !provider.baseURL) return null;
  const model = provider.agentModel.trim() || provider.chatModel.trim();
  if (!model) return null;
  return { baseURL: provider.baseURL, model, server: serverKindOf(provider.kind, provider.baseURL), ...(apiKey ? { apiKey } : {}), ...extra };
}

/** The provider preset's kind, or a guess from the address for custom endpoints (Ollama listens on 11434). */
export function serverKindOf(kind: string, baseURL: string): ServerKind {
  if (kind === 'ollama' || /:11434(?:\/|$)/.test(baseURL)) return 'ollama';
  if (kind === 'lmstudio' || /:1234(?:\/|$)/.test(baseURL)) return 'lmstudio';
  if (kind === 'openai') return 'openai';
  if (/:8080(?:\/|$)/.test(baseURL)) return 'llamacpp';
  return 'other';
}
