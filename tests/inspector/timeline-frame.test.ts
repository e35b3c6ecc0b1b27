/**
 * The timeline's layout maths (timeline-frame.ts, timeline-labels.ts), without React or a canvas: lanes are
 * titled by chat title and date, labels stay inside the canvas, and nothing drawn in a lane or row covers
 * something else. Text is measured at a fixed 6 px per character.
 */
import { describe, expect, it } from 'vitest';
import type { NodeSummary, TimelineSlice } from '../../src-main/memory/inspector/types';
import type { ChatTitle } from '../../src-shared/chat-types';
import { markRuns, packRows, timelineFrame, type FrameInput, type TimelineFrame } from '../../src-renderer/src/inspector/timeline-frame';
import { fitText, laneTitle, placeBeside } from '../../src-renderer/src/inspector/timeline-labels';
import { layoutTimeline } from '../../src-renderer/src/inspector/timeline-layout';
import { DAY, HOUR, formatDate } from '../../src-renderer/src/inspector/time';

const measure = (text: string) => text.length * 6;
const NOW = Date.UTC(2026, 10, 25, 12);

const node = (id: string, over: Partial<NodeSummary> = {}): NodeSummary => ({
  id,
  type: 'semantic',
  label: `fact ${id}`,
  confidence: 0.8,
  decayRate: 0.1,
  sourceType: 'manual',
  sessionId: null,
  eventTime: NOW,
  createdAt: NOW,
  validFrom: NOW,
  validUntil: null,
  invalidatedReason: null,
  spaceId: 'personal',
  everywhere: false,
  ...over,
});
const episode = (id: string, sessionId: string, t: number) => node(id, { type: 'episodic', sessionId, eventTime: t, validFrom: t, createdAt: t, label: `said ${id}` });

function frameOf(items: NodeSummary[], over: Partial<FrameInput> = {}, size = { w: 620, h: 460 }): TimelineFrame {
  const slice: TimelineSlice = { items, transitions: [], extent: null, truncated: false };
  return timelineFrame({
    layout: layoutTimeline(slice),
    view: { start: NOW - 30 * DAY, end: NOW + DAY, scrollY: 0, ...size },
    selectedId: null,
    multi: new Set(),
    now: NOW,
    chats: new Map(),
    measure,
    ...over,
  });
}

const inside = (label: { x: number; width: number } | null, w: number) => label === null || (label.x >= 0 && label.x + label.width <= w);

describe('lane titles', () => {
  const chats = new Map<string, ChatTitle | null>([
    ['c1', { id: 'c1', title: 'Trip to Lisbon', createdAt: NOW - 3 * DAY }],
    ['gone', null],
  ]);

  it('name the chat and the day the session began, never the raw session id', () => {
    const first = NOW - 3 * DAY;
    expect(laneTitle('chat-c1-2', first, chats)).toBe(`Trip to Lisbon · ${formatDate(first)}`);
    expect(laneTitle('chat-gone-1', first, chats)).toBe(`Deleted chat · ${formatDate(first)}`);
    expect(laneTitle('chat-unasked-1', first, chats)).toBe(`Chat · ${formatDate(first)}`);
    expect(laneTitle('mcp:cursor:abc', first, chats)).toBe(`mcp:cursor:abc · ${formatDate(first)}`);
  });

  it('title each lane of a frame by its chat, beside its marks and inside the canvas', () => {
    const items = [episode('a', 'chat-c1-1', NOW - 10 * DAY), episode('b', 'chat-c1-1', NOW - 10 * DAY + HOUR), episode('c', 'chat-gone-1', NOW - 2 * DAY)];
    const frame = frameOf(items, { chats });
    expect(frame.lanes.map((l) => l.title?.text)).toEqual([`Deleted chat · ${formatDate(NOW - 2 * DAY)}`, `Trip to Lisbon · ${formatDate(NOW - 10 * DAY)}`]);
    for (const lane of frame.lanes) {
      expect(inside(lane.title, 620)).toBe(true);
      // The title never covers the lane's own marks.
      for (const run of lane.runs) expect(lane.title && lane.title.x < run.x1 && run.x0 < lane.title.x + lane.title.width).toBe(false);
    }
  });
});

