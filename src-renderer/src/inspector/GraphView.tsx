/**
 * The graph: cytoscape + fcose over the slices the user has paged in (a seed, then 1-hop expansions).
 * Elements are diffed in place, so an edit elsewhere shows here at once without re-laying out the graph.
 */
import cytoscape, { type Core, type NodeSingular } from 'cytoscape';
import fcose, { type FcoseLayoutOptions } from 'cytoscape-fcose';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { GraphSlice } from '../../../src-main/memory';
import { call } from '../api/client';
import { ikeys } from './api';
import { entityElementId, isEntityElement, mergeSlices } from './graph-model';
import { graphStyle } from './graph-style';
import { fitView, placeLabels, refitIfFramedHidden } from './graph-viewport';
import { Legend } from './Legend';
import { engineFilter, useInspector, type GraphRequest, type MoveDirection } from './store';

cytoscape.use(fcose);

/** Above this many nodes the layout uses fcose's spectral "draft" pass only, so it stays under the 1.5 s target. */
const DRAFT_ABOVE = 700;
/** Above this many nodes, fact and episode labels show only when selected. */
const QUIET_ABOVE = 400;

function fetchSlice(req: GraphRequest, filter: ReturnType<typeof engineFilter>): Promise<GraphSlice> {
  // A request's own filter (a pin: "show the old version too") refines the global filters, never replaces them.
  if (req.kind === 'seed') return call('inspector.graph', { ...req.input, filter: { ...filter, ...req.input.filter } });
  return call('inspector.expand', { ...req.input, filter: { ...filter, ...req.input.filter } });
}

export function runLayout(cy: Core, randomize: boolean, onDone?: () => void): void {
  const n = cy.nodes().length;
  const draft = randomize && n > DRAFT_ABOVE;
  const options: FcoseLayoutOptions = {
    name: 'fcose',
    quality: draft ? 'draft' : 'default',
    // For a big graph the spectral pass alone must fit the 1.5 s budget: a looser power-iteration tolerance
    // and greedy sampling roughly halve it here, at no visible cost at that scale.
    ...(draft ? { piTol: 1e-3, samplingType: false, uniformNodeDimensions: true } : {}),
    randomize,
    animate: false,
    // The caller frames the result (fitView caps the zoom, which fcose's own fit would not).
    fit: false,
    nodeRepulsion: 6000,
    idealEdgeLength: 60,
    nodeSeparation: 60,
    numIter: n > DRAFT_ABOVE ? 600 : 2500,
    packComponents: true,
  };
  const layout = cy.layout(options);
  if (onDone) layout.one('layoutstop', onDone);
  layout.run();
}

