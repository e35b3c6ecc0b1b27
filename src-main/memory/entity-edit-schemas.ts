/** Inputs of the entity clean-up calls (entity-edits.ts); the API contract validates with them, so no runtime imports beyond zod. */
import { z } from 'zod';
import { idSchema, jsonObjectSchema, MAX_CONTENT_CHARS, nameSchema, timestampSchema } from './schemas';
import { ENTITY_TYPES } from '../../src-shared/memory-types';

export const updateEntitySchema = z
  .object({ entityId: idSchema, name: nameSchema.optional(), type: z.enum(ENTITY_TYPES).optional() })
  .strict()
  .refine((u) => u.name !== undefined || u.type !== undefined, 'give a new name or a new type');
export type UpdateEntityInput = z.input<typeof updateEntitySchema>;

const entityRecordSchema = z
  .object({
    id: idSchema,
    canonicalName: nameSchema,
    type: z.enum(ENTITY_TYPES),
    aliases: z.array(nameSchema).max(1000),
    summary: z.string().max(MAX_CONTENT_CHARS).nullable(),
    firstSeen: timestampSchema,
    lastUpdated: timestampSchema,
    mentionCount: z.number().int().min(0),
    mergedInto: idSchema.nullable(),
    attributes: jsonObjectSchema,
  })
  .strict();

/** What a delete removed, as `entity.restore` takes it back. */
export const deletedEntitySchema = z
  .object({
    entity: entityRecordSchema,
    /** Nodes it was linked to; those still in memory are linked again on restore. */
    nodeIds: z.array(idSchema).max(1_000_000),
    /** Entities merged into it (and into those), parents first. */
    mergedFrom: z.array(entityRecordSchema).max(10_000),
  })
  .strict();
export type DeletedEntity = z.infer<typeof deletedEntitySchema>;

