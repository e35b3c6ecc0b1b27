/** CLI commands of the read path: search, context, profile, eval recall. */
import { UsageError } from '../../src-shared/errors';
import { recallDatasetSchema, type RecallDataset } from '../data/import/transcript-file';
import { evaluateRecall } from './recall-eval';
import type { SearchResult } from '../../src-shared/retrieval-types';
import { NODE_TYPES, type NodeType } from '../../src-shared/memory-types';
import type { Command, CommandContext } from './command-types';
import { agentConfigFromEnv } from './consolidate';
import { evaluateContext } from './eval-context';
import { profileText } from '../../src-shared/profile-format';
import { asOfDay, learnedLaterNotice } from '../../src-shared/as-of-notice';

function text(ctx: CommandContext, name: string): string {
  const value = ctx.args.join(' ').trim();
  if (!value) throw new UsageError(`missing <${name}>`);
  return value;
}

function parseTypes(value: string | undefined): NodeType[] | undefined {
  if (value === undefined) return undefined;
  const types = value.split(',').map((t) => t.trim());
  const bad = types.find((t) => !(NODE_TYPES as readonly string[]).includes(t));
  if (bad !== undefined) throw new UsageError(`--type: "${bad}" is not one of ${NODE_TYPES.join(', ')}`);
  return types as NodeType[];
}

function parseLimit(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new UsageError(`--limit: expected an integer 1..100, got ${value}`);
  return n;
}

/**
 * `--as-of DATE`: what the --after/--before options read (a day, an ISO time, "last month"), taken as the end
 * of the day it names; the engine refuses one it cannot read (invalid_input: exit 1, named on stderr).
 */
function asOfOption(ctx: CommandContext): { asOf?: string } {
  const value = ctx.options['as-of'];
  if (value === undefined) return {};
  if (!value.trim()) throw new UsageError('--as-of: expected a date (e.g. 2026-03-01)');
  // History imported after the date is left out by the rule (what memory had learned by then): said, not silent.
  const later = ctx.engine.learnedLater(value, ctx.spaceId);
  if (later.count > 0) ctx.notice(learnedLaterNotice(later.count, later.firstLearnedAt));
  return { asOf: value };
}

function renderSearch(r: SearchResult): string {
  const lines = [`intent ${r.intent} · ${r.complexity} · ${r.hits.length} hit(s) in ${r.timings.total ?? 0} ms`];
  if (r.asOf) lines.push(`as of ${r.asOf}`);
  if (r.window.after || r.window.before) lines.push(`window ${r.window.after ?? '…'} → ${r.window.before ?? '…'}`);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  r.hits.forEach((h, i) => {
    const found = h.strategies.map((s) => `${s.strategy}#${s.rank}`).join(' ');
    lines.push(`${String(i + 1).padStart(2)}. [${h.node.type}] ${h.node.content.replace(/\s+/g, ' ').slice(0, 160)}`);
    lines.push(`    ${h.event_time_local} (${h.event_time_relative}) · score ${h.score.toFixed(4)} · ${found} · ${h.node.id}`);
  });
  return lines.join('\n');
}

export const search: Command = async (ctx) => {
  const result = await ctx.engine.search({
    query: text(ctx, 'query'),
    ...(ctx.options.type !== undefined ? { types: parseTypes(ctx.options.type) } : {}),
    ...(ctx.options.entity !== undefined ? { entityName: ctx.options.entity } : {}),
    ...(ctx.options.after !== undefined ? { after: ctx.options.after } : {}),
    ...(ctx.options.before !== undefined ? { before: ctx.options.before } : {}),
    ...(ctx.options.limit !== undefined ? { limit: parseLimit(ctx.options.limit) } : {}),
    ...asOfOption(ctx),
    ...(ctx.spaceId !== undefined ? { spaceId: ctx.spaceId } : {}),
  });
  ctx.out(ctx.json ? JSON.stringify(result) : renderSearch(result));
};

export const context: Command = async (ctx) => {
  const pack = await ctx.engine.buildContextPack(text(ctx, 'prompt'), { ...asOfOption(ctx), ...(ctx.spaceId !== undefined ? { spaceId: ctx.spaceId } : {}) });
  if (ctx.json) return ctx.out(JSON.stringify(pack));
  const summary = pack.sections.map((s) => `${s.name} ${s.tokens}/${s.budget}`).join(', ');
  const asOf = ctx.options['as-of'] !== undefined ? `as of ${new Date(pack.createdAt).toISOString()}\n\n` : '';
  ctx.out(`${asOf}${pack.markdown || '(nothing relevant remembered)'}\n\n— ${pack.tokensUsed}/${pack.tokenBudget} tokens (${summary}); intent ${pack.intent}, ${pack.complexity}`);
};

