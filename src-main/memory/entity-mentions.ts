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
// Starts only where a local part can start (the lookbehind) and every part is bounded (RFC 5321 lengths):
// unbounded, a 100k-letter word made every position scan to its end (quadratic, ~2 min).
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}.-]{1,253}\.\p{L}{2,63}(?![\p{L}])/gu;
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

/**
 * A "word" longer than this (a pasted hash or base64 blob, one letter held down) names no entity. Such runs are
 * blanked before any pattern runs, so no pattern can scan far from any position and extraction stays linear in
 * the text's length whatever the text is (a 100k-character message: milliseconds, not minutes).
 */
export const MAX_TOKEN_CHARS = 256;
// Only at a token's start (the lookbehind), so tokens just under the bound are not rescanned from every position.
const OVERLONG_TOKEN = new RegExp(String.raw`(?<!\S)\S{${MAX_TOKEN_CHARS + 1},}`, 'gu');

/** The text with every overlong token replaced by a space (positions are not kept: nothing uses them). */
export function withoutOverlongTokens(text: string): string {
  return text.replace(OVERLONG_TOKEN, ' ');
}

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

/** Whether an alias begins with this word: spans starting with any other word cannot match one, so are not built. */
type StartsAlias = (word: string) => boolean;
const POSSESSIVE = /['’]s$/u;

/** Mentions in `raw`; with `startsAlias`, only names that begin with a word some alias begins with. */
export function extractMentions(raw: string, startsAlias?: StartsAlias): MentionKinds {
  const text = withoutOverlongTokens(raw);
  const urls = [...text.matchAll(URL_RE)].map((m) => m[0].replace(/[.,;:!?)\]]+$/u, ''));
  const emails = [...text.matchAll(EMAIL)].map((m) => m[0]);
  const handles = [...text.matchAll(AT_MENTION)].map((m) => m[1] ?? '').filter(Boolean);
  const hashtags = [...text.matchAll(HASHTAG)].map((m) => m[1] ?? '').filter(Boolean);
  const dates = [...text.matchAll(DATE_RE)].map((m) => m[0]);
  // Each distinct name once: a long run repeating one word ("Aaa Aaa …") would otherwise list it thousands of times.
  const names = new Set<string>();
  for (const m of text.matchAll(CAPITALISED_RUN)) {
    const words = m[0].split(/[ \t]+/);
    const bare = words.map((w) => w.replace(POSSESSIVE, ''));
    // Every contiguous sub-run, so "Alice Smith" can match an alias "Alice" and vice versa; a possessive is
    // dropped from the span's last word ("Alice Smith's" → "Alice Smith").
    for (let i = 0; i < words.length; i++) {
      const first = words[i] ?? '';
      if (startsAlias && !startsAlias(first) && !startsAlias(bare[i] ?? '')) continue;
      let prefix = '';
      for (let j = i; j < Math.min(words.length, i + MAX_SPAN_WORDS); j++) {
        names.add(j === i ? (bare[j] ?? '') : `${prefix} ${bare[j] ?? ''}`);
        prefix = j === i ? first : `${prefix} ${words[j] ?? ''}`;
      }
    }
  }
  return { names: [...names], handles, hashtags, emails, urls, dates };
}

/** Lower-case word n-grams (2..4 words) that begin with a word in `firstWords`, for lower-case multi-word aliases ("my boss"). */
function wordSpans(text: string, firstWords: ReadonlySet<string>): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
  // Distinct spans only, built word by word: a long text repeating an alias's first word adds each span once.
  const spans = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    if (!firstWords.has(words[i] ?? '')) continue;
    let span = words[i] ?? '';
    for (let n = 2; n <= MAX_SPAN_WORDS && i + n <= words.length; n++) spans.add((span = `${span} ${words[i + n - 1] ?? ''}`));
  }
  return spans;
}

/** Alias → entity ids index. An alias shared by two entities is ambiguous and links to neither. */
export class AliasIndex {
  private readonly byAlias = new Map<string, string[]>();
  private readonly multiWord = new Set<string>();
  /** First words of all aliases, and of the multi-word ones: a long text builds only spans that can match. */
  private readonly firstWords = new Set<string>();
  private readonly multiWordFirst = new Set<string>();

  constructor(rows: readonly { id: string; names: readonly string[] }[]) {
    for (const row of rows) {
      for (const name of new Set(row.names.map(normaliseAlias))) {
        if (!name) continue;
        const ids = this.byAlias.get(name) ?? [];
        if (!ids.includes(row.id)) ids.push(row.id);
        this.byAlias.set(name, ids);
        const first = name.split(' ')[0] ?? name;
        this.firstWords.add(first);
        if (name.includes(' ')) {
          this.multiWord.add(name);
          this.multiWordFirst.add(first);
        }
      }
    }
  }

  get size(): number {
    return this.byAlias.size;
  }

  /** The last text matched and its answer: a context pack asks about the same prompt three times. */
  private last: { text: string; ids: string[] } | null = null;

  /** Entity ids mentioned in `text`. */
  match(text: string): string[] {
    if (this.byAlias.size === 0) return [];
    if (this.last?.text === text) return [...this.last.ids];
    const ids = this.matchUncached(text);
    this.last = { text, ids };
    return [...ids];
  }

  private matchUncached(text: string): string[] {
    const firstWordSeen = new Map<string, boolean>();
    const startsAlias = (word: string): boolean => {
      let known = firstWordSeen.get(word);
      if (known === undefined) firstWordSeen.set(word, (known = this.firstWords.has(normaliseAlias(word))));
      return known;
    };
    const m = extractMentions(text, startsAlias);
    const candidates = new Set<string>();
    // Raw strings repeat in a long text; each distinct one is normalised once.
    const tried = new Set<string>();
    const add = (s: string): void => {
      if (tried.has(s)) return;
      tried.add(s);
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
    if (this.multiWord.size > 0) for (const s of wordSpans(withoutOverlongTokens(text), this.multiWordFirst)) if (this.multiWord.has(s)) candidates.add(s);

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
