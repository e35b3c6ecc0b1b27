/**
 * Every row of every table of a memory file, for "exactly the state before" checks. Full-text and vector
 * indexes are compared by what they answer, not their internal pages (whose layout a delete and re-insert
 * legitimately changes): the rowids each node's text is found under, and each vector's active flag. Tally
 * tables count rows: a count of zero is the same as no count row (the triggers leave zeros behind).
 */
import type { Database } from 'better-sqlite3';

const INTERNAL = /^(nodes_fts|facts_fts|vec_nodes|vec_entities)(_|$)|^sqlite_/;

export function fullSnapshot(db: Database): Record<string, unknown[]> {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
    .pluck()
    .all() as string[];
  const out: Record<string, unknown[]> = {};
  for (const table of tables.filter((t) => !INTERNAL.test(t))) {
    const cols = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).join(', ');
    const nonZero = /_tally$/.test(table) ? 'WHERE n != 0' : '';
    out[table] = db.prepare(`SELECT ${cols} FROM "${table}" ${nonZero} ORDER BY ${cols}`).all();
  }
  out['vec_nodes'] = db.prepare('SELECT node_id, active FROM vec_nodes ORDER BY node_id').all();
  out['nodes_fts'] = db.prepare(`SELECT n.id, (SELECT count(*) FROM nodes_fts f WHERE f.rowid = n.rowid) AS indexed FROM nodes n ORDER BY n.id`).all();
  out['facts_fts'] = db.prepare(`SELECT n.id, (SELECT count(*) FROM facts_fts f WHERE f.rowid = n.rowid) AS indexed FROM nodes n ORDER BY n.id`).all();
  return out;
}
