/** Text from exports made storable: NULs dropped, lone surrogates repaired, very long messages cut. */
import { createHash } from 'node:crypto';
import { MAX_CONTENT_CHARS } from '../../memory';

const TRUNCATION_NOTE = '\n[… cut at import: the message was longer than Engram stores]';

export function storableText(text: string): string {
  let s = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  if (!s.isWellFormed()) s = s.toWellFormed();
  s = s.trim();
  if (s.length > MAX_CONTENT_CHARS) s = s.slice(0, MAX_CONTENT_CHARS - TRUNCATION_NOTE.length).toWellFormed() + TRUNCATION_NOTE;
  return s;
}

/** A short stable hash for keys of formats that carry no ids of their own. */
export function contentHash(...parts: (string | number | undefined)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(`${p ?? ''}\u0001`);
  return h.digest('base64url').slice(0, 22);
}

/** A chat title from the first words of a message, as the chat does for new conversations. */
export function titleFromText(text: string, fallback: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return fallback;
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** Seconds (fractional, as ChatGPT writes them) → epoch ms, kept to the millisecond. */
export function secondsToMs(seconds: number): number {
  return Math.round(seconds * 1000);
}
