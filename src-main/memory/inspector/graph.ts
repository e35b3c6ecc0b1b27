/**
 * Graph neighbourhoods for the inspector. Nothing here reads the whole memory: every query starts from an
 * index (recent event time, an entity's links, given ids) and stops at a limit, so opening a 100k-node
 * memory costs the same as a small one. The renderer pages out with expand().
 */
import type { ReadableDB } from '../../storage/db';
import type { SqlFragment } from '../../storage/sql';
import type { RelationType } from '../../../src-shared/memory-types';
import { asStoodAt, edgeStoodAt } from '../as-of';
import { andWhere, nodeFilterSql } from './filters';
import type { GraphFilter } from './schemas';
import { SUMMARY_COLUMNS, summariesOf, toSummary, type SummaryRow } from './summaries';
import type { EntityAnchor, GraphEdge, GraphSlice, NodeSummary } from './types';

/** At most this many entity anchors per slice: the rest stay reachable by expanding a node. */
const MAX_ANCHORS = 40;

export type Seed = { kind: 'recent' } | { kind: 'connected' } | { kind: 'entity'; entityId: string } | { kind: 'nodes'; ids: string[] };

export function seedGraph(db: ReadableDB, seed: Seed, filter: GraphFilter, limit: number): GraphSlice {
  // An entity filter on a broad seed starts from the entity's own links (its index) rather than scanning.
  if (filter.entityId !== undefined && (seed.kind === 'recent' || seed.kind === 'connected')) {
    return seedGraph(db, { kind: 'entity', entityId: filter.entityId }, filter, limit);
  }
  const w = nodeFilterSql(filter);
  let rows: SummaryRow[];
  let focusEntities: string[] = [];
  switch (seed.kind) {
    case 'recent':
      if (filter.asOf !== undefined) {
        rows = recentAsOf(db, w, filter.asOf, limit + 1);
        break;
      }
      rows = db
        .prepare(`SELECT ${SUMMARY_COLUMNS} FROM nodes n ${andWhere(w, 'WHERE').text} ORDER BY n.event_time DESC LIMIT ?`)
        .all(...w.params, limit + 1) as SummaryRow[];
      break;
    case 'connected': {
      // The most mentioned entities and their latest nodes: the memory's busiest region.
      focusEntities = (
        db.prepare('SELECT id FROM entities WHERE merged_into IS NULL ORDER BY mention_count DESC LIMIT 8').all() as { id: string }[]
      ).map((r) => r.id);
      const per = Math.max(5, Math.ceil(limit / Math.max(1, focusEntities.length)));
      const seen = new Map<string, SummaryRow>();
      for (const e of focusEntities) for (const r of linkedRows(db, e, w, per)) seen.set(r.id, r);
      rows = [...seen.values()];
      if (rows.length === 0) return seedGraph(db, { kind: 'recent' }, filter, limit);
      break;
    }
    case 'entity':
      focusEntities = [seed.entityId];
      rows = linkedRows(db, seed.entityId, filter.entityId === seed.entityId ? nodeFilterSql({ ...filter, entityId: undefined }) : w, limit + 1);
      break;
    case 'nodes':
      rows = db
        .prepare(`SELECT ${SUMMARY_COLUMNS} FROM json_each(?) j CROSS JOIN nodes n ON n.id = j.value ${andWhere(w, 'WHERE').text}`)
        .all(JSON.stringify(seed.ids), ...w.params) as SummaryRow[];
      break;
  }
  const truncated = rows.length > limit;
  return assemble(db, rows.slice(0, limit).map(toSummary), filter, focusEntities, truncated);
}

/**
 * "Recent" as of `t`: walking event time down from the top would step over everything learned since `t` first
 * (most of a memory, for a date long ago). Nodes said by `t` are a walk down from `t` instead; those dated after
 * it yet learned by then (a future event known in advance) are dated after they were learned, the few rows of
 * the partial index `idx_nodes_ahead_of_time` (migration 018): its condition, written out here, lets SQLite
 * use it. Only facts can be known ahead: an episode is said at its time, so one dated after `t` was not yet said.
 */
function recentAsOf(db: ReadableDB, w: SqlFragment, t: number, limit: number): SummaryRow[] {
  const said = db
    .prepare(`SELECT ${SUMMARY_COLUMNS} FROM nodes n WHERE n.event_time <= ? ${andWhere(w).text} ORDER BY n.event_time DESC LIMIT ?`)
    .all(t, ...w.params, limit) as SummaryRow[];
  const ahead = db
    .prepare(
      `SELECT ${SUMMARY_COLUMNS} FROM nodes n WHERE n.event_time > n.created_at AND n.event_time > ? AND +n.type != 'episodic' ${andWhere(w).text}
       ORDER BY n.event_time DESC LIMIT ?`,
    )
    .all(t, ...w.params, limit) as SummaryRow[];
  return [...ahead, ...said].sort((a, b) => b.event_time - a.event_time).slice(0, limit);
}

/** Nodes linked to an entity, newest first (idx_ne_entity, then primary-key lookups). */
function linkedRows(db: ReadableDB, entityId: string, w: ReturnType<typeof nodeFilterSql>, limit: number): SummaryRow[] {
  return db
    .prepare(
      `SELECT ${SUMMARY_COLUMNS} FROM node_entities ne CROSS JOIN nodes n ON n.id = ne.node_id
       WHERE ne.entity_id = ? ${andWhere(w).text} ORDER BY n.event_time DESC LIMIT ?`,
    )
    .all(entityId, ...w.params, limit) as SummaryRow[];
}

