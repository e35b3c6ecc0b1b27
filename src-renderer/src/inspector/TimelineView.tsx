/**
 * The timeline, drawn on a canvas so 10,000 items draw in a few milliseconds: episodes by session along
 * event time, facts as validity bars (valid_from → valid_until), supersedes transitions as arrows, and a
 * bottom strip for the second axis — when Engram learned each thing (created_at). Wheel zooms (hours to
 * years), drag pans, click selects.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { NodeSummary } from '../../../src-main/memory';
import { useChats } from '../api/hooks';
import { useTimeline } from './api';
import { chatIdOfSession } from './sessions';
import { TYPE_COLOURS } from './graph-style';
import { engineFilter, useInspector, type MoveDirection } from './store';
import { layoutTimeline, type TimelineLayout } from './timeline-layout';
import { DAY, HOUR, YEAR, formatDate, formatDateTime, tickStep, ticks } from './time';

const AXIS_H = 26;
const LEARNED_H = 34;
const LANE_H = 14;
const SECTION_GAP = 22;
const LABEL_W = 0;
const MIN_SPAN = HOUR;
const MAX_SPAN = 30 * YEAR;

interface View {
  start: number;
  end: number;
  scrollY: number;
}

/** The window fetched around the view: three spans wide, snapped so small pans reuse the same query. */
function fetchWindow(v: View): { from: number; to: number } {
  const span = v.end - v.start;
  const snap = span / 4;
  return { from: Math.floor((v.start - span) / snap) * snap, to: Math.ceil((v.end + span) / snap) * snap };
}

/** A view of the whole extent, with a little room either side. */
function fitAll(ext: { min: number; max: number }): { start: number; end: number } {
  const pad = (ext.max - ext.min) * 0.03 + HOUR;
  return { start: ext.min - pad, end: ext.max + pad };
}

/** Rows get labels while there is room for them; dense memories get thin rows. */
function rowHeight(items: number): number {
  return items > 1500 ? 5 : items > 300 ? 8 : 16;
}

/**
 * Packs facts into rows in pixel space at the current zoom: an item reserves its marker (and label) or, once
 * closed, its whole validity bar. The tail of a fact still valid runs faintly to "now" without reserving space,
 * otherwise every current fact would need a row of its own.
 */
function packRows(facts: NodeSummary[], x: (t: number) => number, labelW: number): { node: NodeSummary; row: number; x0: number; x1: number }[] {
  const rowEnds: number[] = [];
  const out: { node: NodeSummary; row: number; x0: number; x1: number }[] = [];
  let hint = 0;
  for (const node of facts) {
    const x0 = x(node.validFrom);
    const x1 = node.validUntil !== null ? Math.max(x0 + 4, x(node.validUntil)) : x0 + 4;
    const reserve = Math.max(x1, x0 + labelW) + 3;
    // Most items go to the row after the last one used; scan from there, then from the top.
    let row = -1;
    for (let k = 0; k < rowEnds.length; k++) {
      const r = (hint + k) % rowEnds.length;
      if ((rowEnds[r] ?? 0) <= x0) {
        row = r;
        break;
      }
    }
    if (row === -1) {
      row = rowEnds.length;
      rowEnds.push(reserve);
    } else rowEnds[row] = reserve;
    hint = row + 1;
    out.push({ node, row, x0, x1 });
  }
  return out;
}

