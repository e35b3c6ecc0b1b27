/**
 * What the timeline tells code outside the app about its last frame, through window globals nothing in the
 * app reads:
 * - bench/inspector.ts reads how long the last frame took to draw (`__engramTimelineDrawMs`), how many items it
 *   held (`__engramTimelineItems`) and every draw time since it last emptied the list (`__engramTimelineDraws`);
 * - e2e/timeline-layout.spec.ts reads where the lane titles and fact labels went (`__engramTimelineLabels`),
 *   since a canvas has no elements to ask.
 */
import type { PlacedLabel } from './timeline-labels';
import type { TimelineFrame } from './timeline-frame';

export interface TimelineLabelsProbe {
  w: number;
  lanes: PlacedLabel[];
  facts: PlacedLabel[];
}

interface TimelineProbeGlobals {
  __engramTimelineDrawMs?: number;
  __engramTimelineItems?: number;
  __engramTimelineDraws?: number[];
  __engramTimelineLabels?: TimelineLabelsProbe;
}

export function reportTimelineFrame(frame: TimelineFrame, w: number, drawMs: number, items: number): void {
  const g = globalThis as unknown as TimelineProbeGlobals;
  g.__engramTimelineDrawMs = drawMs;
  g.__engramTimelineItems = items;
  (g.__engramTimelineDraws ??= []).push(drawMs);
  g.__engramTimelineLabels = {
    w,
    lanes: frame.lanes.flatMap((l) => (l.title ? [l.title] : [])),
    facts: frame.facts.flatMap((f) => (f.label ? [f.label] : [])),
  };
}
