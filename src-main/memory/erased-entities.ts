/**
 * Entities after an erase "for good" (erase-sessions.ts, a space deleted with its memories): a machine-made
 * summary quoting an erased fact is rewritten from the facts left; an entity the erased rows alone named — no
 * node links to it any more, and its summary was never written by hand — goes too, since its name is words of
 * the erased chats ("York", "Birchwood Studio") and would otherwise reach context packs and exports.
 */
import type { EngineContext } from './context';
import { refreshEntitySummaries, isMachineMadeSummary } from './entity-summary';
import { deleteEntityRow, entityIdsMergedInto, getEntity, nodeIdsOfEntity } from './repo/entities';
import { deleteEntityLinks } from './repo/entity-links';
import { deleteEntityVector } from './repo/vectors';

/** The attribute the write path sets on the entities it creates: ones a person made stay, with their name. */
export const LEARNED_ENTITY = 'learned_from_chats';

/** Returns the ids of the entities deleted. Call inside the erase's transaction. */
export function settleEntitiesAfterErase(ctx: EngineContext, entityIds: Iterable<string>, now: number): string[] {
  const deleted: string[] = [];
  const kept: string[] = [];
  for (const id of new Set(entityIds)) {
    const entity = getEntity(ctx.db, id);
    if (!entity) continue;
    const learned = entity.attributes[LEARNED_ENTITY] === true;
    if (!learned || entity.mergedInto !== null || nodeIdsOfEntity(ctx.db, id).length > 0 || !isMachineMadeSummary(entity)) {
      kept.push(id);
      continue;
    }
    // What was merged into it goes with it (merges keep the merged rows for undo).
    for (const merged of [...entityIdsMergedInto(ctx.db, id)].reverse()) {
      deleteEntityLinks(ctx.db, merged);
      deleteEntityVector(ctx.db, merged);
      deleteEntityRow(ctx.db, merged);
    }
    deleteEntityLinks(ctx.db, id);
    deleteEntityVector(ctx.db, id);
    deleteEntityRow(ctx.db, id);
    deleted.push(id);
  }
  refreshEntitySummaries(ctx, kept, now);
  if (deleted.length > 0) {
    ctx.invalidateAliases();
    for (const entityId of deleted) ctx.feed.emit({ kind: 'entity.deleted', entityId });
  }
  return deleted;
}
