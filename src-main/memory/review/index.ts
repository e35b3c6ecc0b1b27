/** The review queue's operations, for the engine facade (engine.ts). */
export { approveProposal, bulkReview, declineProposal, restoreProposal } from './decisions';
export { getProposal, listProposals, pendingCount, proposeFact, searchPending } from './proposals';
export { originOfSession, readReviewSettings, requiresReview, saveReviewSettings } from './settings';
export type { ApproveProposalInput, BulkReviewInput, ListProposalsInput, ProposeFactInput, ReviewSettingsPatch } from './schemas';
export type { ReviewSource } from '../../../src-shared/review-types';
