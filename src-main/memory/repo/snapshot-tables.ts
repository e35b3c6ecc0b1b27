/**
 * Table-level SQL of the export and its re-import (memory/snapshot.ts): a table's columns, its rows in a
 * stable order, the stored vectors, and the statements a load checks and inserts rows with. The table and
 * column names come from snapshot.ts's fixed lists and the table's own schema, never from a file.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { ReadableDB } from '../../storage/db';
import type { NodeType } from '../../../src-shared/memory-types';
import { parseStringArray, stmt } from './statements';
import { normaliseAlias } from './entities';

/** One row as an export carries it: column name → value. */
export type SnapshotRow = Record<string, string | number | null>;

export function tableColumns(db: ReadableDB, table: string): string[] {
  return (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map((r) => r.name);
}

export function tableExists(db: ReadableDB, table: string): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
}

/** The rows of `table`, one at a time; `selected` are column expressions, `orderBy` a stable order. */
export function iterateTable(db: ReadableDB, table: string, selected: readonly string[], orderBy: string): Iterable<SnapshotRow> {
  return db.prepare(`SELECT ${selected.join(', ')} FROM ${table} ORDER BY ${orderBy}`).iterate() as Iterable<SnapshotRow>;
}

/** Every stored node or entity vector, by id. */
export function iterateVectors(db: ReadableDB, kind: 'nodes' | 'entities'): Iterable<{ id: string; embedding: Buffer }> {
  const sql = kind === 'nodes' ? 'SELECT node_id AS id, embedding FROM vec_nodes ORDER BY node_id' : 'SELECT entity_id AS id, embedding FROM vec_entities ORDER BY entity_id';
  return db.prepare(sql).iterate() as Iterable<{ id: string; embedding: Buffer }>;
}

/** A node's type and whether it is current, for filing its vector. */
export function nodeKind(db: ReadableDB, id: string): { type: NodeType; active: number } | undefined {
  return stmt(db, 'SELECT type, valid_until IS NULL AS active FROM nodes WHERE id = ?').get(id) as { type: NodeType; active: number } | undefined;
}

/** The first read of a read transaction, which is where SQLite starts its snapshot. */
export function startSnapshot(db: ReadableDB): void {
  db.prepare('SELECT count(*) FROM memory_metadata').get();
}

/** The statements one load checks and inserts rows with, prepared once per load (their text depends on the table). */
export class SnapshotLoadStatements {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  private prepared(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  /** Whether `table` has a row with these key values. */
  exists(table: string, keys: readonly string[], values: readonly (string | number | null)[]): boolean {
    return this.prepared(`SELECT 1 FROM ${table} WHERE ${keys.map((k) => `"${k}" = ?`).join(' AND ')}`).get(values) !== undefined;
  }

  spaceExists(id: string): boolean {
    return this.prepared('SELECT 1 FROM spaces WHERE id = ?').get(id) !== undefined;
  }

  /** The id of the space named so here, in any case (names are unique without case), or null. */
  spaceIdByName(name: string): string | null {
    const id = this.prepared('SELECT id FROM spaces WHERE name = ? COLLATE NOCASE').pluck().get(name) as string | undefined;
    return id ?? null;
  }

  /**
   * The entity here of the same name (in any case) and kind, not merged into another — the one first seen — or
   * null: the same person or place learned on two machines has two ids.
   */
  entityIdByName(name: string, type: string): string | null {
    const id = this.prepared('SELECT id FROM entities WHERE canonical_name = ? COLLATE NOCASE AND type = ? AND merged_into IS NULL ORDER BY first_seen, id LIMIT 1')
      .pluck()
      .get(name, type) as string | undefined;
    return id ?? null;
  }

  /**
   * The entities here before a load, by their names and by their aliases (one read; a load matches against it, never
   * against the entities it has just added itself).
   */
  entityNamesHere(): EntityNamesHere {
    const names = new Map<string, Set<string>>();
    const aliases = new Map<string, Set<string>>();
    const add = (into: Map<string, Set<string>>, type: string, name: string, id: string): void => {
      const key = `${type}\u0000${normaliseAlias(name)}`;
      const ids = into.get(key) ?? new Set<string>();
      ids.add(id);
      into.set(key, ids);
    };
    for (const row of this.db.prepare('SELECT id, canonical_name AS name, type, aliases FROM entities WHERE merged_into IS NULL').iterate() as Iterable<{ id: string; name: string; type: string; aliases: string }>) {
      add(names, row.type, row.name, row.id);
      for (const alias of parseStringArray(row.aliases)) add(aliases, row.type, alias, row.id);
    }
    return new EntityNamesHere(names, aliases);
  }

  /** The name and kind of the entity here with this id, or null. */
  entityById(id: string): { name: string; type: string } | null {
    const row = this.prepared('SELECT canonical_name AS name, type FROM entities WHERE id = ?').get(id) as { name: string; type: string } | undefined;
    return row ?? null;
  }

  nodeRowidFree(rowid: string | number): boolean {
    return this.prepared('SELECT 1 FROM nodes WHERE rowid = ?').get(rowid) === undefined;
  }

  /** Inserts one row; throws what SQLite refuses (the caller reports it and goes on). */
  insert(table: string, cols: readonly string[], values: readonly (string | number | null)[]): void {
    this.prepared(`INSERT INTO ${table} (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`).run(values);
  }
}

/** The entities a memory held before a load, found by a name or an alias of theirs. */
export class EntityNamesHere {
  constructor(
    private readonly names: ReadonlyMap<string, ReadonlySet<string>>,
    private readonly aliases: ReadonlyMap<string, ReadonlySet<string>>,
  ) {}

  /**
   * The one entity here of this kind that a file's entity names across name and alias: its name is an alias here
   * (the file's "Edin", the "Edinburgh" here that goes by it), or one of its aliases is a name here (the file's
   * "Joanna" who goes by "Jo", the "Jo" here). An alias shared by both says nothing (two people may go by "Sam"),
   * and when two here fit, which was meant cannot be told: null, and the file's entity stays one of its own.
   */
  knownAs(name: string, aliases: readonly string[], type: string): string | null {
    const ids = new Set<string>();
    const at = (from: ReadonlyMap<string, ReadonlySet<string>>, n: string): void => {
      for (const id of from.get(`${type}\u0000${normaliseAlias(n)}`) ?? []) ids.add(id);
    };
    at(this.aliases, name);
    for (const alias of aliases) at(this.names, alias);
    return ids.size === 1 ? ([...ids][0] as string) : null;
  }
}
