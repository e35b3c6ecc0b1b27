/** Merges the graph's slices into one element list (pure; the view diffs it into cytoscape). */
import type { ElementDefinition } from 'cytoscape';
import type { GraphSlice } from '../../../src-main/memory';
import { ENTITY_TYPE_COLOURS } from './graph-style';

export const entityElementId = (id: string) => `ent:${id}`;
export const isEntityElement = (id: string) => id.startsWith('ent:');

const shorten = (s: string, n = 40) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export interface MergedGraph {
  elements: ElementDefinition[];
  nodeCount: number;
  edgeCount: number;
  truncated: boolean;
}

export function mergeSlices(slices: readonly GraphSlice[]): MergedGraph {
  const nodes = new Map<string, ElementDefinition>();
  const edges = new Map<string, ElementDefinition>();
  let truncated = false;
  for (const s of slices) {
    truncated ||= s.truncated;
    for (const n of s.nodes) {
      nodes.set(n.id, {
        group: 'nodes',
        data: {
          id: n.id,
          kind: 'node',
          type: n.type,
          short: shorten(n.label.replace(/\s+/g, ' ')),
          conf: n.confidence,
          invalid: n.validUntil === null ? 0 : 1,
          time: n.eventTime,
        },
      });
    }
    for (const e of s.entities) {
      nodes.set(entityElementId(e.id), {
        group: 'nodes',
        data: { id: entityElementId(e.id), kind: 'entity', short: e.name, etype: e.type, mentions: Math.max(1, e.mentionCount), colour: ENTITY_TYPE_COLOURS[e.type] },
      });
    }
  }
  for (const s of slices) {
    for (const e of s.edges) {
      if (nodes.has(e.source) && nodes.has(e.target)) {
        edges.set(e.id, { group: 'edges', data: { id: e.id, source: e.source, target: e.target, relation: e.relation, current: e.current ? 1 : 0 } });
      }
    }
    for (const l of s.entityLinks) {
      const target = entityElementId(l.entityId);
      if (nodes.has(l.nodeId) && nodes.has(target)) {
        const id = `l:${l.nodeId}:${l.entityId}`;
        edges.set(id, { group: 'edges', data: { id, source: l.nodeId, target, relation: 'entity', current: 1 } });
      }
    }
  }
  return { elements: [...nodes.values(), ...edges.values()], nodeCount: nodes.size, edgeCount: edges.size, truncated };
}
