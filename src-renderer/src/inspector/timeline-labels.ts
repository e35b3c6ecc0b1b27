/**
 * Where the timeline's text goes: a label sits beside the marks it names, on whichever side has room, and is
 * shortened (with "…") rather than drawn past the canvas edge or over other marks. Pure: text is measured by
 * a function the caller passes (the canvas's measureText, or a fixed width per character in tests).
 */
import type { ChatTitle } from '../../../src-shared/chat-types';
import { chatIdOfSession } from './sessions';
import { formatDate } from './time';

export type MeasureText = (text: string) => number;

/** A label placed on the canvas: drawn left-aligned at `x`, `width` pixels wide. */
export interface PlacedLabel {
  text: string;
  x: number;
  width: number;
}

/** Space kept between a label and the canvas edge or the marks it names. */
export const LABEL_PAD = 4;
const GAP = 6;
/** Narrower than this, a label says too little to be worth drawing. */
export const MIN_LABEL_W = 44;

/** The text itself if it fits `maxW`, else its longest prefix that fits with "…"; '' if not even that. */
export function fitText(text: string, maxW: number, measure: MeasureText): string {
  if (measure(text) <= maxW) return text;
  let lo = 0;
  let hi = text.length;
  // Longest prefix (binary search) whose "prefix…" fits.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${text.slice(0, mid).trimEnd()}…`) <= maxW) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : `${text.slice(0, lo).trimEnd()}…`;
}

/**
 * A label for marks spanning [x0, x1] on a canvas `w` wide: right of them if it fits there, else left of them,
 * else shortened into the wider of the two gaps; null when neither gap holds MIN_LABEL_W.
 */
export function placeBeside(text: string, x0: number, x1: number, w: number, measure: MeasureText): PlacedLabel | null {
  const rightFrom = Math.max(x1 + GAP, LABEL_PAD);
  const rightRoom = w - LABEL_PAD - rightFrom;
  const leftTo = Math.min(x0 - GAP, w - LABEL_PAD);
  const leftRoom = leftTo - LABEL_PAD;
  const full = measure(text);
  if (full <= rightRoom) return { text, x: rightFrom, width: full };
  if (full <= leftRoom) return { text, x: leftTo - full, width: full };
  const room = Math.max(leftRoom, rightRoom);
  if (room < MIN_LABEL_W) return null;
  const short = fitText(text, room, measure);
  if (short === '') return null;
  const width = measure(short);
  return rightRoom >= leftRoom ? { text: short, x: rightFrom, width } : { text: short, x: leftTo - width, width };
}

/**
 * A session lane's title: its chat's title and the day the session began ("Trip to Lisbon · Nov 3, 2026").
 * `chats` maps a chat id to its title, or to null once the app has said that chat no longer exists; a chat not
 * asked about yet reads "Chat" until its title comes.
 */
export function laneTitle(sessionId: string, first: number, chats: ReadonlyMap<string, ChatTitle | null>): string {
  const day = formatDate(first);
  const chatId = chatIdOfSession(sessionId);
  if (chatId === null) return `${sessionId} · ${day}`;
  const chat = chats.get(chatId);
  if (chat === undefined) return `Chat · ${day}`;
  return chat ? `${chat.title} · ${day}` : `Deleted chat · ${day}`;
}
