import { describe, expect, it } from 'vitest';
import { approxBlob, BinaryCodeIndex, binaryCode, floatsFromApprox } from '../../src-main/memory/vector-index';
import { rng } from '../../bench/lib/chat-corpus';
import { nodeVectors, rerankVectors } from '../../src-main/memory/repo/vectors';
import { openTestEngine } from '../helpers/temp-engine';

function randomUnit(r: () => number, dims: number): Float32Array {
  const v = new Float32Array(dims).map(() => r() - 0.5);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

describe('binary code index', () => {
  it('returns exactly the Hamming-nearest codes, honouring type and currency', () => {
    const r = rng(5);
    const index = new BinaryCodeIndex(8, 4); // small capacity: exercises growth
    const vectors = Array.from({ length: 500 }, () => randomUnit(r, 256));
    vectors.forEach((v, i) => index.upsert(`n${i}`, binaryCode(v), i % 5 === 0 ? 'semantic' : 'episodic', i % 7 !== 0));
    const q = binaryCode(vectors[43] as Float32Array);
    const hamming = (a: Uint32Array, b: Uint32Array) => a.reduce((d, w, i) => d + [...((w ^ (b[i] as number)) >>> 0).toString(2)].filter((c) => c === '1').length, 0);
    const expected = vectors
      .map((v, i) => ({ id: `n${i}`, d: hamming(binaryCode(v), q), ok: i % 5 !== 0 && i % 7 !== 0 }))
      .filter((x) => x.ok)
      .sort((a, b) => a.d - b.d);
    const got = index.nearest(q, 10, ['episodic'], false);
    expect(got).toHaveLength(10);
    expect(got[0]).toBe('n43');
    const cutoff = expected[9]?.d as number;
    for (const id of got) expect(expected.find((e) => e.id === id)?.d).toBeLessThanOrEqual(cutoff);
    index.setActive('n43', false);
    expect(index.nearest(q, 10, ['episodic'], false)).not.toContain('n43');
    expect(index.nearest(q, 10, ['episodic'], true)[0]).toBe('n43');
  });

  it('serves the engine on large memories and stays in step with forget and restore', async () => {
    const { engine } = openTestEngine({ retrieval: { codeIndexMinNodes: 10, codeIndexRerank: 8 } });
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push(engine.recordEpisode({ content: `note ${i} about ${i % 2 ? 'sailing boats' : 'baking bread'} and item${i}`, sessionId: 's' }));
    const target = engine.recordEpisode({ content: 'the lighthouse keeper painted the lighthouse red', sessionId: 's' });
    await engine.flush();
    await engine.drainSlowPath();
    await engine.warmVectorIndex();
    const hits = async () => (await engine.search({ query: 'lighthouse keeper', types: ['episodic'] })).hits;
    const first = await hits();
    expect(first[0]?.node.id).toBe(target);
    expect(first[0]?.strategies.map((s) => s.strategy)).toContain('vector');
    engine.forget(target);
    expect((await hits()).map((h) => h.node.id)).not.toContain(target);
    engine.restore(target);
    expect((await hits())[0]?.node.id).toBe(target);
    // Embedded after the index was loaded: picked up through the change feed (the exact path would find it
    // too, so check the index itself answers).
    const later = engine.recordEpisode({ content: 'a submarine surfaced near the pier', sessionId: 's' });
    await engine.drainSlowPath();
    const sub = (await engine.search({ query: 'submarine', types: ['episodic'] })).hits[0];
    expect(sub?.node.id).toBe(later);
    expect(sub?.strategies.map((s) => s.strategy)).toContain('vector');
    const index = (engine as unknown as { vectors: { codeIndex: BinaryCodeIndex | null } }).vectors.codeIndex;
    const [vector] = await engine.embedder.embedBatch(['a submarine surfaced near the pier']);
    expect(index?.nearest(binaryCode(vector ?? new Float32Array()), 1, ['episodic'], false)).toEqual([later]);
  });

  it('loads in chunks, stops when asked, and the engine warms it in the background', async () => {
    const { engine } = openTestEngine();
    for (let i = 0; i < 30; i++) engine.recordEpisode({ content: `entry ${i} on topic ${i % 3}`, sessionId: 's' });
    await engine.drainSlowPath();
    let chunks = 0;
    const partial = await BinaryCodeIndex.loadInChunks(engine.database, 256, () => ++chunks > 2, 4);
    expect(partial).toBeNull(); // stopped on request
    const full = await BinaryCodeIndex.loadInChunks(engine.database, 256, () => false, 4);
    expect(full?.size).toBe(30);
    await engine.warmVectorIndex();
    expect((engine as unknown as { vectors: { codeIndex: BinaryCodeIndex | null } }).vectors.codeIndex?.size).toBe(30);
  });
});

describe('int8 copies for re-ranking', () => {
  it('keep the cosine of the float vector to about 1e-3', () => {
    const r = rng(7);
    for (let t = 0; t < 50; t++) {
      const v = randomUnit(r, 256);
      const q = new Float32Array(256).map(() => r() - 0.5);
      const back = floatsFromApprox(approxBlob(v));
      const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * (b[i] as number), 0);
      expect(Math.abs(dot(back, q) - dot(v, q))).toBeLessThan(0.01 * Math.hypot(...q));
    }
    expect([...floatsFromApprox(approxBlob(new Float32Array(4)))]).toEqual([0, 0, 0, 0]);
  });

  it('are written with each vector, read for re-ranking (sqlite-vec where missing), and filled in for a memory that has none', async () => {
    const options = { retrieval: { codeIndexMinNodes: 10, codeIndexRerank: 16 } };
    const { engine, dir } = openTestEngine(options);
    for (let i = 0; i < 80; i++) engine.recordEpisode({ content: `log ${i}: ${['sailing boats', 'baking bread', 'garden roses', 'train tickets'][i % 4]} item${i}`, sessionId: 's' });
    const target = engine.recordEpisode({ content: 'the lighthouse keeper painted the lighthouse red', sessionId: 's' });
    await engine.flush();
    await engine.drainSlowPath();
    const missing = (e: typeof engine) => (e.database.prepare('SELECT count(*) AS n FROM vec_codes WHERE approx IS NULL').get() as { n: number }).n;
    expect(missing(engine)).toBe(0);
    const ids = (engine.database.prepare('SELECT node_id FROM vec_codes ORDER BY node_id').all() as { node_id: string }[]).map((r) => r.node_id);
    const exact = nodeVectors(engine.database, ids);
    const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * (b[i] as number), 0) / Math.hypot(...a) / Math.hypot(...b);
    const check = (vectors: Map<string, Float32Array>) => {
      expect([...vectors.keys()].sort()).toEqual(ids);
      for (const [id, v] of vectors) expect(cosine(v, exact.get(id) as Float32Array)).toBeGreaterThan(0.999);
    };
    check(rerankVectors(engine.database, ids));
    const top = async (e: typeof engine) => (await e.search({ query: 'lighthouse keeper', types: ['episodic'] })).hits[0]?.node.id;
    await engine.warmVectorIndex();
    expect(await top(engine)).toBe(target);

    // As a memory made before migration 7: no copies. Re-ranking reads sqlite-vec; the copies are filled in.
    await engine.warmVectorIndex({ copies: true });
    const flag = (e: typeof engine) => (e.database.prepare(`SELECT value FROM memory_metadata WHERE key = 'vector_copies'`).get() as { value: string } | undefined)?.value;
    expect(flag(engine)).toBe('complete'); // nothing to fill: said once, never scanned for again
    engine.database.exec(`UPDATE vec_codes SET approx = NULL; DELETE FROM memory_metadata WHERE key = 'vector_copies'`);
    check(rerankVectors(engine.database, ids));
    await engine.close();
    const { engine: reopened } = openTestEngine({ dataDir: dir, ...options });
    await reopened.warmVectorIndex({ copies: true });
    expect(missing(reopened)).toBe(0);
    expect(flag(reopened)).toBe('complete');
    check(rerankVectors(reopened.database, ids));
    expect(await top(reopened)).toBe(target);
  });
});
