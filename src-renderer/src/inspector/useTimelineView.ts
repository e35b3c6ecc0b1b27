/**
 * The timeline's state: the visible window (zoom, pan, row scroll), the items fetched around it, the titles
 * of the chats whose sessions it shows, the canvas size, and the moves that keep the selection in sight.
 * Drawing and pointer handling stay in TimelineView.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { ChatTitle } from '../../../src-shared/chat-types';
import { useChatTitles, useTimeline } from './api';
import { chatIdOfSession } from './sessions';
import { engineFilter, useInspector, type MoveDirection } from './store';
import { AXIS_H, LEARNED_H } from './timeline-frame';
import { layoutTimeline, type TimelineLayout } from './timeline-layout';
import { DAY, HOUR, YEAR } from './time';

const MIN_SPAN = HOUR;
const MAX_SPAN = 30 * YEAR;
/** chat.titles answers at most this many chats at once: the newest lanes' chats are asked for. */
const TITLES_AT_ONCE = 500;

export interface View {
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

const timeOf = (item: { type: string; eventTime: number; validFrom: number }): number => (item.type === 'episodic' ? item.eventTime : item.validFrom);

/** Chat id → title for the lanes' chats; null once the app said the chat no longer exists. */
function useLaneChats(layout: TimelineLayout | null): ReadonlyMap<string, ChatTitle | null> {
  const ids = useMemo(() => {
    const chatIds = new Set<string>();
    for (const lane of layout?.lanes ?? []) {
      const id = chatIdOfSession(lane.sessionId);
      if (id !== null && chatIds.size < TITLES_AT_ONCE) chatIds.add(id);
    }
    return [...chatIds].sort();
  }, [layout]);
  const titles = useChatTitles(ids);
  return useMemo(() => {
    const known = new Map<string, ChatTitle | null>();
    // A placeholder answer is for other ids: it may title lanes, but its silence does not mean "deleted".
    if (titles.data && !titles.isPlaceholderData) for (const id of ids) known.set(id, null);
    for (const t of titles.data ?? []) known.set(t.id, t);
    return known;
  }, [titles.data, titles.isPlaceholderData, ids]);
}

function useSize(ref: RefObject<HTMLDivElement | null>): { w: number; h: number } {
  const [size, setSize] = useState({ w: 800, h: 500 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    setSize({ w: el.clientWidth, h: el.clientHeight });
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

export function useTimelineView() {
  const filter = useInspector((s) => s.filter);
  const selectedId = useInspector((s) => s.selectedId);
  const [view, setView] = useState<View>(() => ({ start: Date.now() - 14 * DAY, end: Date.now() + DAY, scrollY: 0 }));
  const win = fetchWindow(view);
  const ef = engineFilter(filter, { includeInvalid: true });
  const data = useTimeline({
    from: Math.round(win.from),
    to: Math.round(win.to),
    ...(ef.types ? { types: ef.types } : {}),
    ...(ef.sourceTypes ? { sourceTypes: ef.sourceTypes } : {}),
    ...(ef.entityId ? { entityId: ef.entityId } : {}),
    ...(ef.asOf !== undefined ? { asOf: ef.asOf } : {}),
    ...(ef.spaceId !== undefined ? { spaceId: ef.spaceId } : {}),
    // History is what a timeline is for: superseded and forgotten versions always show (faded).
    includeInvalid: true,
    limit: 10_000,
  });
  const slice = data.data;
  const layout = useMemo(() => (slice ? layoutTimeline(slice) : null), [slice]);
  const chats = useLaneChats(layout);

  const wrapRef = useRef<HTMLDivElement>(null);
  const size = useSize(wrapRef);
  /** Set when the selected item's row should be scrolled into sight at the next frame. */
  const revealSelection = useRef(true);
  /** Height of everything the last frame laid out (lanes and rows), for clamping the scroll. */
  const contentH = useRef(0);
  const clampScroll = (y: number) => Math.max(0, Math.min(y, contentH.current - (size.h - LEARNED_H - AXIS_H) + 20));

  // Zoom to the memory's extent the first time it is known: its last 60 days, or all of it when "Fit all"
  // was pressed before the first answer came.
  const fitted = useRef(false);
  const fitAllWanted = useRef(false);
  useEffect(() => {
    const ext = slice?.extent;
    if (!ext || fitted.current) return;
    fitted.current = true;
    revealSelection.current = true;
    if (fitAllWanted.current) {
      setView((v) => ({ ...v, ...fitAll(ext) }));
      return;
    }
    const span = Math.max(DAY, Math.min(ext.max - ext.min, 60 * DAY));
    setView((v) => ({ ...v, start: ext.max - span, end: ext.max + span * 0.08 }));
  }, [slice?.extent]);

  // Arrow keys: along time, to the previous or next item.
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
    if (!selectedId || selectedId === lastSel || !slice) return;
    setLastSel(selectedId);
    const item = slice.items.find((i) => i.id === selectedId);
    if (!item) return;
    const t = timeOf(item);
    setView((v) => (t < v.start || t > v.end ? { ...v, start: t - (v.end - v.start) / 2, end: t + (v.end - v.start) / 2 } : v));
    // And vertically: the next frame knows its row.
    revealSelection.current = true;
  }, [selectedId, slice, lastSel]);

  const zoomBy = (factor: number, atPx = size.w / 2) => {
    setView((v) => {
      const t = v.start + (atPx / Math.max(1, size.w)) * (v.end - v.start);
      const span = Math.min(MAX_SPAN, Math.max(MIN_SPAN, (v.end - v.start) * factor));
      const ratio = (t - v.start) / (v.end - v.start);
      return { ...v, start: t - span * ratio, end: t + span * (1 - ratio) };
    });
  };
  const setSpan = (span: number) => {
    revealSelection.current = true;
    const item = slice?.items.find((i) => i.id === selectedId);
    const centre = item ? timeOf(item) : (view.start + view.end) / 2;
    setView((v) => ({ ...v, start: centre - span / 2, end: centre + span / 2 }));
  };
  const fit = () => {
    const ext = slice?.extent;
    revealSelection.current = true;
    if (ext) setView((v) => ({ ...v, ...fitAll(ext) }));
    else fitAllWanted.current = true;
  };

  return { data, layout, chats, view, setView, size, wrapRef, revealSelection, contentH, clampScroll, zoomBy, setSpan, fit };
}
