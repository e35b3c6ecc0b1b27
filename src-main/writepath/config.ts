/**
 * Settings of the memory agent (ADR 008 §10 "memory_agent"): any OpenAI-compatible endpoint. The app maps
 * its provider settings (base URL, key, agent model) onto this; the write path never reads settings itself.
 */
import { z } from 'zod';

/**
 * How structured output is requested. `json_schema` (OpenAI structured outputs) is the strictest; `tool`
 * forces a function call whose arguments are the answer (most local servers support tools); `json_object`
 * asks for JSON mode with the schema in the prompt. `auto` tries them in that order and keeps what works.
 */
export const OUTPUT_MODES = ['auto', 'json_schema', 'tool', 'json_object'] as const;
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
  return { baseURL: provider.baseURL, model, ...(apiKey ? { apiKey } : {}), ...extra };
}
