import { newId } from '../ids';
import type { Database } from 'better-sqlite3';
import type { ReadableDB } from '../../storage/db';
import type { MemoryEdge, RelationType } from '../../../src-shared/memory-types';
import { parseStringArray, stmt } from './statements';

interface EdgeRow {
  id: string;
  source_id: string;
  target_id: string;
  relation_type: RelationType;
  predicate: string | null;
  weight: number;
  confidence: number;
  valid_from: number;
  valid_until: number | null;
  evidence: string;
  created_at: number;
}

const EDGE_COLUMNS =
  'id, source_id, target_id, relation_type, predicate, weight, confidence, valid_from, valid_until, evidence, created_at';

function toEdge(r: EdgeRow): MemoryEdge {
  return {
    id: r.id,
    sourceId: r.source_id,
    targetId: r.target_id,
    relationType: r.relation_type,
    predicate: r.predicate,
    weight: r.weight,
    confidence: r.confidence,
    validFrom: r.valid_from,
    validUntil: r.valid_until,
    evidence: parseStringArray(r.evidence),
    createdAt: r.created_at,
  };
}

export interface NewEdge {
  sourceId: string;
  targetId: string;
  relationType: RelationType;
  predicate?: string | null;
  weight?: number;
  confidence?: number;
  validFrom: number;
  evidence?: readonly string[];
  createdAt: number;
}

/** Insert an edge unless the same (source, target, relation, predicate) exists. Returns the id or null. */
export function insertEdge(db: Database, e: NewEdge): string | null {
  const id = newId();
  const info = stmt(
    db,
    `INSERT OR IGNORE INTO edges (id, source_id, target_id, relation_type, predicate, weight, confidence,
       valid_from, evidence, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    e.sourceId,
    e.targetId,
    e.relationType,
    e.predicate ?? null,
    e.weight ?? 1.0,
    e.confidence ?? 1.0,
    e.validFrom,
    JSON.stringify(e.evidence ?? []),
    e.createdAt,
  );
  return info.changes > 0 ? id : null;
}

export function edgesOf(db: ReadableDB, nodeId: string): MemoryEdge[] {
  const rows = stmt(
    db,
    `SELECT ${EDGE_COLUMNS} FROM edges WHERE source_id = @id
     UNION ALL SELECT ${EDGE_COLUMNS} FROM edges WHERE target_id = @id AND source_id != @id`,
  ).all({ id: nodeId }) as EdgeRow[];
  return rows.map(toEdge);
}

/** All node ids connected to `nodeId` through supersedes edges, in either direction. */
export function supersedesComponent(db: ReadableDB, nodeId: string): string[] {
  const rows = stmt(
    db,
    `WITH RECURSIVE chain(id) AS (
       SELECT ?
       UNION
       SELECT e.target_id FROM chain JOIN edges e ON e.source_id = chain.id WHERE +e.relation_type = 'supersedes'
       UNION
       SELECT e.source_id FROM chain JOIN edges e ON e.target_id = chain.id WHERE +e.relation_type = 'supersedes'
     )
     SELECT id FROM chain LIMIT 1000`,
  ).all(nodeId) as { id: string }[];
  return rows.map((r) => r.id);
}

/** The supersedes edges between the given nodes, as [newer, older] pairs. */
export function supersedesPairsAmong(db: ReadableDB, nodeIds: readonly string[]): [string, string][] {
  if (nodeIds.length === 0) return [];
  const rows = stmt(
    db,
    `SELECT source_id, target_id FROM edges WHERE relation_type = 'supersedes'
     AND source_id IN (SELECT value FROM json_each(@ids)) AND target_id IN (SELECT value FROM json_each(@ids))`,
  ).all({ ids: JSON.stringify(nodeIds) }) as { source_id: string; target_id: string }[];
  return rows.map((r) => [r.source_id, r.target_id]);
}

export function supersededBy(db: ReadableDB, nodeId: string): string | undefined {
  const row = stmt(
    db,
    `SELECT source_id FROM edges WHERE target_id = ? AND relation_type = 'supersedes' ORDER BY created_at DESC LIMIT 1`,
  ).get(nodeId) as { source_id: string } | undefined;
  return row?.source_id;
}

/** End one edge's validity (it stays, for history). */
export function endEdge(db: Database, id: string, at: number): void {
  stmt(db, 'UPDATE edges SET valid_until = ? WHERE id = ?').run(at, id);
}
