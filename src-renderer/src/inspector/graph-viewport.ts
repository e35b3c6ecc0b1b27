/** Framing the graph and drawing its labels: what GraphView does to cytoscape's viewport after a layout or a zoom. */
import type { Core, NodeSingular } from 'cytoscape';
import { chooseLabels, labelScale, type LabelNode } from './graph-labels';
import { graphStyle } from './graph-style';

/** A fit never zooms in further than this: two nodes are shown at a readable size, not blown up to fill the view. */
export const MAX_FIT_ZOOM = 1.25;
const PADDING = 30;

/** Frames the whole graph in the canvas (padding around it), without zooming in past MAX_FIT_ZOOM. */
export function fitView(cy: Core): void {
  if (cy.elements().empty()) return;
  framedHidden.set(cy, cy.width() === 0 || cy.height() === 0);
  cy.fit(cy.elements(), PADDING);
  if (cy.zoom() > MAX_FIT_ZOOM) {
    cy.zoom(MAX_FIT_ZOOM);
    cy.center(cy.elements());
  }
}

/**
 * Graphs last framed while their tab was hidden (a container of no size: the inspector opens on the profile, and
 * the graph loads behind it). Such a frame means nothing, so the graph is framed again when it is first shown;
 * a graph framed while visible keeps the view the person left it in.
 */
const framedHidden = new WeakMap<Core, boolean>();

/** Frames the graph again if its last frame was made while hidden and it now has a size; true when it did. */
export function refitIfFramedHidden(cy: Core): boolean {
  if (framedHidden.get(cy) !== true || cy.width() === 0 || cy.height() === 0) return false;
  fitView(cy);
  return true;
}

const appliedScale = new WeakMap<Core, number>();

function labelNode(n: NodeSingular): LabelNode {
  const p = n.renderedPosition();
  const entity = n.data('kind') === 'entity';
  return {
    id: n.id(),
    kind: entity ? 'entity' : 'node',
    type: n.data('type') as string | undefined,
    text: n.hasClass('quiet') && !n.hasClass('sel') ? '' : String(n.data('short') ?? ''),
    confidence: entity ? 1 : Number(n.data('conf') ?? 0),
    links: entity ? Number(n.data('mentions') ?? 0) : n.degree(false),
    invalid: n.data('invalid') === 1,
    selected: n.hasClass('sel'),
    x: p.x,
    y: p.y,
    w: n.renderedWidth(),
    h: n.renderedHeight(),
  };
}

/**
 * Keeps labels at their screen size for the current zoom and hides those a more important one would overlap.
 * Run after a layout, a zoom, a drag or a selection; a pan changes nothing.
 */
export function placeLabels(cy: Core): void {
  const scale = labelScale(cy.zoom());
  const applied = appliedScale.get(cy);
  // Restyling is the costly part: only when the text size would change by more than a few percent.
  if (applied === undefined || Math.abs(scale / applied - 1) > 0.04) {
    appliedScale.set(cy, scale);
    cy.style(graphStyle(scale));
  }
  // Measure every label that could be drawn as cytoscape draws it (font, ellipsis, margins), then keep the best.
  const candidates = cy.nodes().filter((n: NodeSingular) => String(n.data('short') ?? '') !== '' && (!n.hasClass('quiet') || n.hasClass('sel')));
  cy.batch(() => {
    candidates.removeClass('nolabel');
  });
  const measured = candidates.map((n: NodeSingular) => {
    const b = n.renderedBoundingBox({ includeNodes: false, includeEdges: false, includeLabels: true, includeOverlays: false });
    // A little air around each, so kept labels never touch.
    return { ...labelNode(n), box: { x1: b.x1 - 1, y1: b.y1 - 1, x2: b.x2 + 1, y2: b.y2 + 1 } };
  });
  const shown = chooseLabels(measured);
  cy.batch(() => {
    candidates.forEach((n) => {
      n.toggleClass('nolabel', !shown.has(n.id()));
    });
  });
}
