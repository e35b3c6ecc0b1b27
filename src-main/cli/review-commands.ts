/**
 * `engram review list|approve ID|decline ID|restore ID [--json]`: the review queue from a terminal. An unknown
 * id fails (exit 1, the engine's not_found); a proposal already decided fails with `conflict`.
 */
import type { Command, CommandContext } from './command-types';
import { UsageError } from '../../src-shared/errors';
import { PROPOSAL_STATES, type Proposal, type ProposalState } from '../../src-shared/review-types';

const isState = (s: string): s is ProposalState => (PROPOSAL_STATES as readonly string[]).includes(s);

function renderProposal(p: Proposal): string {
  const lines = [`${p.id}  [${p.state}] ${p.kind === 'correction' ? 'correction' : 'new'} · ${p.origin}${p.sourceLabel ? ` (${p.sourceLabel})` : ''}${p.sessionId ? ` · session ${p.sessionId}` : ''}`, `  ${p.content}`];
  if (p.supersedes) lines.push(`  would supersede: "${p.supersedes.content}"${p.supersedes.current ? '' : ' (no longer current)'}`);
  for (const e of p.evidence) lines.push(`  evidence: "${e.content.slice(0, 160)}"`);
  return lines.join('\n');
}

function list(ctx: CommandContext): void {
  const state = ctx.options.state ?? 'pending';
  if (!isState(state)) throw new UsageError(`--state takes ${PROPOSAL_STATES.join(', ')}`);
  const limit = ctx.options.limit === undefined ? 100 : Number(ctx.options.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit takes a positive whole number');
  const page = ctx.engine.listProposals({ state, limit: Math.min(limit, 500), ...(ctx.options.session ? { sessionId: ctx.options.session } : {}) });
  if (ctx.json) return ctx.out(JSON.stringify(page));
  if (page.items.length === 0) return ctx.out(`No ${state} proposals.`);
  ctx.out([...page.items.map(renderProposal), `${page.items.length} of ${page.total} ${state} (pending ${page.counts.pending}, declined ${page.counts.declined}, approved ${page.counts.approved})`].join('\n'));
}

export const review: Command = async (ctx) => {
  const [action, id] = ctx.args;
  if (action === 'list') return list(ctx);
  if (action !== 'approve' && action !== 'decline' && action !== 'restore') throw new UsageError('review takes list, approve ID, decline ID or restore ID');
  if (!id) throw new UsageError(`missing <id>: review ${action} ID`);
  const engine = ctx.engine;
  const decision = action === 'approve' ? engine.approveProposal({ id }) : action === 'decline' ? engine.declineProposal({ id }) : engine.restoreProposal({ id });
  if (ctx.json) return ctx.out(JSON.stringify(decision));
  ctx.out(
    action === 'approve'
      ? `Approved ${id}: remembered as ${decision.nodeId ?? '?'}`
      : action === 'decline'
        ? `Declined ${id}: kept as declined, never proposed again from the same evidence`
        : `Restored ${id}: pending again`,
  );
};
