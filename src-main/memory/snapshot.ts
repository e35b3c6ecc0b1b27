/**
 * The whole memory as rows, for the lossless JSON export and its re-import (src-main/data/). Tables are
 * read in a stable order, one row at a time (`iterate`), so an export never holds the memory in RAM.
 * Loading checks every row with the engine's schemas (snapshot-rows.ts) and inserts it on the same id (and the
 * same node rowid, which consolidation watermarks refer to), so into an empty memory it rebuilds the same graph;
 * into a non-empty one it only adds — it never attaches to or changes what is there — and never loads settings. Vectors travel as base64 float32 and are reused when the embedder matches;
 * otherwise the restored nodes are queued for the slow path.
 */
import type { Database } from 'better-sqlite3';
import type { ReadableDB } from '../storage/db';
import { type ExportedTree, exportedTree } from './fingerprint';
import { floatsFromBlob } from './vector-index';
import { upsertEntityVector, upsertNodeVector } from './repo/vectors';
import { enqueueSlowPath } from './repo/slow-queue';
import { adjustMentionCount } from './repo/entities';
import { parseStringArray } from './repo/statements';
import { iterateTable, iterateVectors, nodeKind, SnapshotLoadStatements, startSnapshot, tableColumns, tableExists, type SnapshotRow } from './repo/snapshot-tables';
import { PERSONAL_SPACE_ID } from '../../src-shared/spaces';
import type { RejectedRows } from '../../src-shared/import-source';
import { type LoadableTable, PRIMARY_KEY, type Reference, REFERENCES, WHAT } from './snapshot-keys';
import { aheadOfClockProblem, rowProblem, SNAPSHOT_TABLES, type SnapshotTable } from './snapshot-rows';
import { checkImportedProposal } from './snapshot-proposals';


const ORDER: Record<SnapshotTable, string> = {
  spaces: 'created_at, id',
  nodes: 'rowid',
  entities: 'first_seen, id',
  edges: 'created_at, id',
  node_entities: 'node_id, entity_id',
  memory_sessions: 'id',
  writepath_runs: 'started_at, id',
  chat_sessions: 'created_at, id',
  chat_context_packs: 'created_at, id',
  chat_messages: 'chat_id, seq',
  memory_proposals: 'created_at, id',
  app_settings: 'key',
};

/** Always-empty BLOB columns (sqlite-vec holds the vectors). */
const SKIPPED_COLUMNS = new Set(['embedding']);
/** Setting values under these names are secrets and never leave the machine in an export. */
const SECRET_NAME = /api[_-]?key|secret|token|password|credential/i;

export type { SnapshotRow } from './repo/snapshot-tables';

function columns(db: ReadableDB, table: SnapshotTable): string[] {
  return tableColumns(db, table).filter((c) => !SKIPPED_COLUMNS.has(c));
}

/** Drops secret-looking keys from a JSON settings value, at any depth. */
function scrubSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !SECRET_NAME.test(k)).map(([k, v]) => [k, scrubSecrets(v)]));
}

