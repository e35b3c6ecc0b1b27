/**
 * The whole memory as rows, for the lossless JSON export and its re-import (src-main/data/). Tables are
 * read in a stable order, one row at a time (`iterate`), so an export never holds the memory in RAM.
 * Loading inserts with `INSERT OR IGNORE` on the same ids (and the same node rowids, which consolidation
 * watermarks refer to), so into an empty memory it rebuilds the same graph and into a non-empty one it
 * adds what is missing. Vectors travel as base64 float32 and are reused when the embedder matches;
 * otherwise the restored nodes are queued for the slow path.
 */
import type { Database } from 'better-sqlite3';
import { floatsFromBlob } from './vector-index';
import { upsertEntityVector, upsertNodeVector } from './repo/vectors';
import { enqueueSlowPath } from './repo/slow-queue';
import type { NodeType } from '../../src-shared/memory-types';

/** Tables in load order (parents before children). */
export const SNAPSHOT_TABLES = [
  'nodes',
  'entities',
  'edges',
  'node_entities',
  'memory_sessions',
  'writepath_runs',
  'chat_sessions',
  'chat_context_packs',
  'chat_messages',
  'app_settings',
] as const;
export type SnapshotTable = (typeof SNAPSHOT_TABLES)[number];

const ORDER: Record<SnapshotTable, string> = {
  nodes: 'rowid',
  entities: 'first_seen, id',
  edges: 'created_at, id',
  node_entities: 'node_id, entity_id',
  memory_sessions: 'id',
  writepath_runs: 'started_at, id',
  chat_sessions: 'created_at, id',
  chat_context_packs: 'created_at, id',
  chat_messages: 'chat_id, seq',
  app_settings: 'key',
};

/** Always-empty BLOB columns (sqlite-vec holds the vectors). */
const SKIPPED_COLUMNS = new Set(['embedding']);
/** Setting values under these names are secrets and never leave the machine in an export. */
const SECRET_NAME = /api[_-]?key|secret|token|password|credential/i;

export type SnapshotRow = Record<string, string | number | null>;

function columns(db: Database, table: SnapshotTable): string[] {
  return (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[])
    .map((r) => r.name)
    .filter((c) => !SKIPPED_COLUMNS.has(c));
}

function tableExists(db: Database, table: string): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
}

/** Drops secret-looking keys from a JSON settings value, at any depth. */
function scrubSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !SECRET_NAME.test(k)).map(([k, v]) => [k, scrubSecrets(v)]));
}

/** Rows of one table, streamed. Nodes carry their rowid as `_rowid`. */
export function* snapshotRows(db: Database, table: SnapshotTable): Generator<SnapshotRow> {
  if (!tableExists(db, table)) return;
  const cols = columns(db, table).map((c) => `"${c}"`);
  if (table === 'nodes') cols.unshift('rowid AS _rowid');
  for (const row of db.prepare(`SELECT ${cols.join(', ')} FROM ${table} ORDER BY ${ORDER[table]}`).iterate() as Iterable<SnapshotRow>) {
    if (table === 'app_settings') {
      if (SECRET_NAME.test(String(row.key))) continue;
      try {
        row.value = JSON.stringify(scrubSecrets(JSON.parse(String(row.value))));
      } catch {
        // not JSON: kept as it is
      }
    }
    yield row;
  }
}

/** [id, base64 float32] of every node or entity vector. */
export function* snapshotVectors(db: Database, kind: 'nodes' | 'entities'): Generator<[string, string]> {
  const sql = kind === 'nodes' ? 'SELECT node_id AS id, embedding FROM vec_nodes ORDER BY node_id' : 'SELECT entity_id AS id, embedding FROM vec_entities ORDER BY entity_id';
  for (const row of db.prepare(sql).iterate() as Iterable<{ id: string; embedding: Buffer }>) yield [row.id, row.embedding.toString('base64')];
}

