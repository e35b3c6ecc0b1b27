/**
 * Query text → FTS5 MATCH expression. User text never reaches FTS5 syntax: every term is a quoted string
 * (quotes doubled), so operators, NEAR, parentheses, `*`, `:` and emoji are plain text, never an error.
 */
import { STOPWORDS, stemWord } from '../../embeddings/offline';

const TOKEN_RE = /[\p{L}\p{N}]+/gu;
const CYRILLIC_RE = /^[а-яё]+$/u;

export interface QueryTerms {
  /** Content terms (stopwords removed), lower-case, deduplicated, in query order. */
  terms: string[];
  /** Every token, for when a query is all stopwords ("what was that?"). */
  all: string[];
}

export function queryTerms(query: string): QueryTerms {
  const all: string[] = [];
  const seen = new Set<string>();
  for (const m of query.normalize('NFKC').toLowerCase().matchAll(TOKEN_RE)) {
    const t = m[0];
    if (seen.has(t)) continue;
    seen.add(t);
    all.push(t);
  }
  return { terms: all.filter((t) => !STOPWORDS.has(t) && (t.length > 1 || /\p{N}/u.test(t))), all };
}

const quote = (t: string): string => `"${t.replaceAll('"', '""')}"`;

/**
 * An OR of the query's content terms. Russian words get a prefix query on their stem, since the porter
 * tokenizer only stems English ("кошку" finds "кошка"). Returns null when nothing is searchable.
 */
export function ftsMatchExpression(query: string, maxTerms = 32): string | null {
  const { terms, all } = queryTerms(query);
  const chosen = (terms.length > 0 ? terms : all).slice(0, maxTerms);
  if (chosen.length === 0) return null;
  return chosen
    .map((t) => {
      if (CYRILLIC_RE.test(t) && t.length >= 5) {
        const stem = stemWord(t.replaceAll('ё', 'е'));
        if (stem.length >= 4 && stem !== t) return `${quote(stem)}*`;
      }
      return quote(t);
    })
    .join(' OR ');
}
