/** Read models for the inspector and tools: a node with its neighbourhood, and filtered pages of nodes. */
import type { EngineContext } from './context';
import { forecastPruneTime } from '../../src-shared/decay';
import { MemoryError, notFound } from './errors';
import { edgesOf, supersedesComponent, supersedesPairsAmong } from './repo/edges';
import { getEntity, entityIdsOfNode } from './repo/entities';
import { NODE_COLUMNS, getNode, getNodes, toNode, type NodeRow } from './repo/nodes';
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
  };
}

/**
 * Oldest version first, in the order the supersedes edges give: versions written in the same millisecond
 * (two moves consolidated in one transaction) have no time order of their own. Time breaks the remaining
 * ties (branches after a restore).
 */
function orderVersions(nodes: MemoryNode[], ctx: EngineContext): MemoryNode[] {
  const byTime = [...nodes].sort((a, b) => a.createdAt - b.createdAt || a.validFrom - b.validFrom);
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
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (!f.includeInvalid) where.push('n.valid_until IS NULL');
  if (f.sourceTypes?.length) {
    where.push(`n.source_type IN (${f.sourceTypes.map(() => '?').join(',')})`);
    params.push(...f.sourceTypes);
  }
  if (f.sessionId !== undefined) {
    where.push('n.session_id = ?');
    params.push(f.sessionId);
  }
  if (f.entityId !== undefined) {
    where.push('n.id IN (SELECT node_id FROM node_entities WHERE entity_id = ?)');
    params.push(f.entityId);
  }
  if (f.after !== undefined) {
    where.push('n.event_time >= ?');
    params.push(f.after);
  }
  if (f.before !== undefined) {
    where.push('n.event_time < ?');
    params.push(f.before);
  }
  if (f.minConfidence !== undefined) {
    where.push('n.confidence >= ?');
    params.push(f.minConfidence);
  }
  const key = f.order === 'created_desc' ? 'n.created_at' : 'n.event_time';
  const desc = f.order !== 'event_time_asc';
  if (f.cursor) {
    const c = decodeCursor(f.cursor);
    where.push(desc ? `(${key} < ? OR (${key} = ? AND n.rowid < ?))` : `(${key} > ? OR (${key} = ? AND n.rowid > ?))`);
    params.push(c.k, c.k, c.r);
  }
  const dir = desc ? 'DESC' : 'ASC';
  const columns = NODE_COLUMNS.split(', ').map((c) => `n.${c}`).join(', ');
  const order = `ORDER BY ${key} ${dir}, n.rowid ${dir} LIMIT ?`;
  const branch = (typeCondition: string | null): string => {
    const all = typeCondition ? [typeCondition, ...where] : where;
    return `SELECT ${columns} FROM nodes n ${all.length ? `WHERE ${all.join(' AND ')}` : ''} ${order}`;
  };
  // One index walk per type, each stopping at the page size, merged: `type IN (…)` would make SQLite
  // collect and sort every node of those types for each page. By event time the walk is (type, event_time);
  // by creation time it is idx_nodes_created with the type filtered (`+`), there being no (type, created_at).
  const types = f.types?.length ? [...new Set(f.types)] : null;
  const typeCondition = f.order === 'created_desc' ? '+n.type = ?' : 'n.type = ?';
  const sql = types
    ? `SELECT * FROM (${types.map(() => `SELECT * FROM (${branch(typeCondition)})`).join(' UNION ALL ')}) ORDER BY ${key.slice(2)} ${dir}, rowid ${dir} LIMIT ?`
    : branch(null);
  const args = types ? [...types.flatMap((t) => [t, ...params, f.limit + 1]), f.limit + 1] : [...params, f.limit + 1];
  const rows = ctx.db.prepare(sql).all(...args) as NodeRow[];
  const page = rows.slice(0, f.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > f.limit && last
      ? Buffer.from(JSON.stringify({ k: f.order === 'created_desc' ? last.created_at : last.event_time, r: last.rowid })).toString('base64url')
      : null;
  return { items: page.map(toNode), nextCursor };
}