describe('labels at the right edge', () => {
  it('keep current facts valid from "now" inside the canvas, at 1024×640 and 1280×800 widths', () => {
    // Facts learned just now (valid from now), with long labels: the case that used to be cut at the edge.
    const facts = Array.from({ length: 40 }, (_, i) =>
      node(`f${i}`, { label: `Ada Lovelace prefers green tea in the morning (note ${i})`, validFrom: NOW - i * 60_000, eventTime: NOW - (i % 7) * 40 * DAY }),
    );
    for (const w of [620, 876]) {
      const frame = frameOf(facts, {}, { w, h: 500 });
      expect(frame.facts.length).toBeGreaterThan(0);
      for (const f of frame.facts) {
        expect(f.label).not.toBeNull();
        expect(inside(f.label, w)).toBe(true);
      }
      for (const h of frame.headers) expect(6 + measure(h.text)).toBeLessThanOrEqual(w);
      for (const t of frame.ticks) expect(t.x + 3 + measure(t.text)).toBeLessThanOrEqual(w);
    }
  });

  it('shortens a label with "…" only when neither side has room for it', () => {
    expect(fitText('short', 100, measure)).toBe('short');
    expect(fitText('a rather long label', 60, measure)).toBe('a rather…');
    expect(measure(fitText('a rather long label', 60, measure))).toBeLessThanOrEqual(60);
    expect(placeBeside('twelve chars', 100, 104, 400, measure)).toEqual({ text: 'twelve chars', x: 110, width: 72 });
    expect(placeBeside('twelve chars', 380, 384, 400, measure)).toEqual({ text: 'twelve chars', x: 374 - 72, width: 72 });
    expect(placeBeside('twelve chars', 20, 380, 400, measure)).toBeNull();
  });
});

describe('collisions', () => {
  it('merges episode marks that would touch into one run, so none is drawn over another', () => {
    const runs = markRuns([{ x: 10, faded: false }, { x: 12, faded: true }, { x: 14, faded: false }, { x: 40, faded: true }]);
    expect(runs).toEqual([
      { x0: 8, x1: 16, faded: false },
      { x0: 38, x1: 42, faded: true },
    ]);
  });

  it('keeps the runs of a busy lane apart', () => {
    const items = Array.from({ length: 200 }, (_, i) => episode(`e${i}`, 'chat-c1-1', NOW - 20 * DAY + i * 37 * 60_000 * (1 + (i % 5))));
    const [lane] = frameOf(items).lanes;
    expect(lane).toBeDefined();
    const runs = lane?.runs ?? [];
    for (let i = 1; i < runs.length; i++) expect((runs[i] as { x0: number }).x0).toBeGreaterThan((runs[i - 1] as { x1: number }).x1);
  });

  it('packs no two facts (bar and label) into the same stretch of one row', () => {
    const facts = Array.from({ length: 120 }, (_, i) =>
      node(`f${i}`, {
        label: `fact number ${i} with a label`,
        validFrom: NOW - 25 * DAY + i * 5 * HOUR,
        validUntil: i % 3 === 0 ? null : NOW - 25 * DAY + i * 5 * HOUR + (i % 4) * DAY,
        eventTime: NOW - 26 * DAY,
      }),
    );
    const frame = frameOf(facts, {}, { w: 876, h: 4000 });
    const spans = frame.facts.map((f) => ({ y: f.y, x0: Math.min(f.x0, f.label?.x ?? f.x0), x1: Math.max(f.x1, f.label ? f.label.x + f.label.width : f.x1) }));
    const byRow = new Map<number, typeof spans>();
    for (const s of spans) byRow.set(s.y, [...(byRow.get(s.y) ?? []), s]);
    expect(byRow.size).toBeGreaterThan(1);
    for (const row of byRow.values()) {
      const sorted = row.sort((a, b) => a.x0 - b.x0);
      for (let i = 1; i < sorted.length; i++) expect((sorted[i] as { x0: number }).x0).toBeGreaterThanOrEqual((sorted[i - 1] as { x1: number }).x1);
    }
  });

  it('puts an item in the first row free at its start', () => {
    const rows = packRows([
      { x0: 0, x1: 50 },
      { x0: 20, x1: 60 },
      { x0: 70, x1: 90 },
    ]).map((p) => p.row);
    expect(rows).toEqual([0, 1, 0]);
  });
});
