/**
 * A night's work for the maintenance sweep over the bench memory (decay and ui-thread keys): facts backdated —
 * learned or last used 0–75 days ago, spread evenly — so decay re-scores every fact and prunes the few below
 * the threshold, and the last `pendingSessions` conversations left waiting for consolidation (all earlier ones
 * count as consolidated). Run it on an engine nothing else has open: a running app would see the writes as
 * another process's and hand the sessions to its write path at once.
 */
import type { MemoryEngine } from '../../src-main/memory/engine';

const DAY_MS = 86_400_000;

/** Returns how many current facts the sweep will find. */
export function leaveNightlyWork(engine: MemoryEngine, options: { pendingSessions: number }): { facts: number } {
  const now = engine.clock.now();
  const db = engine.database;
  // A deterministic spread of ages (rowid-based), in one statement: no per-node round trip.
  db.prepare(
    `UPDATE nodes SET created_at = :now - ((rowid * 7919) % 75) * :day - (rowid % 1000) * 1000,
       valid_from = min(valid_from, :now - ((rowid * 7919) % 75) * :day - (rowid % 1000) * 1000),
       last_accessed = CASE WHEN rowid % 5 = 0 THEN :now - ((rowid * 104729) % 40) * :day ELSE NULL END
     WHERE type != 'episodic'`,
  ).run({ now, day: DAY_MS });
  db.prepare(
    `UPDATE memory_sessions SET status = CASE WHEN id IN (SELECT id FROM memory_sessions ORDER BY last_event_at DESC LIMIT ?)
       THEN 'completed' ELSE 'consolidated' END`,
  ).run(options.pendingSessions);
  const facts = (db.prepare(`SELECT count(*) AS n FROM nodes WHERE type != 'episodic' AND valid_until IS NULL`).get() as { n: number }).n;
  return { facts };
}
