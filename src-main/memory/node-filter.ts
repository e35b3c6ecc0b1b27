/**
 * The one node filter: every read that narrows `nodes n` (search strategies, the inspector's list, graph and
 * timeline) builds its conditions here, as one SQL fragment. Call sites differ only in the planner hints they
 * ask for, which depend on what drives their query (see ARCHITECTURE.md, planner notes).
 */
import { column, sql, sqlAnd, sqlIn, sqlNotIn, sqlOr, type SqlFragment, type SqlPart } from '../storage/sql';
import type { NodeType, SourceType } from '../../src-shared/memory-types';

export interface NodeConditions {
  /** Only these types; absent or empty = every type. */
  types?: readonly NodeType[] | undefined;
  /** Superseded and pruned nodes too (default: current only). */
  includeInvalid?: boolean | undefined;
  sourceTypes?: readonly SourceType[] | undefined;
  sessionId?: string | undefined;
  /** Nodes of these sessions are left out (nodes without a session are kept). */
  excludeSessionIds?: readonly string[] | undefined;
  /** event_time >= after */
  after?: number | null | undefined;
  /** event_time < before */
  before?: number | null | undefined;
  minConfidence?: number | undefined;
  /** Only nodes linked to one of these entities; an empty list matches nothing; absent = no entity filter. */
  entityIds?: readonly string[] | null | undefined;
  /** Memory as it stood at this instant (ms): see `asOfConditions`. Absent = today, and no condition is added. */
  asOf?: number | null | undefined;
  /** Only this space's nodes and those marked everywhere (migration 015); absent or null = every space. */
  spaceId?: string | null | undefined;
}

export interface NodeFilterHints {
  /**
   * `+n.type`: keep the planner off the type indexes. Four values cannot narrow a search that FTS, KNN, an id
   * list or an entity's links already drive, and without statistics SQLite would scan by type instead.
   */
  unindexedType?: boolean;
  /** `+n.event_time`, `+n.confidence`: the same for the range columns, where another index drives the walk. */
  unindexedRanges?: boolean;
}

/** The conditions over alias `n` as one fragment (`1` when nothing filters). */
export function nodeConditions(f: NodeConditions, hints: NodeFilterHints = {}): SqlFragment {
  const type = column('n.type', { unindexed: hints.unindexedType });
  const eventTime = column('n.event_time', { unindexed: hints.unindexedRanges });
  const confidence = column('n.confidence', { unindexed: hints.unindexedRanges });
  const parts: SqlPart[] = [
    ...(f.asOf !== undefined && f.asOf !== null ? asOfConditions(f.asOf, !f.includeInvalid) : [!f.includeInvalid && sql`n.valid_until IS NULL`]),
    f.types?.length ? sqlIn(type, f.types) : null,
    f.sourceTypes?.length ? sqlIn(column('n.source_type'), f.sourceTypes) : null,
    f.sessionId !== undefined && sql`n.session_id = ${f.sessionId}`,
    f.excludeSessionIds?.length ? sqlOr([sql`n.session_id IS NULL`, sqlNotIn(column('n.session_id'), f.excludeSessionIds)]) : null,
    f.after !== undefined && f.after !== null && sql`${eventTime} >= ${f.after}`,
    f.before !== undefined && f.before !== null && sql`${eventTime} < ${f.before}`,
    f.minConfidence !== undefined && sql`${confidence} >= ${f.minConfidence}`,
    f.entityIds !== undefined && f.entityIds !== null && sql`n.id IN (SELECT node_id FROM node_entities WHERE ${sqlIn(column('entity_id'), f.entityIds)})`,
    f.spaceId !== undefined && f.spaceId !== null && sql`(n.space_id = ${f.spaceId} OR n.everywhere = 1)`,
  ];
  return sqlAnd(parts);
}

/**
 * What memory believed at `t`, on both axes of ADR 008: learned by then (`created_at`, transaction time) and, for
 * current-only reads, valid then. `valid_until` is written when a version is superseded, forgotten or pruned
 * (transaction time: facts.ts `invalidateWithIndexes`), so a version that ended after `t` was still believed at
 * `t`. The columns carry `+`: an as-of condition never drives a query (an event-time walk, FTS or an id list
 * does), and a range on `created_at` would tempt the planner into scanning and sorting.
 */
export function asOfConditions(t: number, currentOnly: boolean): SqlFragment[] {
  const learned = sql`+n.created_at <= ${t}`;
  if (!currentOnly) return [learned];
  return [learned, sql`+n.valid_from <= ${t}`, sql`(n.valid_until IS NULL OR +n.valid_until > ${t})`];
}