/** Rows of one table, streamed. Nodes carry their rowid as `_rowid`. */
export function* snapshotRows(db: ReadableDB, table: SnapshotTable): Generator<SnapshotRow> {
  if (!tableExists(db, table)) return;
  const cols = columns(db, table).map((c) => `"${c}"`);
  if (table === 'nodes') cols.unshift('rowid AS _rowid');
  for (const row of iterateTable(db, table, cols, ORDER[table])) {
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
export function* snapshotVectors(db: ReadableDB, kind: 'nodes' | 'entities'): Generator<[string, string]> {
  for (const row of iterateVectors(db, kind)) yield [row.id, row.embedding.toString('base64')];
}

/** Reads of one consistent snapshot (engine.withReadSnapshot). */
export interface SnapshotReader {
  rows(table: SnapshotTable): Generator<SnapshotRow>;
  vectors(kind: 'nodes' | 'entities'): Generator<[string, string]>;
  /** The Merkle root and leaves of the same snapshot (fingerprint.ts), or null for a memory without them. */
  merkle(): ExportedTree | null;
}

export function snapshotReader(db: Database): SnapshotReader {
  return { rows: (table) => snapshotRows(db, table), vectors: (kind) => snapshotVectors(db, kind), merkle: () => exportedTree(db) };
}

export interface SnapshotData {
  tables: Partial<Record<string, SnapshotRow[]>>;
  /**
   * The space the loaded chats, sessions and nodes go to (an import into one space; the file's spaces are then
   * not loaded). Absent: each keeps its space — the file's spaces are added, and one named like a space here
   * (in any case) joins it — and a row whose space is in neither goes to Personal.
   */
  spaceId?: string | undefined;
  vectors?: { model: string | null; dimensions: number; nodes: [string, string][]; entities: [string, string][] } | undefined;
}


export interface SnapshotLoad {
  /** Rows added per table. */
  added: Record<string, number>;
  /** Rows whose id is already in this memory (left as they are). */
  alreadyThere: Record<string, number>;
  rejected: RejectedRows[];
  needVectors: string[];
  /** Nodes the load added (settle-arrived.ts settles their facts against what memory holds). */
  addedNodeIds: string[];
  /** Versions ended by settling the added facts with the current ones (0 until the engine settles them). */
  settled: number;
}

/** Settings are never loaded from a file: provider, keys and MCP stay as the person set them. */
export const SETTINGS_NOT_IMPORTED = 'settings are never imported from a file (the provider, keys and MCP stay as you set them)';

/** A file entity's aliases as names (a JSON list of strings; anything else is none), the first 50 of up to 200 characters. */
function fileAliases(value: unknown): string[] {
  if (typeof value !== 'string' || value.length > 100_000) return [];
  return parseStringArray(value)
    .filter((a) => a.length <= 200)
    .slice(0, 50)
    .map(shownName);
}

/** A name as a reader sees it: " Edinburgh " and "Edin\u200bburgh" are Edinburgh. */
const shownName = (name: string): string => name.normalize('NFKC').replace(/[\u200B-\u200D\u2060\uFEFF]/g, '').replace(/\s+/g, ' ').trim();

/**
 * Inserts a snapshot's rows (call inside one transaction; roll it back for a preview). Each row is checked
 * with the engine's schemas first, and may only add: a row whose id is here already is left alone, and a row
 * that would attach to what was here before (a message into an existing chat, an edge between existing facts,
 * an episode into an existing conversation) is refused with its reason, as is every settings row. Returns
 * what was added, what was already there, what was refused and why, and the nodes that still need vectors.
 */
export function loadSnapshotRows(db: Database, data: SnapshotData, now: number, vectorLock: { model: string | null; dimensions: number }): SnapshotLoad {
  const added: Record<string, number> = {};
  const alreadyThere: Record<string, number> = {};
  const rejected = new Map<string, RejectedRows>();
  const reject = (table: string, reason: string, example: string): void => {
    const key = `${table}\u0000${reason}`;
    const entry = rejected.get(key);
    if (entry) entry.count++;
    else rejected.set(key, { table, reason, count: 1, example });
  };
  const fresh: Record<Reference['table'], Set<string>> = {
    nodes: new Set(),
    entities: new Set(),
    chat_sessions: new Set(),
    chat_context_packs: new Set(),
    memory_sessions: new Set(),
  };
  const statements = new SnapshotLoadStatements(db);
  // Read before any row is added, so the file's own entities never match each other by alias.
  const namesHere = statements.entityNamesHere();
  // The file's entities as this memory knows them: one of the same name and kind here is the same entity (an
  // export of the same conversations from another machine names Edinburgh with another id). Rows that point at
  // such an entity point at the one here.
  const entityIds = new Map<string, string>();
  const adoptedEntities = new Set<string>();
  /** The file's entities that are here already by their id (and kind): links may join them. */
  const matchedHere = new Set<string>();
  const asHere = (id: string): string => entityIds.get(id) ?? id;
  const exists = (table: string, keys: string[], row: SnapshotRow): boolean => statements.exists(table, keys, keys.map((k) => row[k] ?? null));
  const referenceProblem = (table: LoadableTable, row: SnapshotRow): string | null => {
    for (const ref of REFERENCES[table] ?? []) {
      const value = row[ref.column];
      if (value === null || value === undefined) continue;
      const id = String(value);
      if (fresh[ref.table].has(id) || (ref.table === 'entities' && adoptedEntities.has(id))) continue;
      const here = exists(ref.table, ['id'], { id });
      if (here) return `${ref.column}: attaches to ${WHAT[ref.table]} already in this memory (an import only adds, it never changes what is there)`;
      if (!ref.optional) return `${ref.column}: refers to ${WHAT[ref.table]} that is neither in the file nor in this memory`;
    }
    return null;
  };

  // The file's space ids as this memory knows them: the same id, or the space here of the same name.
  const spaceIds = new Map<string, string>();
  const placedIn = (space: SnapshotRow[string] | undefined): string => {
    if (data.spaceId !== undefined) return data.spaceId;
    if (typeof space !== 'string') return PERSONAL_SPACE_ID;
    return spaceIds.get(space) ?? (statements.spaceExists(space) ? space : PERSONAL_SPACE_ID);
  };
  const loadSpace = (row: SnapshotRow): 'added' | 'there' => {
    const id = String(row.id);
    const here = statements.spaceExists(id) ? id : statements.spaceIdByName(String(row.name));
    if (here !== null) {
      spaceIds.set(id, here);
      return 'there';
    }
    statements.insert('spaces', ['id', 'name', 'created_at'], [id, String(row.name), Number(row.created_at)]);
    spaceIds.set(id, id);
    return 'added';
  };

  for (const table of SNAPSHOT_TABLES) {
    const rows = data.tables[table];
    if (!rows || rows.length === 0) continue;
    if (table === 'app_settings') {
      for (const row of rows) reject(table, SETTINGS_NOT_IMPORTED, String(row.key ?? ''));
      continue;
    }
    // Into one chosen space, the file's spaces are not wanted: everything goes there.
    if (table === 'spaces' && data.spaceId !== undefined) continue;
    const known = new Set(columns(db, table));
    const keys = PRIMARY_KEY[table];
    let n = 0;
    let there = 0;
    // Entities merged into another come after the ones they point at (merged_into is checked at once).
    const ordered = table === 'entities' ? [...rows].sort((a, b) => Number(a.merged_into != null) - Number(b.merged_into != null)) : rows;
    for (let row of ordered) {
      const example = keys.map((k) => String(row[k] ?? '')).join('/');
      const problem = rowProblem(table, row) ?? aheadOfClockProblem(table, row, now);
      if (problem) {
        reject(table, problem, example);
        continue;
      }
      if (table === 'spaces') {
        if (loadSpace(row) === 'added') n++;
        else there++;
        continue;
      }
      if (table === 'entities') {
        // The id of an entity here: of the same kind it is that entity (renamed here since, perhaps), and the file's
        // links may join it; of another kind it is a reused id, left out with what the file links to it.
        const here = statements.entityById(String(row.id));
        if (here !== null && here.type !== String(row.type)) {
          reject(table, `id: is an entity here named “${here.name}” (${here.type}), so the file's “${shownName(String(row.canonical_name))}” (${String(row.type)}) is left out, and what the file links to it`, example);
          continue;
        }
        if (here !== null) {
          matchedHere.add(String(row.id));
          there++;
          continue;
        }
      }
      if (exists(table, keys, row)) {
        there++;
        continue;
      }
      if (table === 'entities' && (row.merged_into === null || row.merged_into === undefined)) {
        // By name first; else across name and alias, among the entities here before this load, when only one fits.
        const name = shownName(String(row.canonical_name));
        const same = statements.entityIdByName(name, String(row.type)) ?? namesHere.knownAs(name, fileAliases(row.aliases), String(row.type));
        if (same !== null) {
          entityIds.set(String(row.id), same);
          adoptedEntities.add(same);
          there++;
          continue;
        }
      }
      if (entityIds.size > 0) row = withEntitiesHere(table, row, asHere);
      // A link may join only entities the file brings (added, found here by name, or here by its id and kind): any
      // other id would attach the file's memory to an entity here the file does not hold.
      if (table === 'node_entities' && !fresh.entities.has(String(row.entity_id)) && !adoptedEntities.has(String(row.entity_id)) && !matchedHere.has(String(row.entity_id))) {
        reject(table, 'entity_id: links to an entity the file does not bring (refused, left out or missing)', example);
        continue;
      }
      if (table === 'node_entities' && exists(table, keys, row)) {
        there++;
        continue;
      }
      const refProblem = referenceProblem(table, row);
      if (refProblem) {
        reject(table, refProblem, example);
        continue;
      }
      if (table === 'memory_proposals') {
        // The entities a proposal may name are those a link may join (the file's, found here by name, or by id and kind).
        const loaded = adoptedEntities.size > 0 || matchedHere.size > 0 ? { ...fresh, entities: new Set([...fresh.entities, ...adoptedEntities, ...matchedHere]) } : fresh;
        const checked = checkImportedProposal(row, loaded, (space) => placedIn(space), (id) => exists('memory_sessions', ['id'], { id }), now);
        if ('problem' in checked) {
          reject(table, checked.problem, example);
          continue;
        }
        row = checked.row;
      }
      if (known.has('space_id')) row.space_id = placedIn(row.space_id);
      const cols = Object.keys(row).filter((c) => known.has(c));
      if (table === 'nodes' && row._rowid !== null && row._rowid !== undefined && statements.nodeRowidFree(row._rowid)) {
        cols.unshift('rowid'); // the same rowid, which consolidation watermarks refer to, when it is free
      }
      const values = cols.map((c) => (c === 'rowid' ? (row._rowid ?? null) : (row[c] ?? null)));
      try {
        statements.insert(table, cols, values);
      } catch (err) {
        // A constraint the schemas do not see (a duplicate import key, two messages at one position): the
        // statement alone is undone, the row is reported, the rest goes on.
        reject(table, `refused by the database: ${err instanceof Error ? err.message : String(err)}`, example);
        continue;
      }
      n++;
      if (table in fresh) fresh[table as Reference['table']].add(String(row.id));
      // A new memory linked to an entity already here counts among its mentions, as if learned here.
      if (table === 'node_entities' && adoptedEntities.has(String(row.entity_id))) adjustMentionCount(db, String(row.entity_id), 1, now);
    }
    added[table] = n;
    if (there > 0) alreadyThere[table] = there;
  }
  const needVectors = loadVectors(db, data.vectors, vectorLock, fresh.nodes, fresh.entities);
  for (const id of needVectors) enqueueSlowPath(db, id, now);
  return { added, alreadyThere, rejected: [...rejected.values()], needVectors, addedNodeIds: [...fresh.nodes], settled: 0 };
}

/**
 * `row` with its references to the file's entities replaced by the entities here they were matched to by name:
 * a link, a merge, and a pending proposal's entities (its column and its payload alike).
 */
function withEntitiesHere(table: LoadableTable, row: SnapshotRow, asHere: (id: string) => string): SnapshotRow {
  if (table === 'node_entities' && typeof row.entity_id === 'string') return { ...row, entity_id: asHere(row.entity_id) };
  if (table === 'entities' && typeof row.merged_into === 'string') return { ...row, merged_into: asHere(row.merged_into) };
  if (table !== 'memory_proposals') return row;
  const ids = (value: unknown): unknown => (Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? asHere(v) : v)) : value);
  const out: SnapshotRow = { ...row };
  try {
    if (typeof row.entity_ids === 'string') out.entity_ids = JSON.stringify(ids(JSON.parse(row.entity_ids)));
    if (typeof row.payload === 'string') {
      const payload = JSON.parse(row.payload) as { input?: { entityIds?: unknown } };
      if (payload.input && Array.isArray(payload.input.entityIds)) {
        out.payload = JSON.stringify({ ...payload, input: { ...payload.input, entityIds: ids(payload.input.entityIds) } });
      }
    }
  } catch {
    // Not JSON: the proposal's own check refuses it, with its reason.
  }
  return out;
}

