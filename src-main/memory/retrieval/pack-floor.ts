/**
 * A pack's relevance floor: items scored far below the best item of the pack are noise that would only fill
 * the budget ("User has always had a love for horses" for "…and my dog?"). They are left out, so a pack
 * stops when the rest is filler and a section may stay empty.
 */

/** Scores are fused ranks (RRF), comparable between the pack's searches; the floor is relative to the best. */
export function aboveFloor<T extends { item: { score: number } }>(lists: Record<string, T[]>, ratio: number): Record<string, T[]> {
  if (ratio <= 0) return lists;
  const best = Math.max(0, ...Object.values(lists).flatMap((l) => l.map((c) => c.item.score)));
  const floor = best * ratio;
  return Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, list.filter((c) => c.item.score >= floor)]));
}
