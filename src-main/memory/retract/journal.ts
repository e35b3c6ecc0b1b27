/**
 * The rows a retract changes, as they were before it, so its undo puts back exactly the prior state. Rows are
 * kept whole (every column but the vector blobs, which a retract never changes); tallies and full-text indexes
 * follow the restored rows through their triggers. Restores are UPDATEs, never REPLACE: a REPLACE deletes the
 * row first and its cascades would take edges and links with it.
 */
import type { Database } from 'better-sqlite3';

type Row = Record<string, string | number | null>;

export interface RetractJournal {
  nodes: Row[];
  edges: Row[];
  entities: Row[];
  /** vec_nodes.active per node before the retract (a virtual table: no trigger keeps it). */
  vectorActive: { id: string; active: number }[];
  /** valid_until of each journalled node as the retract left it: an undo over a later change is refused. */
  after: { id: string; validUntil: number | null }[];
  /** A re-extract's own writes, which its undo takes back: the facts it created (forgotten, restorable), */
  created?: string[];
  /** the proposals it left waiting for review (withdrawn while still pending), */
  proposed?: string[];
  /** and the edges it added to what already was (deleted). */
  addedEdges?: string[];
  /** Proposals waiting on the retracted messages, set aside as declined (back in the queue on undo). */
  withdrawn?: string[];
}

const columnCache = new WeakMap<Database, Map<string, string[]>>();

/** The table's columns without its BLOBs (vector copies). */
function columnsOf(db: Database, table: 'nodes' | 'edges' | 'entities'): string[] {
  let perDb = columnCache.get(db);
  if (!perDb) columnCache.set(db, (perDb = new Map()));
  let cols = perDb.get(table);
  if (!cols) {
    const info = db.prepare(`SELECT name, type FROM pragma_table_info(?)`).all(table) as { name: string; type: string }[];
    cols = info.filter((c) => c.type.toUpperCase() !== 'BLOB').map((c) => c.name);
    perDb.set(table, cols);
  }
  return cols;
}

function rowsOf(db: Database, table: 'nodes' | 'edges' | 'entities', ids: readonly string[]): Row[] {
  if (ids.length === 0) return [];
  const cols = columnsOf(db, table).map((c) => `t.${c}`).join(', ');
  return db.prepare(`SELECT ${cols} FROM json_each(?) j CROSS JOIN ${table} t ON t.id = j.value ORDER BY j.key`).all(JSON.stringify(ids)) as Row[];
}

export function recordJournal(db: Database, nodeIds: readonly string[], edgeIds: readonly string[]): RetractJournal {
  const entityIds = db
    .prepare('SELECT DISTINCT entity_id FROM node_entities WHERE node_id IN (SELECT value FROM json_each(?)) ORDER BY entity_id')
    .pluck()
    .all(JSON.stringify(nodeIds)) as string[];
  // One primary-key lookup per node: an IN over vec0 would scan the whole vector table.
  const active = db.prepare('SELECT active FROM vec_nodes WHERE node_id = ?').pluck();
  const vectorActive = nodeIds.flatMap((id) => {
    const value = active.get(id) as number | bigint | null | undefined;
    return value === undefined || value === null ? [] : [{ id, active: value }];
  });
  return {
    nodes: rowsOf(db, 'nodes', nodeIds),
    edges: rowsOf(db, 'edges', edgeIds),
    entities: rowsOf(db, 'entities', entityIds),
    vectorActive: vectorActive.map((v) => ({ id: v.id, active: Number(v.active) })),
    after: [],
  };
}

/** Notes how the retract left the journalled nodes (after it applied). */
export function noteAfter(db: Database, journal: RetractJournal): void {
  const validUntil = db.prepare('SELECT valid_until FROM nodes WHERE id = ?').pluck();
  journal.after = journal.nodes.map((n) => ({ id: String(n.id), validUntil: validUntil.get(n.id) as number | null }));
}

/** Ids of journalled nodes changed (or gone) since the retract; an undo over them would lose those changes. */
export function changedSince(db: Database, journal: RetractJournal): string[] {
  const validUntil = db.prepare('SELECT valid_until FROM nodes WHERE id = ?');
  return journal.after.filter((a) => {
    const row = validUntil.get(a.id) as { valid_until: number | null } | undefined;
    return row === undefined || row.valid_until !== a.validUntil;
  }).map((a) => a.id);
}

function restoreRows(db: Database, table: 'nodes' | 'entities', rows: readonly Row[]): void {
  const first = rows[0];
  if (!first) return;
  const cols = Object.keys(first).filter((c) => c !== 'id');
  const update = db.prepare(`UPDATE ${table} SET ${cols.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`);
  for (const row of rows) update.run(row);
}

/** Puts every journalled row back as it was (inside the undo's transaction). */
export function restoreJournal(db: Database, journal: RetractJournal): void {
  const firstEdge = journal.edges[0];
  if (firstEdge) {
    const cols = Object.keys(firstEdge);
    const insert = db.prepare(`INSERT INTO edges (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`);
    for (const edge of journal.edges) insert.run(edge);
  }
  restoreRows(db, 'nodes', journal.nodes);
  restoreRows(db, 'entities', journal.entities);
  const setActive = db.prepare('UPDATE vec_nodes SET active = ? WHERE node_id = ?');
  for (const v of journal.vectorActive) setActive.run(BigInt(v.active), v.id);
}
