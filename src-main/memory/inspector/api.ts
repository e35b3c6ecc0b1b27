/** The inspector's calls as the engine serves them: input validated, queued episodes committed, then read. */
import type { EngineContext } from '../context';
import type { SearchInput, SearchResult } from '../../../src-shared/retrieval-types';
import { parseInput } from '../schemas';
import { expandGraph, seedGraph } from './graph';
import { compareMemory } from './compare';
import { compareSchema, graphExpandSchema, graphSeedSchema, timelineSchema, type CompareInput, type GraphExpandInput, type GraphSeedInput, type TimelineInput } from './schemas';
import { timelineWindow } from './timeline';
import type { GraphSlice, MemoryComparison, TimelineSlice } from './types';

/** A bounded starting graph: recent, most connected, an entity's, given nodes, or a search's hits. */
export async function inspectorGraph(ctx: EngineContext, input: GraphSeedInput, search: (input: SearchInput) => Promise<SearchResult>): Promise<GraphSlice> {
  const data = parseInput(graphSeedSchema, input);
  ctx.hot.flushSync();
  if (data.seed.kind !== 'query') return seedGraph(ctx.db, data.seed, data.filter, data.limit);
  const types = data.filter.types ?? ['episodic', 'semantic', 'procedural', 'opinion'];
  const found = await search({ query: data.seed.query, types, includeInvalid: data.filter.includeInvalid, asOf: data.filter.asOf, limit: Math.min(100, data.limit), ...(data.filter.spaceId !== undefined ? { spaceId: data.filter.spaceId } : {}) });
  const ids = found.hits.map((h) => h.node.id);
  if (ids.length === 0) return { nodes: [], edges: [], entities: [], entityLinks: [], truncated: false };
  return seedGraph(ctx.db, { kind: 'nodes', ids }, data.filter, data.limit);
}

/** One hop out from nodes and entity anchors (double-click in the graph). */
export function inspectorExpand(ctx: EngineContext, input: GraphExpandInput): GraphSlice {
  const data = parseInput(graphExpandSchema, input);
  ctx.hot.flushSync();
  return expandGraph(ctx.db, data);
}

export function inspectorTimeline(ctx: EngineContext, input: TimelineInput): TimelineSlice {
  const data = parseInput(timelineSchema, input);
  ctx.hot.flushSync();
  return timelineWindow(ctx.db, data);
}

/** Compare: what memory learned, replaced and dropped between two instants. */
export function inspectorCompare(ctx: EngineContext, input: CompareInput): MemoryComparison {
  const data = parseInput(compareSchema, input);
  ctx.hot.flushSync();
  return compareMemory(ctx.db, data);
}
