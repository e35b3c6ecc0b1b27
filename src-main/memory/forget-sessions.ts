/**
 * "Also forget what Engram learned only from this chat": the episodes of the given memory sessions, and the
 * facts whose every source is among them (facts with a source elsewhere were learned from more than this
 * chat and stay). Soft, like every forget: restorable from the inspector's "forgotten" filter.
 */
import type { EngineContext } from './context';
import { writeTx } from '../storage/write-tx';
import { invalidateWithIndexes } from './facts';

export interface ForgottenFromSessions {
  episodeIds: string[];
  factIds: string[];
}

export function learnedOnlyFromSessions(ctx: EngineContext, sessionIds: readonly string[]): ForgottenFromSessions {
  if (sessionIds.length === 0) return { episodeIds: [], factIds: [] };
  const db = ctx.db;
  const episodeIds = (
    db
      .prepare(
        `SELECT n.id FROM json_each(?) AS s CROSS JOIN nodes n ON n.session_id = s.value
         WHERE +n.type = 'episodic' AND n.valid_until IS NULL ORDER BY n.rowid`,
      )
      .all(JSON.stringify(sessionIds)) as { id: string }[]
  ).map((r) => r.id);
  const episodes = JSON.stringify(episodeIds);
  // Candidates: facts derived from these episodes, and facts recorded in these sessions (tools, by hand).
  const candidates = (
    db
      .prepare(
        `SELECT e.source_id AS id FROM json_each(?) AS j CROSS JOIN edges e ON e.target_id = j.value
         WHERE e.relation_type = 'derived_from'
         UNION
         SELECT n.id FROM json_each(?) AS s CROSS JOIN nodes n ON n.session_id = s.value WHERE +n.type != 'episodic'`,
      )
      .all(episodes, JSON.stringify(sessionIds)) as { id: string }[]
  ).map((r) => r.id);
  const sourcesElsewhere = db.prepare(
    `SELECT 1 FROM edges WHERE source_id = ? AND relation_type = 'derived_from'
     AND target_id NOT IN (SELECT value FROM json_each(?)) LIMIT 1`,
  );
  const current = db.prepare('SELECT valid_until IS NULL AS current FROM nodes WHERE id = ?').pluck();
  const factIds = candidates.filter((id) => current.get(id) === 1 && sourcesElsewhere.get(id, episodes) === undefined);
  return { episodeIds, factIds };
}

export function forgetLearnedFromSessions(ctx: EngineContext, sessionIds: readonly string[]): ForgottenFromSessions {
  ctx.hot.flushSync();
  const found = writeTx(ctx.db, () => {
    const f = learnedOnlyFromSessions(ctx, sessionIds);
    const now = ctx.clock.now();
    for (const id of [...f.factIds, ...f.episodeIds]) invalidateWithIndexes(ctx, id, now, 'forgotten');
    return f;
  });
  for (const id of [...found.factIds, ...found.episodeIds]) ctx.feed.emit({ kind: 'node.forgotten', nodeId: id });
  return found;
}
