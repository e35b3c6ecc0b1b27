/** Weighted Reciprocal Rank Fusion (ADR 008 §11.2) and an optional MMR diversity pass (seed 004). */
import { dot } from '../../../src-shared/vectors';
import type { StrategyName, StrategyRank } from '../../../src-shared/retrieval-types';

export interface Fused {
  id: string;
  score: number;
  strategies: StrategyRank[];
}

/** Score(node) = Σ w_m / (k + rank_m(node)), ranks from 1. */
export function weightedRrf(lists: Partial<Record<StrategyName, readonly string[]>>, weights: Record<StrategyName, number>, k: number): Fused[] {
  const byId = new Map<string, Fused>();
  for (const [strategy, ids] of Object.entries(lists) as [StrategyName, readonly string[]][]) {
    const w = weights[strategy];
    if (!ids || w <= 0) continue;
    ids.forEach((id, i) => {
      const rank = i + 1;
      let f = byId.get(id);
      if (!f) {
        f = { id, score: 0, strategies: [] };
        byId.set(id, f);
      }
      f.score += w / (k + rank);
      f.strategies.push({ strategy, rank });
    });
  }
  // Lists that carry no weight for this query still say where a hit was also found (explanations).
  for (const [strategy, ids] of Object.entries(lists) as [StrategyName, readonly string[]][]) {
    if (!ids || weights[strategy] > 0) continue;
    ids.forEach((id, i) => byId.get(id)?.strategies.push({ strategy, rank: i + 1 }));
  }
  return [...byId.values()].sort((a, b) => b.score - a.score);
}

/**
 * Maximal Marginal Relevance: greedily pick the item maximising λ·relevance − (1−λ)·max similarity to
 * those already picked. Relevance is normalised to [0, 1]; items without a vector are never penalised.
 */
export function mmr<T extends { score: number }>(
  items: readonly T[],
  vectorOf: (item: T) => Float32Array | undefined,
  lambda: number,
  limit: number,
): T[] {
  const max = items[0]?.score ?? 1;
  const remaining = [...items];
  const picked: T[] = [];
  const pickedVectors: Float32Array[] = [];
  while (picked.length < limit && remaining.length > 0) {
    let bestIdx = 0;
    let bestValue = -Infinity;
    remaining.forEach((item, i) => {
      const v = vectorOf(item);
      let sim = 0;
      if (v) for (const p of pickedVectors) sim = Math.max(sim, dot(v, p));
      const value = lambda * (item.score / max) - (1 - lambda) * sim;
      if (value > bestValue) {
        bestValue = value;
        bestIdx = i;
      }
    });
    const [chosen] = remaining.splice(bestIdx, 1);
    if (!chosen) break;
    picked.push(chosen);
    const v = vectorOf(chosen);
    if (v) pickedVectors.push(v);
  }
  return picked;
}
