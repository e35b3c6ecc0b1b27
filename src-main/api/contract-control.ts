/**
 * The contract's calls for deciding what memory keeps (issues 23 and 26): memory spaces, retract by source and the
 * review queue. Part of `calls` in contract.ts (spread there); kept apart so each module stays small.
 */
import { z } from 'zod';
import {
  bulkReviewSchema,
  contentSchema,
  createSpaceSchema,
  deleteSpaceSchema,
  idSchema,
  listProposalsSchema,
  proposalIdSchema,
  renameSpaceSchema,
  retractionIdSchema,
  retractSourceSchema,
  reviewSettingsPatchSchema,
  searchPendingSchema,
} from '../memory';
import type { RetractionRecord, RetractPreview, RetractResult } from '../../src-shared/retract-types';
import type { ReextractPreview, ReextractResult } from '../../src-shared/reextract-types';
import type { BulkReviewResult, Proposal, ProposalPage, ReviewDecision, ReviewSettings } from '../../src-shared/review-types';
import type { MemorySpace, MemorySpaceSummary } from '../../src-shared/spaces';
import { call, MAX_PAGE, none } from './call-spec';

export const controlCalls = {
  /** Memory spaces (issue 26): Personal first, each with its counts. */
  'spaces.list': call<MemorySpaceSummary[]>()(none),
  'spaces.create': call<MemorySpace>()(createSpaceSchema.strict()),
  'spaces.rename': call<MemorySpace>()(renameSpaceSchema.strict()),
  /** Personal cannot be deleted; `rows` says what happens to the space's memories (moved or erased). */
  'spaces.delete': call<{ moved: number; erased: number; settled: number }>()(deleteSpaceSchema.strict()),
  // ---- retract by source (issue 23): what memory learned from a message, chat, session, import, app or run ----
  /** What the source taught and what retracting it would do; changes nothing. */
  'memory.retractPreview': call<RetractPreview>()(retractSourceSchema),
  /** Forgets what only the source supports, removes its support elsewhere, makes what it superseded current again. */
  'memory.retract': call<RetractResult>()(retractSourceSchema),
  /** Puts back exactly the state before that retract (once). */
  'memory.undoRetract': call<RetractResult>()(retractionIdSchema),
  /** Retracts that can still be undone, newest first. */
  'memory.retractions': call<RetractionRecord[]>()(z.object({ limit: z.number().int().min(1).max(MAX_PAGE).default(50) }).strict()),
  /** Re-extract: reads a memory session again (the configured model, else offline) and shows the difference; writes nothing. */
  'memory.reextractPreview': call<ReextractPreview>()(z.object({ sessionId: idSchema, offline: z.boolean().default(false) }).strict()),
  /** Applies exactly that preview in one transaction; `memory.undoRetract` with its `retractionId` reverts it. */
  'memory.reextractApply': call<ReextractResult>()(z.object({ previewId: z.string().uuid('not a preview id') }).strict()),
  // ---- review queue (issue 23): facts that wait for the person before they are remembered ----
  /** "New memories: remember at once / ask me first", per source. */
  'review.settings': call<ReviewSettings>()(none),
  'review.saveSettings': call<ReviewSettings>()(reviewSettingsPatchSchema),
  /** One page of proposals in a state (pending by default), newest first, with the count of each state. */
  'review.list': call<ProposalPage>()(listProposalsSchema),
  'review.count': call<{ pending: number }>()(none),
  /** Approve: runs the memory's own write (a correction supersedes now, not before). */
  'review.approve': call<ReviewDecision>()(proposalIdSchema),
  'review.editApprove': call<ReviewDecision>()(z.object({ id: idSchema, content: contentSchema }).strict()),
  /** Decline: kept as declined (restorable) and never proposed again from the same evidence. */
  'review.decline': call<ReviewDecision>()(proposalIdSchema),
  'review.restore': call<ReviewDecision>()(proposalIdSchema),
  /** Approve or decline every pending proposal of one session or one source. */
  'review.bulk': call<BulkReviewResult>()(bulkReviewSchema),
  /** The "show pending" switch of search: pending proposals whose text matches, shown marked. */
  'review.searchPending': call<Proposal[]>()(searchPendingSchema),
} as const;
