/** The inspector's overview: §13 stats plus what a person tending their memory asks first. */
import type { ReadableDB } from '../../storage/db';
import type { MemoryStats } from '../stats';
import type { SourceType } from '../../../src-shared/memory-types';
import type { InspectorOverview } from './types';

export function overview(db: ReadableDB, stats: MemoryStats): InspectorOverview {
  const histogram = Array.from({ length: 10 }, () => 0);
  for (const r of db
    .prepare(
      `SELECT min(9, CAST(confidence * 10 AS INTEGER)) AS b, count(*) AS n FROM nodes
       WHERE valid_until IS NULL AND type != 'episodic' GROUP BY b`,
    )
    .all() as { b: number; n: number }[])
    histogram[Math.max(0, r.b)] = (histogram[Math.max(0, r.b)] ?? 0) + r.n;
  const bySource: Partial<Record<SourceType | 'none', number>> = {};
  for (const r of db
    .prepare('SELECT source_type AS s, count(*) AS n FROM nodes WHERE valid_until IS NULL GROUP BY source_type')
    .all() as { s: SourceType | null; n: number }[])
    bySource[r.s ?? 'none'] = r.n;
  const sessions = (db.prepare('SELECT count(*) AS n FROM memory_sessions').get() as { n: number }).n;
  const protectedFacts = (
    db.prepare(`SELECT count(*) AS n FROM nodes WHERE valid_until IS NULL AND type != 'episodic' AND decay_rate <= 0 AND coalesce(source_type, '') != 'reflection'`).get() as { n: number }
  ).n;
  return { stats, confidenceHistogram: histogram, bySource, sessions, protectedFacts };
}
