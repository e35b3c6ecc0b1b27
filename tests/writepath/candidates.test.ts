/**
 * Conflict candidates: the few most similar existing facts, capped per new fact and per resolution call, in a
 * stable order — measured with a scripted memory agent that writes hundreds of facts naming two speakers.
 */
import { describe, expect, it } from 'vitest';
import { batchByPairs, conflictCandidates, MAX_PAIRS_PER_CALL, MAX_PAIRS_PER_FACT } from '../../src-main/writepath/candidates';
import { contentTokens } from '../../src-main/writepath/text';
import { measureConflictPairs } from '../helpers/conflict-load';
import { openTestEngine } from '../helpers/temp-engine';

describe('conflict candidates', () => {
  it('hundreds of facts naming two speakers: ≤ 10 pairs per fact, ≤ 40 per call, identical runs ask the same', async () => {
    const first = await measureConflictPairs({ sessions: 3, turns: 20 });
    expect(first.facts_written).toBeGreaterThanOrEqual(200);
    expect(first.max_pairs_per_fact).toBeLessThanOrEqual(Math.min(10, MAX_PAIRS_PER_FACT));
    expect(first.max_pairs_per_call).toBeLessThanOrEqual(MAX_PAIRS_PER_CALL);
    expect(first.resolution_calls).toBeGreaterThan(1);
    const second = await measureConflictPairs({ sessions: 3, turns: 20 });
    expect(second).toEqual(first);
  }, 120_000);

  it("a speaker's name is no similarity: only facts alike beyond the name, the same slot first, ties by time then id", () => {
    const { engine } = openTestEngine();
    const dave = engine.createEntity({ name: 'Dave', type: 'person' });
    const remember = (content: string, slot?: string): string =>
      engine.rememberFact({ content, entityIds: [dave.id], ...(slot ? { attributes: { slot } } : {}) });
    const unrelated = ['Dave plays the cello', 'Dave owns a road bike', 'Dave has a sister'].map((c) => remember(c));
    const berlin = remember('Dave lives in Berlin', 'dave.residence');
    const coffee = remember('Dave drinks coffee every morning');
    const input = {
      content: 'Dave drinks coffee with oat milk every morning',
      slot: 'dave.residence',
      entityIds: [dave.id],
      nameWords: contentTokens('Dave'),
      neighbours: [],
    };
    const found = conflictCandidates(engine.writePathStore, input).map((n) => n.id);
    expect(found).toEqual([berlin, coffee]);
    expect(found).not.toEqual(expect.arrayContaining(unrelated));
    expect(conflictCandidates(engine.writePathStore, input).map((n) => n.id)).toEqual(found);
  });

  it('splits questions into calls of at most 40 pairs, in order', () => {
    const q = (n: number): { existing: number[] } => ({ existing: Array.from({ length: n }, (_, i) => i) });
    const batches = batchByPairs([q(5), q(5), q(30), q(5), q(10)], 40);
    expect(batches.map((b) => b.map((x) => x.existing.length))).toEqual([[5, 5, 30], [5, 10]]);
  });
});
