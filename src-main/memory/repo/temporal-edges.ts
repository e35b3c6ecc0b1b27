/**
 * The temporal edges touching a list of candidates, for spreading activation (retrieval/strategies.ts): each edge once,
 * with the rowids of both ends (gifts are ordered by them). A candidate found by BM25 already carries its
 * rowid, so only the ends the search has not seen are looked up, in the id index alone (no row read).
 */
import type { ReadableDB } from '../../storage/db';
import { stmt } from './statements';

export interface TemporalEdge {
  a: string;
  b: string;
  ra: number;
  rb: number;
}

export function temporalEdgesAround(db: ReadableDB, candidates: readonly { id: string; rowid?: number | undefined }[]): TemporalEdge[] {
  if (candidates.length === 0) return [];
  const ids = JSON.stringify(candidates.map((c) => c.id));
  // Both directions, each an index probe per candidate; an edge between two candidates comes back twice.
  const pairs = [
    ...(stmt(db, `SELECT e.source_id AS a, e.target_id AS b FROM json_each(?) AS j CROSS JOIN edges e ON e.source_id = j.value WHERE e.relation_type = 'temporal'`).all(ids) as Pair[]),
    ...(stmt(db, `SELECT e.source_id AS a, e.target_id AS b FROM json_each(?) AS j CROSS JOIN edges e ON e.target_id = j.value WHERE e.relation_type = 'temporal'`).all(ids) as Pair[]),
  ];
  const seen = new Set<string>();
  const edges = pairs.filter((p) => {
    const key = `${p.a}\n${p.b}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const rowids = new Map<string, number>();
  for (const c of candidates) if (c.rowid !== undefined) rowids.set(c.id, c.rowid);
  const unknown = [...new Set(edges.flatMap((e) => [e.a, e.b]))].filter((id) => !rowids.has(id));
  if (unknown.length > 0) {
    const rows = stmt(db, 'SELECT n.id, n.rowid AS r FROM json_each(?) AS j CROSS JOIN nodes n ON n.id = j.value').all(JSON.stringify(unknown)) as { id: string; r: number }[];
    for (const r of rows) rowids.set(r.id, r.r);
  }
  // An end with no node row (never, with foreign keys on) drops its edge, as the join it replaces did.
  return edges.flatMap(({ a, b }) => {
    const ra = rowids.get(a);
    const rb = rowids.get(b);
    return ra === undefined || rb === undefined ? [] : [{ a, b, ra, rb }];
  });
}

interface Pair {
  a: string;
  b: string;
}
