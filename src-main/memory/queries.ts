/** Read models for the inspector and tools: a node with its neighbourhood, and filtered pages of nodes. */
import { chatIdOfSession } from '../../src-shared/session-ids';
import type { EngineContext } from './context';
import { forecastPruneTime } from '../../src-shared/decay';
import { MemoryError, notFound } from './errors';
import { edgesOf, supersedesComponent, supersedesPairsAmong } from './repo/edges';
import { getEntity, entityIdsOfNode } from './repo/entities';
import { NODE_COLUMNS, getNode, getNodes, toNode, type NodeRow } from './repo/nodes';
import { allRows } from '../storage/db';
import { column, sql, sqlAnd, sqlJoin, sqlRaw, type SqlFragment } from '../storage/sql';
import { asStoodAt } from './as-of';
import { nodeConditions } from './node-filter';
import { idSchema, listNodesSchema, parseInput, type ListNodesInput } from './schemas';
import type { Entity, MemoryEdge, MemoryNode } from '../../src-shared/memory-types';

export interface NodeDetail {
  node: MemoryNode;
  edges: MemoryEdge[];
  entities: Entity[];
  /** Every version of this fact, oldest first; a single element when it was never corrected. */
  versions: MemoryNode[];
  /** Source episodes of `derived_from` edges. */
  derivedFrom: MemoryNode[];
  /** When confidence will fall below the prune threshold; null when protected or not current. */
  pruneForecast: number | null;
  /**
   * Chats (by id) of this node's and its sources' memory sessions that were deleted: the inspector says so
   * instead of offering to open them.
   */
  deletedChatIds: string[];
}

export function getNodeDetail(ctx: EngineContext, id: unknown): NodeDetail {
  const nodeId = parseInput(idSchema, id);
  ctx.hot.flushSync();
  const node = getNode(ctx.db, nodeId);
  if (!node) throw notFound('Node', nodeId);
  const edges = edgesOf(ctx.db, node.id);
  const entities = entityIdsOfNode(ctx.db, node.id).flatMap((e) => getEntity(ctx.db, e) ?? []);
  const versions = orderVersions(getNodes(ctx.db, supersedesComponent(ctx.db, node.id)), ctx);
  const derivedFrom = getNodes(
    ctx.db,
    edges.filter((e) => e.relationType === 'derived_from' && e.sourceId === node.id).map((e) => e.targetId),
  );
  return {
    node,
    edges,
    entities,
    versions,
    derivedFrom,
    pruneForecast: node.validUntil === null ? forecastPruneTime(node, ctx.pruneThreshold) : null,
    deletedChatIds: deletedChatsOf(ctx, [node, ...derivedFrom]),
  };
}

function deletedChatsOf(ctx: EngineContext, nodes: readonly MemoryNode[]): string[] {
  const chatIds = [...new Set(nodes.flatMap((n) => chatIdOfSession(n.sessionId) ?? []))];
  const exists = ctx.db.prepare('SELECT 1 FROM chat_sessions WHERE id = ?').pluck();
  return chatIds.filter((id) => exists.get(id) === undefined);
}

/**
 * Oldest version first, in the order the supersedes edges give: versions written in the same millisecond
 * (two moves consolidated in one transaction) have no time order of their own. Time breaks the remaining
 * ties (branches after a restore).
 */
function orderVersions(nodes: MemoryNode[], ctx: EngineContext): MemoryNode[] {
  // In the order they held (a version learned late may have held first: facts.ts recordEarlierVersion), then learned.
  const byTime = [...nodes].sort((a, b) => a.validFrom - b.validFrom || a.createdAt - b.createdAt);
  const olderOf = new Map<string, string[]>();
  for (const [newer, older] of supersedesPairsAmong(ctx.db, nodes.map((n) => n.id))) olderOf.set(newer, [...(olderOf.get(newer) ?? []), older]);
  const placed = new Set<string>();
  const ordered: MemoryNode[] = [];
  while (ordered.length < byTime.length) {
    // The earliest version whose older versions are all placed; on a cycle (never written, but data can be
    // edited by hand) the earliest left.
    const next = byTime.find((n) => !placed.has(n.id) && (olderOf.get(n.id) ?? []).every((o) => placed.has(o))) ?? byTime.find((n) => !placed.has(n.id));
    if (!next) break;
    placed.add(next.id);
    ordered.push(next);
  }
  return ordered;
}