export function GraphView() {
  const requests = useInspector((s) => s.graph);
  const filter = useInspector((s) => s.filter);
  const ef = useMemo(() => engineFilter(filter), [filter]);
  const results = useQueries({
    queries: requests.map((req) => ({
      queryKey: ikeys.graph([req, ef]),
      queryFn: () => fetchSlice(req, ef),
      placeholderData: (prev: GraphSlice | undefined) => prev,
    })),
  });
  const slices = results.flatMap((r) => (r.data ? [r.data] : []));
  const loading = results.some((r) => r.isFetching);
  const error = results.find((r) => r.error)?.error;
  const dataKey = results.map((r) => r.dataUpdatedAt).join(',');
  // The view's own seed (a choice of Recent / Most connected / a search), once its answer is in: it is framed anew.
  const seedRequest = requests[0];
  const seedLoaded = results[0] !== undefined && results[0].data !== undefined && !results[0].isPlaceholderData;
  // Recomputed only when a slice changed (dataKey), not on every render.
  const merged = useMemo(() => mergeSlices(slices), [dataKey]);

  const container = useRef<HTMLDivElement>(null);
  const cyRef = useRef<Core | null>(null);
  const [laying, setLaying] = useState(false);

  // Create cytoscape once.
  useEffect(() => {
    if (!container.current) return;
    // cytoscape injects a <style> for its container unless an element with this id exists; our CSP refuses
    // inline styles, and .ins-cy already sets what that rule would (position: relative).
    if (!document.getElementById('__________cytoscape_stylesheet')) {
      const placeholder = document.createElement('meta');
      placeholder.id = '__________cytoscape_stylesheet';
      document.head.appendChild(placeholder);
    }
    const cy = cytoscape({
      container: container.current,
      style: graphStyle(),
      minZoom: 0.05,
      maxZoom: 4,
      boxSelectionEnabled: false,
      selectionType: 'additive',
      // Pan and zoom a big graph as a bitmap; redraw crisply when the gesture ends.
      textureOnViewport: true,
      hideEdgesOnViewport: false,
      motionBlur: false,
    });
    cyRef.current = cy;
    (window as unknown as { __engramCy?: Core }).__engramCy = cy;
    const ui = useInspector.getState;
    cy.on('tap', 'node', (e) => {
      const id = e.target.id() as string;
      const additive = (e.originalEvent as MouseEvent | undefined)?.shiftKey || (e.originalEvent as MouseEvent | undefined)?.ctrlKey || (e.originalEvent as MouseEvent | undefined)?.metaKey;
      if (isEntityElement(id)) ui().openEntityPanel(id.slice(4));
      else ui().select(id, { additive: !!additive });
    });
    cy.on('dbltap', 'node', (e) => {
      const id = e.target.id() as string;
      ui().addGraph({ kind: 'expand', input: isEntityElement(id) ? { entityIds: [id.slice(4)] } : { nodeIds: [id] } });
    });
    cy.on('tap', (e) => {
      if (e.target === cy) ui().select(null);
    });
    // Labels keep their screen size: re-measure once a zoom (wheel, pinch, fit, centring) has come to rest.
    let labelTimer: ReturnType<typeof setTimeout> | undefined;
    const relabelSoon = () => {
      clearTimeout(labelTimer);
      labelTimer = setTimeout(() => placeLabels(cy), 120);
    };
    cy.on('zoom', relabelSoon);
    cy.on('dragfree', 'node', relabelSoon);
    // The canvas changes size with the window, the filter bar and the legend: cytoscape must re-measure it.
    const resized = new ResizeObserver(() => {
      cy.resize();
      if (refitIfFramedHidden(cy)) placeLabels(cy);
    });
    resized.observe(container.current);
    return () => {
      resized.disconnect();
      clearTimeout(labelTimer);
      cy.destroy();
      cyRef.current = null;
    };
  }, []);

  /** The seed last framed, and how many requests the graph had at the last diff (more = an expansion). */
  const framedSeed = useRef<GraphRequest | undefined>(undefined);
  const requestCount = useRef(0);

  // Diff the merged elements into cytoscape; lay out only when something new arrived.
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const wanted = new Set(merged.elements.map((e) => e.data.id as string));
    const hadNodes = cy.nodes().length;
    // A view chosen (even the same one again): a fresh layout, framed. A page-out keeps the view where it is; any
    // other arrival (a memory change, an import, a filter) is framed so nothing new lands out of sight.
    const reframe = seedLoaded && framedSeed.current !== seedRequest;
    if (reframe) framedSeed.current = seedRequest;
    const expansion = requests.length > requestCount.current && !reframe;
    requestCount.current = requests.length;
    const added: string[] = [];
    let removed = 0;
    cy.batch(() => {
      cy.elements().forEach((el) => {
        if (!wanted.has(el.id())) {
          if (el.isNode()) removed++;
          el.remove();
        }
      });
      const newNodes = merged.elements.filter((e) => e.group === 'nodes' && cy.getElementById(e.data.id as string).empty());
      for (const el of merged.elements) {
        const existing = cy.getElementById(el.data.id as string);
        if (existing.nonempty()) existing.data(el.data);
      }
      // New nodes start next to a neighbour already on screen, so an expansion grows from where it was asked.
      const anchorOf = new Map<string, { x: number; y: number }>();
      for (const el of merged.elements) {
        if (el.group !== 'edges') continue;
        const s = cy.getElementById(el.data.source as string);
        const t = cy.getElementById(el.data.target as string);
        if (s.nonempty() && t.empty()) anchorOf.set(el.data.target as string, s.position());
        if (t.nonempty() && s.empty()) anchorOf.set(el.data.source as string, t.position());
      }
      cy.add(
        newNodes.map((n) => {
          const a = anchorOf.get(n.data.id as string);
          return a ? { ...n, position: { x: a.x + (Math.random() - 0.5) * 80, y: a.y + (Math.random() - 0.5) * 80 } } : n;
        }),
      );
      cy.add(merged.elements.filter((e) => e.group === 'edges' && cy.getElementById(e.data.id as string).empty()));
      added.push(...newNodes.map((n) => n.data.id as string));
    });
    if (added.length === 0) {
      // A filter took nodes away (keep positions, frame what is left), or a view was chosen again.
      if ((removed > 0 || reframe) && cy.nodes().length > 0) {
        cy.stop(true, false);
        fitView(cy);
      }
      placeLabels(cy);
    }
    if (added.length > 0) {
      setLaying(true);
      const started = performance.now();
      // Labels cost more to draw than anything else: in a big graph only entities and the selection carry one.
      cy.nodes('[kind = "node"]').toggleClass('quiet', cy.nodes().length > QUIET_ABOVE);
      const big = hadNodes === 0 || reframe || added.length > cy.nodes().length / 2;
      runLayout(cy, big, () => {
        (window as unknown as { __engramLayoutOnlyMs?: number }).__engramLayoutOnlyMs = performance.now() - started;
        // After a large change (a new seed, a filter, new memories), frame the whole graph; after an expansion, keep the view.
        if (big || !expansion || removed > hadNodes / 3) {
          // A centring animation still running would otherwise pull the view away again.
          cy.stop(true, false);
          fitView(cy);
        }
        placeLabels(cy);
        setLaying(false);
        // Laid out and drawn: cytoscape paints on the next animation frame.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            (window as unknown as { __engramLayoutMs?: number }).__engramLayoutMs = performance.now() - started;
          }),
        );
      });
    }
  }, [merged]);

  // Selection and multi-selection as classes; the selection is centred when asked (search, jump, arrows).
  const selectedId = useInspector((s) => s.selectedId);
  const tab = useInspector((s) => s.tab);
  const multi = useInspector((s) => s.multi);
  const centreTick = useInspector((s) => s.centreTick);
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    cy.batch(() => {
      cy.nodes('.sel').removeClass('sel');
      cy.nodes('.multi').removeClass('multi');
      if (selectedId) cy.getElementById(selectedId).addClass('sel');
      for (const id of multi) cy.getElementById(id).addClass('multi');
    });
    // The selection's label always shows; the ones it now overlaps give way.
    placeLabels(cy);
  }, [selectedId, multi, merged]);
  // Each request to centre is served once, as soon as the node is on the graph (it may still be loading).
  const centredTick = useRef(0);
  useEffect(() => {
    const cy = cyRef.current;
    const id = useInspector.getState().selectedId;
    if (!cy || !id || centreTick === centredTick.current) return;
    const el = cy.getElementById(id);
    if (el.empty()) return;
    centredTick.current = centreTick;
    cy.stop(true, false);
    cy.animate({ center: { eles: el }, zoom: Math.max(cy.zoom(), 1.2) }, { duration: 250 });
  }, [centreTick, merged]);

  // A hidden container has no size: re-measure when the graph tab comes back.
  useEffect(() => {
    if (tab === 'graph') cyRef.current?.resize();
  }, [tab]);

  // A search seed selects its best hit once it has loaded.
  const first = requests[0];
  useEffect(() => {
    if (first?.kind !== 'seed' || first.input.seed.kind !== 'query') return;
    const hit = slices[0]?.nodes[0];
    const cy = cyRef.current;
    if (!hit || !cy) return;
    cy.nodes('.hit').removeClass('hit');
    for (const n of slices[0]?.nodes ?? []) cy.getElementById(n.id).addClass('hit');
    if (!useInspector.getState().selectedId) {
      useInspector.getState().select(hit.id);
      useInspector.getState().centre();
    }
    // Once per loaded search.
  }, [first, dataKey]);

  // Arrow keys move to the nearest node in that direction.
  useEffect(() => {
    const move = (dir: MoveDirection) => {
      const cy = cyRef.current;
      if (!cy) return;
      const from = selectedId ? cy.getElementById(selectedId) : cy.collection();
      if (from.empty()) {
        const firstNode = cy.nodes('[kind = "node"]').first();
        if (firstNode.nonempty()) useInspector.getState().select(firstNode.id());
        return;
      }
      const p = (from as NodeSingular).position();
      let best: { id: string; score: number } | null = null;
      cy.nodes('[kind = "node"]').forEach((n) => {
        if (n.id() === selectedId) return;
        const q = n.position();
        const dx = q.x - p.x;
        const dy = q.y - p.y;
        const along = dir === 'left' ? -dx : dir === 'right' ? dx : dir === 'up' ? -dy : dy;
        const across = dir === 'left' || dir === 'right' ? Math.abs(dy) : Math.abs(dx);
        if (along <= 0 || across > along * 1.5) return;
        const score = along + across * 2;
        if (!best || score < best.score) best = { id: n.id(), score };
      });
      const found = best as { id: string; score: number } | null;
      if (found) {
        useInspector.getState().select(found.id);
        useInspector.getState().centre();
      }
    };
    // Only while the graph is the visible view: it stays mounted behind the other tabs.
    if (tab !== 'graph') return;
    useInspector.getState().setMover(move);
    return () => {
      if (useInspector.getState().mover === move) useInspector.getState().setMover(null);
    };
  }, [selectedId, tab]);

  const seedKind = first?.kind === 'seed' ? first.input.seed.kind : 'expand';
  const seed = useInspector((s) => s.seedGraph);
  return (
    <div className="ins-graph" data-testid="inspector-graph">
      <div className="ins-graph-bar">
        <div className="ins-seg" role="group" aria-label="Start from">
          <button className={seedKind === 'recent' ? 'on' : ''} onClick={() => seed({ seed: { kind: 'recent' } })}>
            Recent
          </button>
          <button className={seedKind === 'connected' ? 'on' : ''} onClick={() => seed({ seed: { kind: 'connected' } })}>
            Most connected
          </button>
        </div>
        <button className="button button-ghost" onClick={() => cyRef.current && fitView(cyRef.current)} title="Zoom to fit">
          Fit
        </button>
        <button
          className="button button-ghost"
          onClick={() => {
            const cy = cyRef.current;
            if (cy)
              runLayout(cy, true, () => {
                fitView(cy);
                placeLabels(cy);
              });
          }}
          title="Lay out again"
        >
          Re-layout
        </button>
        <span className="muted small" data-testid="graph-counts">
          {merged.nodeCount.toLocaleString()} {merged.nodeCount === 1 ? 'node' : 'nodes'} · {merged.edgeCount.toLocaleString()}{' '}
          {merged.edgeCount === 1 ? 'edge' : 'edges'}
          {merged.truncated ? ' · more to page out (double-click a node)' : ''}
          {loading || laying ? ' · loading…' : ''}
        </span>
        {error && <span className="error-text small">{String((error as Error).message)}</span>}
      </div>
      <div className="ins-cy" ref={container} data-testid="cy" />
      {merged.nodeCount === 0 && !loading && <div className="ins-empty">Nothing here yet. Chat with Engram, or add a fact by hand.</div>}
      <Legend />
    </div>
  );
}

export { entityElementId };
