/**
 * Reads a TEXT column that holds JSON. A damaged row (an older version's bug, a file edited by hand) reads as
 * `fallback` instead of throwing `SyntaxError` at whoever lists it: one bad row never hides the others.
 */
export function readJsonColumn(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

/**
 * A JSON field of a TEXT column, in SQL (`column` as the query names it, "attributes" or "n.attributes"): NULL when
 * the column is not JSON. json_extract raises on a damaged row, and one such row would fail every query that reads
 * past it (a search near it, a session's consolidation, a retract scanning every node).
 */
export const jsonFieldSql = (column: string, path: string): string => `(CASE WHEN json_valid(${column}) THEN json_extract(${column}, '${path}') END)`;

/**
 * A JSON column for json_each, in SQL: the column when it is JSON, else `empty` (no rows). json_each raises on a
 * damaged row, and one such row would fail a whole delete, forget or name lookup.
 */
export const jsonOrEmptySql = (column: string, empty: '[]' | '{}' = '[]'): string => `(CASE WHEN json_valid(${column}) THEN ${column} ELSE '${empty}' END)`;
