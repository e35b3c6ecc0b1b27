/** The timeline's painter draws what the frame placed, where it placed it, on any 2D context (here a recording one). */
import { describe, expect, it } from 'vitest';
import type { NodeSummary } from '../../src-main/memory/inspector/types';
import { drawTimeline, type PaintContext } from '../../src-renderer/src/inspector/timeline-draw';
import { timelineFrame } from '../../src-renderer/src/inspector/timeline-frame';
import { layoutTimeline } from '../../src-renderer/src/inspector/timeline-layout';
import { DAY } from '../../src-renderer/src/inspector/time';

const NOW = Date.UTC(2026, 10, 25, 12);
const measure = (text: string) => text.length * 6;

function recordingContext(): { ctx: PaintContext; texts: { text: string; x: number }[] } {
  const texts: { text: string; x: number }[] = [];
  const state: Record<string | symbol, unknown> = {};
  const ctx = new Proxy(state, {
    get: (t, key) =>
      key in t
        ? t[key]
        : (...args: unknown[]) => {
            if (key === 'fillText') texts.push({ text: String(args[0]), x: Number(args[1]) });
          },
    set: (t, key, value) => {
      t[key] = value;
      return true;
    },
  });
  return { ctx: ctx as unknown as PaintContext, texts };
}

const item = (id: string, over: Partial<NodeSummary>): NodeSummary => ({
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

describe('drawTimeline', () => {
  it('draws every lane title and fact label at the place the frame gave it', () => {
    const items = [
      item('e1', { type: 'episodic', sessionId: 'chat-c1-1', eventTime: NOW - 3 * DAY, label: 'hello' }),
      item('f1', { label: 'Ada prefers green tea', validFrom: NOW - 2 * DAY }),
      item('f2', { label: 'Ada runs on Saturdays', validFrom: NOW - DAY, validUntil: NOW - DAY / 2 }),
    ];
    const size = { w: 600, h: 400 };
    const frame = timelineFrame({
      layout: layoutTimeline({ items, transitions: [], extent: null, truncated: false }),
      view: { start: NOW - 10 * DAY, end: NOW + DAY, scrollY: 0, ...size },
      selectedId: 'f1',
      multi: new Set(),
      now: NOW,
      chats: new Map([['c1', { id: 'c1', title: 'Tea talk', createdAt: NOW - 3 * DAY }]]),
      measure,
    });
    const { ctx, texts } = recordingContext();
    drawTimeline(ctx, frame, size, { text: '#222', muted: '#777', border: '#ddd', panel: '#fff' });
    const placed = [...frame.lanes.flatMap((l) => (l.title ? [l.title] : [])), ...frame.facts.flatMap((f) => (f.label ? [f.label] : []))];
    expect(placed.map((p) => p.text)).toEqual([expect.stringMatching(/^Tea talk · /), 'Ada prefers green tea', 'Ada runs on Saturdays']);
    for (const p of placed) expect(texts).toContainEqual({ text: p.text, x: p.x });
  });
});
