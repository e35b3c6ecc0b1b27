import { describe, expect, it } from 'vitest';
import {
  createEmbeddingProvider,
  embeddingConfigSchema,
  OfflineWordEmbedder,
  OpenAICompatibleEmbedder,
} from '../../src-main/embeddings';

describe('embeddingConfigSchema', () => {
  it('accepts offline configs with and without dimensions', () => {
    expect(embeddingConfigSchema.parse({ kind: 'offline' })).toEqual({ kind: 'offline' });
    expect(embeddingConfigSchema.parse({ kind: 'offline', dimensions: 512 })).toEqual({ kind: 'offline', dimensions: 512 });
  });

  it('rejects out-of-range offline dimensions', () => {
    expect(embeddingConfigSchema.safeParse({ kind: 'offline', dimensions: 4 }).success).toBe(false);
    expect(embeddingConfigSchema.safeParse({ kind: 'offline', dimensions: 5000 }).success).toBe(false);
    expect(embeddingConfigSchema.safeParse({ kind: 'offline', dimensions: 100.5 }).success).toBe(false);
  });

  it('accepts an openai-compatible config', () => {
    const config = {
      kind: 'openai-compatible',
      baseURL: 'http://127.0.0.1:11434/v1',
      model: 'nomic-embed-text',
      dimensions: 768,
      sendDimensions: false,
      batchSize: 32,
    };
    expect(embeddingConfigSchema.parse(config)).toEqual(config);
  });

  it('rejects a non-http base URL, a missing model and unknown kinds', () => {
    const base = { kind: 'openai-compatible', model: 'm', dimensions: 256 };
    expect(embeddingConfigSchema.safeParse({ ...base, baseURL: 'ftp://example.com' }).success).toBe(false);
    expect(embeddingConfigSchema.safeParse({ ...base, baseURL: 'localhost:11434' }).success).toBe(false);
    expect(embeddingConfigSchema.safeParse({ ...base, baseURL: 'https://api.openai.com/v1', model: '' }).success).toBe(false);
    expect(embeddingConfigSchema.safeParse({ kind: 'magic' }).success).toBe(false);
  });
});

describe('createEmbeddingProvider', () => {
  it('builds the offline embedder', () => {
    const provider = createEmbeddingProvider({ kind: 'offline', dimensions: 128 });
    expect(provider).toBeInstanceOf(OfflineWordEmbedder);
    expect(provider.dimensions).toBe(128);
    expect(createEmbeddingProvider({ kind: 'offline' }).dimensions).toBe(256);
  });

  it('builds the OpenAI-compatible embedder', () => {
    const provider = createEmbeddingProvider({
      kind: 'openai-compatible',
      baseURL: 'https://api.openai.com/v1',
      apiKey: 'sk-test',
      model: 'text-embedding-3-large',
      dimensions: 256,
    });
    expect(provider).toBeInstanceOf(OpenAICompatibleEmbedder);
    expect(provider.id).toBe('openai:text-embedding-3-large');
    expect(provider.dimensions).toBe(256);
  });
});
