/**
 * Input schemas of the engine API. The same schemas validate at the renderer/main boundary,
 * so a bad input is refused with the same message wherever it comes from.
 */
import { z } from 'zod';
import { ENTITY_TYPES, FACT_TYPES, NODE_TYPES, SOURCE_TYPES } from '../../src-shared/memory-types';
import { MemoryError } from './errors';

/** Longest content a node may hold, in UTF-16 code units (about 100 KB of text: a long pasted document). */
export const MAX_CONTENT_CHARS = 100_000;
export const MAX_NAME_CHARS = 200;

/** Text a person wrote: not blank, not too long, no NUL, no lone surrogates (they cannot be stored as UTF-8). */
export const contentSchema = z
  .string()
  .refine((s) => s.trim().length > 0, 'content is empty')
  .refine((s) => s.length <= MAX_CONTENT_CHARS, `content is longer than ${MAX_CONTENT_CHARS} characters`)
  .refine((s) => !s.includes('\u0000'), 'content contains a NUL character')
  .refine((s) => s.isWellFormed(), 'content contains a lone UTF-16 surrogate');

export const nameSchema = z
  .string()
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, 'name is empty')
  .refine((s) => s.length <= MAX_NAME_CHARS, `name is longer than ${MAX_NAME_CHARS} characters`)
  .refine((s) => !s.includes('\u0000') && s.isWellFormed(), 'name contains invalid characters');

export const idSchema = z.string().min(1, 'id is empty').max(100, 'id is too long');
/** When the memory did something (recorded, created, accessed): never before 1970. */
export const timestampSchema = z.number().int().min(0).max(8.64e15);
/** 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the years an ISO date can write with four digits. */
export const MIN_EVENT_TIME = -62_135_596_800_000;
export const MAX_EVENT_TIME = 253_402_300_799_999;
/**
 * When something happened or began to hold, as the person tells it: births and history are before 1970, so
 * negative epoch times are real ("born on 4 July 1961"). Any instant of the years 0001–9999.
 */
export const eventTimeSchema = z
  .number()
  .int()
  .min(MIN_EVENT_TIME, 'is before the year 1')
  .max(MAX_EVENT_TIME, 'is after the year 9999');
export const jsonObjectSchema = z.record(z.string(), z.json());

export const recordEpisodeSchema = z.object({
  content: contentSchema,
  sessionId: nameSchema,
  role: z.string().min(1).max(64).default('user'),
  eventTime: timestampSchema.optional(),
  sourceType: z.enum(SOURCE_TYPES).default('conversation'),
  attributes: jsonObjectSchema.optional(),
  /** The space it was said in (the chat's, the MCP client's); absent = its session's space. */
  spaceId: idSchema.optional(),
});
export type RecordEpisodeInput = z.input<typeof recordEpisodeSchema>;

export const rememberFactSchema = z.object({
  content: contentSchema,
  type: z.enum(FACT_TYPES).default('semantic'),
  sourceType: z.enum(SOURCE_TYPES).default('manual'),
  sourceRole: z.string().min(1).max(64).optional(),
  /** Overrides the §12.1 default for the source. */
  confidence: z.number().min(0).max(1).optional(),
  decayRate: z.number().min(0).max(10).optional(),
  eventTime: eventTimeSchema.optional(),
  /** From when the fact holds (default now): the write path passes when it became true or was said. */
  validFrom: eventTimeSchema.optional(),
  sessionId: nameSchema.optional(),
  /** Episodes this fact was distilled from (`derived_from` edges). */
  derivedFrom: z.array(idSchema).max(1000).default([]),
  /** Entity ids to link. */
  entityIds: z.array(idSchema).max(100).default([]),
  tags: z.array(nameSchema).max(50).default([]),
  attributes: jsonObjectSchema.optional(),
  /** The space it belongs to; absent = its session's space, else Personal. */
  spaceId: idSchema.optional(),
  /** Seen from every space (name, language, accessibility needs). */
  everywhere: z.boolean().optional(),
});
export type RememberFactInput = z.input<typeof rememberFactSchema>;

export const correctFactSchema = z.object({
  id: idSchema,
  content: contentSchema,
  sourceType: z.enum(SOURCE_TYPES).default('manual'),
  sourceRole: z.string().min(1).max(64).optional(),
  /** Episodes that justify the correction; stored on the supersedes edge. */
  evidence: z.array(idSchema).max(1000).default([]),
  reason: z.string().max(2000).optional(),
  /** The session the new version was stated in (the write path); default the corrected fact's. */
  sessionId: nameSchema.optional(),
  /** When what the new version says happened; default the corrected fact's (a correction is not news from today). */
  eventTime: eventTimeSchema.optional(),
  /** From when the new version holds; default the corrected fact's. */
  validFrom: eventTimeSchema.optional(),
  /** Entities of the new version (the write path's own); default those of the old version its text still names. */
  entityIds: z.array(idSchema).max(100).optional(),
});
export type CorrectFactInput = z.input<typeof correctFactSchema>;

export const createEntitySchema = z.object({
  name: nameSchema,
  type: z.enum(ENTITY_TYPES),
  aliases: z.array(nameSchema).max(100).default([]),
  summary: z.string().max(MAX_CONTENT_CHARS).optional(),
  attributes: jsonObjectSchema.optional(),
});
export type CreateEntityInput = z.input<typeof createEntitySchema>;

export const listNodesSchema = z.object({
  types: z.array(z.enum(NODE_TYPES)).optional(),
  sourceTypes: z.array(z.enum(SOURCE_TYPES)).optional(),
  sessionId: z.string().optional(),
  entityId: idSchema.optional(),
  after: eventTimeSchema.optional(),
  before: eventTimeSchema.optional(),
  minConfidence: z.number().min(0).max(1).optional(),
  /** Only this space's nodes and those marked everywhere; absent = every space. */
  spaceId: idSchema.optional(),
  /** Include superseded, forgotten and pruned nodes. */
  includeInvalid: z.boolean().default(false),
  order: z.enum(['event_time_desc', 'event_time_asc', 'created_desc']).default('event_time_desc'),
  /** The list as it stood at this instant (ms): learned by then and, unless includeInvalid, valid then. */
  asOf: timestampSchema.optional(),
  limit: z.number().int().min(1).max(1000).default(50),
  cursor: z.string().max(200).optional(),
});
export type ListNodesInput = z.input<typeof listNodesSchema>;

/** Parse with a schema; a failure becomes a typed invalid_input error naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  throw new MemoryError('invalid_input', summary, { issues });
}
