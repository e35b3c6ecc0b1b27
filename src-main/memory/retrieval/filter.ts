/** The node filter every strategy honours: types, validity, excluded sessions, time window, entity. */
import type { ReadableDB } from '../../storage/db';
import { stmt } from '../repo/statements';
import { sql, type SqlFragment } from '../../storage/sql';
import { nodeConditions } from '../node-filter';
import type { NodeType } from '../../../src-shared/memory-types';

export interface NodeFilter {
  types: readonly NodeType[];
  includeInvalid: boolean;
  excludeSessionIds: readonly string[];
  after: number | null;
  before: number | null;
  /** Only nodes linked to one of these entities; null = no entity filter. */
  entityIds: readonly string[] | null;
  /** Memory as it stood at this instant (node-filter.ts asOfConditions); absent = today. */
  asOf?: number | null;
  /** The active space (its nodes plus those marked everywhere); absent or null = every space. */
  spaceId?: string | null;
}

/**
 * SQL conditions over alias `n`. Every type (four) is no filter; fewer are kept off the type index (`+n.type`),
 * as are no range columns: the event-time window may well be what narrows a search.
 */
export function filterSql(f: NodeFilter): SqlFragment {
  return nodeConditions(
    {
      types: f.types.length < 4 ? f.types : undefined,
      includeInvalid: f.includeInvalid,
      excludeSessionIds: f.excludeSessionIds,
      after: f.after,
      before: f.before,
      entityIds: f.entityIds,
      asOf: f.asOf,
      spaceId: f.spaceId,
    },
    { unindexedType: true },
  );
}

/** The subset of `ids` that passes the filter (for strategies that cannot filter inside their query). */
export function passingIds(db: ReadableDB, ids: readonly string[], f: NodeFilter): Set<string> {
  if (ids.length === 0) return new Set();
  // CROSS JOIN fixes the loop order: look each id up by primary key rather than scan a type index.
  const query = sql`SELECT n.id FROM json_each(${JSON.stringify(ids)}) AS j CROSS JOIN nodes n ON n.id = j.value WHERE ${filterSql(f)}`;
  const rows = stmt(db, query.text).all(...query.params) as { id: string }[];
  return new Set(rows.map((r) => r.id));
}

/**
 * The first `limit` of `ranked` that are `known` to pass or pass the filter, in order. The ids are checked a
 * prefix at a time (each one primary-key read), just enough to fill the list if all pass: a long candidate
 * list whose head passes costs `limit` reads, not one per candidate. Same answer as filtering all of them.
 */
export function firstPassing(db: ReadableDB, ranked: readonly string[], f: NodeFilter, limit: number, known: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  for (let at = 0; out.length < limit && at < ranked.length; ) {
    const slice = ranked.slice(at, at + limit - out.length);
    const ok = passingIds(
      db,
      slice.filter((id) => !known.has(id)),
      f,
    );
    for (const id of slice) if (known.has(id) || ok.has(id)) out.push(id);
    at += slice.length;
  }
  return out;
}
