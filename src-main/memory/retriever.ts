/** The read path's wiring: what search and context packs need from the engine, and the intent exemplars. */
import { loadedWordVectors } from '../embeddings/offline-default';
import type { EmbeddingProvider } from '../embeddings/types';
import type { EngineContext } from './context';
import * as entityOps from './entities';
import type { AliasIndex } from './entity-mentions';
import type { EngineGuard } from './guard';
import type { RetrievalConfig } from './retrieval/config';
import { EmbeddingIntentClassifier } from './retrieval/intent';
import type { RetrieverDeps } from './retrieval/search';
import { TermStats } from './retrieval/term-stats';
import type { VectorStore } from './vector-store';

export class Retriever {
  private readonly classifier: EmbeddingIntentClassifier;
  private classifierReady: Promise<void> | null = null;
  private termStats: TermStats | null = null;

  constructor(
    private readonly ctx: EngineContext,
    private readonly embedder: EmbeddingProvider,
    private readonly config: RetrievalConfig,
    private readonly vectors: VectorStore,
    private readonly aliases: () => AliasIndex,
  ) {
    this.classifier = new EmbeddingIntentClassifier(config.intentThreshold);
  }

  /** Term statistics are rebuilt after rows arrive in bulk (a snapshot import). */
  forgetTermStats(): void {
    this.termStats = null;
  }

  /**
   * The read path once the intent exemplars are embedded (once, on first use; if that fails the keyword
   * classifier answers). The engine is checked open, and queued episodes committed, before and after the wait.
   */
  async whenReady(guard: EngineGuard): Promise<RetrieverDeps> {
    guard.flushed();
    this.classifierReady ??= this.classifier.initialize(this.embedder).catch((err: unknown) => {
      this.ctx.logger.warn(`intent exemplars could not be embedded; using keyword intents: ${String(err)}`);
    });
    await this.classifierReady;
    guard.open();
    return this.deps();
  }

  private deps(): RetrieverDeps {
    return {
      db: this.ctx.db,
      embedder: this.embedder,
      classifier: this.classifier,
      config: this.config,
      now: () => this.ctx.clock.now(),
      vectorsEnabled: () => this.vectors.status().vectorSearchEnabled,
      mentionedEntities: (text) => this.aliases().match(text),
      entitiesNamed: (name) => entityOps.findEntitiesByName(this.ctx, name).map((e) => e.id),
      knn: (query, k, types, includeInactive, spaceId) => this.vectors.knn(query, k, types, includeInactive, spaceId),
      termStats: (this.termStats ??= new TermStats(this.ctx.db)),
      wordVectors: () => loadedWordVectors(this.embedder),
    };
  }
}
