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

/** A text's sentences, each with the stems of its content words (as queryTerms reads them). */
interface ReadText {
  sentences: string[];
  stems: ReadonlySet<string>[];
}

/**
 * Texts read lately: the same long turns come back in pack after pack (a conversation about a pasted document),
 * and reading one is the costly part of quoting it (~1 ms for 10,000 characters); what it contains does not
 * depend on the question. Least recently used first out.
 */
const readTexts = new Map<string, ReadText>();
const READ_TEXTS_KEPT = 256;

function readText(text: string): ReadText {
  const known = readTexts.get(text);
  if (known) {
    readTexts.delete(text);
    readTexts.set(text, known);
    return known;
  }
  const sentences = sentencesOf(text);
  const stems = sentences.map((sentence) => {
    const set = new Set<string>();
    forEachContentWord(sentence, (word) => set.add(stemOf(word)));
    return set;
  });
  const read = { sentences, stems };
  if (readTexts.size >= READ_TEXTS_KEPT) readTexts.delete(readTexts.keys().next().value ?? '');
  readTexts.set(text, read);
  return read;
}

/** How many of the question's word stems a sentence has, each once. */
function overlap(sentenceStems: ReadonlySet<string>, queryStems: ReadonlySet<string>): number {
  let n = 0;
  for (const stem of sentenceStems) if (queryStems.has(stem)) n++;
  return n;
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
  const read = readText(quotablePart(text));
  const sentences = read.sentences;
  const scores = read.stems.map((s) => overlap(s, stems));
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
