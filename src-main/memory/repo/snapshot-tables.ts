/**
 * Table-level SQL of the export and its re-import (memory/snapshot.ts): a table's columns, its rows in a
 * stable order, the stored vectors, and the statements a load checks and inserts rows with. The table and
 * column names come from snapshot.ts's fixed lists and the table's own schema, never from a file.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { ReadableDB } from '../../storage/db';
import type { NodeType } from '../../../src-shared/memory-types';
import { stmt } from './statements';
import { entityIdsNamed, normaliseAlias } from './entities';

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
   * The one entity here of this kind, not merged, whose name or an alias is one of `names` ("Edin" for the
   * "Edinburgh" here that has it as an alias, or the file's "Edinburgh" known here as "Edin"), or null: none, or
   * several, when which one was meant cannot be told (the file's entity then stays one of its own).
   */
  entityIdKnownAs(names: readonly string[], type: string): string | null {
    const ids = new Set<string>();
    for (const key of new Set(names.map(normaliseAlias).filter((k) => k !== ''))) {
      for (const id of entityIdsNamed(this.db, key)) if (this.entityById(id)?.type === type) ids.add(id);
    }
    return ids.size === 1 ? ([...ids][0] as string) : null;
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
