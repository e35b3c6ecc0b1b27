/**
 * BM25 over FTS5 for the read path (higher score = better here; FTS5's bm25() is negated).
 *
 * The work is in two places: FTS5 scores every row the expression matches before it can sort, and each ranked
 * row that survives must be read from `nodes` (a random page read, decrypted, on a large memory) to apply the
 * node filter and learn its id. So:
 * - on a large memory a query bounds the scoring (FtsQuery): past `recentMatches` rows, only the most recently
 *   stored matches are scored, read newest first in **one** pass that scores as it walks (no separate walk to
 *   find where the bound falls, no sort inside SQLite), plus every match of the rare part;
 * - ranked rows are read from `nodes` a batch at a time, best first, until `limit` of them pass the filter,
 *   so a search that keeps nearly everything reads about `limit` rows, not three times as many.
 * The answer is the same as ranking every bounded match in SQL and filtering it there: the first `limit` rows
 * that pass, by score and then rowid.
 */
import type { ReadableDB } from '../../storage/db';
import type { SqlFragment } from '../../storage/sql';
import { stmt } from '../repo/statements';
import { filterSql, type NodeFilter } from './filter';
import type { FtsQuery } from './text';

/** A BM25 hit with its rowid (= nodes.rowid): later steps order ties by it without reading the row again. */
export interface RankedHit {
  id: string;
  score: number;
  rowid: number;
}

/** What one BM25 search did (tests and the bench read it): full-text passes, and rows read to filter. */
export interface FtsTrace {
  passes: number;
  rowsRead: number;
}

interface Ranked {
  rowid: number;
  score: number;
}

/**
 * Full-text rankings already read for one question, before any node filter (rowid and score): a search over all
 * types and its provenance step over episodes score the same matches, and so do a context pack's searches. Scoring
 * is the cost (thousands of matches on a large memory); the filter is applied per search on the shared ranking.
 */
export type FtsRankings = Map<string, readonly Ranked[]>;

/**
 * Ranked rows SQLite returns per result wanted, when it ranks (an unbounded query). FTS5 scores every match
 * before it sorts, however few are asked for, so one generous ranking costs about what a short one does: a
 * filter that keeps a third (a space) or less is served by it alone, with no second BM25 pass.
 */
const FTS_FETCH = 24;
/** The first batch read from `nodes` is the rows wanted plus this share: a few facts among episodes cost no second trip. */
const FIRST_BATCH_MARGIN = 0.125;
/** Batches after the first assume at least this share passes (a filter that keeps almost nothing reads in large steps). */
const MIN_PASS_RATE = 1 / 16;

const byScore = (a: Ranked, b: Ranked): number => b.score - a.score || a.rowid - b.rowid;

export function ftsScored(db: ReadableDB, asked: FtsQuery | null, filter: NodeFilter, limit: number, trace?: FtsTrace, rankings: FtsRankings = new Map()): RankedHit[] {
  if (!asked) return [];
  // Fact-only searches use the facts index: same tokenizer, a fraction of the rows.
  const table = filter.types.length > 0 && !filter.types.includes('episodic') ? 'facts_fts' : 'nodes_fts';
  const query = table === 'nodes_fts' && filter.asOf !== null && filter.asOf !== undefined ? ownWordsOnly(asked) : asked;
  const search = new FtsRanking(db, table, filterSql(filter), limit, trace, rankings);
  if (query.recentMatches === null) return search.ranked(query.match, '>=', 0);
  // The most recent matches, scored in the same walk that finds them.
  const recent = search.walkNewest(query.match, query.recentMatches);
  if (recent.length < query.recentMatches) return search.keep(recent.sort(byScore));
  const cut = (recent[recent.length - 1] as Ranked).rowid;
  const kept = search.keep(recent.sort(byScore));
  // Older rows scored on the rare terms alone: their score lacks the common words' small share, a fair price.
  const older = query.rare ? search.ranked(query.rare, '<', cut) : [];
  return [...kept, ...older].sort(byScore).slice(0, limit);
}

/**
 * A turn's context (the two turns before it, migration 020) is read as it is now: a turn recorded later with an earlier
 * time is in it. Memory as of a date matches each turn on its own words, so nothing learned after that date finds it.
 */
