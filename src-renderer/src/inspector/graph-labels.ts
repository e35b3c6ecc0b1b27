/**
 * Which graph labels are drawn. Labels keep one size on screen whatever the zoom (a map's labels, not a
 * picture's), and where two would overlap only the more important one is drawn: entities first, then facts by
 * confidence and links, episodes last. Pure: the view measures, this decides.
 */

/** Screen size (px) of a fact's and an entity's label; nothing is ever drawn smaller than MIN_LABEL_PX. */
export const LABEL_PX = 12;
export const ENTITY_LABEL_PX = 13;
export const MIN_LABEL_PX = 10;
/** Widest a label runs on screen before it ends in an ellipsis. */
export const LABEL_MAX_PX = 150;

/**
 * Model units per screen pixel for labels at a zoom level. Past the clamp (far out) labels shrink with the
 * graph and fall under MIN_LABEL_PX, where cytoscape stops drawing them.
 */
export function labelScale(zoom: number): number {
  return Math.min(4, Math.max(0.5, 1 / zoom));
}

export interface LabelNode {
  id: string;
  kind: 'node' | 'entity';
  type?: string;
  text: string;
  confidence: number;
  links: number;
  invalid: boolean;
  selected: boolean;
  /** Rendered centre and size of the node (screen px). */
  x: number;
  y: number;
  w: number;
  h: number;
  /** The label's box as drawn, when the view could measure it; otherwise it is estimated from the text. */
  box?: Box;
}

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Higher first: the selection, entities (by links), facts by confidence and links, episodes, then old versions. */
export function labelPriority(n: LabelNode): number {
  if (n.selected) return Number.POSITIVE_INFINITY;
  const base = n.kind === 'entity' ? 1000 : n.type === 'episodic' ? 100 : 300;
  const score = base + n.confidence * 100 + Math.min(n.links, 50) * 4;
  return n.invalid ? score / 4 : score;
}

/** Where a label is drawn: entities' to the right of the hexagon, the others' under the node. */
export function labelBox(n: LabelNode): Box {
  if (n.box) return n.box;
  const px = n.kind === 'entity' ? ENTITY_LABEL_PX : LABEL_PX;
  // An estimate on the generous side (bold capitals run wider than 0.6 em), so "no overlap" holds on screen.
  const width = Math.min(LABEL_MAX_PX, n.text.length * px * 0.62 + 4);
  const height = px * 1.3 + 4;
  if (n.kind === 'entity') {
    const x1 = n.x + n.w / 2 + 2;
    return { x1, y1: n.y - height / 2, x2: x1 + width, y2: n.y + height / 2 };
  }
  const y1 = n.y + n.h / 2 + 1;
  return { x1: n.x - width / 2, y1, x2: n.x + width / 2, y2: y1 + height };
}

const overlaps = (a: Box, b: Box): boolean => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;

/** The ids whose labels are drawn: greedy by priority, each kept only if it overlaps no label kept before it. */
export function chooseLabels(nodes: readonly LabelNode[]): Set<string> {
  const CELL = 64;
  const grid = new Map<string, Box[]>();
  const cells = (b: Box): string[] => {
    const out: string[] = [];
    for (let cx = Math.floor(b.x1 / CELL); cx <= Math.floor(b.x2 / CELL); cx++)
      for (let cy = Math.floor(b.y1 / CELL); cy <= Math.floor(b.y2 / CELL); cy++) out.push(`${cx}:${cy}`);
    return out;
  };
  const kept = new Set<string>();
  const ranked = nodes.filter((n) => n.text !== '').map((n) => ({ n, p: labelPriority(n), box: labelBox(n) }));
  ranked.sort((a, b) => b.p - a.p || a.n.id.localeCompare(b.n.id));
  for (const { n, box } of ranked) {
    const keys = cells(box);
    if (!n.selected && keys.some((k) => grid.get(k)?.some((other) => overlaps(box, other)))) continue;
    kept.add(n.id);
    for (const k of keys) {
      const list = grid.get(k);
      if (list) list.push(box);
      else grid.set(k, [box]);
    }
  }
  return kept;
}
