/**
 * The timeline's view model: where every lane, mark, bar, label and arrow of one frame goes, in canvas pixels,
 * from the grouped items (timeline-layout.ts), the visible time window and the canvas size. Pure: no React,
 * no DOM (text is measured by the function passed in), so the layout maths is unit-tested directly; the
 * painter (timeline-draw.ts) only draws what this returns.
 */
import type { NodeSummary } from '../../../src-main/memory';
import { fitText, LABEL_PAD, laneTitle, placeBeside, type MeasureText, type PlacedLabel } from './timeline-labels';
import type { TimelineLayout } from './timeline-layout';
import { tickStep, ticks } from './time';
import type { ChatTitle } from '../../../src-shared/chat-types';

export const AXIS_H = 26;
export const LEARNED_H = 34;
export const LANE_H = 16;
const SECTION_GAP = 22;
/** An episode's mark; marks closer than this (plus a pixel) merge into one run instead of overlapping. */
const MARK_W = 4;
/** The widest a fact's label grows before it is shortened. */
const FACT_LABEL_MAX_W = 240;
/** Room left between things packed into one fact row. */
const ROW_GAP = 6;

/** The visible window: a time span across the canvas's width, and how far the rows are scrolled down. */
export interface TimelineViewport {
  start: number;
  end: number;
  scrollY: number;
  w: number;
  h: number;
}

export interface FrameInput {
  layout: TimelineLayout;
  view: TimelineViewport;
  selectedId: string | null;
  multi: ReadonlySet<string>;
  now: number;
  /** Chat id → its title, or null for a chat that no longer exists (see laneTitle). */
  chats: ReadonlyMap<string, ChatTitle | null>;
  /** Measures text at the size lane titles and fact labels are drawn (11 px). */
  measure: MeasureText;
}