export function TimelineView() {
  const filter = useInspector((s) => s.filter);
  const selectedId = useInspector((s) => s.selectedId);
  const multi = useInspector((s) => s.multi);
  const [view, setView] = useState<View>(() => ({ start: Date.now() - 14 * DAY, end: Date.now() + DAY, scrollY: 0 }));
  const win = fetchWindow(view);
  const ef = engineFilter(filter, { includeInvalid: true });
  const data = useTimeline({
    from: Math.round(win.from),
    to: Math.round(win.to),
    ...(ef.types ? { types: ef.types } : {}),
    ...(ef.sourceTypes ? { sourceTypes: ef.sourceTypes } : {}),
    ...(ef.entityId ? { entityId: ef.entityId } : {}),
    // History is what a timeline is for: superseded and forgotten versions always show (faded).
    includeInvalid: true,
    limit: 10_000,
  });
  const now = Date.now();
  const layout = useMemo(() => (data.data ? layoutTimeline(data.data) : null), [data.data]);
  // Session lanes are labelled with their conversation's title where there is one.
  const chats = useChats(true);
  const sessionTitle = useMemo(() => {
    const titles = new Map((chats.data ?? []).map((c) => [c.id, c.title]));
    return (sessionId: string): string => {
      const chatId = chatIdOfSession(sessionId);
      const title = chatId ? titles.get(chatId) : undefined;
      return title ? `${title.length > 40 ? `${title.slice(0, 39)}…` : title} · ${sessionId.slice(sessionId.lastIndexOf('-') + 1)}` : sessionId;
    };
  }, [chats.data]);

  // Zoom to the memory's extent the first time it is known: its last 60 days, or all of it when "Fit all"
  // was pressed before the first answer came.
  const fitted = useRef(false);
  const fitAllWanted = useRef(false);
  useEffect(() => {
    const ext = data.data?.extent;
    if (!ext || fitted.current) return;
    fitted.current = true;
    revealSelection.current = true;
    if (fitAllWanted.current) {
      setView((v) => ({ ...v, ...fitAll(ext) }));
      return;
    }
    const span = Math.max(DAY, Math.min(ext.max - ext.min, 60 * DAY));
    setView((v) => ({ ...v, start: ext.max - span, end: ext.max + span * 0.08 }));
  }, [data.data?.extent]);

  const canvasRef = useRef<HTMLCanvasElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const hits = useRef<{ id: string; x0: number; y0: number; x1: number; y1: number }[]>([]);
  /** Set when the selected item's row should be scrolled into sight at the next frame. */
  const revealSelection = useRef(true);
  /** Height of everything the last frame laid out (lanes and rows), for clamping the scroll. */
  const contentH = useRef(0);
  const clampScroll = (y: number) => Math.max(0, Math.min(y, contentH.current - (size.h - LEARNED_H - AXIS_H) + 20));
  const [size, setSize] = useState({ w: 800, h: 500 });
  const [hover, setHover] = useState<{ x: number; y: number; node: NodeSummary } | null>(null);

  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    setSize({ w: el.clientWidth, h: el.clientHeight });
    return () => ro.disconnect();
  }, []);

  // Draw.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !layout) return;
    const t0 = performance.now();
    const frame = draw(canvas, size, view, layout, { selectedId, multi: new Set(multi), now, sessionTitle });
    hits.current = frame.hits;
    contentH.current = frame.contentH;
    // Bring the selection's row into sight once, after a selection or a zoom asked for it.
    const y = frame.selectedY;
    if (revealSelection.current && y !== null) {
      revealSelection.current = false;
      if (y - view.scrollY < AXIS_H + 20 || y - view.scrollY > size.h - LEARNED_H - 20) {
        setView((v) => ({ ...v, scrollY: clampScroll(y - size.h / 2) }));
      }
    }
    const w = window as unknown as { __engramTimelineDrawMs?: number; __engramTimelineItems?: number; __engramTimelineDraws?: number[] };
    w.__engramTimelineDrawMs = performance.now() - t0;
    w.__engramTimelineItems = data.data?.items.length ?? 0;
    (w.__engramTimelineDraws ??= []).push(w.__engramTimelineDrawMs);
  }, [layout, view, size, selectedId, multi, now, data.data, sessionTitle]);

  // Arrow keys: along time (left/right), to the nearest item in the lane or row above/below (up/down).
  useEffect(() => {
    const move = (dir: MoveDirection) => {
      if (!layout || layout.order.length === 0) return;
      const s = useInspector.getState();
      const i = s.selectedId ? layout.order.indexOf(s.selectedId) : -1;
      const next = dir === 'left' || dir === 'up' ? layout.order[Math.max(0, i - 1)] : layout.order[Math.min(layout.order.length - 1, i + 1)];
      if (next) s.select(next);
    };
    useInspector.getState().setMover(move);
    return () => {
      if (useInspector.getState().mover === move) useInspector.getState().setMover(null);
    };
  }, [layout]);

  // Keep the selection in view when it changes from elsewhere (search, panel, arrow keys).
  const [lastSel, setLastSel] = useState<string | null>(null);
  useEffect(() => {
    if (!selectedId || selectedId === lastSel || !data.data) return;
    setLastSel(selectedId);
    const item = data.data.items.find((i) => i.id === selectedId);
    if (!item) return;
    const t = item.type === 'episodic' ? item.eventTime : item.validFrom;
    setView((v) => (t < v.start || t > v.end ? { ...v, start: t - (v.end - v.start) / 2, end: t + (v.end - v.start) / 2 } : v));
    // And vertically: the next frame knows its row.
    revealSelection.current = true;
  }, [selectedId, data.data, lastSel]);

  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);

  const zoomBy = (factor: number, atPx = size.w / 2) => {
    setView((v) => {
      const t = v.start + ((atPx - LABEL_W) / Math.max(1, size.w - LABEL_W)) * (v.end - v.start);
      const span = Math.min(MAX_SPAN, Math.max(MIN_SPAN, (v.end - v.start) * factor));
      const ratio = (t - v.start) / (v.end - v.start);
      return { ...v, start: t - span * ratio, end: t + span * (1 - ratio) };
    });
  };
  const setSpan = (span: number) => {
    revealSelection.current = true;
    const centre = selectedCentre() ?? (view.start + view.end) / 2;
    setView((v) => ({ ...v, start: centre - span / 2, end: centre + span / 2 }));
  };
  const selectedCentre = (): number | null => {
    const item = data.data?.items.find((i) => i.id === selectedId);
    return item ? (item.type === 'episodic' ? item.eventTime : item.validFrom) : null;
  };
  const fit = () => {
    const ext = data.data?.extent;
    revealSelection.current = true;
    if (ext) setView((v) => ({ ...v, ...fitAll(ext) }));
    else fitAllWanted.current = true;
  };

  return (
    <div className="ins-timeline" data-testid="inspector-timeline">
      <div className="ins-graph-bar">
        <div className="ins-seg" role="group" aria-label="Zoom">
          {(
            [
              ['Hours', 12 * HOUR],
              ['Days', 7 * DAY],
              ['Months', 120 * DAY],
              ['Years', 3 * YEAR],
            ] as const
          ).map(([label, span]) => (
            <button key={label} onClick={() => setSpan(span)}>
              {label}
            </button>
          ))}
        </div>
        <button className="button button-ghost" onClick={() => zoomBy(0.5)} aria-label="Zoom in">
          +
        </button>
        <button className="button button-ghost" onClick={() => zoomBy(2)} aria-label="Zoom out">
          −
        </button>
        <button className="button button-ghost" onClick={fit}>
          Fit all
        </button>
        <span className="muted small" data-testid="timeline-counts">
          {data.data ? `${data.data.items.length.toLocaleString()} items${data.data.truncated ? ' (zoom in for more)' : ''}` : ''}
          {data.isFetching ? ' · loading…' : ''} · {formatDate(view.start)} – {formatDate(view.end)}
        </span>
        <span className="muted small ins-axes-note" title="Top axis: when it happened or was valid (event time, validity). Bottom strip: when Engram learned it (created_at).">
          axes: happened/valid ↑ · learned ↓
        </span>
      </div>
      <div
        className="ins-tl-wrap"
        ref={wrapRef}
        onWheel={(e) => {
          if (e.shiftKey) setView((v) => ({ ...v, scrollY: clampScroll(v.scrollY + e.deltaY) }));
          else zoomBy(e.deltaY > 0 ? 1.25 : 0.8, e.nativeEvent.offsetX);
        }}
        onMouseDown={(e) => (drag.current = { x: e.clientX, y: e.clientY, view, moved: false })}
        onMouseMove={(e) => {
          const d = drag.current;
          if (d) {
            const dx = e.clientX - d.x;
            const dy = e.clientY - d.y;
            if (Math.abs(dx) + Math.abs(dy) > 3) d.moved = true;
            const dt = (dx / Math.max(1, size.w)) * (d.view.end - d.view.start);
            setView({ start: d.view.start - dt, end: d.view.end - dt, scrollY: clampScroll(d.view.scrollY - dy) });
            return;
          }
          const x = e.nativeEvent.offsetX;
          const y = e.nativeEvent.offsetY;
          const hit = hits.current.find((h) => x >= h.x0 && x <= h.x1 && y >= h.y0 && y <= h.y1);
          const node = hit ? data.data?.items.find((i) => i.id === hit.id) : undefined;
          setHover(node ? { x, y, node } : null);
        }}
        onMouseUp={(e) => {
          const d = drag.current;
          drag.current = null;
          if (d?.moved) return;
          const x = e.nativeEvent.offsetX;
          const y = e.nativeEvent.offsetY;
          // Topmost first: the last drawn wins.
          const hit = [...hits.current].reverse().find((h) => x >= h.x0 - 2 && x <= h.x1 + 2 && y >= h.y0 - 2 && y <= h.y1 + 2);
          useInspector.getState().select(hit?.id ?? null, { additive: e.shiftKey || e.ctrlKey || e.metaKey });
        }}
        onMouseLeave={() => {
          drag.current = null;
          setHover(null);
        }}
      >
        <canvas ref={canvasRef} data-testid="timeline-canvas" />
        {hover && (
          <div className="ins-tip" style={{ left: Math.min(hover.x + 12, size.w - 260), top: hover.y + 12 }}>
            <strong>{hover.node.type}</strong> · {hover.node.label}
            <div className="muted small">
              {hover.node.type === 'episodic'
                ? `happened ${formatDateTime(hover.node.eventTime)}`
                : `valid ${formatDateTime(hover.node.validFrom)} → ${hover.node.validUntil ? formatDateTime(hover.node.validUntil) : 'now'}`}
              <br />
              learned {formatDateTime(hover.node.createdAt)}
            </div>
          </div>
        )}
        <div className="ins-tl-hint muted small">wheel: zoom · drag: pan · shift-wheel: scroll rows · click: select</div>
      </div>
    </div>
  );
}

