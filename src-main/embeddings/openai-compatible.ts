import type OpenAI from 'openai';
import { l2Normalise } from '../../src-shared/vectors';
import { classifyProviderError } from '../llm/errors';
import { bufferedFetch, createOpenAIClient, PLACEHOLDER_API_KEY } from '../llm/openai-client';
import { EmbeddingError, type EmbeddingProvider } from './types';

export { PLACEHOLDER_API_KEY };

/**
 * Any endpoint that speaks the OpenAI embeddings API: OpenAI itself, Ollama, LM Studio,
 * llama.cpp server, vLLM, LocalAI, ...
 */
export interface OpenAICompatibleConfig {
  /** e.g. "https://api.openai.com/v1" or "http://127.0.0.1:11434/v1". */
  baseURL: string;
  /** Omit for local servers; a placeholder is sent because the SDK insists on a key. */
  apiKey?: string;
  model: string;
  /** Expected vector length; every returned vector is checked against it. */
  dimensions: number;
  /**
   * Send `dimensions` in the request (default true). Only models with shortenable embeddings
   * (OpenAI text-embedding-3-*) support it; some Ollama-style servers reject or ignore it.
   */
  sendDimensions?: boolean;
  /** Texts per request (default 64). */
  batchSize?: number;
  /** Per-attempt timeout, covering the whole response body (default 60 000 ms). */
  timeoutMs?: number;
  /** SDK retries for connection errors, timeouts, 408/409/429/5xx (default 2). */
  maxRetries?: number;
}

/** ADR 008: OpenAI text-embedding-3-large shortened to 256 dimensions. */
export const DEFAULT_OPENAI_EMBEDDING = {
  baseURL: 'https://api.openai.com/v1',
  model: 'text-embedding-3-large',
  dimensions: 256,
} as const;

export const DEFAULT_EMBEDDING_BATCH_SIZE = 64;
export const DEFAULT_EMBEDDING_TIMEOUT_MS = 60_000;
export const DEFAULT_EMBEDDING_MAX_RETRIES = 2;

export class OpenAICompatibleEmbedder implements EmbeddingProvider {
  readonly id: string;
  readonly dimensions: number;
  private readonly client: OpenAI;
  private readonly config: OpenAICompatibleConfig;
  private readonly batchSize: number;

  constructor(config: OpenAICompatibleConfig) {
    if (!Number.isInteger(config.dimensions) || config.dimensions < 1) {
      throw new RangeError(`Embedding dimensions must be a positive integer, got ${config.dimensions}`);
    }
    const batchSize = config.batchSize ?? DEFAULT_EMBEDDING_BATCH_SIZE;
    if (!Number.isInteger(batchSize) || batchSize < 1) {
      throw new RangeError(`Embedding batch size must be a positive integer, got ${batchSize}`);
    }
    this.config = config;
    this.id = `openai:${config.model}`;
    this.dimensions = config.dimensions;
    this.batchSize = batchSize;
    this.client = createClient(config);
  }

