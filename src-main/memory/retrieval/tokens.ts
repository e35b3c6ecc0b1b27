import { countTokens as count, decode, encode } from 'gpt-tokenizer';

/**
 * Tokens as the model sees them (o200k_base, the GPT-4o/5 family; close enough for other models' budgets).
 * Special-token text in user content is counted as plain text, never interpreted.
 */
export function countTokens(text: string): number {
  return count(text, { allowedSpecial: new Set(), disallowedSpecial: new Set() });
}

/** The longest prefix of `text` within `maxTokens`, ending in an ellipsis when cut. */
export function truncateToTokens(text: string, maxTokens: number): string {
  if (maxTokens <= 0) return '';
  const tokens = encode(text, { allowedSpecial: new Set(), disallowedSpecial: new Set() });
  if (tokens.length <= maxTokens) return text;
  return `${decode(tokens.slice(0, Math.max(0, maxTokens - 1))).trimEnd()}…`;
}
