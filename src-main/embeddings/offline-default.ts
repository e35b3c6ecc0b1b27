/**
 * The offline embedders as the engine meets them: which one the app uses, and what they share (files to load
 * before the first vector, word vectors retrieval also reads, earlier offline embedders they replace).
 */
import { OfflineSentenceEmbedder } from './offline-sentence';
import { OfflineWordEmbedder } from './offline-words';
import type { EmbeddingProvider } from './types';
import type { WordVectors } from './word-vectors';

export type OfflineEmbedder = OfflineWordEmbedder | OfflineSentenceEmbedder;

/**
 * The embedder of the app, browser mode, the CLI and MCP unless another is configured: the sentence encoder with
 * word vectors. `MemoryEngine.open` without an embedder keeps the word embedder alone (no model to load: tests,
 * benchmarks and library use); a memory made by it is rebuilt with this one when the app opens it.
 */
export function defaultEmbedder(): EmbeddingProvider {
  return new OfflineSentenceEmbedder();
}

export function isOfflineEmbedder(embedder: EmbeddingProvider): embedder is OfflineEmbedder {
  return embedder instanceof OfflineWordEmbedder || embedder instanceof OfflineSentenceEmbedder;
}

/** The offline word vectors when the embedder has them loaded (null otherwise): similar words match by them. */
export function loadedWordVectors(embedder: EmbeddingProvider): WordVectors | null {
  return isOfflineEmbedder(embedder) ? embedder.loadedVectors() : null;
}