  /**
   * Empty and whitespace-only texts are not sent (OpenAI rejects empty input); they get zero
   * vectors, as with the offline embedder. Batches run one after another.
   */
  async embedBatch(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<Float32Array[]> {
    const signal = options?.signal;
    const out: Float32Array[] = texts.map(() => new Float32Array(this.dimensions));
    const pending: number[] = [];
    texts.forEach((text, i) => {
      if (text.trim() !== '') pending.push(i);
    });

    for (let start = 0; start < pending.length; start += this.batchSize) {
      if (signal?.aborted) throw abortedError(signal);
      const indices = pending.slice(start, start + this.batchSize);
      const vectors = await requestEmbeddings(
        this.client,
        this.config,
        indices.map((i) => texts[i] ?? ''),
        this.config.dimensions,
        signal,
      );
      vectors.forEach((vector, j) => {
        const index = indices[j];
        if (index !== undefined) out[index] = vector;
      });
    }
    return out;
  }
}

export type EmbeddingProbeConfig = Omit<OpenAICompatibleConfig, 'dimensions'> & { dimensions?: number };

/**
 * Embeds one short text and returns the vector length, for a "test connection" button.
 * Throws the same EmbeddingErrors as embedding does. `dimensions`, when given, is sent (unless
 * sendDimensions is false) but not enforced, so the caller sees what the endpoint really returns.
 */
export async function probeEmbeddingDimensions(
  config: EmbeddingProbeConfig,
  options?: { signal?: AbortSignal },
): Promise<number> {
  const client = createClient(config);
  const [vector] = await requestEmbeddings(client, config, ['connection test'], undefined, options?.signal);
  if (!vector) throw new EmbeddingError('malformed_output', `Embedding endpoint ${config.baseURL} returned no vector`);
  return vector.length;
}

function createClient(config: Omit<OpenAICompatibleConfig, 'dimensions'>): OpenAI {
  return createOpenAIClient({
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs ?? DEFAULT_EMBEDDING_TIMEOUT_MS,
    maxRetries: config.maxRetries ?? DEFAULT_EMBEDDING_MAX_RETRIES,
    fetch: bufferedFetch,
  });
}


interface Settings {
  baseURL: string;
  model: string;
  sendDimensions?: boolean;
  dimensions?: number;
  timeoutMs?: number;
}

async function requestEmbeddings(
  client: OpenAI,
  config: Settings,
  input: string[],
  expectedDimensions: number | undefined,
  signal: AbortSignal | undefined,
): Promise<Float32Array[]> {
  const sendDimensions = (config.sendDimensions ?? true) && config.dimensions !== undefined;
  let body: unknown;
  try {
    body = await client.embeddings.create(
      {
        model: config.model,
        input,
        // The SDK defaults to base64, which Ollama-style servers ignore; floats work everywhere.
        encoding_format: 'float',
        ...(sendDimensions ? { dimensions: config.dimensions } : {}),
      },
      signal ? { signal } : undefined,
    );
  } catch (error) {
    throw toEmbeddingError(error, config, signal);
  }
  return parseEmbeddingResponse(body, input.length, expectedDimensions, config);
}

function parseEmbeddingResponse(
  body: unknown,
  count: number,
  expectedDimensions: number | undefined,
  config: Settings,
): Float32Array[] {
  const bad = (detail: string): EmbeddingError =>
    new EmbeddingError('malformed_output', `Embedding endpoint ${config.baseURL} returned a malformed response: ${detail}`);

  if (!isRecord(body) || !Array.isArray(body.data)) throw bad('expected an object with a "data" array');
  const items: unknown[] = body.data;
  if (items.length !== count) throw bad(`expected ${count} embeddings, got ${items.length}`);

  // Some servers omit `index`; then the order of `data` is all there is.
  const positional = items.every((item) => isRecord(item) && item.index === undefined);
  const slots: (Float32Array | undefined)[] = new Array<Float32Array | undefined>(count);
  items.forEach((item, position) => {
    if (!isRecord(item)) throw bad(`item ${position} is not an object`);
    const index = positional ? position : item.index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count) {
      throw bad(`item ${position} has an invalid index ${JSON.stringify(index)}`);
    }
    if (slots[index]) throw bad(`index ${index} appears twice`);
    const embedding = item.embedding;
    if (!isFiniteNumberArray(embedding)) throw bad(`item ${position} has no numeric "embedding" array`);
    if (embedding.length === 0) throw bad(`item ${position} has an empty embedding`);
    if (expectedDimensions !== undefined && embedding.length !== expectedDimensions) {
      throw new EmbeddingError(
        'dimension_mismatch',
        `Embedding model "${config.model}" returned ${embedding.length}-dimensional vectors, but ${expectedDimensions} dimensions are configured`,
      );
    }
    slots[index] = l2Normalise(embedding);
  });
  return slots.map((vector, i) => {
    if (!vector) throw bad(`missing embedding for input ${i}`);
    return vector;
  });
}

function toEmbeddingError(error: unknown, config: Settings, signal: AbortSignal | undefined): EmbeddingError {
  if (error instanceof EmbeddingError) return error;
  if (signal?.aborted) return abortedError(signal, error);
  const failure = classifyProviderError(error, {
    baseURL: config.baseURL,
    model: config.model,
    label: 'Embedding endpoint',
    timeoutMs: config.timeoutMs ?? DEFAULT_EMBEDDING_TIMEOUT_MS,
  });
  if (failure.reason === 'cancelled') return abortedError(signal, error);
  return new EmbeddingError(failure.reason, failure.message, { cause: error });
}

function abortedError(signal: AbortSignal | undefined, cause?: unknown): EmbeddingError {
  return new EmbeddingError('cancelled', 'Embedding request was cancelled', { cause: cause ?? signal?.reason });
}

function isFiniteNumberArray(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isFinite(v));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
