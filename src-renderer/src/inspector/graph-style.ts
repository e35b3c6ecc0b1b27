/** The graph's look: colour by node type, size by confidence, entity anchors as hexagons, edges by relation. */
import type cytoscape from 'cytoscape';
import type { EntityType, NodeType, RelationType } from '../../../src-shared/memory-types';
import { ENTITY_LABEL_PX, LABEL_MAX_PX, LABEL_PX, MIN_LABEL_PX } from './graph-labels';

export const TYPE_COLOURS: Record<NodeType, string> = {
  episodic: '#7c8799',
  semantic: '#4f46e5',
  procedural: '#0f9d76',
  opinion: '#d97706',
};
export const ENTITY_COLOUR = '#db2777';
export const ENTITY_TYPE_COLOURS: Record<EntityType, string> = {
  person: '#db2777',
  project: '#9333ea',
  organization: '#0891b2',
  place: '#65a30d',
  concept: '#ca8a04',
  tool: '#475569',
};

export const RELATION_STYLES: Record<RelationType, { colour: string; line: 'solid' | 'dashed' | 'dotted'; width: number; arrow: boolean }> = {
  temporal: { colour: '#a8adb8', line: 'solid', width: 1, arrow: false },
  causal: { colour: '#dc2626', line: 'solid', width: 2, arrow: true },
  entity: { colour: '#f0a6c9', line: 'dotted', width: 1, arrow: false },
  derived_from: { colour: '#2563eb', line: 'dashed', width: 1.5, arrow: true },
  supersedes: { colour: '#7c3aed', line: 'solid', width: 3, arrow: true },
};

/**
 * `scale`: model units per screen pixel for text (graph-labels.ts `labelScale`), so labels keep their screen size
 * as the graph zooms; which labels are drawn at all is the `nolabel` class, set by the view.
 */
export function graphStyle(scale = 1): cytoscape.StylesheetJson {
  const media = (globalThis as { matchMedia?: (q: string) => { matches: boolean } }).matchMedia;
  const dark = media?.('(prefers-color-scheme: dark)').matches ?? false;
  const text = dark ? '#e4e4e7' : '#27272a';
  const outline = dark ? '#18181b' : '#ffffff';
  return [
    {
      selector: 'node',
      style: {
        label: 'data(short)',
        'font-size': LABEL_PX * scale,
        color: text,
        'text-valign': 'bottom',
        'text-margin-y': scale,
        'text-max-width': `${LABEL_MAX_PX * scale}px`,
        'text-wrap': 'ellipsis',
        'text-outline-color': outline,
        'text-outline-width': 2 * scale,
        'min-zoomed-font-size': MIN_LABEL_PX,
        'border-width': 0,
        // Labelled nodes are drawn after the others, so a label reads on top of a neighbour's dot, not under it.
        'z-index': 1,
      },
    },
    ...(Object.entries(TYPE_COLOURS) as [NodeType, string][]).map(([type, colour]) => ({
      selector: `node[type = "${type}"]`,
      style: { 'background-color': colour },
    })),
    {
      selector: 'node[kind = "node"]',
      style: { width: 'mapData(conf, 0, 1, 10, 34)', height: 'mapData(conf, 0, 1, 10, 34)', shape: 'ellipse' },
    },
    { selector: 'node[type = "episodic"]', style: { shape: 'round-rectangle' } },
    {
      selector: 'node[kind = "entity"]',
      style: {
        shape: 'hexagon',
        'background-color': 'data(colour)',
        width: 'mapData(mentions, 1, 200, 26, 48)',
        height: 'mapData(mentions, 1, 200, 26, 48)',
        'font-size': ENTITY_LABEL_PX * scale,
        'font-weight': 'bold',
        'text-valign': 'center',
        'text-halign': 'right',
        'text-margin-x': 2 * scale,
        'z-index': 2,
        'text-margin-y': 0,
      },
    },
    {
      selector: 'node[invalid = 1]',
      style: { opacity: 0.45, 'border-width': 2, 'border-style': 'dashed', 'border-color': '#9ca3af', 'background-opacity': 0.35 },
    },
    { selector: 'node.quiet', style: { label: '' } },
    // Overlapped by a more important label (graph-labels.ts); the selection below always shows its own.
    { selector: 'node.nolabel', style: { label: '', 'z-index': 0 } },
    { selector: 'node.hit', style: { 'border-width': 3, 'border-color': '#f59e0b' } },
    { selector: 'node.multi', style: { 'border-width': 4, 'border-color': '#f97316', 'border-style': 'solid' } },
    {
      selector: 'node.sel',
      style: { label: 'data(short)', 'border-width': 4, 'border-color': dark ? '#fafafa' : '#111827', 'border-style': 'solid', 'z-index': 10 },
    },
    {
      selector: 'edge',
      style: { 'curve-style': 'haystack', 'haystack-radius': 0, width: 1, 'line-color': '#c4c8d0', opacity: 0.8 },
    },
    ...(Object.entries(RELATION_STYLES) as [RelationType, (typeof RELATION_STYLES)[RelationType]][]).map(([relation, s]) => ({
      selector: `edge[relation = "${relation}"]`,
      style: {
        'line-color': s.colour,
        'line-style': s.line,
        width: s.width,
        ...(s.arrow
          ? { 'curve-style': 'bezier' as const, 'target-arrow-shape': 'triangle' as const, 'target-arrow-color': s.colour, 'arrow-scale': 0.8 }
          : {}),
      },
    })),
    {
      selector: 'edge[relation = "supersedes"]',
      style: { label: 'supersedes', 'font-size': (LABEL_PX - 1) * scale, 'min-zoomed-font-size': MIN_LABEL_PX, color: '#7c3aed', 'text-rotation': 'autorotate', 'text-background-color': outline, 'text-background-opacity': 1, 'z-index': 5 },
    },
    { selector: 'edge[current = 0]', style: { opacity: 0.35, 'line-style': 'dashed' } },
  ];
}
