import { describe, expect, it } from 'vitest';
import { OfflineHashEmbedder } from '../../src-main/embeddings/offline';
import { knnNodes } from '../../src-main/memory/repo/vectors';
import { FlakyEmbedder } from '../helpers/embedders';
import { ManualClock, openTestEngine } from '../helpers/temp-engine';

describe('slow path', () => {
  it('embeds queued nodes in batches into vec_nodes', async () => {
    const { engine } = openTestEngine({ slowPath: { batchSize: 7 } });
    for (let i = 0; i < 30; i++) engine.recordEpisode({ content: `note ${i} about sourdough starter`, sessionId: 's' });
    engine.recordEpisode({ content: 'The quarterly tax filing is due Friday', sessionId: 's' });
    await engine.drainSlowPath();
    const db = engine.database;
    expect((db.prepare('SELECT count(*) AS n FROM vec_nodes').get() as { n: number }).n).toBe(31);
    expect(engine.stats().pending_embeddings).toBe(0);
    const [query] = await engine.embedder.embedBatch(['when is the tax filing due']);
    const [best] = knnNodes(db, query ?? new Float32Array(), 3);
    expect(engine.getNode(best?.nodeId ?? '').node.content).toBe('The quarterly tax filing is due Friday');
  });

  it('keeps nodes pending with the error when embedding fails, and retries with backoff', async () => {
    const clock = new ManualClock();
    const embedder = new FlakyEmbedder(2);
    const { engine, logger } = openTestEngine({ clock, embedder, slowPath: { baseBackoffMs: 1_000 } });
    engine.recordEpisode({ content: 'remember the blue umbrella', sessionId: 's' });
    await engine.drainSlowPath();
    let s = engine.stats();
    expect(s.pending_embeddings).toBe(1);
    expect(s.failing_embeddings).toBe(1);
    expect(s.last_embedding_error).toMatch(/unreachable/);
    expect(logger.warnings.some((w) => w.includes('will retry'))).toBe(true);
    // Not due yet: draining does not hammer the endpoint.
    const calls = embedder.calls;
    await engine.drainSlowPath();
    expect(embedder.calls).toBe(calls);
    clock.t += 1_000; // first backoff
    await engine.drainSlowPath(); // second failure, backoff doubles
    expect(engine.stats().failing_embeddings).toBe(1);
    clock.t += 1_999;
    await engine.drainSlowPath();
    expect(engine.stats().pending_embeddings).toBe(1);
    clock.t += 1;
    await engine.drainSlowPath();
    s = engine.stats();
    expect(s.pending_embeddings).toBe(0);
    expect((engine.database.prepare('SELECT count(*) AS n FROM vec_nodes').get() as { n: number }).n).toBe(1);
  });

  it('resumes the backlog after a restart', async () => {
    const { engine, dir } = openTestEngine({ startSlowPath: false });
    engine.recordEpisode({ content: 'queued before the restart', sessionId: 's' });
    await engine.close();
    const { engine: reopened } = openTestEngine({ dataDir: dir });
    await reopened.drainSlowPath();
    expect(reopened.stats().pending_embeddings).toBe(0);
  });

  it('disables vector search with a warning on a dimension mismatch, and reembed rebuilds', async () => {
    const { engine, dir } = openTestEngine();
    engine.recordEpisode({ content: 'vectors at 256 dimensions', sessionId: 's' });
    engine.rememberFact({ content: 'A fact to re-embed' });
    engine.createEntity({ name: 'Kiwi', type: 'concept' });
    await engine.drainSlowPath();
    await engine.close();

    const { engine: small, logger } = openTestEngine({ dataDir: dir, embedder: new OfflineHashEmbedder({ dimensions: 64 }) });
    const status = small.stats().embedding;
    expect(status).toMatchObject({ vectorSearchEnabled: false, lockedDimensions: 256, dimensions: 64 });
    expect(status.warning).toMatch(/256 dimensions.*64.*reembed/);
    expect(logger.warnings.some((w) => w.includes('Vector search is disabled'))).toBe(true);
    // New episodes wait (parked, not retried) instead of writing vectors of the wrong size.
    small.recordEpisode({ content: 'recorded while locked', sessionId: 's' });
    await small.drainSlowPath();
    expect(small.stats().pending_embeddings).toBe(1);

    const r = await small.reembed();
    expect(r).toEqual({ nodes: 3, dimensions: 64 });
    const after = small.stats();
    expect(after.embedding).toMatchObject({ vectorSearchEnabled: true, lockedDimensions: 64, warning: null });
    expect(after.pending_embeddings).toBe(0);
    const db = small.database;
    expect((db.prepare('SELECT count(*) AS n FROM vec_nodes').get() as { n: number }).n).toBe(3);
    expect((db.prepare('SELECT count(*) AS n FROM vec_entities').get() as { n: number }).n).toBe(1);
    const hits = knnNodes(db, new OfflineHashEmbedder({ dimensions: 64 }).embed('recorded while locked'), 1);
    expect(small.getNode(hits[0]?.nodeId ?? '').node.content).toBe('recorded while locked');
  });
});

describe('slow path edge cases', () => {
  it('keeps wordless content out of the vector index (a zero vector has no direction)', async () => {
    const { engine } = openTestEngine();
    engine.recordEpisode({ content: '!!! ???', sessionId: 's' });
    engine.recordEpisode({ content: 'hello world', sessionId: 's' });
    await engine.drainSlowPath();
    expect(engine.stats().pending_embeddings).toBe(0);
    const hits = knnNodes(engine.database, new OfflineHashEmbedder().embed('hello'), 5);
    expect(hits).toHaveLength(1);
    expect(hits[0]?.distance).toBeCloseTo(0.5, 0);
  });
});
