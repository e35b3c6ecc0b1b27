/**
 * What a chat taught memory, by its memory sessions: the episodes, the facts whose every source is among them
 * (facts with a source elsewhere were learned from more than this chat), and the facts that also have a source
 * elsewhere (they stay, and lose only this support when it is erased).
 *
 * "Also forget what it taught" is soft, like every forget: restorable from the inspector's "forgotten" filter.
 * Erasing is in erase-sessions.ts.
 */
import type { EngineContext } from './context';
import { writeTx } from '../storage/write-tx';
import { invalidateWithIndexes } from './facts';
import { declinePending, proposalsResting } from './repo/proposals';

export interface ForgottenFromSessions {
  episodeIds: string[];
  factIds: string[];
}

export interface LearnedFromSessions extends ForgottenFromSessions {
  /** Facts with sources in these sessions and elsewhere: kept; an erase removes only these sessions' support. */
  supportedElsewhereIds: string[];
}

/**
 * `includeInvalid`: also episodes and facts already forgotten, pruned or superseded (an erase leaves none of
 * them behind); without it, only what is current (a forget has nothing to do to the rest).
 */
export function learnedFromSessions(ctx: EngineContext, sessionIds: readonly string[], includeInvalid = false): LearnedFromSessions {
  if (sessionIds.length === 0) return { episodeIds: [], factIds: [], supportedElsewhereIds: [] };
  const db = ctx.db;
  const currentOnly = includeInvalid ? '' : 'AND n.valid_until IS NULL';
  const episodeIds = (
    db
      .prepare(
        `SELECT n.id FROM json_each(?) AS s CROSS JOIN nodes n ON n.session_id = s.value
         WHERE +n.type = 'episodic' ${currentOnly} ORDER BY n.rowid`,
      )
      .all(JSON.stringify(sessionIds)) as { id: string }[]
  ).map((r) => r.id);
  // Sources are judged against every episode of the sessions, current or not: a forgotten episode of this
  // chat is still not "a source elsewhere".
  const allEpisodes = includeInvalid
    ? JSON.stringify(episodeIds)
    : JSON.stringify(learnedFromSessions(ctx, sessionIds, true).episodeIds);
  // Candidates: facts derived from these episodes, and facts recorded in these sessions (tools, by hand).
  const candidates = (
    db
      .prepare(
        `SELECT e.source_id AS id FROM json_each(?) AS j CROSS JOIN edges e ON e.target_id = j.value
         WHERE e.relation_type = 'derived_from'
         UNION
         SELECT n.id FROM json_each(?) AS s CROSS JOIN nodes n ON n.session_id = s.value WHERE +n.type != 'episodic'`,
      )
      .all(allEpisodes, JSON.stringify(sessionIds)) as { id: string }[]
  ).map((r) => r.id);
  const sourcesElsewhere = db.prepare(
    `SELECT 1 FROM edges WHERE source_id = ? AND relation_type = 'derived_from'
     AND target_id NOT IN (SELECT value FROM json_each(?)) LIMIT 1`,
  );
  const current = db.prepare('SELECT valid_until IS NULL AS current FROM nodes WHERE id = ?').pluck();
  const factIds: string[] = [];
  const supportedElsewhereIds: string[] = [];
  for (const id of candidates) {
    if (!includeInvalid && current.get(id) !== 1) continue;
    if (sourcesElsewhere.get(id, allEpisodes) === undefined) factIds.push(id);
    else supportedElsewhereIds.push(id);
  }
  return { episodeIds, factIds, supportedElsewhereIds };
}

/** The current episodes of these sessions and the current facts learned only from them. */
export function learnedOnlyFromSessions(ctx: EngineContext, sessionIds: readonly string[]): ForgottenFromSessions {
  const { episodeIds, factIds } = learnedFromSessions(ctx, sessionIds);
  return { episodeIds, factIds };
}

export function forgetLearnedFromSessions(ctx: EngineContext, sessionIds: readonly string[]): ForgottenFromSessions {
  ctx.hot.flushSync();
  const { found, declined } = writeTx(ctx.db, () => {
    const f = learnedOnlyFromSessions(ctx, sessionIds);
    const now = ctx.clock.now();
    for (const id of [...f.factIds, ...f.episodeIds]) invalidateWithIndexes(ctx, id, now, 'forgotten');
    // What these chats still propose is set aside too (declined: the Review view can restore it).
    const waiting = proposalsResting(ctx.db, { episodeIds: f.episodeIds, sessionIds, factIds: f.factIds }, true);
    return { found: f, declined: declinePending(ctx.db, waiting, now) };
  });
  for (const id of [...found.factIds, ...found.episodeIds]) ctx.feed.emit({ kind: 'node.forgotten', nodeId: id });
  if (declined.length > 0) ctx.feed.emit({ kind: 'review.changed', proposalIds: declined });
  return found;
}
