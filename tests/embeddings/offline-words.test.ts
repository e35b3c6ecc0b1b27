import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { OfflineHashEmbedder } from '../../src-main/embeddings/offline';
import { OfflineWordEmbedder, OFFLINE_WORDS_EMBEDDER_ID } from '../../src-main/embeddings/offline-words';
import { EmbeddingError } from '../../src-main/embeddings/types';
import { encodeWordVectors, locateWordVectors, WordVectors } from '../../src-main/embeddings/word-vectors';
import { makeTempDir, openTestEngine } from '../helpers/temp-engine';

const cos = (a: Float32Array, b: Float32Array): number => a.reduce((s, x, i) => s + x * (b[i] as number), 0);
const norm = (a: Float32Array): number => Math.sqrt(cos(a, a));

/** A word-vector file from rows given here, in the shipped file's layout. */
function vectorFile(rows: Record<string, number[]>): string {
  const path = join(makeTempDir(), 'vectors.bin');
  writeFileSync(path, encodeWordVectors(Object.keys(rows), Object.values(rows)));
  return path;
}

describe('WordVectors', () => {
  it('reads the file format the build script writes', async () => {
    const vectors = await WordVectors.load(vectorFile({ cat: [1, 0, 0, 0], kitten: [0.9, 0.1, 0, 0], tax: [0, 0, 1, 0] }));
    expect(vectors.size).toBe(3);
    expect(vectors.dimensions).toBe(4);
    const acc = new Float64Array(4);
    expect(vectors.addTo(acc, 'kitten', 2)).toBe(true);
    expect(vectors.addTo(acc, 'dog', 1)).toBe(false);
    expect(acc[0]).toBeCloseTo(1.8, 2);
    expect(acc[1]).toBeCloseTo(0.2, 2);
  });

  it('refuses a file that is not word vectors, or is cut short', () => {
    expect(() => WordVectors.parse(Buffer.from('not a vector file at all'))).toThrow(/magic/);
    const path = vectorFile({ cat: [1, 0], dog: [0, 1] });
    const whole = readFileSync(path);
    expect(() => WordVectors.parse(whole.subarray(0, whole.length - 1))).toThrow(/truncated/);
  });
});

describe('OfflineWordEmbedder on a small vocabulary', () => {
  // Temp dirs are removed after each test, so each test writes its own file.
  let path = '';
  beforeEach(() => {
    path = vectorFile({ cat: [1, 0.1, 0, 0], kitten: [0.9, 0.2, 0, 0], tax: [0, 0, 1, 0.1], filing: [0, 0, 0.8, 0.3] });
  });

  it('puts texts with related known words close, unrelated ones far', async () => {
    const e = new OfflineWordEmbedder({ dimensions: 16, vectorsPath: path });
    const [cat, kitten, tax] = await e.embedBatch(['my cat', 'the kitten', 'tax filing']);
    expect(cos(cat as Float32Array, kitten as Float32Array)).toBeGreaterThan(0.9);
    expect(cos(cat as Float32Array, tax as Float32Array)).toBeLessThan(0.1);
    expect(norm(cat as Float32Array)).toBeCloseTo(1, 5);
  });

  it('hashes words it does not know, so names and other languages still match themselves', async () => {
    const e = new OfflineWordEmbedder({ dimensions: 64, vectorsPath: path });
    const [a, b, c] = await e.embedBatch(['Dima adopted Pickle', 'Pickle, says Dima', 'tax filing']);
    expect(cos(a as Float32Array, b as Float32Array)).toBeGreaterThan(0.5);
    expect(cos(a as Float32Array, c as Float32Array)).toBeLessThan(0.3);
    // Only unknown words: the hashing embedder's vector of those words.
    const [ru] = await e.embedBatch(['собака приют']);
    expect(Array.from(ru as Float32Array)).toEqual(Array.from(new OfflineHashEmbedder({ dimensions: 64 }).embed('собака приют')));
  });

  it('embeds empty and stop-word-only text to the zero vector', async () => {
    const e = new OfflineWordEmbedder({ dimensions: 16, vectorsPath: path });
    const [empty, stop] = await e.embedBatch(['', 'what did you do then?']);
    expect(norm(empty as Float32Array)).toBe(0);
    expect(norm(stop as Float32Array)).toBe(0);
  });

  it('fails with a clear error when the vectors are missing, and tries again later', async () => {
    const missing = join(makeTempDir(), 'nowhere.bin');
    const e = new OfflineWordEmbedder({ vectorsPath: missing });
    const err = await e.embedBatch(['hello']).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(EmbeddingError);
    expect((err as EmbeddingError).code).toBe('unknown_model');
    expect((err as EmbeddingError).message).toContain(missing);
    writeFileSync(missing, readFileSync(path));
    const [v] = await e.embedBatch(['cat']);
    expect(norm(v as Float32Array)).toBeCloseTo(1, 5);
  });

  it('needs at least as many dimensions as the word vectors', async () => {
    const e = new OfflineWordEmbedder({ dimensions: 2, vectorsPath: path });
    await expect(e.embedBatch(['cat'])).rejects.toThrow(/at least 4 dimensions/);
  });
});

