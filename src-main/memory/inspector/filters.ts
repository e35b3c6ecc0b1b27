/** The graph and timeline filters as SQL conditions over `nodes n`. */
import { sqlRaw, isAlwaysTrue, type SqlFragment } from '../../storage/sql';
import { nodeConditions } from '../node-filter';
import type { GraphFilter } from './schemas';

/**
 * An event-time order, an entity's links or an id list drive every inspector query, so the type and range
 * columns are kept off their indexes (`+n.type`, `+n.event_time`, `+n.confidence`; ARCHITECTURE.md, planner
 * notes). A minimum confidence of 0 filters nothing and is left out.
 */
export function nodeFilterSql(f: Omit<GraphFilter, 'relations'>): SqlFragment {
  return nodeConditions(
    {
      includeInvalid: f.includeInvalid,
      types: f.types,
      sourceTypes: f.sourceTypes,
      minConfidence: f.minConfidence !== undefined && f.minConfidence > 0 ? f.minConfidence : undefined,
      after: f.after,
      before: f.before,
      entityIds: f.entityId !== undefined ? [f.entityId] : undefined,
      asOf: f.asOf,
      spaceId: f.spaceId,
    },
    { unindexedType: true, unindexedRanges: true },
  );
}

/** The conditions after `prefix` (AND or WHERE), or nothing when there are none. */
export const andWhere = (w: SqlFragment, prefix: 'AND' | 'WHERE' = 'AND'): SqlFragment =>
  isAlwaysTrue(w) ? sqlRaw('') : { text: `${prefix} ${w.text}`, params: w.params };
