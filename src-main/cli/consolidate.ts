/**
 * `consolidate [--session ID] [--offline] [--json]`: manual "consolidate now" (ADR 008 §15). Uses the memory
 * agent named by ENGRAM_AGENT_BASE_URL + ENGRAM_AGENT_MODEL (key in ENGRAM_AGENT_API_KEY) when set, else —
 * or with --offline — the offline extractor. Sessions that fail stay pending with the reason.
 */
import { AppError, UsageError } from '../../src-shared/errors';
import type { MemoryAgentConfig } from '../writepath/config';
import { BUILTIN_BASE_URL, installedBuiltinModels } from '../llm/builtin/registry';
import { describeFailure, describeOutcome } from '../../src-shared/consolidation-outcome';
import { WritePathService } from '../writepath/service';
import { outcomeOfSession } from '../writepath/status';
import type { Command } from './command-types';

/** `--agent builtin`: the built-in model (ENGRAM_AGENT_MODEL, else the first downloaded one) with grammar-forced JSON. */
function builtinAgentConfig(env: NodeJS.ProcessEnv): MemoryAgentConfig {
  const model = env.ENGRAM_AGENT_MODEL ?? installedBuiltinModels()[0];
  if (!model) throw new UsageError('--agent builtin: no built-in model is downloaded. Run `engram model list`, then `engram model pull NAME`.');
  return { baseURL: BUILTIN_BASE_URL, model, outputMode: 'json_schema', maxRetries: 0, timeoutMs: 10 * 60_000 };
}

export function agentConfigFromEnv(env: NodeJS.ProcessEnv, agent?: string): MemoryAgentConfig | null {
  if (agent === 'builtin') return builtinAgentConfig(env);
  const baseURL = env.ENGRAM_AGENT_BASE_URL;
  const model = env.ENGRAM_AGENT_MODEL;
  if (!baseURL && !model) return null;
  if (!baseURL || !model) throw new UsageError('ENGRAM_AGENT_BASE_URL and ENGRAM_AGENT_MODEL must be set together');
  const timeout = env.ENGRAM_AGENT_TIMEOUT_MS ? Number(env.ENGRAM_AGENT_TIMEOUT_MS) : undefined;
  return {
    baseURL,
    model,
    ...(env.ENGRAM_AGENT_API_KEY ? { apiKey: env.ENGRAM_AGENT_API_KEY } : {}),
    ...(timeout && Number.isInteger(timeout) && timeout > 0 ? { timeoutMs: timeout } : {}),
  };
}

export const consolidate: Command = async (ctx) => {
  const offline = ctx.options.offline === 'true';
  const sessionId = ctx.options.session;
  const engine = ctx.engine;
  if (sessionId !== undefined && !engine.getSession(sessionId)) throw new AppError('not_found', `Session ${sessionId} does not exist`);
  const service = new WritePathService({ engine, agent: offline ? null : agentConfigFromEnv(process.env, ctx.options.agent) });
  const off = service.onProgress((p) => ctx.progress(`${p.sessionId ?? ''} ${p.step} ${p.percent}%`));
  const controller = new AbortController();
  const onSigint = (): void => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSigint);
  try {
    const report = await service.consolidateNow({ ...(sessionId ? { sessionId, force: true } : {}), offline, trigger: 'cli', signal: controller.signal });
    const stats = engine.writePathStats(0);
    const sessions = report.sessions.map((s) => ({
      session: s.sessionId,
      status: s.status,
      error: s.error,
      episodes: s.episodes,
      facts_created: s.factsCreated.length,
      fact_ids: s.factsCreated,
      superseded: s.superseded,
      duplicates: s.duplicates,
      entities_created: s.entitiesCreated,
      people_created: s.peopleCreated,
      causal_edges: s.causalEdges,
      dropped: s.dropped,
      conflict_pairs: s.conflictPairs,
      summary: s.status === 'consolidated' ? describeOutcome(outcomeOfSession(s)) : s.error ? describeFailure(s.error) : s.status,
      prompt_tokens: s.usage.promptTokens,
      completion_tokens: s.usage.completionTokens,
    }));
    const result = {
      mode: report.mode,
      model: report.model,
      consolidated: report.sessions.filter((s) => s.status === 'consolidated').length,
      failed: report.sessions.filter((s) => s.status === 'failed').length,
      cancelled: report.cancelled,
      unconsolidated_sessions: stats.unconsolidated_sessions,
      tokens: {
        prompt: report.sessions.reduce((n, s) => n + s.usage.promptTokens, 0),
        completion: report.sessions.reduce((n, s) => n + s.usage.completionTokens, 0),
      },
      sessions,
    };
    if (ctx.json) ctx.out(JSON.stringify(result));
    else {
      const lines = [
        `Consolidated ${result.consolidated} session(s) with ${report.mode === 'llm' ? `the memory agent (${report.model ?? ''})` : 'the offline extractor'}` +
          (result.failed ? `; ${result.failed} failed and stay pending` : '') +
          (report.mode === 'llm' ? ` · tokens ${result.tokens.prompt} in, ${result.tokens.completion} out` : ''),
      ];
      for (const s of sessions) {
        // The same words as the app's sidebar and Overview.
        lines.push(`  ${s.session}: ${s.status === 'consolidated' ? `learned ${s.summary}` : `${s.status} · ${s.summary}`}`);
        for (const reason of s.dropped.slice(0, 3)) lines.push(`    dropped: ${reason}`);
      }
      lines.push(`unconsolidated sessions: ${result.unconsolidated_sessions}`);
      ctx.out(lines.join('\n'));
    }
  } finally {
    process.off('SIGINT', onSigint);
    off();
    await service.close();
  }
};
