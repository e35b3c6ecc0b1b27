/** sqlite-vec rows. `active` mirrors nodes.valid_until IS NULL so KNN can skip superseded and forgotten nodes. */
import type { Database } from 'better-sqlite3';
import type { NodeType } from '../../../src-shared/memory-types';
import { approxBlob, binaryCode, codeBlob, floatsFromApprox, floatsFromBlob } from '../vector-index';
import { stmt } from './statements';

export function upsertNodeVector(db: Database, nodeId: string, nodeType: NodeType, active: boolean, v: Float32Array): void {
  // vec0 has no UPSERT; delete then insert keeps re-embedding idempotent.
  stmt(db, 'DELETE FROM vec_nodes WHERE node_id = ?').run(nodeId);
  stmt(db, 'INSERT INTO vec_nodes (node_id, embedding, node_type, active) VALUES (?, ?, ?, ?)').run(
    nodeId,
    v,
    nodeType,
    active ? 1n : 0n,
  );
  stmt(db, 'INSERT OR REPLACE INTO vec_codes (node_id, code, approx) VALUES (?, ?, ?)').run(nodeId, codeBlob(binaryCode(v)), approxBlob(v));
}

export function setNodeVectorActive(db: Database, nodeId: string, active: boolean): void {
  stmt(db, 'UPDATE vec_nodes SET active = ? WHERE node_id = ?').run(active ? 1n : 0n, nodeId);
}

export function deleteNodeVector(db: Database, nodeId: string): void {
  stmt(db, 'DELETE FROM vec_nodes WHERE node_id = ?').run(nodeId);
  stmt(db, 'DELETE FROM vec_codes WHERE node_id = ?').run(nodeId);
}

/**
 * Vectors of a few nodes for ordering candidates: the int8 copy where there is one (a plain row), else the
 * exact vector from sqlite-vec.
 */
export function rerankVectors(db: Database, ids: readonly string[]): Map<string, Float32Array> {
  // One statement for the list: SQLite probes the key index in key order (neighbouring keys share pages), and
  // the per-call cost of 64 separate lookups is paid once.
  const rows = stmt(db, 'SELECT node_id AS id, approx FROM vec_codes WHERE node_id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as {
    id: string;
    approx: Buffer | null;
  }[];
  const copies = new Map(rows.map((r) => [r.id, r.approx]));
  const out = new Map<string, Float32Array>();
  const missing: string[] = [];
  for (const id of ids) {
    const blob = copies.get(id);
    if (blob) out.set(id, floatsFromApprox(blob));
    else missing.push(id);
  }
  for (const [id, v] of nodeVectors(db, missing)) out.set(id, v);
  return out;
}

/** Exact vectors of a few nodes (vec0 point lookups cost ~30 µs each: keep the list short). */
export function nodeVectors(db: Database, ids: readonly string[]): Map<string, Float32Array> {
  const one = stmt(db, 'SELECT embedding FROM vec_nodes WHERE node_id = ?');
  const out = new Map<string, Float32Array>();
  for (const id of ids) {
    const row = one.get(id) as { embedding: Buffer } | undefined;
    if (row) out.set(id, floatsFromBlob(row.embedding));
  }
  return out;
}

export function upsertEntityVector(db: Database, entityId: string, v: Float32Array): void {
  stmt(db, 'DELETE FROM vec_entities WHERE entity_id = ?').run(entityId);
  stmt(db, 'INSERT INTO vec_entities (entity_id, embedding) VALUES (?, ?)').run(entityId, v);
}

export function deleteEntityVector(db: Database, entityId: string): void {
  stmt(db, 'DELETE FROM vec_entities WHERE entity_id = ?').run(entityId);
}

export interface VectorHit {
  nodeId: string;
  distance: number;
}

/** K nearest current nodes, optionally restricted to some node types. */
export function knnNodes(
  db: Database,
  query: Float32Array,
  k: number,
  options: { types?: readonly NodeType[]; includeInactive?: boolean } = {},
): VectorHit[] {
  const filters: string[] = [];
  const params: unknown[] = [query, k];
  if (!options.includeInactive) filters.push('active = 1');
  if (options.types && options.types.length > 0) {
    filters.push(`node_type IN (${options.types.map(() => '?').join(', ')})`);
    params.push(...options.types);
  }
  const where = ['embedding MATCH ?', 'k = ?', ...filters].join(' AND ');
  const rows = stmt(db, `SELECT node_id, distance FROM vec_nodes WHERE ${where} ORDER BY distance`).all(...params) as {
    node_id: string;
    distance: number;
  }[];
  return rows.map((r) => ({ nodeId: r.node_id, distance: r.distance }));
}

export function countNodeVectors(db: Database): number {
  return (stmt(db, 'SELECT count(*) AS n FROM vec_nodes').get() as { n: number }).n;
}
