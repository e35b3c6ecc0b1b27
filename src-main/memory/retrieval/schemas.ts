import { z } from 'zod';
import { NODE_TYPES } from '../../../src-shared/memory-types';
import { eventTimeSchema, idSchema, MAX_CONTENT_CHARS } from '../schemas';

const timeExpr = z.union([z.string().trim().min(1).max(200), eventTimeSchema]);

/**
 * The one search input: the engine validates with it, and the API contract takes it as is (without `now`, which
 * only tests and the CLI set). Whatever a person types is a query: a blank or all-punctuation one finds nothing.
 */
export const searchInputSchema = z.object({
  query: z
    .string()
    .max(MAX_CONTENT_CHARS, `query is longer than ${MAX_CONTENT_CHARS} characters`)
    .refine((s) => s.isWellFormed() && !s.includes('\u0000'), 'query contains invalid characters'),
  types: z.array(z.enum(NODE_TYPES)).min(1).max(NODE_TYPES.length).optional(),
  entityName: z.string().trim().min(1).max(200).optional(),
  after: timeExpr.optional(),
  before: timeExpr.optional(),
  limit: z.number().int().min(1).max(100).default(10),
  excludeSessionIds: z.array(z.string().max(200)).max(100).default([]),
  includeInvalid: z.boolean().default(false),
  includeRecitals: z.boolean().default(false),
  /** The hits as they would have been then: a time expression or epoch ms, read as the end of the day it names. */
  asOf: timeExpr.optional(),
  /** The active space: its nodes plus facts marked everywhere (absent = every space). */
  spaceId: idSchema.optional(),
  now: z.number().int().min(0).optional(),
});

export const contextOptionsSchema = z.object({
  tokenBudget: z.number().int().min(50).max(100_000).optional(),
  /** Upper bound on the adaptive budget (a model with a small window). */
  maxTokenBudget: z.number().int().min(50).max(100_000).optional(),
  excludeSessionIds: z.array(z.string().max(200)).max(100).default([]),
  /** The pack as it would have been then (see searchInputSchema's asOf). */
  asOf: timeExpr.optional(),
  /** The chat's space: the pack holds its nodes plus facts marked everywhere (absent = every space). */
  spaceId: idSchema.optional(),
  now: z.number().int().min(0).optional(),
});

export const nodeIdListSchema = z.array(idSchema).max(1000);
