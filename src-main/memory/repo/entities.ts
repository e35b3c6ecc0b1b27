import type { Database } from 'better-sqlite3';
import type { ReadableDB } from '../../storage/db';
import type { Entity, EntityType, JsonObject } from '../../../src-shared/memory-types';
import { parseJsonObject, parseStringArray, stmt } from './statements';
import { jsonOrEmptySql } from '../../storage/json-column';

interface EntityRow {
  id: string;
  canonical_name: string;
  type: EntityType;
  aliases: string;
  summary: string | null;
  first_seen: number;
  last_updated: number;
  mention_count: number;
  merged_into: string | null;
  attributes: string;
}

const ENTITY_COLUMNS =
  'id, canonical_name, type, aliases, summary, first_seen, last_updated, mention_count, merged_into, attributes';

function toEntity(r: EntityRow): Entity {
  return {
    id: r.id,
    canonicalName: r.canonical_name,
    type: r.type,
    aliases: parseStringArray(r.aliases),
    summary: r.summary,
    firstSeen: r.first_seen,
    lastUpdated: r.last_updated,
    mentionCount: r.mention_count,
    mergedInto: r.merged_into,
    attributes: parseJsonObject(r.attributes),
  };
}

/** Aliases compare case-insensitively with collapsed whitespace. */
export function normaliseAlias(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function insertEntity(
  db: Database,
  e: { id: string; name: string; type: EntityType; aliases: string[]; summary: string | null; now: number; attributes: JsonObject },
): void {
  stmt(
    db,
    `INSERT INTO entities (id, canonical_name, type, aliases, summary, first_seen, last_updated, mention_count, attributes)
     VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)`,
  ).run(e.id, e.name, e.type, JSON.stringify(e.aliases), e.summary, e.now, e.now, JSON.stringify(e.attributes));
}

export function getEntity(db: ReadableDB, id: string): Entity | undefined {
  const row = stmt(db, `SELECT ${ENTITY_COLUMNS} FROM entities WHERE id = ?`).get(id) as EntityRow | undefined;
  return row ? toEntity(row) : undefined;
}

/** Current (not merged-away) entities, most mentioned first. */
export function listEntities(db: ReadableDB, limit = 1000, offset = 0): Entity[] {
  const rows = stmt(
    db,
    `SELECT ${ENTITY_COLUMNS} FROM entities WHERE merged_into IS NULL
     ORDER BY mention_count DESC, canonical_name COLLATE NOCASE LIMIT ? OFFSET ?`,
  ).all(limit, offset) as EntityRow[];
  return rows.map(toEntity);
}

export function updateEntity(
  db: Database,
  id: string,
  fields: { aliases?: string[]; summary?: string | null; mergedInto?: string | null; attributes?: JsonObject; now: number },
): void {
  const current = getEntity(db, id);
  if (!current) return;
  stmt(
    db,
    `UPDATE entities SET aliases = ?, summary = ?, merged_into = ?, attributes = ?, last_updated = ? WHERE id = ?`,
  ).run(
    JSON.stringify(fields.aliases ?? current.aliases),
    fields.summary === undefined ? current.summary : fields.summary,
    fields.mergedInto === undefined ? current.mergedInto : fields.mergedInto,
    JSON.stringify(fields.attributes ?? current.attributes),
    fields.now,
    id,
  );
}

/** Link a node to an entity. Returns true when the link is new. */
export function linkNodeEntity(db: Database, nodeId: string, entityId: string): boolean {
  return stmt(db, 'INSERT OR IGNORE INTO node_entities (node_id, entity_id) VALUES (?, ?)').run(nodeId, entityId).changes > 0;
}

/**
 * Mention count = number of current nodes linked to the entity. Kept incrementally on the hot transitions
 * (link, invalidate, restore) — a recount costs O(mentions) — and recomputed on merges.
 */
export function adjustMentionCount(db: Database, entityId: string, delta: number, now: number): void {
  stmt(db, 'UPDATE entities SET mention_count = max(0, mention_count + ?), last_updated = ? WHERE id = ?').run(delta, now, entityId);
}

/** Recount from the links (after a merge moved them). */
export function refreshMentionCount(db: Database, entityId: string, now: number): void {
  stmt(
    db,
    `UPDATE entities SET last_updated = ?, mention_count = (
       SELECT count(*) FROM node_entities ne JOIN nodes n ON n.id = ne.node_id
       WHERE ne.entity_id = entities.id AND n.valid_until IS NULL)
     WHERE id = ?`,
  ).run(now, entityId);
}

export function entityIdsOfNode(db: ReadableDB, nodeId: string): string[] {
  return (stmt(db, 'SELECT entity_id FROM node_entities WHERE node_id = ?').all(nodeId) as { entity_id: string }[]).map(
    (r) => r.entity_id,
  );
}

export function nodeIdsOfEntity(db: ReadableDB, entityId: string): string[] {
  return (stmt(db, 'SELECT node_id FROM node_entities WHERE entity_id = ?').all(entityId) as { node_id: string }[]).map(
    (r) => r.node_id,
  );
}

/** Every current entity's names and aliases, for mention matching. */
export function allAliasRows(db: ReadableDB): { id: string; canonical_name: string; aliases: string }[] {
  return stmt(db, 'SELECT id, canonical_name, aliases FROM entities WHERE merged_into IS NULL').all() as {
    id: string;
    canonical_name: string;
    aliases: string;
  }[];
}

/** Ids of current entities whose canonical name or an alias, lowercased, equals `key` (already normalised). */
export function entityIdsNamed(db: ReadableDB, key: string): string[] {
  const rows = db
    .prepare(
      `SELECT id FROM entities WHERE merged_into IS NULL AND (
         lower(canonical_name) = @key OR EXISTS (SELECT 1 FROM json_each(${jsonOrEmptySql('entities.aliases')}) WHERE lower(value) = @key))`,
    )
    .all({ key }) as { id: string }[];
  return rows.map((r) => r.id);
}

/** Rename and retype an entity; `aliases` is its alias list without the new name. */
export function renameEntity(db: Database, id: string, e: { name: string; type: EntityType; aliases: string[]; now: number }): void {
  db.prepare('UPDATE entities SET canonical_name = ?, type = ?, aliases = ?, last_updated = ? WHERE id = ?').run(
    e.name,
    e.type,
    JSON.stringify(e.aliases),
    e.now,
    id,
  );
}

/** Everything merged into `id`, at any depth, parents first (so a restore can insert them in order). */
export function entityIdsMergedInto(db: ReadableDB, id: string): string[] {
  return (
    db
      .prepare(
        `WITH RECURSIVE m(id, depth) AS (
           SELECT id, 1 FROM entities WHERE merged_into = ?
           UNION ALL SELECT e.id, m.depth + 1 FROM entities e JOIN m ON e.merged_into = m.id)
         SELECT id FROM m ORDER BY depth`,
      )
      .all(id) as { id: string }[]
  ).map((r) => r.id);
}

/** The entities merged directly into `id`, by name. */
export function entitiesMergedInto(db: ReadableDB, id: string): { id: string; name: string }[] {
  return db.prepare('SELECT id, canonical_name AS name FROM entities WHERE merged_into = ?').all(id) as { id: string; name: string }[];
}

export function deleteEntityRow(db: Database, id: string): void {
  db.prepare('DELETE FROM entities WHERE id = ?').run(id);
}

/** Puts back entity rows as they were deleted (mention counts start at 0: the caller recounts them). */
export function reinsertEntities(db: Database, entities: readonly Entity[], now: number): void {
  const insert = db.prepare(
    `INSERT INTO entities (id, canonical_name, type, aliases, summary, first_seen, last_updated, mention_count, merged_into, attributes)
     VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
  );
  for (const e of entities) {
    insert.run(e.id, e.canonicalName, e.type, JSON.stringify(e.aliases), e.summary, e.firstSeen, now, e.mergedInto, JSON.stringify(e.attributes));
  }
}

/** A merge target was first seen when the earlier of the two was. */
export function keepEarliestFirstSeen(db: Database, id: string, firstSeen: number): void {
  db.prepare('UPDATE entities SET first_seen = min(first_seen, ?) WHERE id = ?').run(firstSeen, id);
}
