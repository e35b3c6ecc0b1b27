/**
 * Deciding proposals (issue 23). Approval runs the engine's own write — remember, or correct when the fact it
 * would supersede is still current — so supersedes happen on approval, never before; a correction whose target
 * was changed or forgotten meanwhile is remembered as a fact of its own. A remembered fact with a slot is settled
 * against what is current at approval (settle.ts), as the proposals queued before it were not there to meet. Decline keeps the row (restorable);
 * its evidence hash keeps the same claim from coming back. The same claim pending from several chats ("Cal is
 * sober", word for word, in one space) is decided once: approving one approves the others into the same fact, each
 * chat's messages its sources; declining one declines them all.
 */
import type { EngineContext } from '../context';
import { MemoryError, notFound } from '../errors';
import * as factOps from '../facts';
import { getNode } from '../repo/nodes';
import { writeTx } from '../../storage/write-tx';
import * as rows from '../repo/proposals';
import { parseInput, type CorrectFactInput, type RememberFactInput } from '../schemas';
import type { JsonObject } from '../../../src-shared/memory-types';
import type { BulkReviewResult, ProposalState, ReviewDecision } from '../../../src-shared/review-types';
import { rememberSettled } from './settle';
import { claimText } from './proposals';
import { queryTerms } from '../retrieval/text';
import { restate, spaceOfNewFact } from '../remember-once';
import { approveProposalSchema, bulkReviewSchema, proposalIdSchema, type ApproveProposalInput, type BulkReviewInput } from './schemas';

/** One transaction whose change events go out after the commit (the engine's writeTransaction). */
export type Transaction = <T>(fn: () => T) => T;

function requireState(ctx: EngineContext, id: string, state: ProposalState, action: string): rows.ProposalRow {
  const row = rows.getProposal(ctx.db, id);
  if (!row) throw notFound('Proposal', id);
  if (row.state !== state) throw new MemoryError('conflict', `Cannot ${action} proposal ${id}: it is ${row.state}`);
  return row;
}

export function approveProposal(ctx: EngineContext, tx: Transaction, raw: ApproveProposalInput): ReviewDecision {
  return approve(ctx, tx, raw, (row) => sameClaimPending(ctx, row));
}

/** Approval, with the pending proposals of the same claim found by `twinsOf` (bulk reads the queue once for all). */
function approve(ctx: EngineContext, tx: Transaction, raw: ApproveProposalInput, twinsOf: (row: rows.ProposalRow) => rows.ProposalRow[]): ReviewDecision {
  const input = parseInput(approveProposalSchema, raw);
  // A savepoint of its own, so a bulk approval that fails on one proposal keeps the others.
  return tx(() => writeTx(ctx.db, () => {
    const row = requireState(ctx, input.id, 'pending', 'approve');
    const nodeId = writeFact(ctx, row, input.content ?? row.content);
    const now = ctx.clock.now();
    rows.setProposalState(ctx.db, row.id, 'approved', now, nodeId);
    // The same claim from other chats: their messages become sources of the one fact, as approving each would.
    const same = twinsOf(row);
    const fact = same.length > 0 ? getNode(ctx.db, nodeId) : undefined;
    for (const other of same) {
      if (fact) restate(ctx, fact, other.evidence);
      rows.setProposalState(ctx.db, other.id, 'approved', now, nodeId);
    }
    ctx.feed.emit({ kind: 'review.changed', proposalIds: [row.id, ...same.map((r) => r.id)] });
    return { proposalId: row.id, state: 'approved' as const, nodeId, sameClaim: same.map((r) => r.id) };
  }));
}

/**
 * The other pending proposals of a new fact that say what `row` says, word for word, to be written in the same
 * space: one claim proposed from several chats. Corrections are not joined (each names the fact it replaces and why).
 * Read by the claim's words (the queue's text match), then compared whole.
 */
function sameClaimPending(ctx: EngineContext, row: rows.ProposalRow): rows.ProposalRow[] {
  const key = claimKey(ctx, row);
  if (key === null) return [];
  const words = queryTerms(row.content).terms.slice(0, 8);
  const candidates = words.length > 0 ? rows.searchPending(ctx.db, words, Number.MAX_SAFE_INTEGER) : rows.listProposals(ctx.db, { state: 'pending' }, Number.MAX_SAFE_INTEGER);
  return candidates.filter((r) => r.id !== row.id && claimKey(ctx, r) === key);
}

/** What makes two proposals one claim: a new fact's words, its type, and the space it would be written in (null: a correction). */
function claimKey(ctx: EngineContext, row: rows.ProposalRow): string | null {
  return row.kind === 'new' ? JSON.stringify([claimText(row.content), row.factType, proposalSpace(ctx, row)]) : null;
}

/** The space a proposal's fact would be written in. */
function proposalSpace(ctx: EngineContext, row: rows.ProposalRow): string {
  const input = (row.payload.input ?? {}) as { spaceId?: unknown };
  return spaceOfNewFact(ctx, { ...(typeof input.spaceId === 'string' ? { spaceId: input.spaceId } : {}), ...(row.sessionId ? { sessionId: row.sessionId } : {}) });
}

