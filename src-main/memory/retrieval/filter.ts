/** The node filter every strategy honours: types, validity, excluded sessions, time window, entity. */
import type { Database } from 'better-sqlite3';
import type { NodeType } from '../../../src-shared/memory-types';

export interface NodeFilter {
  types: readonly NodeType[];
  includeInvalid: boolean;
  excludeSessionIds: readonly string[];
  after: number | null;
  before: number | null;
  /** Only nodes linked to one of these entities; null = no entity filter. */
  entityIds: readonly string[] | null;
}

/** SQL conditions over alias `n` and their parameters. */
export function filterSql(f: NodeFilter): { where: string; params: (string | number)[] } {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (f.types.length > 0 && f.types.length < 4) {
    // `+` keeps the planner off the type indexes: four values cannot narrow a search that FTS, KNN or an id
    // list already drives, and without statistics SQLite would scan by type instead.
    where.push(`+n.type IN (${f.types.map(() => '?').join(',')})`);
    params.push(...f.types);
  }
  if (!f.includeInvalid) where.push('n.valid_until IS NULL');
  if (f.excludeSessionIds.length > 0) {
    where.push(`(n.session_id IS NULL OR n.session_id NOT IN (${f.excludeSessionIds.map(() => '?').join(',')}))`);
    params.push(...f.excludeSessionIds);
  }
  if (f.after !== null) {
    where.push('n.event_time >= ?');
    params.push(f.after);
  }
  if (f.before !== null) {
    where.push('n.event_time < ?');
    params.push(f.before);
  }
  if (f.entityIds !== null) {
    where.push(`n.id IN (SELECT node_id FROM node_entities WHERE entity_id IN (${f.entityIds.map(() => '?').join(',') || "''"}))`);
    params.push(...f.entityIds);
  }
  return { where: where.length ? where.join(' AND ') : '1', params };
}

/** The subset of `ids` that passes the filter (for strategies that cannot filter inside their query). */
export function passingIds(db: Database, ids: readonly string[], f: NodeFilter): Set<string> {
  if (ids.length === 0) return new Set();
  const { where, params } = filterSql(f);
  // CROSS JOIN fixes the loop order: look each id up by primary key rather than scan a type index.
  const rows = db
    .prepare(`SELECT n.id FROM json_each(?) AS j CROSS JOIN nodes n ON n.id = j.value WHERE ${where}`)
    .all(JSON.stringify(ids), ...params) as { id: string }[];
  return new Set(rows.map((r) => r.id));
}