function ownWordsOnly(query: FtsQuery): FtsQuery {
  const own = (m: string): string => `content : (${m})`;
  return { ...query, match: own(query.match), rare: query.rare === null ? null : own(query.rare) };
}

class FtsRanking {
  constructor(
    private readonly db: ReadableDB,
    private readonly table: 'nodes_fts' | 'facts_fts',
    private readonly where: SqlFragment,
    private readonly limit: number,
    private readonly trace: FtsTrace | undefined,
    private readonly rankings: FtsRankings,
  ) {}

  /** A ranking read once per question (a copy: callers sort it). */
  private shared(key: string, read: () => Ranked[]): Ranked[] {
    const known = this.rankings.get(key);
    if (known) return [...known];
    this.pass();
    const rows = read();
    this.rankings.set(key, rows);
    return [...rows];
  }

  /** The newest `bound` matches with their scores, newest first. */
  walkNewest(match: string, bound: number): Ranked[] {
    const { table } = this;
    return this.shared(`newest\u0001${table}\u0001${match}\u0001${bound}`, () =>
      stmt(this.db, `SELECT rowid, -bm25(${table}) AS score FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid DESC LIMIT ?`).all(match, bound) as Ranked[],
    );
  }

  /** Matches on one side of a rowid, ranked by SQLite; the joined query when the filter drops too many. */
  ranked(match: string, side: '>=' | '<', bound: number): RankedHit[] {
    const { table, where } = this;
    const fetch = this.limit * FTS_FETCH;
    const top = this.shared(`ranked\u0001${table}\u0001${match}\u0001${side}\u0001${bound}\u0001${fetch}`, () =>
      stmt(this.db, `SELECT rowid, -bm25(${table}) AS score FROM ${table} WHERE ${table} MATCH ? AND rowid ${side} ? ORDER BY bm25(${table}), rowid LIMIT ?`).all(
        match,
        bound,
        fetch,
      ) as Ranked[],
    );
    const kept = this.keep(top);
    if (kept.length >= this.limit || top.length < fetch) return kept;
    this.pass();
    return stmt(
      this.db,
      `SELECT n.id, n.rowid, -bm25(${table}) AS score FROM ${table} JOIN nodes n ON n.rowid = ${table}.rowid
       WHERE ${table} MATCH ? AND ${table}.rowid ${side} ? AND ${where.text} ORDER BY bm25(${table}), n.rowid LIMIT ?`,
    ).all(match, bound, ...where.params, this.limit) as RankedHit[];
  }

  /** The first `limit` rows of a ranked list that pass the filter, read a batch at a time. */
  keep(ranked: readonly Ranked[]): RankedHit[] {
    const kept: RankedHit[] = [];
    let at = 0;
    let read = 0;
    let passed = 0;
    while (kept.length < this.limit && at < ranked.length) {
      const missing = this.limit - kept.length;
      // First the rows wanted plus a margin; then enough for what is missing at the share that passed so far.
      const passRate = read === 0 ? 1 / (1 + FIRST_BATCH_MARGIN) : Math.max(passed / read, MIN_PASS_RATE);
      const slice = ranked.slice(at, at + Math.ceil(missing / passRate));
      const ids = this.idsPassing(slice);
      for (const r of slice) {
        const id = ids.get(r.rowid);
        if (id === undefined) continue;
        passed++;
        if (kept.length < this.limit) kept.push({ id, rowid: r.rowid, score: r.score });
      }
      at += slice.length;
      read += slice.length;
    }
    return kept;
  }

  /** rowid → node id of the rows that pass the filter: one primary-key read each. */
  private idsPassing(rows: readonly Ranked[]): Map<number, string> {
    const { where } = this;
    const found = stmt(this.db, `SELECT n.rowid, n.id FROM json_each(?) AS j CROSS JOIN nodes n ON n.rowid = j.value WHERE ${where.text}`).all(
      JSON.stringify(rows.map((r) => r.rowid)),
      ...where.params,
    ) as { rowid: number; id: string }[];
    if (this.trace) this.trace.rowsRead += rows.length;
    return new Map(found.map((r) => [r.rowid, r.id]));
  }

  private pass(): void {
    if (this.trace) this.trace.passes++;
  }
}
