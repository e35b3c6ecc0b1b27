/**
 * Paints one timeline frame (timeline-frame.ts) on a 2D context: it decides nothing about where things go,
 * only how they look. Needs no React and no DOM beyond the context, so a recording context can test it.
 */
import { TYPE_COLOURS } from './graph-style';
import { AXIS_H, LANE_H, LEARNED_H, type TimelineFrame } from './timeline-frame';

/** The theme's colours, read from CSS custom properties by the caller. */
export interface TimelinePalette {
  text: string;
  muted: string;
  border: string;
  panel: string;
}

export const LABEL_FONT = '11px system-ui, sans-serif';
const HEADER_FONT = '600 11px system-ui, sans-serif';
const SMALL_FONT = '10px system-ui, sans-serif';
const SELECTED = '#111827';
const MULTI = '#f97316';
const SUPERSEDES = '#7c3aed';

/**
 * The part of a canvas 2D context the painter uses: a CanvasRenderingContext2D in the app, a recording object
 * in tests (which run without the DOM's types).
 */
export interface PaintContext {
  fillStyle: string | object;
  strokeStyle: string | object;
  globalAlpha: number;
  lineWidth: number;
  font: string;
  textBaseline: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  strokeRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void;
  arc(x: number, y: number, r: number, from: number, to: number): void;
  rect(x: number, y: number, w: number, h: number): void;
  stroke(): void;
  fill(): void;
  clip(): void;
  save(): void;
  restore(): void;
  setLineDash(segments: number[]): void;
}

type Ctx = PaintContext;

function drawLanes(ctx: Ctx, frame: TimelineFrame, w: number, p: TimelinePalette): void {
  ctx.font = LABEL_FONT;
  for (const lane of frame.lanes) {
    ctx.fillStyle = p.border;
    ctx.fillRect(0, lane.y + LANE_H / 2, w, 1);
    for (const run of lane.runs) {
      ctx.fillStyle = run.faded ? 'rgba(124,135,153,0.35)' : TYPE_COLOURS.episodic;
      ctx.fillRect(run.x0, lane.y + 3, run.x1 - run.x0, LANE_H - 6);
    }
    for (const s of lane.selected) {
      ctx.fillStyle = s.primary ? SELECTED : MULTI;
      ctx.fillRect(s.x - 2.5, lane.y + 2, 5, LANE_H - 4);
    }
    if (lane.title) {
      ctx.fillStyle = p.muted;
      ctx.fillText(lane.title.text, lane.title.x, lane.y + LANE_H / 2);
    }
  }
}

function drawFacts(ctx: Ctx, frame: TimelineFrame, p: TimelinePalette): void {
  const rh = frame.rowH;
  ctx.font = LABEL_FONT;
  for (const f of frame.facts) {
    const mid = f.y + (rh - 2) / 2;
    const open = f.node.validUntil === null;
    const colour = TYPE_COLOURS[f.node.type];
    if (open && frame.nowX > f.x1) {
      ctx.globalAlpha = 0.18;
      ctx.fillStyle = colour;
      ctx.fillRect(f.x1, mid - 1, frame.nowX - f.x1, 2);
    }
    // When it happened, if that differs from when it became valid: a faint whisker to a diamond.
    if (f.happenedX !== null) {
      const ex = f.happenedX;
      ctx.globalAlpha = f.selected ? 0.9 : 0.2;
      ctx.fillStyle = colour;
      ctx.fillRect(ex, mid, f.whiskerTo - ex, 1);
      ctx.beginPath();
      ctx.moveTo(ex, mid - 3);
      ctx.lineTo(ex + 3, mid);
      ctx.lineTo(ex, mid + 3);
      ctx.lineTo(ex - 3, mid);
      ctx.fill();
    }
    ctx.globalAlpha = open ? 0.4 + 0.6 * f.node.confidence : 0.3;
    ctx.fillStyle = colour;
    ctx.fillRect(f.x0, f.y, f.x1 - f.x0, rh - 2);
    ctx.globalAlpha = 1;
    if (f.node.invalidatedReason === 'forgotten' || f.node.invalidatedReason === 'pruned') {
      ctx.strokeStyle = '#9ca3af';
      ctx.setLineDash([3, 2]);
      ctx.strokeRect(f.x0 + 0.5, f.y + 0.5, f.x1 - f.x0 - 1, rh - 3);
      ctx.setLineDash([]);
    }
    if (f.selected || f.inMulti) {
      ctx.strokeStyle = f.selected ? SELECTED : MULTI;
      ctx.lineWidth = 2;
      ctx.strokeRect(f.x0 - 1, f.y - 1, f.x1 - f.x0 + 2, rh);
      ctx.lineWidth = 1;
    }
    if (f.label) {
      ctx.fillStyle = open ? p.text : p.muted;
      ctx.fillText(f.label.text, f.label.x, mid);
    }
  }
}