describe('OfflineWordEmbedder with the shipped vectors', () => {
  it('finds the vectors in resources/ and bridges words a person uses for the same thing', async () => {
    expect(locateWordVectors()).toMatch(/resources[/\\]word-vectors[/\\]glove-100d-en\.bin$/);
    const e = new OfflineWordEmbedder();
    expect(e.id).toBe(OFFLINE_WORDS_EMBEDDER_ID);
    expect((await e.ready()).size).toBe(100_000);
    const [exercise, swimming, taxes] = await e.embedBatch(['what exercise does Priya do', 'Priya joined a sea swimming group', 'Priya filed her taxes']);
    expect(cos(exercise as Float32Array, swimming as Float32Array)).toBeGreaterThan(cos(exercise as Float32Array, taxes as Float32Array));
  });
});

describe('upgrading from the hashing embedder', () => {
  async function hashedMemory(): Promise<string> {
    const dir = makeTempDir();
    const first = openTestEngine({ dataDir: dir, embedder: new OfflineHashEmbedder() });
    for (const text of ['I joined a sea-swimming group', 'The tax filing is due Friday', 'Pickle sleeps on the sofa'])
      first.engine.recordEpisode({ content: text, sessionId: 's' });
    await first.engine.drainSlowPath();
    expect(first.engine.vectorStatus().lockedModel).toBe('offline-hash-v1');
    await first.engine.close();
    return dir;
  }

  it('rebuilds a memory’s offline-hash-v1 vectors with the word embedder on open, without being asked', async () => {
    const dir = await hashedMemory();
    const { engine, logger } = openTestEngine({ dataDir: dir, upgradeOfflineVectors: true });
    await new Promise<void>((resolve) => engine.onChange((c) => c.kind === 'vectors.rebuilt' && resolve()));
    expect(engine.vectorStatus()).toMatchObject({ lockedModel: OFFLINE_WORDS_EMBEDDER_ID, vectorSearchEnabled: true });
    const vectors = (engine.database.prepare('SELECT count(*) AS n FROM vec_nodes').get() as { n: number }).n;
    expect(vectors).toBe(3);
    expect(logger.warnings.join('\n')).toMatch(/rebuilding the vectors made by offline-hash-v1/);
    const hits = (await engine.search({ query: 'what exercise do I do', types: ['episodic'] })).hits;
    expect(hits[0]?.node.content).toBe('I joined a sea-swimming group');
    expect(hits[0]?.strategies.map((s) => s.strategy)).toContain('vector');
  });

  it('keeps the old vectors when the word vectors cannot be read', async () => {
    const dir = await hashedMemory();
    const missing = join(makeTempDir(), 'nowhere.bin');
    const { engine, logger } = openTestEngine({ dataDir: dir, embedder: new OfflineWordEmbedder({ vectorsPath: missing }), upgradeOfflineVectors: true });
    await expect.poll(() => logger.warnings.join('\n')).toMatch(/offline-hash-v1 are kept/);
    expect(engine.vectorStatus()).toMatchObject({ lockedModel: 'offline-hash-v1', vectorSearchEnabled: false });
    expect((engine.database.prepare('SELECT count(*) AS n FROM vec_nodes').get() as { n: number }).n).toBe(3);
  });
});
