/** The preview of a retract plan: each part with its text, the supersedes and entity links the source caused. */
import type { Database } from 'better-sqlite3';
import type { LearnedEntityLink, LearnedItem, LearnedSupersedes, RetractPreview } from '../../../src-shared/retract-types';
import type { RetractSource } from '../../../src-shared/retract-types';
import type { EngineContext } from '../context';
import { planChanges, planRetract, type RetractPlan } from './plan';

function items(db: Database, ids: readonly string[]): LearnedItem[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare(
      `SELECT n.id, n.type, n.content, n.valid_until IS NULL AS current FROM json_each(?) j CROSS JOIN nodes n ON n.id = j.value ORDER BY j.key`,
    )
    .all(JSON.stringify(ids)) as { id: string; type: string; content: string; current: number }[];
  return rows.map((r) => ({ id: r.id, type: r.type, content: r.content, current: r.current === 1 }));
}

export function describeLearned(db: Database, plan: RetractPlan): RetractPreview {
  const facts = JSON.stringify([...plan.forgetIds, ...plan.losingSupportIds]);
  const supersedes = db
    .prepare(
      `SELECT e.source_id AS newId, e.target_id AS oldId, a.content AS newContent, b.content AS oldContent
       FROM json_each(?) j CROSS JOIN edges e ON e.source_id = j.value AND e.relation_type = 'supersedes'
       JOIN nodes a ON a.id = e.source_id JOIN nodes b ON b.id = e.target_id ORDER BY e.created_at, e.id`,
    )
    .all(facts) as LearnedSupersedes[];
  const entityLinks = db
    .prepare(
      `SELECT ne.node_id AS nodeId, ne.entity_id AS entityId, en.canonical_name AS entityName
       FROM json_each(?) j CROSS JOIN node_entities ne ON ne.node_id = j.value JOIN entities en ON en.id = ne.entity_id
       ORDER BY en.canonical_name, ne.node_id`,
    )
    .all(facts) as LearnedEntityLink[];
  // What the retract forgets: the current facts, and the earlier versions only this source said (as counted).
  const forgotten = items(db, [...plan.forgetCurrentIds, ...plan.forgetEndedIds]);
  return {
    source: plan.source,
    episodes: items(db, plan.episodeIds),
    forgotten,
    losingSupport: items(db, plan.losingSupportIds),
    currentAgain: items(db, plan.currentAgainIds),
    supersedes,
    entityLinks,
    empty: planChanges(plan) === 0,
  };
}

/** What retracting `source` would do, computed and described without changing anything. */
export function previewRetract(ctx: EngineContext, source: RetractSource): RetractPreview {
  return describeLearned(ctx.db, planRetract(ctx, source));
}
