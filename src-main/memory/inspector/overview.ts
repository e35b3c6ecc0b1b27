/** The inspector's overview: §13 stats plus what a person tending their memory asks first. */
import type { ReadableDB } from '../../storage/db';
import type { MemoryStats } from '../stats';
import { nodeTallies } from '../repo/tallies';
import type { InspectorOverview } from './types';

export function overview(db: ReadableDB, stats: MemoryStats): InspectorOverview {
  const { confidenceHistogram, bySource, protectedFacts } = nodeTallies(db);
  const sessions = (db.prepare('SELECT count(*) AS n FROM memory_sessions').get() as { n: number }).n;
  return { stats, confidenceHistogram, bySource, sessions, protectedFacts };
}
