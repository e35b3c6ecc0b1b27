/** The node filter every strategy honours: types, validity, excluded sessions, time window, entity. */
import { allRows, type ReadableDB } from '../../storage/db';
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
  const rows = allRows<{ id: string }>(db, sql`SELECT n.id FROM json_each(${JSON.stringify(ids)}) AS j CROSS JOIN nodes n ON n.id = j.value WHERE ${filterSql(f)}`);
  return new Set(rows.map((r) => r.id));
}
