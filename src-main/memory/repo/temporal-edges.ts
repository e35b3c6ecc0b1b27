/**
 * The temporal edges touching a list of candidates, for spreading activation (retrieval/strategies.ts): each edge once.
 * A temporal edge runs from a turn to the next one recorded in its session (hot-path.ts), so `a` is the earlier turn
 * and `b` the later: gifts along edges are ordered by that, and no node row is read for them (on a large encrypted
 * memory the ~170 neighbours' rowid reads cost a twentieth of a search).
 */
import type { ReadableDB } from '../../storage/db';
import { stmt } from './statements';

export interface TemporalEdge {
  /** The earlier turn. */
  a: string;
  /** The turn recorded after it. */
  b: string;
}

export function temporalEdgesAround(db: ReadableDB, candidates: readonly { id: string }[]): TemporalEdge[] {
  if (candidates.length === 0) return [];
  const ids = JSON.stringify(candidates.map((c) => c.id));
  // Both directions, each an index probe per candidate (the edge indexes hold both ends: no `edges` row is read);
  // an edge between two candidates comes back twice.
  const pairs = [
    ...(stmt(db, `SELECT e.source_id AS a, e.target_id AS b FROM json_each(?) AS j CROSS JOIN edges e ON e.source_id = j.value WHERE e.relation_type = 'temporal'`).all(ids) as TemporalEdge[]),
    ...(stmt(db, `SELECT e.source_id AS a, e.target_id AS b FROM json_each(?) AS j CROSS JOIN edges e ON e.target_id = j.value WHERE e.relation_type = 'temporal'`).all(ids) as TemporalEdge[]),
  ];
  const seen = new Set<string>();
  return pairs.filter((p) => {
    const key = `${p.a}\n${p.b}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The order of two steps along temporal edges from the same turn: back in time before forward, then by id (a turn
 * with two edges the same way, from an import recorded out of order). Same order as the rowids of the turns reached,
 * which follow recording order, without reading them.
 */
export function stepOrder(x: { forward: boolean; to: string }, y: { forward: boolean; to: string }): number {
  return Number(x.forward) - Number(y.forward) || (x.to < y.to ? -1 : x.to > y.to ? 1 : 0);
}
