/**
 * The timeline's one link to the benchmark: bench/inspector.ts reads how long the last frame took to draw
 * (`__engramTimelineDrawMs`), how many items it held (`__engramTimelineItems`) and every draw time since it last
 * emptied the list (`__engramTimelineDraws`) from these window globals. Nothing in the app reads them.
 */
interface TimelineBenchGlobals {
  __engramTimelineDrawMs?: number;
  __engramTimelineItems?: number;
  __engramTimelineDraws?: number[];
}

export function reportTimelineDrawToBenchmark(drawMs: number, items: number): void {
  const w = globalThis as unknown as TimelineBenchGlobals;
  w.__engramTimelineDrawMs = drawMs;
  w.__engramTimelineItems = items;
  (w.__engramTimelineDraws ??= []).push(drawMs);
}
