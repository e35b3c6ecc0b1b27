import { z } from 'zod';
import { OFFLINE_DEFAULT_DIMENSIONS } from './offline';
import { OfflineWordEmbedder } from './offline-words';
import { OpenAICompatibleEmbedder } from './openai-compatible';
import type { EmbeddingProvider } from './types';

export * from './types';
export * from './offline';
export * from './offline-words';
export * from './offline-sentence';
export * from './offline-default';
export * from './word-vectors';
export * from './openai-compatible';

export const offlineEmbeddingConfigSchema = z.object({
  kind: z.literal('offline'),
  /** Default 256 (OFFLINE_DEFAULT_DIMENSIONS); at least the word vectors' 100. */
  dimensions: z.number().int().min(100).max(4096).optional(),
});

export const openAICompatibleEmbeddingConfigSchema = z.object({
  kind: z.literal('openai-compatible'),
  baseURL: z.url({ protocol: /^https?$/, message: 'Base URL must be an http:// or https:// URL' }),
  apiKey: z.string().optional(),
  model: z.string().trim().min(1),
  dimensions: z.number().int().min(1).max(8192),
  sendDimensions: z.boolean().optional(),
  batchSize: z.number().int().min(1).max(2048).optional(),
  timeoutMs: z.number().int().positive().optional(),
  maxRetries: z.number().int().min(0).max(10).optional(),
});

export const embeddingConfigSchema = z.discriminatedUnion('kind', [
  offlineEmbeddingConfigSchema,
  openAICompatibleEmbeddingConfigSchema,
]);

export type EmbeddingConfig = z.infer<typeof embeddingConfigSchema>;

export const DEFAULT_EMBEDDING_CONFIG: EmbeddingConfig = { kind: 'offline', dimensions: OFFLINE_DEFAULT_DIMENSIONS };

/** Builds the provider for a config; validate untrusted input with embeddingConfigSchema first. */
export function createEmbeddingProvider(config: EmbeddingConfig): EmbeddingProvider {
  switch (config.kind) {
    case 'offline':
      return new OfflineWordEmbedder({ dimensions: config.dimensions });
    case 'openai-compatible': {
      const { kind: _kind, ...rest } = config;
      return new OpenAICompatibleEmbedder(rest);
    }
  }
}
