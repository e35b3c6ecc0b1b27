/**
 * The timeline, drawn on a canvas so 10,000 items draw in a few milliseconds: episodes by session along
 * event time, facts as validity bars (valid_from → valid_until), supersedes transitions as arrows, and a
 * bottom strip for the second axis — when Engram learned each thing (created_at). Wheel zooms (hours to
 * years), drag pans, click selects. State lives in useTimelineView, layout in timeline-frame, paint in
 * timeline-draw.
 */
import { useEffect, useRef, useState } from 'react';
import type { NodeSummary } from '../../../src-main/memory';
import { useInspector } from './store';
import { laneTitle } from './timeline-labels';
import { reportTimelineFrame } from './timeline-probe';
import { drawTimeline, LABEL_FONT, type TimelinePalette } from './timeline-draw';
import { AXIS_H, LEARNED_H, timelineFrame, type HitBox } from './timeline-frame';
import { DAY, HOUR, YEAR, formatDate, formatDateTime } from './time';
import { useTimelineView, type View } from './useTimelineView';

/** A canvas sized to its box in device pixels, with a context that draws in CSS pixels. */
function canvasContext(canvas: HTMLCanvasElement, size: { w: number; h: number }): CanvasRenderingContext2D | null {
  const dpr = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(size.w * dpr) || canvas.height !== Math.round(size.h * dpr)) {
    canvas.width = Math.round(size.w * dpr);
    canvas.height = Math.round(size.h * dpr);
    canvas.style.width = `${size.w}px`;
    canvas.style.height = `${size.h}px`;
  }
  const ctx = canvas.getContext('2d');
  ctx?.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}

function palette(canvas: HTMLCanvasElement): TimelinePalette {
  const styles = getComputedStyle(canvas);
  const cssVar = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
  return { text: cssVar('--text', '#222'), muted: cssVar('--muted', '#777'), border: cssVar('--border', '#ddd'), panel: cssVar('--panel', '#fff') };
}

const hitAt = (hits: readonly HitBox[], x: number, y: number, slop = 0): HitBox | undefined => {
  // Topmost first: the last drawn wins.
  for (let i = hits.length - 1; i >= 0; i--) {
    const h = hits[i] as HitBox;
    if (x >= h.x0 - slop && x <= h.x1 + slop && y >= h.y0 - slop && y <= h.y1 + slop) return h;
  }
  return undefined;
};

export function TimelineView() {
  const selectedId = useInspector((s) => s.selectedId);
  const multi = useInspector((s) => s.multi);
  const { data, layout, chats, view, setView, size, wrapRef, revealSelection, contentH, clampScroll, zoomBy, setSpan, fit } = useTimelineView();
  const now = Date.now();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const hits = useRef<HitBox[]>([]);
  const [hover, setHover] = useState<{ x: number; y: number; node: NodeSummary } | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas && layout ? canvasContext(canvas, size) : null;
    if (!canvas || !ctx || !layout) return;
    const t0 = performance.now();
    ctx.font = LABEL_FONT;
    const measure = (text: string) => ctx.measureText(text).width;
    const frame = timelineFrame({ layout, view: { ...view, ...size }, selectedId, multi: new Set(multi), now, chats, measure });
    drawTimeline(ctx, frame, size, palette(canvas));
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
    reportTimelineFrame(frame, size.w, performance.now() - t0, data.data?.items.length ?? 0);
  }, [layout, view, size, selectedId, multi, now, data.data, chats]);

  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);
  // An episode's tooltip names its lane, whose title may have had no room beside its marks.
  const hoverSession = hover?.node.type === 'episodic' ? hover.node.sessionId : null;
  const hoverFirst = hoverSession ? layout?.lanes.find((l) => l.sessionId === hoverSession)?.first : undefined;
  const hoverLane = hoverSession && hoverFirst !== undefined ? laneTitle(hoverSession, hoverFirst, chats) : null;

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
          const hit = hitAt(hits.current, x, y);
          const node = hit ? data.data?.items.find((i) => i.id === hit.id) : undefined;
          setHover(node ? { x, y, node } : null);
        }}
        onMouseUp={(e) => {
          const d = drag.current;
          drag.current = null;
          if (d?.moved) return;
          const x = e.nativeEvent.offsetX;
          const y = e.nativeEvent.offsetY;
          const hit = hitAt(hits.current, x, y, 2);
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
                ? `${hoverLane ? `in ${hoverLane} · ` : ''}happened ${formatDateTime(hover.node.eventTime)}`
                : `valid ${formatDateTime(hover.node.validFrom)} → ${hover.node.validUntil ? formatDateTime(hover.node.validUntil) : 'now'}`}
              <br />
              learned {formatDateTime(hover.node.createdAt)}
            </div>
          </div>
        )}
        <div className="ins-tl-hint muted">wheel: zoom · drag: pan · shift-wheel: scroll rows · click: select</div>
      </div>
    </div>
  );
}
