import { countTokens as count, decode, encode } from 'gpt-tokenizer';

/**
 * Tokens as the model sees them (o200k_base, the GPT-4o/5 family; close enough for other models' budgets).
 * Special-token text in user content is counted as plain text, never interpreted.
 *
 * BPE merges within one pre-token cost time quadratic in its length: a 20,000-letter word took 1.4 s, a
 * 100,000-letter one most of a minute. Runs longer than MAX_RUN_CHARS (of non-space, or of space) are therefore
 * tokenized in pieces of that length; a real word is far shorter, and for such a run the count differs from
 * the exact one by at most a token per piece.
 */
export function countTokens(text: string): number {
  const cached = counts.get(text);
  if (cached !== undefined) return cached;
  let n = 0;
  for (const piece of pieceStream(text)) n += count(piece, PLAIN);
  if (counts.size >= COUNT_CACHE_LIMIT) counts.clear();
  counts.set(text, n);
  return n;
}

const PLAIN = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };
/** The same facts and profile lines recur in pack after pack; counting them again is wasted work. */
const COUNT_CACHE_LIMIT = 5_000;
const counts = new Map<string, number>();

const MAX_RUN_CHARS = 128;
// Anchored at a run's start (the lookbehinds), so the search itself stays linear in the text's length.
const LONG_RUN = new RegExp(String.raw`(?<!\S)\S{${MAX_RUN_CHARS + 1},}|(?<!\s)\s{${MAX_RUN_CHARS + 1},}`, 'gu');

/** Ordinary text is also cut, before a space, about this often: truncating a long text then reads only its start. */
const SEGMENT_CHARS = 4_096;

/** The text is read a stretch of about this many characters at a time, so a caller that stops early reads little. */
const STRETCH_CHARS = 2_048;
/** A place where a stretch may end: a non-space followed by a space, so no run crosses it. */
const STRETCH_END = /\S(?=\s)/gu;

/**
 * Pieces for a caller that stops at `maxTokens`: a few characters per token it may read, so a 150-token
 * question about a 100k-character text tokenizes about a thousand characters, not four thousand.
 */
function segmentFor(maxTokens: number): number {
  return Math.min(SEGMENT_CHARS, Math.max(256, maxTokens * 6));
}

/** `text` cut so that no piece holds a run longer than MAX_RUN_CHARS; the pieces join back to `text`. */
export function tokenizerPieces(text: string): string[] {
  return [...pieceStream(text)];
}

/**
 * The pieces of `text`, lazily: stretch by stretch, each ending before a space (never inside a run), so
 * `fitsInTokens` and `truncateToTokens` on a 100k-character text read only its start.
 */
function* pieceStream(text: string, segmentChars = SEGMENT_CHARS): Generator<string> {
  let from = 0;
  while (from < text.length) {
    let end = text.length;
    if (text.length - from > STRETCH_CHARS) {
      STRETCH_END.lastIndex = from + STRETCH_CHARS;
      const m = STRETCH_END.exec(text);
      if (m) end = m.index + m[0].length;
    }
    yield* stretchPieces(text.slice(from, end), segmentChars);
    from = end;
  }
  if (text.length === 0) yield '';
}

function* segments(segment: string, segmentChars: number): Generator<string> {
  let rest = segment;
  while (rest.length > segmentChars) {
    // Before a space, a pre-token boundary of the tokenizer: the pieces tokenize as the whole did.
    const cut = rest.lastIndexOf(' ', segmentChars);
    if (cut <= 0) break;
    yield rest.slice(0, cut);
    rest = rest.slice(cut);
  }
  yield rest;
}

/** One stretch (it starts and ends at run boundaries) in pieces. */
function* stretchPieces(text: string, segmentChars: number): Generator<string> {
  let from = 0;
  for (const m of text.matchAll(LONG_RUN)) {
    const start = m.index;
    const end = start + m[0].length;
    if (start > from) yield* segments(text.slice(from, start), segmentChars);
    for (let i = start; i < end; ) {
      let j = Math.min(end, i + MAX_RUN_CHARS);
      // Never split a surrogate pair: each half alone is not text.
      if (j < end && /[\uD800-\uDBFF]/.test(text[j - 1] ?? '')) j--;
      yield text.slice(i, j);
      i = j;
    }
    from = end;
  }
  if (from < text.length) yield* segments(text.slice(from), segmentChars);
}

/** Whether `text` is at most `maxTokens` tokens, reading only as much of it as that takes (a 100k text: its start). */
export function fitsInTokens(text: string, maxTokens: number): boolean {
  const cached = counts.get(text);
  if (cached !== undefined) return cached <= maxTokens;
  let n = 0;
  for (const piece of pieceStream(text, segmentFor(maxTokens))) {
    n += count(piece, PLAIN);
    if (n > maxTokens) return false;
  }
  return true;
}

/** The longest prefix of `text` within `maxTokens`, ending in an ellipsis when cut. */
export function truncateToTokens(text: string, maxTokens: number): string {
  if (maxTokens <= 0) return '';
  const tokens: number[] = [];
  for (const piece of pieceStream(text, segmentFor(maxTokens))) {
    for (const t of encode(piece, PLAIN)) tokens.push(t);
    // Pieces past the limit cannot change the prefix: stop encoding (a 100k-character text, mostly unread).
    if (tokens.length > maxTokens) break;
  }
  if (tokens.length <= maxTokens) return text;
  return `${decode(tokens.slice(0, Math.max(0, maxTokens - 1))).trimEnd()}…`;
}
