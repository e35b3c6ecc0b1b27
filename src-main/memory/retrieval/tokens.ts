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
  for (const piece of tokenizerPieces(text)) n += count(piece, PLAIN);
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

/** `text` cut so that no piece holds a run longer than MAX_RUN_CHARS; the pieces join back to `text`. */
export function tokenizerPieces(text: string): string[] {
  const pieces: string[] = [];
  const pushSegments = (segment: string): void => {
    let rest = segment;
    while (rest.length > SEGMENT_CHARS) {
      // Before a space, a pre-token boundary of the tokenizer: the pieces tokenize as the whole did.
      const cut = rest.lastIndexOf(' ', SEGMENT_CHARS);
      if (cut <= 0) break;
      pieces.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    pieces.push(rest);
  };
  let from = 0;
  for (const m of text.matchAll(LONG_RUN)) {
    const start = m.index;
    const end = start + m[0].length;
    if (start > from) pushSegments(text.slice(from, start));
    for (let i = start; i < end; ) {
      let j = Math.min(end, i + MAX_RUN_CHARS);
      // Never split a surrogate pair: each half alone is not text.
      if (j < end && /[\uD800-\uDBFF]/.test(text[j - 1] ?? '')) j--;
      pieces.push(text.slice(i, j));
      i = j;
    }
    from = end;
  }
  if (from < text.length || pieces.length === 0) pushSegments(text.slice(from));
  return pieces;
}

/** Whether `text` is at most `maxTokens` tokens, reading only as much of it as that takes (a 100k text: its start). */
export function fitsInTokens(text: string, maxTokens: number): boolean {
  const cached = counts.get(text);
  if (cached !== undefined) return cached <= maxTokens;
  let n = 0;
  for (const piece of tokenizerPieces(text)) {
    n += count(piece, PLAIN);
    if (n > maxTokens) return false;
  }
  return true;
}

/** The longest prefix of `text` within `maxTokens`, ending in an ellipsis when cut. */
export function truncateToTokens(text: string, maxTokens: number): string {
  if (maxTokens <= 0) return '';
  const tokens: number[] = [];
  for (const piece of tokenizerPieces(text)) {
    for (const t of encode(piece, PLAIN)) tokens.push(t);
    // Pieces past the limit cannot change the prefix: stop encoding (a 100k-character text, mostly unread).
    if (tokens.length > maxTokens) break;
  }
  if (tokens.length <= maxTokens) return text;
  return `${decode(tokens.slice(0, Math.max(0, maxTokens - 1))).trimEnd()}…`;
}
