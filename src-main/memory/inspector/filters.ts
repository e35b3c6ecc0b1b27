/** The graph and timeline filters as SQL conditions over `nodes n`. */
import type { GraphFilter } from './schemas';

export interface SqlWhere {
  clauses: string[];
  params: (string | number)[];
}

export function nodeFilterSql(f: Omit<GraphFilter, 'relations'>): SqlWhere {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (!f.includeInvalid) clauses.push('n.valid_until IS NULL');
  // `+n.type` keeps the planner off the four-valued type index (see ARCHITECTURE.md, planner notes).
  if (f.types?.length) {
    clauses.push(`+n.type IN (${f.types.map(() => '?').join(',')})`);
    params.push(...f.types);
  }
  if (f.sourceTypes?.length) {
    clauses.push(`n.source_type IN (${f.sourceTypes.map(() => '?').join(',')})`);
    params.push(...f.sourceTypes);
  }
  if (f.minConfidence !== undefined && f.minConfidence > 0) {
    clauses.push('+n.confidence >= ?');
    params.push(f.minConfidence);
  }
  if (f.after !== undefined) {
    clauses.push('+n.event_time >= ?');
    params.push(f.after);
  }
  if (f.before !== undefined) {
    clauses.push('+n.event_time < ?');
    params.push(f.before);
  }
  if (f.entityId !== undefined) {
    clauses.push('n.id IN (SELECT node_id FROM node_entities WHERE entity_id = ?)');
    params.push(f.entityId);
  }
  return { clauses, params };
}

export const andWhere = (w: SqlWhere, prefix = 'AND'): string => (w.clauses.length ? `${prefix} ${w.clauses.join(' AND ')}` : '');
