/**
 * Is this database's schema exactly Engram's? A restored file must not bring objects of its own: an extra
 * trigger runs on every later write, a VIEW in place of a table answers what its author chose. "Expected" is
 * a fresh database migrated by this code (never a hand list), with the candidate's vector width.
 */
import type { Database } from 'better-sqlite3';
import { openDatabase } from './open';

interface SchemaObject {
  type: string;
  name: string;
  sql: string | null;
}

/** SQLite's own objects (sqlite_stat1, autoindexes) cannot be created by a file's author and are not compared. */
function objectsOf(db: Database): Map<string, SchemaObject> {
  const rows = db.prepare(`SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`).all() as SchemaObject[];
  return new Map(rows.map((r) => [r.name, r]));
}

const normalised = (sql: string | null): string => (sql ?? '').replace(/\s+/g, ' ').trim();

function columnsOf(db: Database, table: string): string {
  const rows = db.prepare('SELECT name, type FROM pragma_table_xinfo(?)').all(table) as { name: string; type: string }[];
  return rows.map((c) => `${c.name} ${c.type}`.trim()).join(', ');
}

/** What differs between `db`'s schema and Engram's (empty when it is Engram's), as sentences. */
export function schemaDifferences(db: Database, options: { dimensions: number; nativeBinding?: string }): string[] {
  const fresh = openDatabase(':memory:', { dimensions: options.dimensions, now: 0, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) });
  try {
    const expected = objectsOf(fresh);
    const actual = objectsOf(db);
    const differences: string[] = [];
    for (const [name, object] of actual) {
      const want = expected.get(name);
      if (!want) {
        differences.push(`an extra ${object.type} "${name}"`);
        continue;
      }
      if (want.type !== object.type) {
        differences.push(`"${name}" is a ${object.type} where Engram has a ${want.type}`);
        continue;
      }
      // Tables may differ in how their CREATE text was formatted over the migrations; their columns may not.
      // Everything else (triggers, views, indexes, virtual tables) must be Engram's own statement.
      const isPlainTable = object.type === 'table' && !/^CREATE VIRTUAL TABLE/i.test(object.sql ?? '');
      if (isPlainTable ? columnsOf(db, name) !== columnsOf(fresh, name) : normalised(object.sql) !== normalised(want.sql)) {
        differences.push(`the ${object.type} "${name}" is not Engram's`);
      }
    }
    for (const [name, want] of expected) if (!actual.has(name)) differences.push(`no ${want.type} "${name}"`);
    return differences;
  } finally {
    fresh.close();
  }
}
