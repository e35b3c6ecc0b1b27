/**
 * `engram review list|approve ID|decline ID|restore ID|settings [SOURCE=MODE…] [--json]`: the review queue from a
 * terminal. An unknown id fails (exit 1, the engine's not_found); a proposal already decided fails with `conflict`.
 */
import type { Command, CommandContext } from './command-types';
import { UsageError } from '../../src-shared/errors';
import {
  PROPOSAL_STATES,
  REVIEW_MODES,
  REVIEW_SOURCE_LABELS,
  REVIEW_SOURCES,
  type Proposal,
  type ProposalState,
  type ReviewMode,
  type ReviewSettings,
  type ReviewSource,
} from '../../src-shared/review-types';

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

const isSource = (s: string): s is ReviewSource => (REVIEW_SOURCES as readonly string[]).includes(s);
const isMode = (s: string): s is ReviewMode => (REVIEW_MODES as readonly string[]).includes(s);

/** `chat=at_once mcp=ask-first`: each word names a source and what its new facts do. */
function parseSettingWords(words: readonly string[]): Partial<ReviewSettings> {
  const patch: Partial<ReviewSettings> = {};
  for (const word of words) {
    const [source = '', mode = ''] = word.split('=', 2).map((s) => s.trim().toLowerCase().replace(/-/g, '_'));
    if (!isSource(source) || !isMode(mode)) {
      throw new UsageError(`review settings takes SOURCE=MODE words (sources: ${REVIEW_SOURCES.join(', ')}; modes: ${REVIEW_MODES.join(', ')}), got "${word}"`);
    }
    patch[source] = mode;
  }
  return patch;
}

function renderSettings(settings: ReviewSettings): string {
  return REVIEW_SOURCES.map((s) => `${s.padEnd(7)} ${settings[s].padEnd(9)} ${REVIEW_SOURCE_LABELS[s]}: ${settings[s] === 'at_once' ? 'remembered at once' : 'wait for your approval'}`).join('\n');
}

/** Shows the review settings, or changes the sources named and shows the result (so a typo is never silent). */
function settings(ctx: CommandContext, words: readonly string[]): void {
  const patch = parseSettingWords(words);
  const result = words.length > 0 ? ctx.engine.saveReviewSettings(patch) : ctx.engine.reviewSettings();
  if (ctx.json) return ctx.out(JSON.stringify(result));
  ctx.out(`${words.length > 0 ? 'Saved. ' : ''}New facts from each source:\n${renderSettings(result)}`);
}

export const review: Command = async (ctx) => {
  const [action, id] = ctx.args;
  if (action === 'list') return list(ctx);
  if (action === 'settings') return settings(ctx, ctx.args.slice(1));
  if (action !== 'approve' && action !== 'decline' && action !== 'restore') throw new UsageError('review takes list, approve ID, decline ID, restore ID or settings [SOURCE=MODE…]');
  if (!id) throw new UsageError(`missing <id>: review ${action} ID`);
  const engine = ctx.engine;
  const decision = action === 'approve' ? engine.approveProposal({ id }) : action === 'decline' ? engine.declineProposal({ id }) : engine.restoreProposal({ id });
  if (ctx.json) return ctx.out(JSON.stringify(decision));
  // The same claim pending from other chats is decided with it (memory/review/decisions.ts): say which.
  const twins = decision.sameClaim.length === 0 ? '' : `\nThe same claim from other chats, ${action}d with it: ${decision.sameClaim.join(', ')}`;
  ctx.out(
    (action === 'approve'
      ? `Approved ${id}: remembered as ${decision.nodeId ?? '?'}`
      : action === 'decline'
        ? `Declined ${id}: kept as declined, never proposed again from the same evidence`
        : `Restored ${id}: pending again`) + twins,
  );
};