/** The 1-hop neighbourhood of nodes (edges either way) and of entities (their linked nodes). */
export function expandGraph(
  db: ReadableDB,
  input: { nodeIds: string[]; entityIds: string[]; filter: GraphFilter; limit: number },
): GraphSlice {
  const { nodeIds, entityIds, filter, limit } = input;
  const w = nodeFilterSql(filter);
  const rel = relationSql(filter.relations);
  const neighbourIds = new Set<string>();
  const anchors = [...entityIds];
  if (nodeIds.length > 0) {
    const ids = JSON.stringify(nodeIds);
    for (const r of db
      .prepare(
        `SELECT e.target_id AS id FROM json_each(?) j CROSS JOIN edges e ON e.source_id = j.value ${rel.sql}
         UNION SELECT e.source_id FROM json_each(?) j CROSS JOIN edges e ON e.target_id = j.value ${rel.sql}
         LIMIT ?`,
      )
      .all(ids, ...rel.params, ids, ...rel.params, limit * 4) as { id: string }[])
      neighbourIds.add(r.id);
    // Entity anchors of the expanded nodes come along as part of their neighbourhood.
    if (!filter.relations || filter.relations.includes('entity')) {
      for (const r of db
        .prepare('SELECT ne.entity_id AS id FROM json_each(?) j CROSS JOIN node_entities ne ON ne.node_id = j.value')
        .all(ids) as { id: string }[])
        if (!anchors.includes(r.id)) anchors.push(r.id);
    }
  }
  const rows: SummaryRow[] = [];
  const keep = new Set(nodeIds);
  if (neighbourIds.size > 0) {
    rows.push(
      ...(db
        .prepare(`SELECT ${SUMMARY_COLUMNS} FROM json_each(?) j CROSS JOIN nodes n ON n.id = j.value ${andWhere(w, 'WHERE').text} LIMIT ?`)
        .all(JSON.stringify([...neighbourIds]), ...w.params, limit + 1) as SummaryRow[]),
    );
  }
  for (const e of entityIds) rows.push(...linkedRows(db, e, w, limit + 1));
  const unique = new Map<string, SummaryRow>();
  for (const r of rows) if (!keep.has(r.id)) unique.set(r.id, r);
  const truncated = unique.size > limit;
  const summaries = [...unique.values()].slice(0, limit).map(toSummary);
  // The expanded nodes themselves are returned too, so their edges to the new neighbours are in the slice.
  const origin = summariesOf(db, nodeIds);
  return assemble(db, [...origin, ...summaries], filter, anchors, truncated);
}

function relationSql(relations: readonly RelationType[] | undefined): { sql: string; params: string[] } {
  const stored = relations?.filter((r) => r !== 'entity');
  if (!stored) return { sql: '', params: [] };
  if (stored.length === 0) return { sql: 'AND 0', params: [] };
  // `+` keeps the planner on the source/target index rather than the relation index.
  return { sql: `AND +e.relation_type IN (${stored.map(() => '?').join(',')})`, params: stored };
}

/** Edges among the nodes, their entity links and the anchors those links point to; as of `filter.asOf` if set. */
function assemble(
  db: ReadableDB,
  shown: NodeSummary[],
  filter: Pick<GraphFilter, 'relations' | 'asOf'>,
  focusEntities: readonly string[],
  truncated: boolean,
): GraphSlice {
  const { relations, asOf } = filter;
  const nodes = shown.map((n) => asStoodAt(n, asOf));
  const ids = nodes.map((n) => n.id);
  const inSlice = new Set(ids);
  const idsJson = JSON.stringify(ids);
  const rel = relationSql(relations);
  const edges: GraphEdge[] = (
    db
      .prepare(
        `SELECT e.id, e.source_id, e.target_id, e.relation_type, e.predicate, e.valid_until, e.created_at
         FROM json_each(?) j CROSS JOIN edges e ON e.source_id = j.value ${rel.sql}`,
      )
      .all(idsJson, ...rel.params) as {
      id: string;
      source_id: string;
      target_id: string;
      relation_type: RelationType;
      predicate: string | null;
      valid_until: number | null;
      created_at: number;
    }[]
  )
    .filter((e) => inSlice.has(e.target_id) && edgeStoodAt(e, asOf).exists)
    .map((e) => ({ id: e.id, source: e.source_id, target: e.target_id, relation: e.relation_type, predicate: e.predicate, current: edgeStoodAt(e, asOf).current }));

  const wantEntities = !relations || relations.includes('entity');
  let entityLinks: { nodeId: string; entityId: string }[] = [];
  let entities: EntityAnchor[] = [];
  if (wantEntities && ids.length > 0) {
    const links = db
      .prepare('SELECT ne.node_id AS nodeId, ne.entity_id AS entityId FROM json_each(?) j CROSS JOIN node_entities ne ON ne.node_id = j.value')
      .all(idsJson) as { nodeId: string; entityId: string }[];
    // Anchors most linked within the slice first; focused entities always make it.
    const counts = new Map<string, number>();
    for (const l of links) counts.set(l.entityId, (counts.get(l.entityId) ?? 0) + 1);
    const chosen = new Set(focusEntities);
    for (const [id] of [...counts.entries()].sort((a, b) => b[1] - a[1])) {
      if (chosen.size >= MAX_ANCHORS) break;
      chosen.add(id);
    }
    entities = (
      db
        .prepare(
          `SELECT e.id, e.canonical_name AS name, e.type, e.mention_count AS mentionCount
           FROM json_each(?) j CROSS JOIN entities e ON e.id = j.value WHERE e.merged_into IS NULL`,
        )
        .all(JSON.stringify([...chosen])) as EntityAnchor[]
    );
    const shown = new Set(entities.map((e) => e.id));
    entityLinks = links.filter((l) => shown.has(l.entityId));
  }
  return { nodes, edges, entities, entityLinks, truncated };
}
