/**
 * Compare (issue 23): what memory learned, replaced and dropped between two instants. Every change is a row
 * written at transaction time (a fact's `created_at`, a supersedes edge's `valid_from`, a version's
 * `valid_until`), so the lists are range reads over those columns, each bounded by a limit.
 */
import type { z } from 'zod';
import type { ReadableDB } from '../../storage/db';
import type { SourceType } from '../../../src-shared/memory-types';
import type { compareSchema } from './schemas';
import { SUMMARY_COLUMNS, summariesOf, toSummary, type SummaryRow } from './summaries';
import type { MemoryComparison, VersionChange } from './types';

/** A correction is a person's (or the assistant's, asked to) word; anything else replacing a version is news. */
const CORRECTION_SOURCES: ReadonlySet<SourceType> = new Set<SourceType>(['manual', 'tool_result']);

export function compareMemory(db: ReadableDB, input: z.output<typeof compareSchema>): MemoryComparison {
  const { from, to, limit } = input;
  // created_at drives (idx_nodes_created); a new version (it supersedes something) is listed as a change instead.
  const learned = db
    .prepare(
      `SELECT ${SUMMARY_COLUMNS} FROM nodes n WHERE n.created_at > ? AND n.created_at <= ? AND +n.type != 'episodic'
         AND NOT EXISTS (SELECT 1 FROM edges s WHERE s.source_id = n.id AND s.relation_type = 'supersedes')
       ORDER BY n.created_at DESC LIMIT ?`,
    )
    .all(from, to, limit + 1) as SummaryRow[];
  // A supersedes edge starts when the change was made (facts.ts correctFact): idx_edges_valid drives.
  const edges = db
    .prepare(
      `SELECT e.source_id AS after, e.target_id AS before, e.valid_from AS at, e.predicate AS reason FROM edges e
       WHERE e.valid_from > ? AND e.valid_from <= ? AND +e.relation_type = 'supersedes' ORDER BY e.valid_from DESC LIMIT ?`,
    )
    .all(from, to, 2 * limit + 1) as { after: string; before: string; at: number; reason: string | null }[];
  const versions = new Map(summariesOf(db, edges.flatMap((e) => [e.before, e.after])).map((s) => [s.id, s]));
  const superseded: VersionChange[] = [];
  const corrected: VersionChange[] = [];
  for (const e of edges) {
    const before = versions.get(e.before);
    const after = versions.get(e.after);
    if (!before || !after) continue;
    const list = after.sourceType !== null && CORRECTION_SOURCES.has(after.sourceType) ? corrected : superseded;
    if (list.length < limit) list.push({ before, after, at: e.at, reason: e.reason });
  }
  // No index leads with valid_until: this is one pass over the table, read only when Compare is asked for.
  const forgotten = db
    .prepare(
      `SELECT ${SUMMARY_COLUMNS} FROM nodes n NOT INDEXED WHERE n.valid_until > ? AND n.valid_until <= ?
         AND n.invalidated_reason IN ('forgotten', 'pruned') AND n.type != 'episodic'
       ORDER BY n.valid_until DESC LIMIT ?`,
    )
    .all(from, to, limit + 1) as SummaryRow[];
  const episodes = db
    .prepare(`SELECT count(*) AS c FROM nodes n WHERE n.created_at > ? AND n.created_at <= ? AND +n.type = 'episodic'`)
    .get(from, to) as { c: number };
  return {
    from,
    to,
    learned: learned.slice(0, limit).map(toSummary),
    superseded,
    corrected,
    forgotten: forgotten.slice(0, limit).map(toSummary),
    episodesRecorded: episodes.c,
    truncated: learned.length > limit || forgotten.length > limit || edges.length > 2 * limit,
  };
}
