/**
 * The review queue's vocabulary (issue 23): where a new memory comes from, whether that source's facts are
 * remembered at once or wait for the person, and the proposals the Review view lists.
 */
import type { FactType } from './memory-types';

/** Sources a person can gate: their own chats, other apps over MCP, imported conversations. */
export const REVIEW_SOURCES = ['chat', 'mcp', 'import'] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

export const REVIEW_MODES = ['at_once', 'ask_first'] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];

export type ReviewSettings = Record<ReviewSource, ReviewMode>;

/** The person's own chats are trusted; what other apps and imports would add waits for a look first. */
export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = { chat: 'at_once', mcp: 'ask_first', import: 'ask_first' };

export const REVIEW_SOURCE_LABELS: Record<ReviewSource, string> = {
  chat: 'Your chats',
  mcp: 'Other apps (MCP)',
  import: 'Imports',
};

export const PROPOSAL_STATES = ['pending', 'approved', 'declined'] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];

/** A message a proposal was drawn from, quoted. */
export interface ProposalEvidence {
  id: string;
  content: string;
  eventTime: number;
  role: string | null;
}

export interface Proposal {
  id: string;
  state: ProposalState;
  /** `correction` would supersede `supersedes`; `new` adds a fact. */
  kind: 'new' | 'correction';
  content: string;
  factType: FactType;
  /** The fact it would supersede (its text now, and whether it is still current). */
  supersedes: { id: string; content: string; current: boolean } | null;
  origin: ReviewSource;
  /** Who proposed it: the MCP client's name, the memory agent, the assistant. */
  sourceLabel: string | null;
  sessionId: string | null;
  evidence: ProposalEvidence[];
  reason: string | null;
  createdAt: number;
  decidedAt: number | null;
  /** The fact an approval wrote. */
  nodeId: string | null;
}

export interface ProposalPage {
  items: Proposal[];
  /** Rows matching the filter (all pages). */
  total: number;
  counts: Record<ProposalState, number>;
  nextCursor: string | null;
}

/** What a write that needed review answered instead of a node id. */
export interface ProposalReceipt {
  proposalId: string;
  state: ProposalState;
  /** False when the same evidence had been proposed before (pending, approved or declined): nothing new. */
  created: boolean;
}

export interface ReviewDecision {
  proposalId: string;
  state: ProposalState;
  nodeId: string | null;
  /** The same claim pending from other chats (word for word, same space), decided with it. */
  sameClaim: string[];
}

export interface BulkReviewResult {
  decided: ReviewDecision[];
  /** Proposals that could not be applied (e.g. their evidence was erased), with why. */
  failed: { proposalId: string; message: string }[];
}
