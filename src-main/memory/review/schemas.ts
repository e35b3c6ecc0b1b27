/** Inputs of the review queue, checked with zod wherever they come from (the contract, the CLI, the engine). */
import { z } from 'zod';
import { PROPOSAL_STATES, REVIEW_MODES, REVIEW_SOURCES } from '../../../src-shared/review-types';
import { contentSchema, correctFactSchema, idSchema, jsonObjectSchema, nameSchema, rememberFactSchema } from '../schemas';

export const reviewSettingsSchema = z.object({
  chat: z.enum(REVIEW_MODES),
  mcp: z.enum(REVIEW_MODES),
  import: z.enum(REVIEW_MODES),
});

export const reviewSettingsPatchSchema = reviewSettingsSchema.partial().strict();
export type ReviewSettingsPatch = z.input<typeof reviewSettingsPatchSchema>;

const proposalOrigin = {
  origin: z.enum(REVIEW_SOURCES),
  /** Who proposed it, shown in the Review view: an MCP client's name, "memory agent", "assistant". */
  sourceLabel: z.string().min(1).max(200).optional(),
};

/** A write held for review: what the engine's remember or correct would take, and where it came from. */
export const proposeFactSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('remember'), input: rememberFactSchema, ...proposalOrigin }),
  z.object({
    action: z.literal('correct'),
    input: correctFactSchema,
    /** Attributes the new version gets on approval (the write path's slot and run). */
    attributes: jsonObjectSchema.optional(),
    ...proposalOrigin,
  }),
]);
export type ProposeFactInput = z.input<typeof proposeFactSchema>;

export const PROPOSAL_PAGE_MAX = 500;

export const listProposalsSchema = z.object({
  state: z.enum(PROPOSAL_STATES).default('pending'),
  sessionId: nameSchema.optional(),
  origin: z.enum(REVIEW_SOURCES).optional(),
  limit: z.number().int().min(1).max(PROPOSAL_PAGE_MAX).default(100),
  cursor: z.string().max(200).optional(),
}).strict();
export type ListProposalsInput = z.input<typeof listProposalsSchema>;

export const approveProposalSchema = z.object({
  id: idSchema,
  /** Edit and approve: the text the fact is remembered with instead of the proposed one. */
  content: contentSchema.optional(),
}).strict();
export type ApproveProposalInput = z.input<typeof approveProposalSchema>;

export const proposalIdSchema = z.object({ id: idSchema }).strict();

/** Decide every pending proposal of one session or one source. One of the two is required. */
export const bulkReviewSchema = z
  .object({
    action: z.enum(['approve', 'decline']),
    sessionId: nameSchema.optional(),
    origin: z.enum(REVIEW_SOURCES).optional(),
  })
  .strict()
  .refine((v) => v.sessionId !== undefined || v.origin !== undefined, { message: 'name a sessionId or an origin', path: ['sessionId'] });
export type BulkReviewInput = z.input<typeof bulkReviewSchema>;

export const searchPendingSchema = z.object({ query: z.string().max(4000), limit: z.number().int().min(1).max(100).default(20) }).strict();
