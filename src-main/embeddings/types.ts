import { AppError, TRANSIENT_PROVIDER_FAILURES, type ProviderFailure } from '../../src-shared/errors';

/**
 * Batch-first embedding provider interface (ADR 008 C2).
 * Every provider embeds a list of texts in one call; single-text embedding is a batch of one.
 */
export interface EmbeddingProvider {
  /** Stable identifier of the model, e.g. "offline-hash-v1" or "openai:text-embedding-3-large". */
  readonly id: string;
  /** Vector length this provider returns. */
  readonly dimensions: number;
  /**
   * `lexical` embedders (the offline hashing one) only see shared words and word pieces, which BM25 already
   * ranks well, so retrieval gives their vectors less weight; `semantic` models (the default) get full weight.
   */
  readonly kind?: 'lexical' | 'semantic';
  /**
   * Embed texts; the result is parallel to `texts`. Vectors are L2-normalised Float32Arrays.
   * Rejects with an EmbeddingError when the whole batch failed (network, HTTP error, bad response).
   */
  embedBatch(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<Float32Array[]>;
}

/** The provider vocabulary (src-shared/errors), plus a vector length the memory does not store. */
export type EmbeddingErrorCode = ProviderFailure | 'dimension_mismatch';

export class EmbeddingError extends AppError<EmbeddingErrorCode> {
  /** True when retrying later may succeed (network, timeout, 429, 5xx). */
  readonly retryable: boolean;

  constructor(code: EmbeddingErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'EmbeddingError';
    this.retryable = code !== 'dimension_mismatch' && TRANSIENT_PROVIDER_FAILURES.has(code);
  }
}
