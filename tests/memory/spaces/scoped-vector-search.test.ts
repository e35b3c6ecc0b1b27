/**
 * A search scoped to a space filters by space inside the vector index's scan (issue 26, performance): the
 * scoped candidates are exactly the unscoped ones filtered to the space, in the same order, on the index alone
 * and through the engine, after moves between spaces and "everywhere" marks.
 */
import { describe, expect, it } from 'vitest';
import { BinaryCodeIndex, binaryCode, type SlotSpace } from '../../../src-main/memory/vector-index';
import type { VectorStore } from '../../../src-main/memory/vector-store';
import { rng } from '../../../bench/lib/chat-corpus';
import { PERSONAL_SPACE_ID } from '../../../src-shared/spaces';
import { openTestEngine } from '../../helpers/temp-engine';
import type { NodeType } from '../../../src-shared/memory-types';

const SPACES = ['personal', 'work', 'novel'] as const;

function randomVector(r: () => number, dims: number): Float32Array {
  return new Float32Array(dims).map(() => r() - 0.5);
}

describe('the binary code index scoped to a space', () => {
  it('returns exactly the unscoped nearest filtered to the space (and everywhere), in the same order', () => {
    const r = rng(26);
    const index = new BinaryCodeIndex(8, 4); // small capacity: the space codes must survive growth
    const place = new Map<string, SlotSpace>();
    const types: NodeType[] = ['episodic', 'semantic'];
    for (let i = 0; i < 900; i++) {
      const space: SlotSpace = { spaceId: SPACES[i % 3] as string, everywhere: i % 17 === 0 };
      place.set(`n${i}`, space);
      index.upsert(`n${i}`, binaryCode(randomVector(r, 256)), types[i % 2] as NodeType, i % 11 !== 0, space);
    }
    // Moves and marks after the load, as the change feed applies them.
    for (let i = 0; i < 900; i += 13) {
      const space: SlotSpace = { spaceId: 'work', everywhere: i % 2 === 0 };
      place.set(`n${i}`, space);
      index.setSpace(`n${i}`, space);
    }
    const visibleFrom = (spaceId: string) => (id: string) => {
      const p = place.get(id);
      return p !== undefined && (p.everywhere || p.spaceId === spaceId);
    };
    for (let t = 0; t < 20; t++) {
      const q = binaryCode(randomVector(r, 256));
      for (const spaceId of [...SPACES, 'empty-space']) {
        for (const [filter, inactive] of [[null, false], [['semantic'] as NodeType[], false], [null, true]] as const) {
          const all = index.nearest(q, 900, filter, inactive);
          const expected = all.filter(visibleFrom(spaceId)).slice(0, 15);
          expect(index.nearest(q, 15, filter, inactive, spaceId)).toEqual(expected);
        }
      }
      // No space: every slot, as before.
      expect(index.nearest(q, 15, null, false, null)).toEqual(index.nearest(q, 15, null, false));
    }
  });
});

describe('scoped vector search through the engine', () => {
  it('gives the unscoped candidates filtered to the space, and follows moves and everywhere marks', async () => {
    // Every candidate re-ranked exactly, so scoped and unscoped orders are both the exact cosine order.
    const { engine } = openTestEngine({ retrieval: { codeIndexMinNodes: 10, codeIndexRerank: 1000 } });
    const work = engine.createSpace({ name: 'Work' });
    const topics = ['sailing boats', 'baking bread', 'tax returns', 'garden roses', 'jazz piano'];
    const facts: string[] = [];
    for (let i = 0; i < 90; i++) {
      const spaceId = i % 3 === 0 ? work.id : PERSONAL_SPACE_ID;
      facts.push(engine.rememberFact({ content: `Fact ${i}: the user notes ${topics[i % 5]} number ${i}`, spaceId }));
    }
    await engine.drainSlowPath();
    await engine.warmVectorIndex();
    const moved = facts[1] as string;
    engine.moveToSpace({ id: moved, spaceId: work.id });
    engine.setEverywhere({ id: facts[3] as string, everywhere: true });
    const vectors = (engine as unknown as { vectors: VectorStore }).vectors;
    const spaceOf = (id: string) => engine.getNode(id).node;
    for (const query of ['sailing boats on the lake', 'how to bake bread', 'filing tax returns']) {
      const [v] = await engine.embedder.embedBatch([query]);
      const vector = v as Float32Array;
      for (const spaceId of [PERSONAL_SPACE_ID, work.id]) {
        const all = vectors.knn(vector, 1000, null, false, null);
        const expected = all.filter((id) => spaceOf(id).everywhere || spaceOf(id).spaceId === spaceId).slice(0, 12);
        expect(vectors.knn(vector, 12, null, false, spaceId)).toEqual(expected);
      }
    }
    // The moved fact left Personal's candidates; the one marked everywhere is seen from both.
    const [v] = await engine.embedder.embedBatch(['the user notes baking bread number 1']);
    expect(vectors.knn(v as Float32Array, 90, null, false, PERSONAL_SPACE_ID)).not.toContain(moved);
    expect(vectors.knn(v as Float32Array, 90, null, false, work.id)).toContain(moved);
    expect(vectors.knn(v as Float32Array, 90, null, false, work.id)).toContain(facts[3]);
    expect(vectors.knn(v as Float32Array, 90, null, false, PERSONAL_SPACE_ID)).toContain(facts[3]);
    // And search results scoped to Work hold only Work's facts and those marked everywhere.
    const hits = (await engine.search({ query: 'sailing boats', spaceId: work.id, limit: 20 })).hits;
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) expect(h.node.spaceId === work.id || h.node.everywhere).toBe(true);
  });
});
