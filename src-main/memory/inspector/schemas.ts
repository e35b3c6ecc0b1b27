/** Inputs of the inspector's calls; the API contract reuses them so a refusal reads the same everywhere. */
import { z } from 'zod';
import { idSchema, nameSchema } from '../schemas';
import { asOfSchema } from '../as-of';
import { ENTITY_TYPES, NODE_TYPES, RELATION_TYPES, SOURCE_TYPES } from '../../../src-shared/memory-types';

export const graphFilterSchema = z
  .object({
    types: z.array(z.enum(NODE_TYPES)).max(4).optional(),
    relations: z.array(z.enum(RELATION_TYPES)).max(5).optional(),
    sourceTypes: z.array(z.enum(SOURCE_TYPES)).max(SOURCE_TYPES.length).optional(),
    minConfidence: z.number().min(0).max(1).optional(),
    after: z.number().int().optional(),
    before: z.number().int().optional(),
    /** Only nodes linked to this entity. */
    entityId: idSchema.optional(),
    /** Show superseded, forgotten and pruned nodes too. */
    includeInvalid: z.boolean().default(false),
    /** What memory believed at this instant (ms): learned by then and, unless includeInvalid, valid then. */
    asOf: asOfSchema.optional(),
    /** Only this space's nodes and those marked everywhere; absent = every space. */
    spaceId: idSchema.optional(),
  })
  .strict()
  // A window that ends before it starts holds nothing: say so rather than answer with an empty graph.
  .refine((f) => f.after === undefined || f.before === undefined || f.after < f.before, {
    message: 'the time window ends before it starts: after must be earlier than before',
    path: ['before'],
  });
export type GraphFilter = z.output<typeof graphFilterSchema>;

export const graphSeedSchema = z
  .object({
    seed: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('recent') }).strict(),
      z.object({ kind: z.literal('connected') }).strict(),
      z.object({ kind: z.literal('entity'), entityId: idSchema }).strict(),
      z.object({ kind: z.literal('nodes'), ids: z.array(idSchema).min(1).max(500) }).strict(),
      z.object({ kind: z.literal('query'), query: z.string().min(1).max(500) }).strict(),
    ]),
    filter: graphFilterSchema.default({ includeInvalid: false }),
    limit: z.number().int().min(1).max(3000).default(150),
  })
  .strict();
export type GraphSeedInput = z.input<typeof graphSeedSchema>;

export const graphExpandSchema = z
  .object({
    nodeIds: z.array(idSchema).max(100).default([]),
    entityIds: z.array(idSchema).max(20).default([]),
    filter: graphFilterSchema.default({ includeInvalid: false }),
    limit: z.number().int().min(1).max(3000).default(200),
  })
  .strict();
export type GraphExpandInput = z.input<typeof graphExpandSchema>;

export const timelineSchema = z
  .object({
    from: z.number().int(),
    to: z.number().int(),
    types: z.array(z.enum(NODE_TYPES)).max(4).optional(),
    sourceTypes: z.array(z.enum(SOURCE_TYPES)).max(SOURCE_TYPES.length).optional(),
    entityId: idSchema.optional(),
    /** History is the point of a timeline, so superseded and forgotten versions are shown unless asked not to. */
    includeInvalid: z.boolean().default(true),
    /** Only this space's nodes and those marked everywhere; absent = every space. */
    spaceId: idSchema.optional(),
    limit: z.number().int().min(1).max(20_000).default(5000),
    /** Only what memory had learned by this instant (ms), shown as it stood then. */
    asOf: asOfSchema.optional(),
  })
  .strict()
  .refine((v) => v.from < v.to, { message: 'from must be before to', path: ['to'] });
export type TimelineInput = z.input<typeof timelineSchema>;

/** Compare: what changed between two instants (ms). */
export const compareSchema = z
  .object({
    from: asOfSchema,
    to: asOfSchema,
    /** At most this many entries per list. */
    limit: z.number().int().min(1).max(1000).default(200),
  })
  .strict()
  .refine((v) => v.from < v.to, { message: 'the first date must be earlier than the second', path: ['to'] });
export type CompareInput = z.input<typeof compareSchema>;

export const setTagsSchema = z.object({ id: idSchema, tags: z.array(nameSchema).max(50) }).strict();

/**
 * Undo names the edit, nothing more: the state it puts back is the one the engine recorded (repo/undo-states.ts),
 * so a client cannot write decay values of its choosing through it.
 */
export const undoConfirmSchema = z.object({ id: idSchema }).strict();
export const undoCorrectionSchema = z.object({ newId: idSchema }).strict();

export const splitEntitySchema = z
  .object({
    entityId: idSchema,
    name: nameSchema,
    type: z.enum(ENTITY_TYPES),
    /** Nodes whose link moves to the new entity. */
    nodeIds: z.array(idSchema).max(5000).default([]),
    /** Aliases that move to the new entity. */
    aliases: z.array(nameSchema).max(100).default([]),
  })
  .strict();
export type SplitEntityInput = z.input<typeof splitEntitySchema>;
