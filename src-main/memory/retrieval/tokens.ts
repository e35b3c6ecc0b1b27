import { countTokens as count, decode, encode } from 'gpt-tokenizer';

/**
 * Tokens as the model sees them (o200k_base, the GPT-4o/5 family; close enough for other models' budgets).
 * Special-token text in user content is counted as plain text, never interpreted.
 */
export function countTokens(text: string): number {
  const cached = counts.get(text);
  if (cached !== undefined) return cached;
  const n = count(text, PLAIN);
  if (counts.size >= COUNT_CACHE_LIMIT) counts.clear();
  counts.set(text, n);
  return n;
}

const PLAIN = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };
/** The same facts and profile lines recur in pack after pack; counting them again is wasted work. */
const COUNT_CACHE_LIMIT = 5_000;
const counts = new Map<string, number>();

/** The longest prefix of `text` within `maxTokens`, ending in an ellipsis when cut. */
export function truncateToTokens(text: string, maxTokens: number): string {
  if (maxTokens <= 0) return '';
  const tokens = encode(text, PLAIN);
  if (tokens.length <= maxTokens) return text;
  return `${decode(tokens.slice(0, Math.max(0, maxTokens - 1))).trimEnd()}…`;
}
