/**
 * SQL fragments: SQL text and its parameters built together, so a condition can never drift from the values
 * it binds. Fragments compose (AND, OR, IN lists, joins) and end in one `{ text, params }` for `prepare`.
 * Only the text of a fragment is trusted; every value goes through a `?` placeholder.
 */

export type SqlValue = string | number | bigint | null | Buffer;

export interface SqlFragment {
  readonly text: string;
  readonly params: readonly SqlValue[];
}

const isFragment = (v: unknown): v is SqlFragment =>
  typeof v === 'object' && v !== null && !Buffer.isBuffer(v) && 'text' in v && 'params' in v;

/**
 * Tagged template: interpolated fragments are spliced in with their parameters, plain values become `?`.
 * `sql\`n.event_time >= ${after}\`` is the text `n.event_time >= ?` with the parameter `after`.
 */
export function sql(strings: TemplateStringsArray, ...values: readonly (SqlValue | SqlFragment)[]): SqlFragment {
  let text = strings[0] ?? '';
  const params: SqlValue[] = [];
  values.forEach((value, i) => {
    if (isFragment(value)) {
      text += value.text;
      params.push(...value.params);
    } else {
      text += '?';
      params.push(value);
    }
    text += strings[i + 1] ?? '';
  });
  return { text, params };
}

/** Trusted SQL text with no parameters (identifiers, keywords chosen by code, never by input). */
export const sqlRaw = (text: string): SqlFragment => ({ text, params: [] });

export type SqlPart = SqlFragment | null | undefined | false;
const present = (parts: readonly SqlPart[]): SqlFragment[] => parts.filter((p): p is SqlFragment => Boolean(p));

/** Fragments joined with a separator, absent parts (null, undefined, false) skipped. */
export function sqlJoin(parts: readonly SqlPart[], separator: string): SqlFragment {
  const kept = present(parts);
  return { text: kept.map((p) => p.text).join(separator), params: kept.flatMap((p) => p.params) };
}

/** Conjunction; with no condition it is the constant true `1`, so it can always follow WHERE. */
export function sqlAnd(parts: readonly SqlPart[]): SqlFragment {
  const kept = present(parts);
  if (kept.length === 0) return sqlRaw('1');
  if (kept.length === 1 && kept[0]) return kept[0];
  return sqlJoin(kept.map((p) => sql`(${p})`), ' AND ');
}

/** Disjunction; with no condition it is the constant false `0`. */
export function sqlOr(parts: readonly SqlPart[]): SqlFragment {
  const kept = present(parts);
  if (kept.length === 0) return sqlRaw('0');
  return sql`(${sqlJoin(kept.map((p) => sql`(${p})`), ' OR ')})`;
}

/** True when the fragment is the empty conjunction (nothing to filter on). */
export const isAlwaysTrue = (f: SqlFragment): boolean => f.text === '1' && f.params.length === 0;

export interface ColumnOptions {
  /**
   * Planner hint: a unary `+` before the column keeps SQLite from using an index on it, for a column whose
   * few values cannot narrow a search that another index (FTS, KNN, an id list, a time range) already drives.
   */
  unindexed?: boolean;
}

/** A column reference, optionally with the unary-plus planner hint. */
export const column = (name: string, options: ColumnOptions = {}): SqlFragment => sqlRaw(options.unindexed ? `+${name}` : name);

/** `column IN (?, …)`; an empty list matches nothing (`0`). */
export function sqlIn(col: SqlFragment, values: readonly SqlValue[]): SqlFragment {
  if (values.length === 0) return sqlRaw('0');
  return { text: `${col.text} IN (${values.map(() => '?').join(',')})`, params: [...col.params, ...values] };
}

/** `column NOT IN (?, …)`; an empty list excludes nothing (`1`). */
export function sqlNotIn(col: SqlFragment, values: readonly SqlValue[]): SqlFragment {
  if (values.length === 0) return sqlRaw('1');
  return { text: `${col.text} NOT IN (${values.map(() => '?').join(',')})`, params: [...col.params, ...values] };
}

/** The `INDEXED BY` planner hint for a table reference: `nodes n INDEXED BY idx_nodes_created`. */
export const tableIndexedBy = (table: string, index: string): SqlFragment => sqlRaw(`${table} INDEXED BY ${index}`);
