/**
 * Proposing and listing facts that wait for the person's review (issue 23). A proposal is not a node: search,
 * packs, the graph and every other read see nothing of it until it is approved (decisions.ts).
 */
import { createHash } from 'node:crypto';
import type { EngineContext } from '../context';
import { MemoryError, notFound } from '../errors';
import { newId } from '../ids';
import { getNode, getNodes } from '../repo/nodes';
import * as rows from '../repo/proposals';
import { parseInput } from '../schemas';
import { queryTerms } from '../retrieval/text';
import type { FactType, JsonObject, MemoryNode } from '../../../src-shared/memory-types';
import type { Proposal, ProposalPage, ProposalReceipt } from '../../../src-shared/review-types';
import { listProposalsSchema, proposeFactSchema, searchPendingSchema, type ListProposalsInput, type ProposeFactInput } from './schemas';

/** Quotes of evidence are cut here: the view shows the message, the node panel has the rest. */
const QUOTE_CHARS = 600;

/** A claim's words as compared: case, spacing and a closing stop or mark aside ("Cal is sober." is "cal is sober"). */
export function claimText(content: string): string {
  return content.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').replace(/[\s.!?]+$/u, '').trim();
}

/** The same claim from the same evidence: normalised text, what it supersedes, the episodes (or, without any, who said it). */
export function evidenceHash(kind: string, content: string, supersedesId: string | null, evidence: readonly string[], who: string): string {
  const text = claimText(content);
  const basis = evidence.length > 0 ? [...evidence].sort() : [who];
  return createHash('sha256').update(JSON.stringify([kind, text, supersedesId, basis])).digest('hex');
}

/** A checked input as the JSON the row keeps (its schema's output is plain data). */
const asJson = (value: object): JsonObject => JSON.parse(JSON.stringify(value)) as JsonObject;

export function proposeFact(ctx: EngineContext, raw: ProposeFactInput): ProposalReceipt {
  const input = parseInput(proposeFactSchema, raw);
  ctx.hot.flushSync();
  const now = ctx.clock.now();
  const label = input.sourceLabel ?? null;
  const common = { origin: input.origin, sourceLabel: label, createdAt: now, id: newId() };
  let row: Omit<rows.ProposalRow, 'state' | 'decidedAt' | 'nodeId'>;
  if (input.action === 'remember') {
    const fact = input.input;
    const missing = fact.derivedFrom.find((id) => !getNode(ctx.db, id));
    if (missing) throw notFound('Source episode', missing);
    row = {
      ...common,
      kind: 'new',
      content: fact.content,
      factType: fact.type,
      supersedesId: null,
      sessionId: fact.sessionId ?? null,
      evidence: fact.derivedFrom,
      entityIds: fact.entityIds,
      reason: null,
      payload: { input: asJson(fact) },
      evidenceHash: evidenceHash('new', fact.content, null, fact.derivedFrom, `${input.origin}:${label ?? ''}`),
    };
  } else {
    const correction = input.input;
    const target = getNode(ctx.db, correction.id);
    if (!target || target.type === 'episodic') throw notFound('Fact', correction.id);
    const missing = correction.evidence.find((id) => !getNode(ctx.db, id));
    if (missing) throw notFound('Evidence episode', missing);
    row = {
      ...common,
      kind: 'correction',
      content: correction.content,
      factType: target.type,
      supersedesId: target.id,
      sessionId: correction.sessionId ?? null,
      evidence: correction.evidence,
      entityIds: correction.entityIds ?? [],
      reason: correction.reason ?? null,
      payload: { input: asJson(correction), ...(input.attributes ? { attributes: input.attributes } : {}) },
      evidenceHash: evidenceHash('correction', correction.content, target.id, correction.evidence, `${input.origin}:${label ?? ''}`),
    };
  }
  // Pending, approved or declined before: never proposed twice (a declined claim stays declined).
  const seen = rows.proposalByHash(ctx.db, row.evidenceHash);
  if (seen) return { proposalId: seen.id, state: seen.state, created: false };
  rows.insertProposal(ctx.db, row);
  ctx.feed.emit({ kind: 'review.changed', proposalIds: [row.id] });
  return { proposalId: row.id, state: 'pending', created: true };
}

export function listProposals(ctx: EngineContext, raw: ListProposalsInput): ProposalPage {
  const input = parseInput(listProposalsSchema, raw);
  const filter = { state: input.state, sessionId: input.sessionId, origin: input.origin };
  const page = rows.listProposals(ctx.db, filter, input.limit + 1, decodeCursor(input.cursor));
  const items = page.slice(0, input.limit);
  const last = items[items.length - 1];
  return {
    items: viewProposals(ctx, items),
    total: rows.countProposals(ctx.db, filter),
    counts: rows.countByState(ctx.db),
    nextCursor: page.length > input.limit && last ? `${last.createdAt}:${last.id}` : null,
  };
}

export function getProposal(ctx: EngineContext, id: string): Proposal {
  const row = rows.getProposal(ctx.db, id);
  if (!row) throw notFound('Proposal', id);
  return viewProposals(ctx, [row])[0] as Proposal;
}

export function pendingCount(ctx: EngineContext): number {
  return rows.countProposals(ctx.db, { state: 'pending' });
}

/** The "show pending" switch of search: pending proposals whose text has every term of the query. */
export function searchPending(ctx: EngineContext, raw: { query: string; limit?: number }): Proposal[] {
  const input = parseInput(searchPendingSchema, raw);
  return viewProposals(ctx, rows.searchPending(ctx.db, queryTerms(input.query).terms.slice(0, 8), input.limit));
}

function decodeCursor(cursor: string | undefined): { createdAt: number; id: string } | undefined {
  if (cursor === undefined) return undefined;
  const colon = cursor.indexOf(':');
  const createdAt = Number(cursor.slice(0, colon));
  if (colon <= 0 || !Number.isSafeInteger(createdAt)) throw new MemoryError('invalid_input', `Not a cursor of this list: ${JSON.stringify(cursor)}`);
  return { createdAt, id: cursor.slice(colon + 1) };
}

/** Rows → what the view shows: evidence quoted and the fact it would supersede, read in one query per page. */
function viewProposals(ctx: EngineContext, list: readonly rows.ProposalRow[]): Proposal[] {
  const ids = new Set<string>();
  for (const r of list) {
    for (const e of r.evidence) ids.add(e);
    if (r.supersedesId) ids.add(r.supersedesId);
  }
  const nodes = new Map<string, MemoryNode>(getNodes(ctx.db, [...ids]).map((n) => [n.id, n]));
  return list.map((r) => {
    const target = r.supersedesId ? nodes.get(r.supersedesId) : undefined;
    return {
      id: r.id,
      state: r.state,
      kind: r.kind,
      content: r.content,
      factType: r.factType as FactType,
      supersedes: r.supersedesId ? { id: r.supersedesId, content: target?.content ?? '(no longer in memory)', current: target !== undefined && target.validUntil === null } : null,
      origin: r.origin,
      sourceLabel: r.sourceLabel,
      sessionId: r.sessionId,
      evidence: r.evidence.flatMap((id) => {
        const n = nodes.get(id);
        return n ? [{ id, content: n.content.slice(0, QUOTE_CHARS), eventTime: n.eventTime, role: n.sourceRole }] : [];
      }),
      reason: r.reason,
      createdAt: r.createdAt,
      decidedAt: r.decidedAt,
      nodeId: r.nodeId,
    };
  });
}