/** Reads of one consistent snapshot (engine.withReadSnapshot). */
export interface SnapshotReader {
  rows(table: SnapshotTable): Generator<SnapshotRow>;
  vectors(kind: 'nodes' | 'entities'): Generator<[string, string]>;
}

export function snapshotReader(db: Database): SnapshotReader {
  return { rows: (table) => snapshotRows(db, table), vectors: (kind) => snapshotVectors(db, kind) };
}

export interface SnapshotData {
  tables: Partial<Record<string, SnapshotRow[]>>;
  vectors?: { model: string | null; dimensions: number; nodes: [string, string][]; entities: [string, string][] } | undefined;
}

/**
 * Inserts a snapshot's rows (call inside one transaction). Returns rows added per table and the nodes that
 * still need vectors.
 */
export function loadSnapshotRows(db: Database, data: SnapshotData, now: number, vectorLock: { model: string | null; dimensions: number }): { added: Record<string, number>; needVectors: string[] } {
  const added: Record<string, number> = {};
  const addedNodes: string[] = [];
  for (const table of SNAPSHOT_TABLES) {
    const rows = data.tables[table];
    if (!rows || rows.length === 0) continue;
    const known = new Set(columns(db, table));
    const cols = Object.keys(rows[0] as SnapshotRow).filter((c) => known.has(c));
    if (table === 'nodes') cols.unshift('rowid');
    const insert = db.prepare(`INSERT OR IGNORE INTO ${table} (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
    let n = 0;
    for (const row of rows) {
      const values = cols.map((c) => (c === 'rowid' ? (row._rowid ?? null) : (row[c] ?? null)));
      let changes = 0;
      try {
        changes = insert.run(values).changes;
      } catch (err) {
        // A rowid taken by another node (loading into a non-empty memory): the node gets a new rowid.
        if (table !== 'nodes' || !String(err).includes('UNIQUE')) throw err;
        changes = db.prepare(`INSERT OR IGNORE INTO nodes (${cols.slice(1).map((c) => `"${c}"`).join(', ')}) VALUES (${cols.slice(1).map(() => '?').join(', ')})`).run(values.slice(1)).changes;
      }
      if (changes > 0) {
        n++;
        if (table === 'nodes') addedNodes.push(String(row.id));
      }
    }
    added[table] = n;
  }
  const vectors = data.vectors;
  const reuse = vectors !== undefined && vectors.model === vectorLock.model && vectors.dimensions === vectorLock.dimensions;
  const needVectors: string[] = [];
  if (reuse) {
    const nodeInfo = db.prepare('SELECT type, valid_until IS NULL AS active FROM nodes WHERE id = ?');
    const fresh = new Set(addedNodes);
    const withVector = new Set<string>();
    for (const [id, b64] of vectors.nodes) {
      if (!fresh.has(id)) continue;
      const info = nodeInfo.get(id) as { type: NodeType; active: number } | undefined;
      if (!info) continue;
      upsertNodeVector(db, id, info.type, info.active === 1, floatsFromBlob(Buffer.from(b64, 'base64')));
      withVector.add(id);
    }
    for (const [id, b64] of vectors.entities) upsertEntityVector(db, id, floatsFromBlob(Buffer.from(b64, 'base64')));
    for (const id of addedNodes) if (!withVector.has(id)) needVectors.push(id);
  } else {
    needVectors.push(...addedNodes);
  }
  for (const id of needVectors) enqueueSlowPath(db, id, now);
  return { added, needVectors };
}

/**
 * Runs `fn` over `reader` — a second, read-only connection — inside one read transaction, then closes it: a
 * long read (an export that waits for its file to drain) never holds the writer's connection, and never sees
 * half a write.
 */
export async function overOneSnapshot<T>(reader: Database, fn: (reader: SnapshotReader) => Promise<T>): Promise<T> {
  try {
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM memory_metadata').get(); // the snapshot starts at the first read
    return await fn(snapshotReader(reader));
  } finally {
    if (reader.inTransaction) reader.exec('COMMIT');
    reader.close();
  }
}