/** `profile`: what Engram knows about the person (static and dynamic parts), as the inspector's card shows it. */
export const profile: Command = async (ctx) => {
  if (ctx.args.length > 0) throw new UsageError(`profile takes no arguments, got "${ctx.args.join(' ')}"`);
  const asOf = asOfOption(ctx).asOf;
  const p = ctx.engine.profile({ ...(ctx.spaceId !== undefined ? { scope: { spaceId: ctx.spaceId } } : {}), asOf });
  if (ctx.json) return ctx.out(JSON.stringify(asOf === undefined ? p : { ...p, asOf: new Date(p.computedAt).toISOString() }));
  // As of a date, said so first: the lines are what Engram knew then.
  ctx.out(asOf === undefined ? profileText(p) : `As of ${asOfDay(p.computedAt, asOf)} (the end of that day):\n${profileText(p)}`);
};

export const evalCommand: Command = async (ctx) => {
  const [kind, ...files] = ctx.args;
  if ((kind !== 'recall' && kind !== 'context') || files.length === 0) {
    throw new UsageError('usage: eval recall <file>... [--k 5,10,20] | eval context <file>...');
  }
  const dataset = mergeDatasets(files.map((file) => readDataset(ctx, file)));
  if (kind === 'context') return evalContext(ctx, dataset);
  const ks = (ctx.options.k ?? '5,10,20').split(',').map(Number);
  if (ks.some((k) => !Number.isInteger(k) || k < 1 || k > 100)) throw new UsageError(`--k: expected integers 1..100, got ${ctx.options.k}`);
  // Each conversation gets its own fresh memory in a temp folder; --data-dir is not touched.
  const report = await evaluateRecall(dataset, { ks, embedder: () => ctx.makeEmbedder(), onProgress: (m) => ctx.progress(m) });
  if (ctx.json) return ctx.out(JSON.stringify(report));
  const lines = [`${report.name}: ${report.questions} questions`, `recall ${Object.entries(report.recall).map(([k, v]) => `@${k} ${v}`).join('  ')}`];
  for (const [cat, v] of Object.entries(report.by_category)) {
    lines.push(`  ${cat.padEnd(18)} n=${String(v.n).padStart(4)}  ${ks.map((k) => `@${k} ${v[String(k)]}`).join('  ')}`);
  }
  lines.push(`ingest ${report.ingest_turns_per_s} turns/s · search p50 ${report.search_ms.p50} ms, p95 ${report.search_ms.p95} ms`);
  ctx.out(lines.join('\n'));
};

/** Several files (say, one per exported chat) are scored as one dataset: each conversation still gets its own memory. */
function mergeDatasets(datasets: RecallDataset[]): RecallDataset {
  if (datasets.length === 1 && datasets[0]) return datasets[0];
  return { name: datasets.map((d) => d.name).join(' + '), conversations: datasets.flatMap((d) => d.conversations) };
}

function readDataset(ctx: CommandContext, file: string): RecallDataset {
  let raw: unknown;
  try {
    raw = JSON.parse(ctx.readFile(file));
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = recallDatasetSchema.safeParse(raw);
  if (!parsed.success) {
    throw new UsageError(`${file} is not a recall dataset: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/** `eval context`: consolidated offline, or by the memory agent that ENGRAM_AGENT_* names. */
async function evalContext(ctx: CommandContext, dataset: RecallDataset): Promise<void> {
  const agent = ctx.options.offline === 'true' ? null : agentConfigFromEnv(process.env, ctx.options.agent);
  const r = await evaluateContext(dataset, { agent, embedder: () => ctx.makeEmbedder(), onProgress: (m) => ctx.progress(m) });
  // Visible on a terminal and in scripts alike: the scores leave these conversations out.
  for (const f of r.failed_conversations) process.stderr.write(`engram: conversation ${f.conversation} was not evaluated: ${f.error}\n`);
  if (ctx.json) {
    const { questions, pack_recall, fact_recall_10, by_category, mean_pack_tokens, facts, entities, failed_conversations } = r;
    return ctx.out(JSON.stringify({ questions, pack_recall, fact_recall_10, by_category, mean_pack_tokens, facts, entities, failed_conversations }));
  }
  const lines = [
    `${r.name}: ${r.questions} questions, memory ${r.mode === 'llm' ? 'written by the memory agent' : 'consolidated offline'} (${r.facts} facts, ${r.entities} entities)`,
    `pack recall ${r.pack_recall} · fact recall@10 ${r.fact_recall_10} · mean pack ${r.mean_pack_tokens} tokens`,
  ];
  for (const [cat, v] of Object.entries(r.by_category)) {
    lines.push(`  ${cat.padEnd(18)} n=${String(v.n).padStart(4)}  pack ${v.pack_recall}  facts@10 ${v.fact_recall_10}`);
  }
  if (r.failed_conversations.length > 0) lines.push(`not evaluated (left out of the scores): ${r.failed_conversations.map((f) => f.conversation).join(', ')}`);
  ctx.out(lines.join('\n'));
}
