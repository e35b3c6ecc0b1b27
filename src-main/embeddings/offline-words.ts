/**
 * The word embedder, the engine's own default (the app's, offline-sentence.ts, joins it): static English word
 * vectors for the words it knows, feature hashing for the rest. No network and no model download (the vectors ship
 * in resources/word-vectors/).
 *
 * Why: the hashing embedder alone only sees shared words, which BM25 already ranks; people ask about their
 * past in other words than they used ("what exercise does Priya do" vs "I've joined a sea-swimming group").
 * Summed GloVe vectors of the content words bridge many of those gaps. Words outside the vocabulary
 * (names, typos, numbers, other languages such as Russian) keep the hashing embedder's features, spread
 * over all dimensions, so a Russian text embeds exactly as before and a rare name still matches itself.
 *
 * Measured on tests/fixtures/recall (four English conversations, Recall@10 of the full search): 0.553 with
 * hashing alone, 0.63 with this embedder; Russian unchanged (0.474). It is still a word-level embedder
 * (kind "lexical"): retrieval gives its vectors a modest weight and classifies intent by keywords.
 * Any change to the words, weights or vectors changes the vectors: bump OFFLINE_WORDS_EMBEDDER_ID.
 */
import { STOPWORDS } from '../../src-shared/text';
import { l2Normalise } from '../../src-shared/vectors';
import { OfflineHashEmbedder, OFFLINE_DEFAULT_DIMENSIONS, countWords } from './offline';
import { EmbeddingError, type EmbeddingProvider } from './types';
import { locateWordVectors, WordVectors } from './word-vectors';

export const OFFLINE_WORDS_EMBEDDER_ID = 'offline-words-v1';

/**
 * Weight of the hashed out-of-vocabulary words against the word vectors: a GloVe row has norm ≈ 5, and
 * n hashed words together get 1.5·√n, which ranked best on the fixtures (2.5: 0.619, 1.5: 0.630).
 */
const OOV_WEIGHT = 1.5;

export interface OfflineWordEmbedderOptions {
  /** Vector length, default 256; at least the word vectors' 100. */
  dimensions?: number;
  /** The word-vector file; default locateWordVectors(). */
  vectorsPath?: string;
}

export class OfflineWordEmbedder implements EmbeddingProvider {
  readonly id = OFFLINE_WORDS_EMBEDDER_ID;
  readonly kind = 'lexical';
  /** The earlier offline embedder: its vectors are rebuilt with this one on open (local and free, so unasked). */
  readonly replaces: readonly string[] = ['offline-hash-v1'];
  readonly dimensions: number;
  private readonly hashing: OfflineHashEmbedder;
  private readonly vectorsPath: string;
  private loading: Promise<WordVectors> | null = null;
  private vectors: WordVectors | null = null;

  constructor(options: OfflineWordEmbedderOptions = {}) {
    this.dimensions = options.dimensions ?? OFFLINE_DEFAULT_DIMENSIONS;
    this.hashing = new OfflineHashEmbedder({ dimensions: this.dimensions });
    this.vectorsPath = options.vectorsPath ?? locateWordVectors();
  }

  /** Loads the word vectors once (about 11 MB, read asynchronously); embedBatch waits for it. */
  ready(): Promise<WordVectors> {
    this.loading ??= WordVectors.load(this.vectorsPath).then(
      (vectors) => {
        if (vectors.dimensions > this.dimensions) {
          throw new RangeError(`the offline embedder needs at least ${vectors.dimensions} dimensions, got ${this.dimensions}`);
        }
        this.vectors = vectors;
        return vectors;
      },
      (err: unknown) => {
        this.loading = null; // a later call tries again (the file may be restored)
        throw new EmbeddingError('unknown_model', `Cannot read the offline word vectors at ${this.vectorsPath}: ${String(err)}`, { cause: err });
      },
    );
    return this.loading;
  }

  async embedBatch(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<Float32Array[]> {
    if (options?.signal?.aborted) throw new EmbeddingError('cancelled', 'Embedding request was cancelled', { cause: options.signal.reason });
    const vectors = this.vectors ?? (await this.ready());
    return texts.map((text) => this.embedWith(vectors, text));
  }

  /** The word vectors once ready() has resolved (null before): retrieval matches words by them too. */
  loadedVectors(): WordVectors | null {
    return this.vectors;
  }

  /** Synchronous embedding once ready() has resolved. */
  embed(text: string): Float32Array {
    if (!this.vectors) throw new Error('OfflineWordEmbedder.embed() before ready()');
    return this.embedWith(this.vectors, text);
  }

  private embedWith(vectors: WordVectors, text: string): Float32Array {
    const acc = new Float64Array(this.dimensions);
    // Each distinct word once, weighted by its count: the sum of its vector over every occurrence.
    const unknown = new Map<string, number>();
    let unknownOccurrences = 0;
    for (const [word, count] of countWords(text)) {
      if (STOPWORDS.has(word) || (word.length === 1 && !/\d/.test(word))) continue;
      if (vectors.addTo(acc, word, count)) continue;
      // The hashing embedder re-reads the unknown words as a text (lower-case and NFKC again, which can still
      // change a word NFKC produced, such as "ℌ" → "H" → "h"), so each is re-read here, once.
      for (const [part, n] of countWords(word)) unknown.set(part, (unknown.get(part) ?? 0) + n * count);
      unknownOccurrences += count;
    }
    if (unknownOccurrences > 0) {
      const hashed = this.hashing.embedWordCounts(unknown);
      const weight = OOV_WEIGHT * Math.sqrt(unknownOccurrences);
      for (let d = 0; d < this.dimensions; d++) acc[d] = (acc[d] as number) + (hashed[d] as number) * weight;
    }
    return l2Normalise(acc);
  }
}
