import type { MemoryStats, NodeDetail } from '../memory';
import type { Command, CommandContext } from './command-types';
import { recordTranscript } from '../data/import/record-transcript';
import { conversationEpisodes, parseTranscriptFile, readRole, transcriptNotices, type TranscriptEpisode } from '../data/import/transcript-file';
import { MemoryError, UsageError } from '../../src-shared/errors';
import { spaces } from './space-commands';
import { heldUntil } from '../../src-shared/versions';

function requireArg(ctx: CommandContext, name: string): string {
  const value = ctx.args[0];
  if (!value) throw new UsageError(`missing <${name}>`);
  return value;
}

const ingest: Command = async (ctx) => {
  const file = requireArg(ctx, 'file');
  let text: string;
  try {
    text = ctx.readFile(file);
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const started = performance.now();
  const parsed = parseTranscriptFile(text, Date.now());
  let episodes: TranscriptEpisode[];
  let conversations = 0;
  if (parsed.format === 'recall') {
    conversations = parsed.dataset.conversations.length;
    // Several conversations share one memory here, so session ids are prefixed by conversation id.
    episodes = parsed.dataset.conversations.flatMap((c) => conversationEpisodes(c, `${c.id}/`));
  } else {
    episodes = parsed.episodes;
  }
  const engine = ctx.engine;
  // Ingesting a file again must not say it all twice: a session memory already holds as many messages of is
  // skipped, and said so ("import" is the idempotent path for chat exports, message by message).
  const perSession = new Map<string, number>();
  for (const e of episodes) perSession.set(e.sessionId, (perSession.get(e.sessionId) ?? 0) + 1);
  const already = new Set([...perSession].filter(([id, n]) => (engine.getSession(id)?.episodeCount ?? 0) >= n).map(([id]) => id));
  if (already.size > 0 && already.size === perSession.size) {
    throw new UsageError(`${file} is already in memory (all ${already.size} session(s) hold its messages); nothing ingested`);
  }
  if (already.size > 0) {
    ctx.progress(`${already.size} session(s) of ${file} are already in memory: skipped`);
    episodes = episodes.filter((e) => !already.has(e.sessionId));
  }
  // A session that grew since it was ingested ("the same chat, exported again later"): only its new messages.
  const grown = [...perSession.keys()].filter((id) => !already.has(id) && (engine.getSession(id)?.episodeCount ?? 0) > 0);
  let repeated = 0;
  for (const sessionId of grown) {
    const held = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = engine.listNodes({ types: ['episodic'], sessionId, includeInvalid: true, limit: 1000, ...(cursor ? { cursor } : {}) });
      // (Roles as they are read now: a file ingested before "Human" was read as "user" stored it as written.)
      for (const n of page.items) {
        const role = readRole(n.sourceRole ?? '');
        held.add(`${n.eventTime}\u0000${role}\u0000${n.content}`).add(`undated\u0000${role}\u0000${n.content}`);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const before = episodes.length;
    // A line with no time is dated now at each ingest: it is known by its words alone.
    // (Known by who said it too: "ok" from each side at the same minute is two messages.)
    episodes = episodes.filter((e) => e.sessionId !== sessionId || !held.has(`${e.undated ? 'undated' : e.eventTime}\u0000${e.role}\u0000${e.content}`));
    repeated += before - episodes.length;
  }
  if (episodes.length === 0) throw new UsageError(repeated > 0 ? `${file} holds no message memory does not already have; nothing ingested` : `${file} holds no messages; nothing ingested`);
  // Kept as they are, but said: a role memory does not read, and lines dated now for want of a time.
  const { unreadRoles, undated } = transcriptNotices(episodes);
  const unread = Object.entries(unreadRoles).map(([role, n]) => `${n} with role "${role}"`);
  const readAs = new Date(Date.now()).toISOString();
  if (unread.length > 0) ctx.notice(`${unread.join(', ')} and no speaker: kept, but memory learns nothing from them (roles it reads: user, assistant; or give each turn a "speaker")`);
  if (undated > 0) ctx.notice(`${undated} line(s) give no "time": dated now (${readAs})`);
  const recorded = (await recordTranscript(engine, episodes, (m) => ctx.progress(m), ctx.spaceId)).length;
  const elapsedMs = Math.round(performance.now() - started);
  const sessions = new Set(episodes.map((e) => e.sessionId)).size;
  const pending = engine.stats().pending_embeddings;
  const result = { format: parsed.format, conversations, sessions, episodes: recorded, sessions_already_in_memory: already.size, messages_already_in_memory: repeated, unread_roles: unreadRoles, undated_messages: undated, pending_embeddings: pending, elapsed_ms: elapsedMs };
  if (ctx.json) ctx.out(JSON.stringify(result));
  else
    ctx.out(
      `Ingested ${recorded} episodes in ${sessions} sessions (${parsed.format}) in ${elapsedMs} ms` +
        (already.size > 0 ? `; ${already.size} session(s) already in memory were skipped` : '') +
        (repeated > 0 ? `; ${repeated} message(s) already in memory were skipped` : '') +
        (unread.length > 0 ? `; ${unread.join(', ')} are kept but not read` : '') +
        (undated > 0 ? `; ${undated} undated line(s) dated now` : '') +
        (pending > 0 ? `; ${pending} still waiting for embedding` : ''),
    );
};

const fmtTime = (ms: number | null): string => (ms === null ? '—' : new Date(ms).toISOString());

function renderNode(d: NodeDetail): string {
  const n = d.node;
  const lines = [
    `${n.id}  [${n.type}]${n.validUntil !== null ? `  (${n.invalidatedReason ?? 'invalid'} ${fmtTime(n.validUntil)})` : ''}`,
    `  ${n.content}`,
    `  event ${fmtTime(n.eventTime)} · recorded ${fmtTime(n.createdAt)} · valid ${fmtTime(n.validFrom)} → ${n.validUntil === null ? 'now' : fmtTime(heldUntil(n, d.versions))}`,
    `  confidence ${n.confidence.toFixed(3)} · decay rate ${n.decayRate} · accessed ${n.accessCount}× (last ${fmtTime(n.lastAccessed)})` +
      (d.pruneForecast !== null ? ` · falls below prune threshold ${fmtTime(d.pruneForecast)}` : ''),
    `  source ${n.sourceType ?? '—'}/${n.sourceRole ?? '—'}${n.sessionId ? ` · session ${n.sessionId}` : ''}`,
  ];
  if (d.entities.length) lines.push(`  entities: ${d.entities.map((e) => `${e.canonicalName} (${e.type})`).join(', ')}`);
  if (d.versions.length > 1) {
    lines.push('  versions (oldest first):');
    // When each held (recorded is when memory learned it: an imported history's versions were all learned one day).
    for (const v of d.versions) {
      lines.push(`    ${v.id === n.id ? '→' : ' '} ${fmtTime(v.validFrom)} → ${v.validUntil === null ? 'now' : fmtTime(heldUntil(v, d.versions))}  ${v.content}${v.validUntil !== null ? `  [${v.invalidatedReason}]` : ''}`);
    }
  }
  if (d.derivedFrom.length) {
    lines.push('  derived from:');
    for (const e of d.derivedFrom) lines.push(`    ${e.id}  "${e.content.slice(0, 120)}"`);
  }
  if (d.edges.length) {
    lines.push('  edges:');
    for (const e of d.edges) lines.push(`    ${e.sourceId} -[${e.relationType}${e.predicate ? `:${e.predicate}` : ''}]-> ${e.targetId}`);
  }
  return lines.join('\n');
}

const node: Command = async (ctx) => {
  const detail = ctx.engine.getNode(requireArg(ctx, 'id'));
  const seen = ctx.spaceId === undefined || detail.node.spaceId === ctx.spaceId || detail.node.everywhere;
  if (!seen) throw new MemoryError('not_found', `Node ${JSON.stringify(detail.node.id)} is not in that space`);
  ctx.out(ctx.json ? JSON.stringify(detail) : renderNode(detail));
};

function renderStats(s: MemoryStats): string {
  const kv = (o: Record<string, number>): string => Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ');
  return [
    `nodes: ${kv(s.nodes)}`,
    `no longer current: ${kv(s.invalid_nodes)}`,
    `edges: ${kv(s.edges)}`,
    `entities: ${s.entities} · orphan nodes: ${s.orphan_nodes} · avg edges per node: ${s.avg_edges_per_node}`,
    `unconsolidated sessions: ${s.unconsolidated_sessions} · last consolidation: ${s.last_consolidation ?? 'never'} · last decay: ${s.last_decay_run ?? 'never'}`,
    `waiting for embedding: ${s.pending_embeddings}${s.failing_embeddings ? ` (${s.failing_embeddings} failing: ${s.last_embedding_error ?? ''})` : ''}`,
    `embedder: ${s.embedding.model} (${s.embedding.dimensions} dims)${s.embedding.warning ? ` — ${s.embedding.warning}` : ''}`,
    `storage: ${s.storage_size_mb} MB`,
    `write path: sessions ${kv(s.write_path.sessions)} · last maintenance ${s.write_path.last_maintenance ?? 'never'} · ` +
      `tokens ${s.write_path.tokens.promptTokens} in / ${s.write_path.tokens.completionTokens} out in ${s.write_path.tokens.llmCalls} LLM calls`,
    ...s.write_path.recent_runs.map(
      (r) => `  run ${r.kind} ${r.status}${r.sessionId ? ` ${r.sessionId}` : ''}: ${r.promptTokens}+${r.completionTokens} tokens`,
    ),
  ].join('\n');
}

const stats: Command = async (ctx) => {
  const s = ctx.engine.stats();
  ctx.out(ctx.json ? JSON.stringify(s) : renderStats(s));
};

const decay: Command = async (ctx) => {
  let now: number | undefined;
  if (ctx.now !== undefined) {
    now = Date.parse(ctx.now);
    if (Number.isNaN(now)) throw new UsageError(`--now: not an ISO date/time: ${ctx.now}`);
  }
  const r = await ctx.engine.runDecay({ ...(now !== undefined ? { now } : {}), onProgress: (n) => ctx.progress(`decayed ${n} nodes`) });
  const result = { scanned: r.scanned, updated: r.updated, pruned: r.prunedIds.length, pruned_ids: r.prunedIds, now: new Date(now ?? Date.now()).toISOString() };
  ctx.out(ctx.json ? JSON.stringify(result) : `Decay: ${r.scanned} facts scanned, ${r.updated} updated, ${r.prunedIds.length} pruned`);
};

const reembed: Command = async (ctx) => {
  const r = await ctx.engine.reembed((p) => ctx.progress(`re-embedded ${p.processed}, ${p.remaining} to go`));
  const s = ctx.engine.stats();
  const result = { nodes: r.nodes, dimensions: r.dimensions, model: s.embedding.model, pending_embeddings: s.pending_embeddings };
  ctx.out(ctx.json ? JSON.stringify(result) : `Re-embedded ${r.nodes} nodes with ${s.embedding.model} (${r.dimensions} dims)`);
};

export const commands: Record<string, Command> = {
  ingest,
  node,
  stats,
  decay,
  reembed,
  search: (ctx) => import('./read-commands').then((m) => m.search(ctx)),
  context: (ctx) => import('./read-commands').then((m) => m.context(ctx)),
  profile: (ctx) => import('./read-commands').then((m) => m.profile(ctx)),
  eval: (ctx) => import('./read-commands').then((m) => m.evalCommand(ctx)),
  consolidate: (ctx) => import('./consolidate').then((m) => m.consolidate(ctx)),
  review: (ctx) => import('./review-commands').then((m) => m.review(ctx)),
  import: (ctx) => import('./data-commands').then((m) => m.importCommand(ctx)),
  export: (ctx) => import('./data-commands').then((m) => m.exportCommand(ctx)),
  backup: (ctx) => import('./data-commands').then((m) => m.backupCommand(ctx)),
  restore: (ctx) => import('./data-commands').then((m) => m.restoreCommand(ctx)),
  verify: (ctx) => import('./verify-commands').then((m) => m.verify(ctx)),
  diff: (ctx) => import('./verify-commands').then((m) => m.diff(ctx)),
  retract: (ctx) => import('./retract-commands').then((m) => m.retractCommand(ctx)),
  reextract: (ctx) => import('./reextract-commands').then((m) => m.reextractCommand(ctx)),
  mcp: (ctx) =>
    import('../mcp/stdio').then((m) =>
      m.serveStdio({
        memory: ctx.engine,
        allowWrites: ctx.options['allow-writes'] === 'true',
        databasePath: ctx.engine.dbPath,
        ...(ctx.spaceId !== undefined ? { spaceId: ctx.spaceId } : {}),
      }),
    ),
  spaces,
};
