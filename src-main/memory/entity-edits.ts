/**
 * Cleaning up entities by hand: rename, change type, delete. A delete removes the entity and its links (the
 * facts and episodes stay) and returns everything needed to put it back, so the inspector's toast can undo it;
 * entities merged into it go with it (they live on only as its history).
 */
import type { EngineContext } from './context';
import { MemoryError, notFound } from './errors';
import { findEntitiesByName } from './entities';
import {
  deleteEntityRow,
  entityIdsMergedInto,
  getEntity,
  nodeIdsOfEntity,
  normaliseAlias,
  refreshMentionCount,
  reinsertEntities,
  renameEntity,
} from './repo/entities';
import { deleteEntityLinks, linkExistingNodes } from './repo/entity-links';
import { deleteEntityVector } from './repo/vectors';
import { idSchema, parseInput } from './schemas';
import { deletedEntitySchema, updateEntitySchema, type DeletedEntity, type UpdateEntityInput } from './entity-edit-schemas';
import type { Entity } from '../../src-shared/memory-types';

export type { DeletedEntity, UpdateEntityInput } from './entity-edit-schemas';
import { writeTx } from '../storage/write-tx';

function requireCurrent(ctx: EngineContext, id: string): Entity {
  const entity = getEntity(ctx.db, id);
  if (!entity) throw notFound('Entity', id);
  if (entity.mergedInto) throw new MemoryError('conflict', `Entity ${entity.canonicalName} was merged into ${entity.mergedInto}; edit that one`);
  return entity;
}

/** Rename and/or retype. Refused when another entity of the same type already has the name. */
export function updateEntity(ctx: EngineContext, input: UpdateEntityInput): Entity {
  const data = parseInput(updateEntitySchema, input);
  const entity = requireCurrent(ctx, data.entityId);
  const name = data.name ?? entity.canonicalName;
  const type = data.type ?? entity.type;
  const clash = findEntitiesByName(ctx, name).find((e) => e.id !== entity.id && e.type === type);
  if (clash) throw new MemoryError('conflict', `A ${type} named "${clash.canonicalName}" already exists (${clash.id})`);
  // The new name is no longer also an alias of itself.
  const aliases = entity.aliases.filter((a) => normaliseAlias(a) !== normaliseAlias(name));
  renameEntity(ctx.db, entity.id, { name, type, aliases, now: ctx.clock.now() });
  ctx.invalidateAliases();
  ctx.slow.queueEntity(entity.id);
  ctx.feed.emit({ kind: 'entity.updated', entityId: entity.id });
  return getEntity(ctx.db, entity.id) as Entity;
}

/** Deletes an entity and its links; its facts and episodes stay. Returns what `restoreEntity` needs. */
export function deleteEntity(ctx: EngineContext, id: unknown): DeletedEntity {
  const entity = requireCurrent(ctx, parseInput(idSchema, id));
  const db = ctx.db;
  const deleted = writeTx(db, (): DeletedEntity => {
    const nodeIds = nodeIdsOfEntity(db, entity.id);
    // Everything merged into it, at any depth, parents first (so a restore can insert them in order).
    const mergedIds = entityIdsMergedInto(db, entity.id);
    const mergedFrom = mergedIds.flatMap((m) => getEntity(db, m) ?? []);
    deleteEntityLinks(db, entity.id);
    for (const m of [...mergedIds].reverse()) {
      deleteEntityLinks(db, m);
      deleteEntityVector(db, m);
      deleteEntityRow(db, m);
    }
    deleteEntityVector(db, entity.id);
    deleteEntityRow(db, entity.id);
    return { entity, nodeIds, mergedFrom };
  });
  ctx.invalidateAliases();
  ctx.feed.emit({ kind: 'entity.deleted', entityId: entity.id });
  return deleted;
}

/** Undo of a delete: the entity as it was, with its links to the nodes still in memory. */
export function restoreEntity(ctx: EngineContext, input: unknown): Entity {
  const data = parseInput(deletedEntitySchema, input);
  const db = ctx.db;
  const all = [data.entity, ...data.mergedFrom];
  const existing = all.find((e) => getEntity(db, e.id) !== undefined);
  if (existing) throw new MemoryError('conflict', `Entity ${existing.canonicalName} (${existing.id}) already exists`);
  const now = ctx.clock.now();
  writeTx(db, () => {
    reinsertEntities(db, all, now);
    linkExistingNodes(db, data.entity.id, data.nodeIds);
    for (const e of all) refreshMentionCount(db, e.id, now);
  });
  ctx.invalidateAliases();
  ctx.slow.queueEntity(data.entity.id);
  ctx.feed.emit({ kind: 'entity.created', entityId: data.entity.id });
  return getEntity(db, data.entity.id) as Entity;
}
