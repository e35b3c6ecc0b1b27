/**
 * Reads the counts that migration 008's triggers keep (node_tally, count_tally): a few dozen small rows,
 * whatever the size of the memory.
 */
import type { ReadableDB } from '../../storage/db';
import { NODE_TYPES, RELATION_TYPES, type NodeType, type RelationType, type SourceType } from '../../../src-shared/memory-types';

export interface NodeTallies {
  /** Current nodes by type. */
  current: Record<NodeType, number>;
  /** Nodes no longer current, by reason. */
  invalid: { superseded: number; forgotten: number; pruned: number };
  total: number;
  /** Current non-episodic nodes by confidence, ten buckets of 0.1 (the last includes 1.0). */
  confidenceHistogram: number[];
  /** Current nodes by origin. */
  bySource: Partial<Record<SourceType | 'none', number>>;
  /** Current non-episodic nodes that do not fade (decay rate 0), reflections excepted. */
  protectedFacts: number;
}

interface TallyRow {
  type: NodeType;
  state: string;
  source: string;
  bucket: number;
  protected: number;
  n: number;
}

export function nodeTallies(db: ReadableDB): NodeTallies {
  const current = Object.fromEntries(NODE_TYPES.map((t) => [t, 0])) as Record<NodeType, number>;
  const invalid = { superseded: 0, forgotten: 0, pruned: 0 };
  const confidenceHistogram = Array.from({ length: 10 }, () => 0);
  const bySource: NodeTallies['bySource'] = {};
  let total = 0;
  let protectedFacts = 0;
  for (const r of db.prepare('SELECT type, state, source, bucket, protected, n FROM node_tally WHERE n != 0').all() as TallyRow[]) {
    total += r.n;
    if (r.state !== 'valid') {
      if (r.state in invalid) invalid[r.state as keyof typeof invalid] += r.n;
      continue;
    }
    current[r.type] += r.n;
    const source = (r.source || 'none') as SourceType | 'none';
    bySource[source] = (bySource[source] ?? 0) + r.n;
    if (r.bucket >= 0) confidenceHistogram[r.bucket] = (confidenceHistogram[r.bucket] ?? 0) + r.n;
    if (r.protected) protectedFacts += r.n;
  }
  return { current, invalid, total, confidenceHistogram, bySource, protectedFacts };
}

export interface LinkTallies {
  edges: Record<RelationType, number>;
  /** Rows of node_entities: a node's link to an entity. */
  entityLinks: number;
  /** Entities not merged into another. */
  liveEntities: number;
  /** Current nodes with at least one edge or entity link. */
  linkedCurrentNodes: number;
}

export function linkTallies(db: ReadableDB): LinkTallies {
  const counts = new Map(
    (db.prepare('SELECT name, n FROM count_tally').all() as { name: string; n: number }[]).map((r) => [r.name, r.n]),
  );
  const edges = Object.fromEntries(RELATION_TYPES.map((t) => [t, counts.get(`edge:${t}`) ?? 0])) as Record<RelationType, number>;
  return {
    edges,
    entityLinks: counts.get('node_entities') ?? 0,
    liveEntities: counts.get('entities_live') ?? 0,
    linkedCurrentNodes: counts.get('linked_valid') ?? 0,
  };
}
