/**
 * Links between nodes and entities (`node_entities`) as merges, splits, unmerges, deletes and restores move
 * them. The single-link reads and writes of the hot path are in entities.ts.
 */
import type { Database } from 'better-sqlite3';
import type { ReadableDB } from '../../storage/db';
import type { SqlFragment } from '../../storage/sql';
import { NODE_COLUMNS, type NodeRow } from './nodes';

/** Nodes linked to `sourceId` and not to `targetId` (what a merge moves) or to both (what it shares). */
export function linkedNodeIds(db: ReadableDB, sourceId: string, targetId: string, which: 'moved' | 'shared'): string[] {
  const sql =
    which === 'moved'
      ? `SELECT node_id FROM node_entities WHERE entity_id = ?
           AND node_id NOT IN (SELECT node_id FROM node_entities WHERE entity_id = ?)`
      : `SELECT node_id FROM node_entities WHERE entity_id = ?
           AND node_id IN (SELECT node_id FROM node_entities WHERE entity_id = ?)`;
  return (db.prepare(sql).all(sourceId, targetId) as { node_id: string }[]).map((r) => r.node_id);
}

/** Every link of `fromId` moves to `toId`, except where `toId` already has that node. */
export function moveAllLinks(db: Database, fromId: string, toId: string): void {
  db.prepare('UPDATE OR IGNORE node_entities SET entity_id = ? WHERE entity_id = ?').run(toId, fromId);
}

/** The links of `fromId` to these nodes move to `toId`; `orIgnore` keeps a link `toId` already has to the node. */
export function moveLinks(db: Database, fromId: string, toId: string, nodeIds: readonly string[], orIgnore: boolean): void {
  const update = orIgnore ? 'UPDATE OR IGNORE' : 'UPDATE';
  db.prepare(`${update} node_entities SET entity_id = ? WHERE entity_id = ? AND node_id IN (SELECT value FROM json_each(?))`).run(
    toId,
    fromId,
    JSON.stringify(nodeIds),
  );
}

/** Links the entity to those of these nodes still in memory. */
export function linkExistingNodes(db: Database, entityId: string, nodeIds: readonly string[]): void {
  db.prepare(
    `INSERT OR IGNORE INTO node_entities (node_id, entity_id)
     SELECT n.id, ? FROM json_each(?) AS j JOIN nodes n ON n.id = j.value`,
  ).run(entityId, JSON.stringify(nodeIds));
}

export function deleteEntityLinks(db: Database, entityId: string): void {
  db.prepare('DELETE FROM node_entities WHERE entity_id = ?').run(entityId);
}

/** The newest or most confident facts or episodes linked to an entity, among the nodes `valid` admits (alias `n`). */
export function linkedNodeRows(
  db: ReadableDB,
  entityId: string,
  valid: SqlFragment,
  kind: 'fact' | 'episode',
  order: 'n.confidence DESC, n.event_time DESC' | 'n.event_time DESC',
  limit: number,
): NodeRow[] {
  return db
    .prepare(
      `SELECT ${NODE_COLUMNS.split(', ').map((c) => `n.${c}`).join(', ')} FROM node_entities ne JOIN nodes n ON n.id = ne.node_id
       WHERE ne.entity_id = ? AND ${valid.text} AND n.type ${kind === 'episode' ? "= 'episodic'" : "!= 'episodic'"}
       ORDER BY ${order} LIMIT ?`,
    )
    .all(entityId, ...valid.params, limit) as NodeRow[];
}

export interface LinkedNodeCounts {
  episodes: number | null;
  facts: number | null;
  /** Event time of the earliest and latest linked node. */
  first: number | null;
  last: number | null;
}

/** How many episodes and facts `valid` admits are linked to an entity, and when they were said. */
export function linkedNodeCounts(db: ReadableDB, entityId: string, valid: SqlFragment): LinkedNodeCounts {
  return db
    .prepare(
      `SELECT sum(n.type = 'episodic') AS episodes, sum(n.type != 'episodic') AS facts, min(n.event_time) AS first, max(n.event_time) AS last
       FROM node_entities ne JOIN nodes n ON n.id = ne.node_id WHERE ne.entity_id = ? AND ${valid.text}`,
    )
    .get(entityId, ...valid.params) as LinkedNodeCounts;
}