interface DrawState {
  selectedId: string | null;
  multi: Set<string>;
  now: number;
  sessionTitle: (sessionId: string) => string;
}

/** Draws one frame; returns the hit boxes. Only what falls inside the canvas is drawn. */
function draw(
  canvas: HTMLCanvasElement,
  size: { w: number; h: number },
  view: View,
  layout: TimelineLayout,
  st: DrawState,
): { hits: { id: string; x0: number; y0: number; x1: number; y1: number }[]; selectedY: number | null; contentH: number } {
  let selectedY: number | null = null;
  const dpr = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(size.w * dpr) || canvas.height !== Math.round(size.h * dpr)) {
    canvas.width = Math.round(size.w * dpr);
    canvas.height = Math.round(size.h * dpr);
    canvas.style.width = `${size.w}px`;
    canvas.style.height = `${size.h}px`;
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return { hits: [], selectedY: null, contentH: 0 };
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const styles = getComputedStyle(canvas);
  const cssVar = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
  const textColour = cssVar('--text', '#222');
  const muted = cssVar('--muted', '#777');
  const border = cssVar('--border', '#ddd');
  const panel = cssVar('--panel', '#fff');
  ctx.fillStyle = panel;
  ctx.fillRect(0, 0, size.w, size.h);
  const span = view.end - view.start;
  const x = (t: number) => ((t - view.start) / span) * size.w;
  const hits: { id: string; x0: number; y0: number; x1: number; y1: number }[] = [];
  const bodyTop = AXIS_H;
  const bodyBottom = size.h - LEARNED_H;

  // Grid and the event-time axis.
  const { step, label } = tickStep(span, size.w);
  const tickTimes = ticks(view.start, view.end, step);
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  for (const t of tickTimes) {
    const px = Math.round(x(t)) + 0.5;
    ctx.strokeStyle = border;
    ctx.beginPath();
    ctx.moveTo(px, AXIS_H);
    ctx.lineTo(px, bodyBottom);
    ctx.stroke();
    ctx.fillStyle = muted;
    ctx.fillText(label(t), px + 3, AXIS_H / 2);
  }

  ctx.save();
  ctx.beginPath();
  ctx.rect(0, bodyTop, size.w, bodyBottom - bodyTop);
  ctx.clip();
  let y = bodyTop + 6 - view.scrollY;
  // Episodes by session.
  ctx.fillStyle = textColour;
  ctx.font = '600 11px system-ui, sans-serif';
  if (layout.lanes.length > 0) ctx.fillText(`Episodes by session (${layout.lanes.length})`, 6, y + 6);
  y += 16;
  for (const lane of layout.lanes) {
    if (y > bodyBottom) {
      y += LANE_H;
      continue;
    }
    if (y + LANE_H >= bodyTop) {
      ctx.fillStyle = border;
      ctx.fillRect(0, y + LANE_H / 2, size.w, 1);
      ctx.fillStyle = TYPE_COLOURS.episodic;
      for (const ep of lane.items) {
        const px = x(ep.eventTime);
        if (px < -4 || px > size.w + 4) continue;
        const sel = ep.id === st.selectedId || st.multi.has(ep.id);
        if (ep.id === st.selectedId) selectedY = y + view.scrollY;
        ctx.fillStyle = sel ? '#111827' : ep.validUntil !== null ? 'rgba(124,135,153,0.35)' : TYPE_COLOURS.episodic;
        ctx.fillRect(px - 2, y + 2, sel ? 5 : 4, LANE_H - 4);
        hits.push({ id: ep.id, x0: px - 3, y0: y + 1, x1: px + 3, y1: y + LANE_H - 1 });
      }
      const start = x(Math.min(...lane.items.map((i) => i.eventTime)));
      ctx.fillStyle = muted;
      ctx.font = '10px system-ui, sans-serif';
      const name = st.sessionTitle(lane.sessionId);
      ctx.fillText(name, Math.max(4, start - ctx.measureText(name).width - 8), y + LANE_H / 2);
    }
    y += LANE_H;
  }
  y += SECTION_GAP;
  ctx.fillStyle = textColour;
  ctx.font = '600 11px system-ui, sans-serif';
  if (layout.facts.length > 0) ctx.fillText(`Facts (${layout.facts.length}) — valid from → until · ◆ when it happened · purple: superseded by`, 6, y - 6);
  const rh = rowHeight(layout.facts.length);
  const packed = packRows(layout.facts, x, rh >= 16 ? 150 : 0);
  const factY = new Map<string, { y: number; x0: number; x1: number }>();
  const nowX = x(st.now);
  ctx.font = '10px system-ui, sans-serif';
  const top = y;
  for (const { node: n, row, x0, x1 } of packed) {
    const ry = top + row * rh;
    factY.set(n.id, { y: ry + (rh - 2) / 2, x0, x1 });
    if (n.id === st.selectedId) selectedY = ry + view.scrollY;
    if (ry + rh < bodyTop || ry > bodyBottom) continue;
    const open = n.validUntil === null;
    const tail = open ? Math.max(x1, nowX) : x1;
    if (tail < 0 || Math.min(x0, x(n.eventTime)) > size.w) continue;
    const sel = n.id === st.selectedId;
    const colour = TYPE_COLOURS[n.type];
    if (open && nowX > x1) {
      ctx.globalAlpha = 0.18;
      ctx.fillStyle = colour;
      ctx.fillRect(x1, ry + (rh - 2) / 2 - 1, nowX - x1, 2);
    }
    // When it happened, if that differs from when it became valid: a faint whisker to a diamond.
    const ex = x(n.eventTime);
    if (x0 - ex > 6) {
      ctx.globalAlpha = sel ? 0.9 : 0.2;
      ctx.fillStyle = colour;
      ctx.fillRect(ex, ry + (rh - 2) / 2, x0 - ex, 1);
      ctx.beginPath();
      ctx.moveTo(ex, ry + (rh - 2) / 2 - 3);
      ctx.lineTo(ex + 3, ry + (rh - 2) / 2);
      ctx.lineTo(ex, ry + (rh - 2) / 2 + 3);
      ctx.lineTo(ex - 3, ry + (rh - 2) / 2);
      ctx.fill();
    }
    ctx.globalAlpha = open ? 0.4 + 0.6 * n.confidence : 0.3;
    ctx.fillStyle = colour;
    ctx.fillRect(x0, ry, x1 - x0, rh - 2);
    ctx.globalAlpha = 1;
    if (n.invalidatedReason === 'forgotten' || n.invalidatedReason === 'pruned') {
      ctx.strokeStyle = '#9ca3af';
      ctx.setLineDash([3, 2]);
      ctx.strokeRect(x0 + 0.5, ry + 0.5, x1 - x0 - 1, rh - 3);
      ctx.setLineDash([]);
    }
    if (sel || st.multi.has(n.id)) {
      ctx.strokeStyle = sel ? '#111827' : '#f97316';
      ctx.lineWidth = 2;
      ctx.strokeRect(x0 - 1, ry - 1, Math.max(x1, x0 + 4) - x0 + 2, rh);
      ctx.lineWidth = 1;
    }
    if (rh >= 16) {
      ctx.fillStyle = open ? textColour : muted;
      ctx.fillText(n.label.length > 28 ? `${n.label.slice(0, 27)}…` : n.label, Math.max(x0, x1) + 4, ry + (rh - 2) / 2);
    }
    hits.push({ id: n.id, x0, y0: ry, x1: Math.max(x1, x0 + (rh >= 16 ? 150 : 4)), y1: ry + rh - 2 });
  }
  const rowsUsed = packed.reduce((m, p) => Math.max(m, p.row + 1), 0);
  const contentBottom = top + rowsUsed * rh;
  // Supersedes transitions: from the end of the old bar to the start of the new one.
  ctx.strokeStyle = '#7c3aed';
  ctx.fillStyle = '#7c3aed';
  ctx.lineWidth = 1.5;
  for (const tr of layout.transitions) {
    const a = factY.get(tr.from);
    const b = factY.get(tr.to);
    if (!a || !b) continue;
    const ax = a.x1;
    const bx = b.x0;
    if (Math.max(ax, bx) < 0 || Math.min(ax, bx) > size.w) continue;
    ctx.beginPath();
    ctx.moveTo(ax, a.y);
    ctx.bezierCurveTo(ax + 20, a.y, bx - 20, b.y, bx, b.y);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(bx, b.y);
    ctx.lineTo(bx - 6, b.y - 3.5);
    ctx.lineTo(bx - 6, b.y + 3.5);
    ctx.fill();
  }
  ctx.lineWidth = 1;
  ctx.restore();

  // "Now".
  const nx = nowX;
  if (nx >= 0 && nx <= size.w) {
    ctx.strokeStyle = '#dc2626';
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(nx, AXIS_H);
    ctx.lineTo(nx, size.h);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  // The learned strip: when Engram learned things (created_at), on the same time scale.
  ctx.fillStyle = panel;
  ctx.fillRect(0, bodyBottom, size.w, LEARNED_H);
  ctx.strokeStyle = border;
  ctx.beginPath();
  ctx.moveTo(0, bodyBottom + 0.5);
  ctx.lineTo(size.w, bodyBottom + 0.5);
  ctx.stroke();
  ctx.fillStyle = muted;
  ctx.font = '10px system-ui, sans-serif';
  ctx.fillText('learned (created_at)', 6, bodyBottom + 9);
  const buckets = new Float32Array(Math.ceil(size.w / 2) + 1);
  let maxB = 1;
  const all = [...layout.lanes.flatMap((l) => l.items), ...layout.facts];
  let sel: NodeSummary | undefined;
  for (const n of all) {
    if (n.id === st.selectedId) sel = n;
    const b = Math.floor(x(n.createdAt) / 2);
    if (b < 0 || b >= buckets.length) continue;
    buckets[b] = (buckets[b] ?? 0) + 1;
    maxB = Math.max(maxB, buckets[b] ?? 0);
  }
  ctx.fillStyle = '#6366f1';
  for (let b = 0; b < buckets.length; b++) {
    const v = buckets[b] ?? 0;
    if (v === 0) continue;
    const hgt = 2 + (v / maxB) * (LEARNED_H - 16);
    ctx.fillRect(b * 2, size.h - hgt - 2, 2, hgt);
  }
  if (sel) {
    const ex = x(sel.type === 'episodic' ? sel.eventTime : sel.validFrom);
    const lx = x(sel.createdAt);
    ctx.strokeStyle = '#111827';
    ctx.beginPath();
    ctx.moveTo(ex, bodyBottom);
    ctx.lineTo(lx, size.h - 4);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(lx, size.h - 4, 3, 0, Math.PI * 2);
    ctx.fillStyle = '#111827';
    ctx.fill();
  }
  // Axis band last, so it stays on top while rows scroll under it.
  ctx.fillStyle = panel;
  ctx.fillRect(0, 0, size.w, AXIS_H);
  ctx.font = '11px system-ui, sans-serif';
  for (const t of tickTimes) {
    const px = Math.round(x(t)) + 0.5;
    ctx.fillStyle = muted;
    ctx.fillText(label(t), px + 3, AXIS_H / 2);
    ctx.fillRect(px, AXIS_H - 6, 1, 6);
  }
  return { hits, selectedY, contentH: contentBottom + view.scrollY - bodyTop };
}