export interface NodePage {
  items: MemoryNode[];
  /** Opaque cursor for the next page, or null at the end. */
  nextCursor: string | null;
}

interface Cursor {
  k: number;
  r: number;
}

function decodeCursor(cursor: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && 'k' in value && 'r' in value) {
      const { k, r } = value as { k: unknown; r: unknown };
      if (typeof k === 'number' && typeof r === 'number') return { k, r };
    }
  } catch {
    // fall through to the typed error
  }
  throw new MemoryError('invalid_input', 'cursor: not a cursor returned by a previous page');
}

/** Keyset pagination over nodes, newest first by default, so paging a 100k memory stays cheap. */
export function listNodes(ctx: EngineContext, input: ListNodesInput = {}): NodePage {
  const f = parseInput(listNodesSchema, input);
  ctx.hot.flushSync();
  // The time and confidence columns keep their indexes here: an index walk in that order drives the page.
  const filter = nodeConditions({
    includeInvalid: f.includeInvalid,
    sourceTypes: f.sourceTypes,
    sessionId: f.sessionId,
    entityIds: f.entityId !== undefined ? [f.entityId] : undefined,
    after: f.after,
    before: f.before,
    minConfidence: f.minConfidence,
    asOf: f.asOf,
    spaceId: f.spaceId,
  });
  const key = f.order === 'created_desc' ? 'n.created_at' : 'n.event_time';
  const desc = f.order !== 'event_time_asc';
  const keyCol = sqlRaw(key);
  const c = f.cursor ? decodeCursor(f.cursor) : null;
  const after = c && (desc ? sql`(${keyCol} < ${c.k} OR (${keyCol} = ${c.k} AND n.rowid < ${c.r}))` : sql`(${keyCol} > ${c.k} OR (${keyCol} = ${c.k} AND n.rowid > ${c.r}))`);
  const dir = sqlRaw(desc ? 'DESC' : 'ASC');
  const columns = sqlRaw(NODE_COLUMNS.split(', ').map((col) => `n.${col}`).join(', '));
  const pageSize = f.limit + 1;
  const branch = (typeCondition: SqlFragment | null): SqlFragment =>
    sql`SELECT ${columns} FROM nodes n WHERE ${sqlAnd([typeCondition, filter, after])} ORDER BY ${keyCol} ${dir}, n.rowid ${dir} LIMIT ${pageSize}`;
  // One index walk per type, each stopping at the page size, merged: `type IN (…)` would make SQLite
  // collect and sort every node of those types for each page. By event time the walk is (type, event_time);
  // by creation time it is idx_nodes_created with the type filtered (`+`), there being no (type, created_at).
  const types = f.types?.length ? [...new Set(f.types)] : null;
  const typeColumn = column('n.type', { unindexed: f.order === 'created_desc' });
  const query = types
    ? sql`SELECT * FROM (${sqlJoin(
        types.map((t) => sql`SELECT * FROM (${branch(sql`${typeColumn} = ${t}`)})`),
        ' UNION ALL ',
      )}) ORDER BY ${sqlRaw(key.slice(2))} ${dir}, rowid ${dir} LIMIT ${pageSize}`
    : branch(null);
  const rows = allRows<NodeRow>(ctx.db, query);
  const page = rows.slice(0, f.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > f.limit && last
      ? Buffer.from(JSON.stringify({ k: f.order === 'created_desc' ? last.created_at : last.event_time, r: last.rowid })).toString('base64url')
      : null;
  return { items: page.map((r) => asStoodAt(toNode(r), f.asOf)), nextCursor };
}
