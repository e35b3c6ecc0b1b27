import { describe, expect, it } from 'vitest';
import { mmr, weightedRrf } from '../../../src-main/memory/retrieval/fusion';

const ZERO = { fts: 0, vector: 0, entity: 0, temporal: 0, causal: 0, neighbourhood: 0, provenance: 0, synonyms: 0, topics: 0, feedback: 0 };

describe('fusion', () => {
  it('weighted RRF sums w / (k + rank) and records every strategy rank', () => {
    const fused = weightedRrf({ fts: ['a', 'b'], vector: ['b', 'c'], temporal: ['c'] }, { ...ZERO, fts: 1, vector: 0.5 }, 10);
    expect(fused.map((f) => f.id)).toEqual(['b', 'a', 'c']);
    expect(fused[0]?.score).toBeCloseTo(1 / 12 + 0.5 / 11, 12);
    // A zero-weight list adds nothing but still explains where a hit was found.
    expect(fused.find((f) => f.id === 'c')?.strategies).toEqual([
      { strategy: 'vector', rank: 2 },
      { strategy: 'temporal', rank: 1 },
    ]);
  });

  it('MMR trades relevance for diversity', () => {
    const v = (x: number, y: number) => new Float32Array([x, y]);
    const vectors: Record<string, Float32Array> = { a: v(1, 0), a2: v(0.999, 0.045), b: v(0, 1) };
    const items = [
      { id: 'a', score: 1 },
      { id: 'a2', score: 0.95 },
      { id: 'b', score: 0.8 },
    ];
    expect(mmr(items, (i) => vectors[i.id], 1, 3).map((i) => i.id)).toEqual(['a', 'a2', 'b']);
    expect(mmr(items, (i) => vectors[i.id], 0.5, 3).map((i) => i.id)).toEqual(['a', 'b', 'a2']);
  });
});