function writeFact(ctx: EngineContext, row: rows.ProposalRow, content: string): string {
  const payload = row.payload.input as JsonObject | undefined;
  if (!payload) throw new MemoryError('storage', `Proposal ${row.id} has no stored write`);
  const reviewed = { review: { proposal: row.id, origin: row.origin, ...(content !== row.content ? { edited: true } : {}) } };
  if (row.kind === 'correction' && row.supersedesId) {
    const target = getNode(ctx.db, row.supersedesId);
    if (target && target.validUntil === null) {
      const id = factOps.correctFact(ctx, { ...(payload as unknown as CorrectFactInput), content });
      factOps.patchNodeAttributes(ctx, id, { ...((row.payload.attributes as JsonObject | undefined) ?? {}), ...reviewed });
      return id;
    }
    // What it would have corrected changed meanwhile: it is remembered as what it says, with its own evidence,
    // placed among what is current now.
    const correction = payload as unknown as CorrectFactInput;
    return rememberSettled(ctx, {
      content,
      type: row.factType as RememberFactInput['type'],
      sourceType: correction.sourceType,
      ...(correction.sourceRole ? { sourceRole: correction.sourceRole } : {}),
      ...(correction.sessionId ? { sessionId: correction.sessionId } : {}),
      derivedFrom: row.evidence,
      entityIds: row.entityIds,
      attributes: { ...((row.payload.attributes as JsonObject | undefined) ?? {}), ...reviewed },
    });
  }
  const fact = payload as unknown as RememberFactInput;
  return rememberSettled(ctx, { ...fact, content, attributes: { ...(fact.attributes ?? {}), ...reviewed } });
}

export function declineProposal(ctx: EngineContext, raw: { id: string }): ReviewDecision {
  const { id } = parseInput(proposalIdSchema, raw);
  const row = requireState(ctx, id, 'pending', 'decline');
  const now = ctx.clock.now();
  // The same claim from other chats is declined with it: it is the claim that is not true, not one chat's words.
  const same = sameClaimPending(ctx, row);
  writeTx(ctx.db, () => {
    for (const r of [row, ...same]) rows.setProposalState(ctx.db, r.id, 'declined', now, null);
  });
  ctx.feed.emit({ kind: 'review.changed', proposalIds: [id, ...same.map((r) => r.id)] });
  return { proposalId: id, state: 'declined', nodeId: null, sameClaim: same.map((r) => r.id) };
}

/** A declined proposal goes back to the queue. */
export function restoreProposal(ctx: EngineContext, raw: { id: string }): ReviewDecision {
  const { id } = parseInput(proposalIdSchema, raw);
  requireState(ctx, id, 'declined', 'restore');
  rows.setProposalState(ctx.db, id, 'pending', null, null);
  ctx.feed.emit({ kind: 'review.changed', proposalIds: [id] });
  return { proposalId: id, state: 'pending', nodeId: null, sameClaim: [] };
}

/**
 * Approve or decline every pending proposal of a session or a source, oldest first, in one transaction; one
 * that cannot be applied (its evidence was erased) is reported and rolled back alone, the rest go on.
 */
export function bulkReview(ctx: EngineContext, tx: Transaction, raw: BulkReviewInput): BulkReviewResult {
  const input = parseInput(bulkReviewSchema, raw);
  const filter = { state: 'pending' as const, sessionId: input.sessionId, origin: input.origin };
  return tx(() => {
    const all = rows.listProposals(ctx.db, filter, Number.MAX_SAFE_INTEGER).reverse();
    const result: BulkReviewResult = { decided: [], failed: [] };
    const now = ctx.clock.now();
    const settled = new Set<string>();
    // The same claim pending elsewhere (another chat or source), from one read of the queue: not one per approval.
    const claims = new Map<string, rows.ProposalRow[]>();
    if (input.action === 'approve') {
      for (const r of rows.listProposals(ctx.db, { state: 'pending' }, Number.MAX_SAFE_INTEGER)) {
        const key = claimKey(ctx, r);
        if (key !== null) claims.set(key, [...(claims.get(key) ?? []), r]);
      }
    }
    const twinsOf = (row: rows.ProposalRow): rows.ProposalRow[] => {
      const key = claimKey(ctx, row);
      return key === null ? [] : (claims.get(key) ?? []).filter((r) => r.id !== row.id && !settled.has(r.id));
    };
    for (const row of all) {
      // Decided already with the same claim from another chat (approveProposal below).
      if (settled.has(row.id)) continue;
      if (input.action === 'decline') {
        rows.setProposalState(ctx.db, row.id, 'declined', now, null);
        result.decided.push({ proposalId: row.id, state: 'declined', nodeId: null, sameClaim: [] });
        continue;
      }
      try {
        const decided = approve(ctx, tx, { id: row.id }, twinsOf);
        settled.add(row.id);
        for (const id of decided.sameClaim) settled.add(id);
        result.decided.push(decided);
      } catch (err) {
        if (!(err instanceof MemoryError)) throw err;
        result.failed.push({ proposalId: row.id, message: err.message });
      }
    }
    if (input.action === 'decline' && result.decided.length > 0) ctx.feed.emit({ kind: 'review.changed', proposalIds: result.decided.map((d) => d.proposalId) });
    return result;
  });
}
