import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kernelModuleSource, KERNELS } from '../../scripts/build-wasm';
import { BinaryCodeIndex, binaryCode } from '../../src-main/memory/vector-index';
import { rng } from '../../bench/lib/chat-corpus';

const ROOT = join(import.meta.dirname, '../..');

const popcount = (x: number): number => [...(x >>> 0).toString(2)].filter((c) => c === '1').length;
const hamming = (a: Uint32Array, b: Uint32Array): number => a.reduce((d, w, i) => d + popcount(w ^ (b[i] as number)), 0);

describe('the WebAssembly Hamming kernel', () => {
  it('is committed exactly as its .wat source compiles', async () => {
    for (const wat of KERNELS) {
      const committed = readFileSync(join(ROOT, wat.replace(/\.wat$/, '.ts')), 'utf8');
      expect(committed).toBe(await kernelModuleSource(join(ROOT, wat)));
    }
  });

  // 96 dimensions make 3-word codes: the index pads them to 4 for the 64-bit compare.
  it.each([3, 8, 12])('ranks %i-word codes by exact Hamming distance, after updates and growth', (words) => {
    const r = rng(words);
    const index = new BinaryCodeIndex(words, 2);
    const codes = new Map<string, Uint32Array>();
    const randomCode = () => binaryCode(new Float32Array(words * 32).map(() => r() - 0.5));
    for (let i = 0; i < 300; i++) {
      const code = randomCode();
      codes.set(`n${i}`, code);
      index.upsert(`n${i}`, code, 'semantic', true);
    }
    // Re-embedded nodes overwrite their slot.
    for (let i = 0; i < 300; i += 10) {
      const code = randomCode();
      codes.set(`n${i}`, code);
      index.upsert(`n${i}`, code, 'semantic', true);
    }
    const query = randomCode();
    const got = index.nearest(query, 25, null, false);
    const distances = [...codes].map(([id, c]) => ({ id, d: hamming(c, query) })).sort((a, b) => a.d - b.d);
    const cutoff = distances[24]?.d as number;
    expect(got).toHaveLength(25);
    expect(got.map((id) => hamming(codes.get(id) as Uint32Array, query))).toEqual(distances.slice(0, 25).map((x) => x.d));
    expect(distances.filter((x) => x.d < cutoff).every((x) => got.includes(x.id))).toBe(true);
  });

  it('asks for more than it holds and gets all of it, nearest first', () => {
    const index = new BinaryCodeIndex(8);
    const near = new Uint32Array(8);
    const far = new Uint32Array(8).fill(0xffffffff);
    index.upsert('far', far, 'episodic', true);
    index.upsert('near', near, 'episodic', true);
    index.upsert('gone', near, 'episodic', false);
    expect(index.nearest(new Uint32Array(8), 10, null, false)).toEqual(['near', 'far']);
    expect(index.nearest(new Uint32Array(8), 10, null, true)).toEqual(['near', 'gone', 'far']);
    expect(index.nearest(new Uint32Array(8), 10, ['semantic'], true)).toEqual([]);
  });
});
