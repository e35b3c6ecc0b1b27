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
  // No `u`: the pattern is ASCII (digits, English month names), and without it V8 matches ~10× faster
  // (4 → 0.4 ms on 100,000 characters, a cost every linked text paid).
  'gi',
);

/**
 * A "word" longer than this (a pasted hash or base64 blob, one letter held down) names no entity. Such runs are
 * blanked before any pattern runs, so no pattern can scan far from any position and extraction stays linear in
 * the text's length whatever the text is (a 100k-character message: milliseconds, not minutes).
 */
export const MAX_TOKEN_CHARS = 256;

/** What `\s` matches in a JavaScript pattern: the separators between tokens. */
function isJsSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * The text with every overlong token (more than MAX_TOKEN_CHARS code points between separators) replaced by a
 * space; positions are not kept: nothing uses them. One pass over the characters: the pattern it replaces,
 * /(?<!\S)\S{257,}/gu, was linear too but cost ~6 ms a 100k-character text, and it ran twice per match.
 */
export function withoutOverlongTokens(text: string): string {
  if (text.length <= MAX_TOKEN_CHARS) return text;
  let out = '';
  let copiedTo = 0;
  let tokenStart = -1;
  let codePoints = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0x20;
    if (isJsSpace(c)) {
      if (tokenStart >= 0 && codePoints > MAX_TOKEN_CHARS) {
        out += `${text.slice(copiedTo, tokenStart)} `;
        copiedTo = i;
      }
      tokenStart = -1;
      codePoints = 0;
    } else {
      if (tokenStart < 0) tokenStart = i;
      // A low surrogate after a high one ends the same code point.
      const pairEnd = c >= 0xdc00 && c <= 0xdfff && i > tokenStart && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800;
      if (!pairEnd) codePoints++;
    }
  }
  return copiedTo === 0 ? text : out + text.slice(copiedTo);
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

/**
 * Which capitalised spans can match an alias, so a long text builds only those: a span starts only at a word
 * some alias begins with, and grows by a word only when the span so far and that word begin some longer alias.
 */
export interface SpanFilter {
  starts(word: string): boolean;
  continues(span: string, next: string): boolean;
}

/** Mentions in `raw`; with `spans`, only the names that can match an alias. */
export function extractMentions(raw: string, spans?: SpanFilter): MentionKinds {
  return mentionsIn(withoutOverlongTokens(raw), spans);
}

function withoutPossessive(word: string): string {
  return word.endsWith("'s") || word.endsWith('’s') ? word.slice(0, -2) : word;
}

/** extractMentions on a text whose overlong tokens are already blanked. */
function mentionsIn(text: string, spans?: SpanFilter): MentionKinds {
  const urls = [...text.matchAll(URL_RE)].map((m) => m[0].replace(/[.,;:!?)\]]+$/u, ''));
  const emails = [...text.matchAll(EMAIL)].map((m) => m[0]);
  const handles = [...text.matchAll(AT_MENTION)].map((m) => m[1] ?? '').filter(Boolean);
  const hashtags = [...text.matchAll(HASHTAG)].map((m) => m[1] ?? '').filter(Boolean);
  const dates = [...text.matchAll(DATE_RE)].map((m) => m[0]);
  // Each distinct name once: a long run repeating one word ("Aaa Aaa …") would otherwise list it thousands of times.
  const names = new Set<string>();
  for (const m of text.matchAll(CAPITALISED_RUN)) {
    const words = m[0].split(/[ \t]+/);
    // Every contiguous sub-run, so "Alice Smith" can match an alias "Alice" and vice versa; a possessive is
    // dropped from the span's last word ("Alice Smith's" → "Alice Smith").
    for (let i = 0; i < words.length; i++) {
      const first = words[i] ?? '';
      if (spans && !spans.starts(first) && !spans.starts(withoutPossessive(first))) continue;
      let prefix = first;
      names.add(withoutPossessive(first));
      for (let j = i + 1; j < Math.min(words.length, i + MAX_SPAN_WORDS); j++) {
        const word = words[j] ?? '';
        if (spans && !spans.continues(prefix, word)) break;
        names.add(`${prefix} ${withoutPossessive(word)}`);
        prefix = `${prefix} ${word}`;
      }
    }
  }
  return { names: [...names], handles, hashtags, emails, urls, dates };
}

/** Alias → entity ids index. An alias shared by two entities is ambiguous and links to neither. */
export class AliasIndex {
  private readonly byAlias = new Map<string, string[]>();
  private readonly multiWord = new Set<string>();
  /** First words of all aliases, and of the multi-word ones: a long text builds only spans that can match. */
  private readonly firstWords = new Set<string>();
  private readonly multiWordFirst = new Set<string>();
  /**
   * The word prefixes some longer alias continues, with the words that continue them ("new" → "york", "new york"
   * → "city" for "new york city"): a span grows only through them, and is not built when the next word does not.
   */
  private readonly continuations = new Map<string, Set<string>>();

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
          const words = name.split(' ');
          for (let n = 1; n < words.length; n++) {
            const prefix = words.slice(0, n).join(' ');
            const next = this.continuations.get(prefix) ?? new Set<string>();
            next.add(words[n] ?? '');
            this.continuations.set(prefix, next);
          }
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

  private matchUncached(raw: string): string[] {
    const text = withoutOverlongTokens(raw);
    const m = mentionsIn(text, this.spanFilter());
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
    if (this.multiWord.size > 0) this.addLowerCaseSpans(text, candidates);

    const found = new Set<string>();
    for (const c of candidates) {
      const ids = this.byAlias.get(c);
      if (ids && ids.length === 1 && ids[0]) found.add(ids[0]);
    }
    return [...found];
  }

  /** Which capitalised spans can match an alias; each distinct word or span is normalised once per text. */
  private spanFilter(): SpanFilter {
    const memo = <T>(of: (s: string) => T): ((s: string) => T) => {
      const known = new Map<string, T>();
      return (s) => {
        if (known.has(s)) return known.get(s) as T;
        const value = of(s);
        known.set(s, value);
        return value;
      };
    };
    // A word as an alias word: normalised, and only its first part if normalising split it ("ﷺ").
    const aliasWord = memo((word) => normaliseAlias(word).split(' ')[0] ?? '');
    const nextWords = memo((span) => this.continuations.get(normaliseAlias(span)));
    return {
      starts: memo((word) => this.firstWords.has(normaliseAlias(word))),
      continues: (span, next) => {
        const words = nextWords(span);
        return words !== undefined && (words.has(aliasWord(next)) || words.has(aliasWord(withoutPossessive(next))));
      },
    };
  }

  /**
   * Lower-case multi-word aliases ("my boss") in the text, word by word: a span starts at a word a multi-word
   * alias begins with and grows only while it begins one, so a text repeating such a word stays linear.
   */
  private addLowerCaseSpans(text: string, into: Set<string>): void {
    const words = text.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
    for (let i = 0; i < words.length; i++) {
      let span = words[i] ?? '';
      if (!this.multiWordFirst.has(span)) continue;
      for (let n = 2; n <= MAX_SPAN_WORDS && i + n <= words.length; n++) {
        const next = words[i + n - 1] ?? '';
        if (!this.continuations.get(span)?.has(next)) break;
        span = `${span} ${next}`;
        if (this.multiWord.has(span)) into.add(span);
      }
    }
  }
}

/** The alias index over every current entity's names, rebuilt when names change. */
export function aliasIndexOf(db: Database): AliasIndex {
  return new AliasIndex(allAliasRows(db).map((r) => ({ id: r.id, names: [r.canonical_name, ...parseStringArray(r.aliases)] })));
}
