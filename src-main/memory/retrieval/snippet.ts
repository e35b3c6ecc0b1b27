/**
 * A long turn is quoted, not pasted whole, and the quote is the part that answers: the sentences that share
 * the most words with the question, widened to their neighbours while the token budget allows. Shorter quotes
 * also leave room for more turns in a context pack.
 */
import { forEachContentWord, queryTerms } from './text';
import { fitsInTokens, truncateToTokens } from './tokens';

const SENTENCE_RE = /[^.!?…\n]+(?:[.!?…]+|\n+|$)\s*/gu;
/** Inflections share their start ("drive"/"driving", "climbs"/"climbing"): compare word starts. */
const PREFIX = 4;

const stemOf = (word: string): string => word.slice(0, PREFIX);

function sentencesOf(text: string): string[] {
  const parts = text.match(SENTENCE_RE)?.map((s) => s.trim()).filter((s) => s.length > 0) ?? [];
  return parts.length > 0 ? parts : [text];
}

/** How many of the question's word stems the sentence has (each once): its content words as queryTerms reads them. */
function overlap(sentence: string, stems: ReadonlySet<string>): number {
  const seen = new Set<string>();
  // Words are checked as they come, without listing the sentence's distinct words first: a 10,000-character
  // sentence of a pasted text costs one pass.
  forEachContentWord(sentence, (word) => {
    const stem = stemOf(word);
    if (stems.has(stem)) seen.add(stem);
  });
  return seen.size;
}

/**
 * The quote is looked for in the first this many characters: a pasted 100k-character document is not read
 * whole for every pack that shows it.
 */
const QUOTE_SCAN_CHARS = 10_000;

/** The last query's word stems: a pack quotes up to 60 turns for one (possibly 100k-character) prompt. */
let lastStems: { query: string; stems: ReadonlySet<string> } | null = null;
function stemsOf(query: string): ReadonlySet<string> {
  if (lastStems?.query !== query) lastStems = { query, stems: new Set(queryTerms(query).terms.map(stemOf)) };
  return lastStems.stems;
}

/** The part of a long text a quote can come from, marked as cut: callers clean only this part. */
export function quotablePart(text: string): string {
  return text.length > QUOTE_SCAN_CHARS ? `${text.slice(0, QUOTE_SCAN_CHARS)} …` : text;
}

/** `text` within `maxTokens`, centred on what `query` asks about; the head of the text when nothing matches. */
export function quoteFor(text: string, query: string, maxTokens: number): string {
  if (fitsInTokens(text, maxTokens)) return text;
  const stems = stemsOf(query);
  const sentences = sentencesOf(quotablePart(text));
  const scores = sentences.map((s) => overlap(s, stems));
  const best = scores.indexOf(Math.max(...scores));
  if (best <= 0 || (scores[best] ?? 0) === 0) return truncateToTokens(text, maxTokens);
  // Room for the leading ellipsis; then widen forwards (what follows usually explains), then backwards.
  const budget = maxTokens - 1;
  let from = best;
  let to = best;
  // Whether sentences a..b fit: read only as far as the budget (a 10,000-character sentence is not counted whole).
  const fits = (a: number, b: number): boolean => fitsInTokens(sentences.slice(a, b + 1).join(' '), budget);
  if (!fits(from, to)) return `…${truncateToTokens(sentences[best] ?? '', budget)}`;
  for (;;) {
    if (to + 1 < sentences.length && fits(from, to + 1)) to++;
    else if (from > 0 && fits(from - 1, to)) from--;
    else break;
  }
  const body = sentences.slice(from, to + 1).join(' ');
  return `${from > 0 ? '…' : ''}${body}${to < sentences.length - 1 ? ' …' : ''}`;
}
