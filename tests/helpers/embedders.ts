import { OfflineHashEmbedder } from '../../src-main/embeddings/offline';
import { EmbeddingError, type EmbeddingProvider } from '../../src-main/embeddings/types';

/** A real offline embedder that fails its first `failures` calls, like an endpoint that is down for a while. */
export class FlakyEmbedder implements EmbeddingProvider {
  readonly id: string;
  readonly dimensions: number;
  calls = 0;
  private readonly inner: OfflineHashEmbedder;

  constructor(private failures: number, dimensions = 256) {
    this.inner = new OfflineHashEmbedder({ dimensions });
    this.id = this.inner.id;
    this.dimensions = dimensions;
  }

  setFailures(n: number): void {
    this.failures = n;
  }

  async embedBatch(texts: readonly string[]): Promise<Float32Array[]> {
    this.calls++;
    if (this.failures > 0) {
      this.failures--;
      throw new EmbeddingError('unreachable', 'Embedding endpoint http://127.0.0.1:9/v1 is unreachable: connection refused');
    }
    return this.inner.embedBatch(texts);
  }
}