/** Stores the file's vectors of the nodes and entities this load added; returns the added nodes left without one. */
function loadVectors(db: Database, vectors: SnapshotData['vectors'], lock: { model: string | null; dimensions: number }, nodes: Set<string>, entities: Set<string>): string[] {
  const reuse = vectors !== undefined && vectors.model === lock.model && vectors.dimensions === lock.dimensions;
  if (!reuse) return [...nodes];
  const decode = (b64: string): Float32Array | null => {
    const bytes = Buffer.from(b64, 'base64');
    if (bytes.length !== lock.dimensions * 4) return null;
    const floats = floatsFromBlob(bytes);
    return floats.every(Number.isFinite) ? floats : null;
  };
  const withVector = new Set<string>();
  for (const [id, b64] of vectors.nodes) {
    if (!nodes.has(id) || withVector.has(id)) continue;
    const info = nodeKind(db, id);
    const floats = decode(b64);
    if (!info || !floats) continue;
    upsertNodeVector(db, id, info.type, info.active === 1, floats);
    withVector.add(id);
  }
  for (const [id, b64] of vectors.entities) {
    const floats = entities.has(id) ? decode(b64) : null;
    if (floats) upsertEntityVector(db, id, floats);
  }
  return [...nodes].filter((id) => !withVector.has(id));
}

/**
 * Runs `fn` over `reader` — a second, read-only connection — inside one read transaction, then closes it: a
 * long read (an export that waits for its file to drain) never holds the writer's connection, and never sees
 * half a write.
 */
export async function overOneSnapshot<T>(reader: Database, fn: (reader: SnapshotReader) => Promise<T>): Promise<T> {
  try {
    reader.exec('BEGIN');
    startSnapshot(reader); // the snapshot starts at the first read
    return await fn(snapshotReader(reader));
  } finally {
    if (reader.inTransaction) reader.exec('COMMIT');
    reader.close();
  }
}