export interface HitBox {
  id: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Neighbouring episode marks drawn as one shape, so none is drawn over another. */
export interface MarkRun {
  x0: number;
  x1: number;
  /** Every episode of the run is superseded or forgotten. */
  faded: boolean;
}

export interface LaneFrame {
  sessionId: string;
  y: number;
  title: PlacedLabel | null;
  runs: MarkRun[];
  /** Selected episodes' positions, drawn over their runs. */
  selected: { x: number; primary: boolean }[];
}

export interface FactFrame {
  node: NodeSummary;
  y: number;
  x0: number;
  x1: number;
  /** When it happened, where that is well before it became valid (a whisker to a diamond); else null. */
  happenedX: number | null;
  /** Where the whisker ends: the bar, or short of a label drawn left of the bar. */
  whiskerTo: number;
  label: PlacedLabel | null;
  selected: boolean;
  inMulti: boolean;
}

export interface TimelineFrame {
  ticks: { x: number; text: string }[];
  headers: { text: string; y: number }[];
  lanes: LaneFrame[];
  facts: FactFrame[];
  /** Height of a fact row; labels show only at 16. */
  rowH: number;
  transitions: { ax: number; ay: number; bx: number; by: number }[];
  nowX: number;
  /** Items learned (created_at) per 2 px column, for the bottom strip. */
  learned: Float32Array;
  /** From the selection's place on the event axis to its place on the learned strip. */
  selectionLink: { fromX: number; toX: number } | null;
  hits: HitBox[];
  /** Unscrolled y of the selected item's row, so the view can bring it into sight. */
  selectedY: number | null;
  /** Height of all lanes and rows, for clamping the scroll. */
  contentH: number;
}

/** Rows get labels while there is room for them; dense memories get thin rows. */
export function rowHeight(items: number): number {
  return items > 1500 ? 5 : items > 300 ? 8 : 16;
}

/** Episode marks at these x positions (ascending) as runs: marks that would touch merge into one. */
export function markRuns(marks: readonly { x: number; faded: boolean }[]): MarkRun[] {
  const runs: MarkRun[] = [];
  let open: MarkRun | null = null;
  for (const { x, faded } of marks) {
    if (open && x - MARK_W / 2 <= open.x1 + 1) {
      open.x1 = Math.max(open.x1, x + MARK_W / 2);
      open.faded &&= faded;
      continue;
    }
    open = { x0: x - MARK_W / 2, x1: x + MARK_W / 2, faded };
    runs.push(open);
  }
  return runs;
}

/**
 * Packs facts into rows in pixel space: each reserves its bar (or marker) and its label, so nothing drawn in a
 * row covers another. The tail of a fact still valid runs faintly to "now" without reserving space, otherwise
 * every current fact would need a row of its own. Most items go to the row after the last one used, so the
 * scan starts there.
 */
export function packRows<T extends { x0: number; x1: number }>(spans: readonly T[]): { item: T; row: number }[] {
  const rowEnds: number[] = [];
  const out: { item: T; row: number }[] = [];
  let hint = 0;
  for (const item of spans) {
    let row = -1;
    for (let k = 0; k < rowEnds.length; k++) {
      const r = (hint + k) % rowEnds.length;
      if ((rowEnds[r] ?? 0) <= item.x0) {
        row = r;
        break;
      }
    }
    if (row === -1) row = rowEnds.push(0) - 1;
    rowEnds[row] = item.x1 + ROW_GAP;
    hint = row + 1;
    out.push({ item, row });
  }
  return out;
}

function laneFrames(input: FrameInput, x: (t: number) => number, top: number, bodyBottom: number): { lanes: LaneFrame[]; hits: HitBox[]; selectedY: number | null; bottom: number } {
  const { layout, view, selectedId, multi } = input;
  const lanes: LaneFrame[] = [];
  const hits: HitBox[] = [];
  let selectedY: number | null = null;
  let y = top;
  for (const lane of layout.lanes) {
    const ly = y;
    y += LANE_H;
    if (lane.items.some((ep) => ep.id === selectedId)) selectedY = ly + view.scrollY;
    if (ly > bodyBottom || ly + LANE_H < AXIS_H) continue;
    const marks = lane.items
      .map((ep) => ({ ep, x: x(ep.eventTime) }))
      .filter((m) => m.x >= -MARK_W && m.x <= view.w + MARK_W)
      .sort((a, b) => a.x - b.x);
    for (const m of marks) hits.push({ id: m.ep.id, x0: m.x - 3, y0: ly + 1, x1: m.x + 3, y1: ly + LANE_H - 1 });
    const runs = markRuns(marks.map((m) => ({ x: m.x, faded: m.ep.validUntil !== null })));
    // The title goes beside the lane's marks in sight (all of them when none is: then it sits near the edge
    // they are beyond).
    const xs = marks.length > 0 ? marks.map((m) => m.x) : lane.items.map((ep) => x(ep.eventTime));
    const x0 = Math.min(...xs) - MARK_W / 2;
    const x1 = Math.max(...xs) + MARK_W / 2;
    const title = placeBeside(laneTitle(lane.sessionId, lane.first, input.chats), x0, x1, view.w, input.measure);
    const selected = marks.filter((m) => m.ep.id === selectedId || multi.has(m.ep.id)).map((m) => ({ x: m.x, primary: m.ep.id === selectedId }));
    lanes.push({ sessionId: lane.sessionId, y: ly, title, runs, selected });
  }
  return { lanes, hits, selectedY, bottom: y };
}

function factFrames(input: FrameInput, x: (t: number) => number, top: number, bodyBottom: number) {
  const { layout, view, selectedId, multi, measure } = input;
  const rowH = rowHeight(layout.facts.length);
  const labelled = rowH >= 16;
  const spans = layout.facts.map((node) => {
    const x0 = x(node.validFrom);
    const x1 = node.validUntil !== null ? Math.max(x0 + 4, x(node.validUntil)) : x0 + 4;
    const label = labelled ? placeBeside(fitText(node.label, FACT_LABEL_MAX_W, measure), x0, x1, view.w, measure) : null;
    return { node, bar: { x0, x1 }, label, x0: Math.min(x0, label?.x ?? x0), x1: Math.max(x1, label ? label.x + label.width : x1) };
  });
  const facts: FactFrame[] = [];
  const hits: HitBox[] = [];
  const rowOf = new Map<string, { y: number; x0: number; x1: number }>();
  let selectedY: number | null = null;
  let rows = 0;
  for (const { item, row } of packRows(spans)) {
    rows = Math.max(rows, row + 1);
    const { node, bar, label } = item;
    const y = top + row * rowH;
    rowOf.set(node.id, { y: y + (rowH - 2) / 2, x0: bar.x0, x1: bar.x1 });
    if (node.id === selectedId) selectedY = y + view.scrollY;
    if (y + rowH < AXIS_H || y > bodyBottom) continue;
    const open = node.validUntil === null;
    const tail = open ? Math.max(bar.x1, x(input.now)) : bar.x1;
    const ex = x(node.eventTime);
    if (tail < 0 || Math.min(bar.x0, ex) > view.w) continue;
    let happenedX = bar.x0 - ex > 6 ? ex : null;
    let whiskerTo = bar.x0;
    if (happenedX !== null && label && label.x < bar.x0) {
      // A label left of the bar cuts the whisker short; where it covers the diamond, the tooltip says when.
      if (ex >= label.x - 4) happenedX = null;
      else whiskerTo = label.x - 2;
    }
    facts.push({ node, y, x0: bar.x0, x1: bar.x1, happenedX, whiskerTo, label, selected: node.id === selectedId, inMulti: multi.has(node.id) });
    hits.push({ id: node.id, x0: item.x0, y0: y, x1: Math.max(item.x1, bar.x0 + 4), y1: y + rowH - 2 });
  }
  // Supersedes transitions: from the end of the old bar to the start of the new one.
  const transitions: TimelineFrame['transitions'] = [];
  for (const tr of layout.transitions) {
    const a = rowOf.get(tr.from);
    const b = rowOf.get(tr.to);
    if (!a || !b || Math.max(a.x1, b.x0) < 0 || Math.min(a.x1, b.x0) > view.w) continue;
    transitions.push({ ax: a.x1, ay: a.y, bx: b.x0, by: b.y });
  }
  return { facts, hits, transitions, rowH, selectedY, bottom: top + rows * rowH };
}

/** Everything one frame draws. Only what falls inside the canvas is returned. */
export function timelineFrame(input: FrameInput): TimelineFrame {
  const { layout, view, measure } = input;
  const span = view.end - view.start;
  const x = (t: number) => ((t - view.start) / span) * view.w;
  const bodyBottom = view.h - LEARNED_H;

  const { step, label } = tickStep(span, view.w);
  const tickFrames = ticks(view.start, view.end, step)
    .map((t) => ({ x: Math.round(x(t)) + 0.5, text: label(t) }))
    // A tick's label is drawn right of its line; one that would run off the canvas is left out.
    .filter((t) => t.x + 3 + measure(t.text) <= view.w);

  const headers: TimelineFrame['headers'] = [];
  const header = (text: string, y: number) => headers.push({ text: fitText(text, view.w - 6 - LABEL_PAD, measure), y });
  let y = AXIS_H + 6 - view.scrollY;
  if (layout.lanes.length > 0) header(`Episodes by session (${layout.lanes.length})`, y + 6);
  const lanes = laneFrames(input, x, y + 16, bodyBottom);
  y = lanes.bottom + SECTION_GAP;
  if (layout.facts.length > 0) header(`Facts (${layout.facts.length}) — valid from → until · ◆ when it happened · purple: superseded by`, y - 6);
  const facts = factFrames(input, x, y, bodyBottom);

  const learned = new Float32Array(Math.ceil(view.w / 2) + 1);
  let selected: NodeSummary | undefined;
  for (const n of [...layout.lanes.flatMap((l) => l.items), ...layout.facts]) {
    if (n.id === input.selectedId) selected = n;
    const b = Math.floor(x(n.createdAt) / 2);
    if (b >= 0 && b < learned.length) learned[b] = (learned[b] ?? 0) + 1;
  }
  const selectionLink = selected ? { fromX: x(selected.type === 'episodic' ? selected.eventTime : selected.validFrom), toX: x(selected.createdAt) } : null;

  return {
    ticks: tickFrames,
    headers,
    lanes: lanes.lanes,
    facts: facts.facts,
    rowH: facts.rowH,
    transitions: facts.transitions,
    nowX: x(input.now),
    learned,
    selectionLink,
    hits: [...lanes.hits, ...facts.hits],
    selectedY: facts.selectedY ?? lanes.selectedY,
    contentH: facts.bottom + view.scrollY - AXIS_H,
  };
}
