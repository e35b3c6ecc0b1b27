/**
 * Groups the timeline's items, independent of zoom: episodes in one lane per session (newest first), facts
 * sorted by the start of their validity, and everything in time order for the arrow keys.
 */
import type { NodeSummary, TimelineSlice } from '../../../src-main/memory';

export interface Lane {
  sessionId: string;
  first: number;
  items: NodeSummary[];
}

export interface TimelineLayout {
  lanes: Lane[];
  /** Facts by validity start; rows are packed per frame in pixel space (see timeline-frame.ts). */
  facts: NodeSummary[];
  /** Items in time order (arrow keys move along it). */
  order: string[];
  transitions: TimelineSlice['transitions'];
}

export function layoutTimeline(slice: TimelineSlice): TimelineLayout {
  const bySession = new Map<string, Lane>();
  const facts: NodeSummary[] = [];
  for (const item of slice.items) {
    if (item.type === 'episodic') {
      const key = item.sessionId ?? '(no session)';
      let lane = bySession.get(key);
      if (!lane) bySession.set(key, (lane = { sessionId: key, first: item.eventTime, items: [] }));
      lane.items.push(item);
      lane.first = Math.min(lane.first, item.eventTime);
    } else facts.push(item);
  }
  // Newest sessions on top: that is where the user usually looks first.
  const lanes = [...bySession.values()].sort((a, b) => b.first - a.first);
  facts.sort((a, b) => a.validFrom - b.validFrom || a.createdAt - b.createdAt);
  const order = [...slice.items].sort((a, b) => (a.type === 'episodic' ? a.eventTime : a.validFrom) - (b.type === 'episodic' ? b.eventTime : b.validFrom)).map((n) => n.id);
  return { lanes, facts, order, transitions: slice.transitions };
}
