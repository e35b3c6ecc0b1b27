/**
 * A long turn is quoted, not pasted whole, and the quote is the part that answers: the sentences that share
 * the most words with the question, widened to their neighbours while the token budget allows. Shorter quotes
 * also leave room for more turns in a context pack.
 */
import { queryTerms } from './text';
import { countTokens, truncateToTokens } from './tokens';

const SENTENCE_RE = /[^.!?…\n]+(?:[.!?…]+|\n+|$)\s*/gu;
/** Inflections share their start ("drive"/"driving", "climbs"/"climbing"): compare word starts. */
const PREFIX = 4;

const stemOf = (word: string): string => word.slice(0, PREFIX);

function sentencesOf(text: string): string[] {
  const parts = text.match(SENTENCE_RE)?.map((s) => s.trim()).filter((s) => s.length > 0) ?? [];
  return parts.length > 0 ? parts : [text];
}

function overlap(sentence: string, stems: ReadonlySet<string>): number {
  let n = 0;
  const seen = new Set<string>();
  for (const word of queryTerms(sentence).terms) {
    const stem = stemOf(word);
    if (stems.has(stem) && !seen.has(stem)) {
      seen.add(stem);
      n++;
    }
  }
  return n;
}

/** `text` within `maxTokens`, centred on what `query` asks about; the head of the text when nothing matches. */
export function quoteFor(text: string, query: string, maxTokens: number): string {
  if (countTokens(text) <= maxTokens) return text;
  const stems = new Set(queryTerms(query).terms.map(stemOf));
  const sentences = sentencesOf(text);
  const scores = sentences.map((s) => overlap(s, stems));
  const best = scores.indexOf(Math.max(...scores));
  if (best <= 0 || (scores[best] ?? 0) === 0) return truncateToTokens(text, maxTokens);
  // Room for the leading ellipsis; then widen forwards (what follows usually explains), then backwards.
  const budget = maxTokens - 1;
  let from = best;
  let to = best;
  const cost = (a: number, b: number): number => countTokens(sentences.slice(a, b + 1).join(' '));
  if (cost(from, to) > budget) return `…${truncateToTokens(sentences[best] ?? '', budget)}`;
  for (;;) {
    if (to + 1 < sentences.length && cost(from, to + 1) <= budget) to++;
    else if (from > 0 && cost(from - 1, to) <= budget) from--;
    else break;
  }
  const body = sentences.slice(from, to + 1).join(' ');
  return `${from > 0 ? '…' : ''}${body}${to < sentences.length - 1 ? ' …' : ''}`;
}
