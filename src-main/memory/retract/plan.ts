/**
 * The plan of a retract, found without changing anything (the preview shows it; the apply carries it out):
 * - candidates: the source's own facts, and every fact deriving from one of its episodes;
 * - a candidate all of whose sources are the source's episodes is forgotten (so is an own fact citing nothing else,
 *   and every fact a retracted consolidation run wrote); one with a source elsewhere (a message of another session
 *   that said it again) is kept and loses only its derived_from edges to the source's episodes;
 * - older versions the forgotten facts superseded are current again when no later version survives
 *   (erased-versions.ts decides, as for an erase; a retract keeps the versions it forgets, so no relinks);
 * - a superseded version only the source supports is forgotten too: it keeps its end, but history no longer
 *   tells it as something that was true and then changed (the source that said it is taken back).
 */
import type { Database } from 'better-sqlite3';
import type { RetractSource } from '../../../src-shared/retract-types';
import type { EngineContext } from '../context';
import { versionsAfterErase } from '../erased-versions';
import { sourceRows } from './sources';

export interface RetractPlan {
  source: RetractSource;
  /** Current episodes of the source, to forget. */
  episodeIds: string[];
  /** Facts only this source supports (those already not current are listed but left as they are). */
  forgetIds: string[];
  /** The current ones among them: what the retract forgets. */
  forgetCurrentIds: string[];
  /** The superseded ones among them: their reason becomes "forgotten" (their end time stays). */
  forgetEndedIds: string[];
  /** Facts kept, with the derived_from edges (ids) that go. */
  losingSupportIds: string[];
  supportEdgeIds: string[];
  currentAgainIds: string[];
}

function derivedFrom(db: Database, episodeIds: readonly string[]): string[] {
  return db
    .prepare(
      `SELECT DISTINCT e.source_id FROM json_each(?) j CROSS JOIN edges e ON e.target_id = j.value
       WHERE e.relation_type = 'derived_from' ORDER BY e.source_id`,
    )
    .pluck()
    .all(JSON.stringify(episodeIds)) as string[];
}

export function planRetract(ctx: EngineContext, source: RetractSource): RetractPlan {
  const db = ctx.db;
  const rows = sourceRows(db, source);
  const episodes = JSON.stringify(rows.episodeIds);
  const own = new Set(rows.ownFactIds);
  const candidates = [...new Set([...rows.ownFactIds, ...(rows.retractsEpisodes ? derivedFrom(db, rows.episodeIds) : [])])];
  // One statement each (the source's episodes parsed once), not one per candidate: a 1,000-message chat.
  const supportedElsewhere = new Set(
    db
      .prepare(
        `WITH src(id) AS MATERIALIZED (SELECT value FROM json_each(?))
         SELECT DISTINCT c.value FROM json_each(?) c CROSS JOIN edges e ON e.source_id = c.value
         WHERE e.relation_type = 'derived_from' AND e.target_id NOT IN src`,
      )
      .pluck()
      .all(episodes, JSON.stringify(candidates)) as string[],
  );
  const edgesToSource = db
    .prepare(
      `SELECT e.id, e.source_id AS factId FROM json_each(?) j CROSS JOIN edges e ON e.target_id = j.value
       WHERE e.relation_type = 'derived_from' ORDER BY e.id`,
    )
    .all(episodes) as { id: string; factId: string }[];
  const forgetIds: string[] = [];
  const losingSupportIds: string[] = [];
  for (const id of candidates) {
    // A fact the chat's consolidation wrote belongs to its session, but a message of another session that said it
    // again supports it too: it stays, without this source's support. A run's own facts are all it is.
    if (!supportedElsewhere.has(id) || (own.has(id) && !rows.retractsEpisodes)) forgetIds.push(id);
    else losingSupportIds.push(id);
  }
  const losing = new Set(losingSupportIds);
  const supportEdgeIds = edgesToSource.filter((e) => losing.has(e.factId)).map((e) => e.id);
  const currentOnly = db.prepare('SELECT id FROM nodes WHERE id IN (SELECT value FROM json_each(?)) AND valid_until IS NULL ORDER BY rowid');
  const episodeIds = rows.retractsEpisodes ? (currentOnly.pluck().all(episodes) as string[]) : [];
  const forgetCurrentIds = currentOnly.pluck().all(JSON.stringify(forgetIds)) as string[];
  const forgetEndedIds = db
    .prepare(`SELECT id FROM nodes WHERE id IN (SELECT value FROM json_each(?)) AND invalidated_reason = 'superseded' ORDER BY rowid`)
    .pluck()
    .all(JSON.stringify(forgetIds)) as string[];
  const currentAgainIds = versionsAfterErase(ctx, forgetIds).currentAgainIds;
  return { source, episodeIds, forgetIds, forgetCurrentIds, forgetEndedIds, losingSupportIds, supportEdgeIds, currentAgainIds };
}

/** Whether carrying out the plan would change anything. */
export function planChanges(plan: RetractPlan): number {
  return plan.episodeIds.length + plan.forgetCurrentIds.length + plan.forgetEndedIds.length + plan.supportEdgeIds.length + plan.currentAgainIds.length;
}
