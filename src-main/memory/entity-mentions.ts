/**
 * Regex mention extraction for the slow path (ADR 008 §9). Deliberately conservative: mentions are only
 * linked to entities that already exist, by exact (case-insensitive) alias match; creating entities is the
 * write-path agent's job.
 */
import type { Database } from 'better-sqlite3';
import { allAliasRows, normaliseAlias } from './repo/entities';
import { parseStringArray } from './repo/statements';

const CAPITALISED_RUN = /\p{Lu}[\p{L}\p{M}'’-]*(?:[ \t]+(?:(?:of|de|da|van|von|der|la|le|del)[ \t]+)?\p{Lu}[\p{L}\p{M}'’-]*)*/gu;
const AT_MENTION = /(?<![\p{L}\p{N}._%+-])@([\p{L}\p{N}_][\p{L}\p{N}_.-]*[\p{L}\p{N}_])/gu;
const HASHTAG = /(?<![\p{L}\p{N}&])#([\p{L}\p{N}_][\p{L}\p{N}_-]*)/gu;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
const URL_RE = /\bhttps?:\/\/[^\s<>"'`]+/gu;
const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const DATE_RE = new RegExp(
  [
    String.raw`\b\d{4}-\d{2}-\d{2}\b`,
    String.raw`\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b`,
    String.raw`\b(?:${MONTHS})\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?\b`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:${MONTHS})\.?(?:,?\s+\d{4})?\b`,
  ].join('|'),
  'giu',
);

/** Longest multi-word span checked against aliases such as "my boss" or "New York City". */
const MAX_SPAN_WORDS = 4;

export interface MentionKinds {
  names: string[];
  handles: string[];
  hashtags: string[];
  emails: string[];
  urls: string[];
  dates: string[];
}

export function extractMentions(text: string): MentionKinds {
  const urls = [...text.matchAll(URL_RE)].map((m) => m[0].replace(/[.,;:!?)\]]+$/u, ''));
  const emails = [...text.matchAll(EMAIL)].map((m) => m[0]);
  const handles = [...text.matchAll(AT_MENTION)].map((m) => m[1] ?? '').filter(Boolean);
  const hashtags = [...text.matchAll(HASHTAG)].map((m) => m[1] ?? '').filter(Boolean);
  const dates = [...text.matchAll(DATE_RE)].map((m) => m[0]);
  const names: string[] = [];
  for (const m of text.matchAll(CAPITALISED_RUN)) {
    const words = m[0].split(/[ \t]+/);
    // Every contiguous sub-run, so "Alice Smith" can match an alias "Alice" and vice versa.
    for (let i = 0; i < words.length; i++) {
      for (let j = i + 1; j <= Math.min(words.length, i + MAX_SPAN_WORDS); j++) {
        names.push(words.slice(i, j).join(' ').replace(/['’]s$/u, ''));
      }
    }
  }
  return { names, handles, hashtags, emails, urls, dates };
}

/** Lower-case word n-grams (2..4 words) so lower-case multi-word aliases ("my boss") can match too. */
function wordSpans(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
  const spans: string[] = [];
  for (let i = 0; i < words.length; i++) {
    for (let n = 2; n <= MAX_SPAN_WORDS && i + n <= words.length; n++) spans.push(words.slice(i, i + n).join(' '));
  }
  return spans;
}

/** Alias → entity ids index. An alias shared by two entities is ambiguous and links to neither. */
export class AliasIndex {
  private readonly byAlias = new Map<string, string[]>();
  private readonly multiWord = new Set<string>();

  constructor(rows: readonly { id: string; names: readonly string[] }[]) {
    for (const row of rows) {
      for (const name of new Set(row.names.map(normaliseAlias))) {
        if (!name) continue;
        const ids = this.byAlias.get(name) ?? [];
        if (!ids.includes(row.id)) ids.push(row.id);
        this.byAlias.set(name, ids);
        if (name.includes(' ')) this.multiWord.add(name);
      }
    }
  }

  get size(): number {
    return this.byAlias.size;
  }

  /** Entity ids mentioned in `text`. */
  match(text: string): string[] {
    if (this.byAlias.size === 0) return [];
    const m = extractMentions(text);
    const candidates = new Set<string>();
    const add = (s: string): void => {
      const key = normaliseAlias(s);
      if (key) candidates.add(key);
    };
    for (const s of m.names) add(s);
    for (const s of m.handles) {
      add(s);
      add(`@${s}`);
    }
    for (const s of m.hashtags) {
      add(s);
      add(`#${s}`);
    }
    for (const s of m.emails) add(s);
    for (const s of m.urls) {
      add(s);
      try {
        add(new URL(s).hostname.replace(/^www\./, ''));
      } catch {
        // Not a parseable URL after trimming; the raw text was still tried.
      }
    }
    for (const s of m.dates) add(s);
    if (this.multiWord.size > 0) for (const s of wordSpans(text)) if (this.multiWord.has(s)) candidates.add(s);

    const found = new Set<string>();
    for (const c of candidates) {
      const ids = this.byAlias.get(c);
      if (ids && ids.length === 1 && ids[0]) found.add(ids[0]);
    }
    return [...found];
  }
}

/** The alias index over every current entity's names, rebuilt when names change. */
export function aliasIndexOf(db: Database): AliasIndex {
  return new AliasIndex(allAliasRows(db).map((r) => ({ id: r.id, names: [r.canonical_name, ...parseStringArray(r.aliases)] })));
}