function drawTransitions(ctx: Ctx, frame: TimelineFrame): void {
  ctx.strokeStyle = SUPERSEDES;
  ctx.fillStyle = SUPERSEDES;
  ctx.lineWidth = 1.5;
  for (const { ax, ay, bx, by } of frame.transitions) {
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.bezierCurveTo(ax + 20, ay, bx - 20, by, bx, by);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(bx, by);
    ctx.lineTo(bx - 6, by - 3.5);
    ctx.lineTo(bx - 6, by + 3.5);
    ctx.fill();
  }
  ctx.lineWidth = 1;
}

/** The learned strip: when Engram learned things (created_at), on the same time scale. */
function drawLearned(ctx: Ctx, frame: TimelineFrame, size: { w: number; h: number }, p: TimelinePalette): void {
  const top = size.h - LEARNED_H;
  ctx.fillStyle = p.panel;
  ctx.fillRect(0, top, size.w, LEARNED_H);
  ctx.strokeStyle = p.border;
  ctx.beginPath();
  ctx.moveTo(0, top + 0.5);
  ctx.lineTo(size.w, top + 0.5);
  ctx.stroke();
  ctx.fillStyle = p.muted;
  ctx.font = SMALL_FONT;
  ctx.fillText('learned (created_at)', 6, top + 9);
  const max = frame.learned.reduce((m, v) => Math.max(m, v), 1);
  ctx.fillStyle = '#6366f1';
  frame.learned.forEach((v, b) => {
    if (v === 0) return;
    const hgt = 2 + (v / max) * (LEARNED_H - 16);
    ctx.fillRect(b * 2, size.h - hgt - 2, 2, hgt);
  });
  const link = frame.selectionLink;
  if (link) {
    ctx.strokeStyle = SELECTED;
    ctx.beginPath();
    ctx.moveTo(link.fromX, top);
    ctx.lineTo(link.toX, size.h - 4);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(link.toX, size.h - 4, 3, 0, Math.PI * 2);
    ctx.fillStyle = SELECTED;
    ctx.fill();
  }
}

/** Paints the frame on a context already scaled to CSS pixels. */
export function drawTimeline(ctx: Ctx, frame: TimelineFrame, size: { w: number; h: number }, p: TimelinePalette): void {
  const bodyBottom = size.h - LEARNED_H;
  ctx.fillStyle = p.panel;
  ctx.fillRect(0, 0, size.w, size.h);
  ctx.textBaseline = 'middle';
  ctx.strokeStyle = p.border;
  for (const t of frame.ticks) {
    ctx.beginPath();
    ctx.moveTo(t.x, AXIS_H);
    ctx.lineTo(t.x, bodyBottom);
    ctx.stroke();
  }

  ctx.save();
  ctx.beginPath();
  ctx.rect(0, AXIS_H, size.w, bodyBottom - AXIS_H);
  ctx.clip();
  ctx.fillStyle = p.text;
  ctx.font = HEADER_FONT;
  for (const h of frame.headers) ctx.fillText(h.text, 6, h.y);
  drawLanes(ctx, frame, size.w, p);
  drawFacts(ctx, frame, p);
  drawTransitions(ctx, frame);
  ctx.restore();

  if (frame.nowX >= 0 && frame.nowX <= size.w) {
    ctx.strokeStyle = '#dc2626';
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(frame.nowX, AXIS_H);
    ctx.lineTo(frame.nowX, size.h);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  drawLearned(ctx, frame, size, p);
  // Axis band last, so it stays on top while rows scroll under it.
  ctx.fillStyle = p.panel;
  ctx.fillRect(0, 0, size.w, AXIS_H);
  ctx.font = LABEL_FONT;
  for (const t of frame.ticks) {
    ctx.fillStyle = p.muted;
    ctx.fillText(t.text, t.x + 3, AXIS_H / 2);
    ctx.fillRect(t.x, AXIS_H - 6, 1, 6);
  }
}
