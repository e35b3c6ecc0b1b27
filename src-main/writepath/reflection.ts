/**
 * Weekly reflection (seed 004 §6, Generative Agents): when at least three facts are new this week and the
 * last reflection is at least six days old, one opinion node that states the week's high-level
 * observations, with derived_from edges to the facts it rests on. Decay rate 0 and tag `weekly`.
 */
import { z } from 'zod';
import { versionedPrompt } from '../../src-shared/versioned-prompt';
import type { WritePathMemory } from './memory-port';
import type { MemoryNode } from '../../src-shared/memory-types';
import { emptyUsage, type MemoryAgent, type TokenUsage } from './agent';

const DAY = 86_400_000;
export const REFLECTION_MIN_FACTS = 3;
export const REFLECTION_WINDOW_MS = 7 * DAY;
export const REFLECTION_MIN_INTERVAL_MS = 6 * DAY;

export const reflectionSchema = z.object({
  observations: z.array(z.string()),
  based_on: z.array(z.string()),
});

export const REFLECTION_PROMPT = versionedPrompt({ v1: `You reflect on what a personal assistant learned about its user this week. From the new facts (F1, F2, …) write the 1–3 most important high-level observations or patterns — what changed, what the user is focused on, what matters to them. Each observation is one self-contained sentence in the third person ("User …"). based_on: the references of the facts they rest on.` }, 'v1');

export interface ReflectionResult {
  nodeId: string | null;
  skipped: string | null;
  usage: TokenUsage;
}

export async function maybeReflect(
  engine: WritePathMemory,
  agent: MemoryAgent | null,
  options: { now?: number; force?: boolean; signal?: AbortSignal } = {},
): Promise<ReflectionResult> {
  const usage = emptyUsage();
  const now = options.now ?? engine.clock.now();
  const last = engine.writePathStore.lastRunAt('reflection');
  if (!options.force && last !== null && now - last < REFLECTION_MIN_INTERVAL_MS) {
    return { nodeId: null, skipped: 'a reflection was written less than six days ago', usage };
  }
  const facts = engine.writePathStore.factsCreatedSince(now - REFLECTION_WINDOW_MS, 60);
  if (facts.length < REFLECTION_MIN_FACTS) {
    return { nodeId: null, skipped: `only ${facts.length} new fact(s) this week (needs ${REFLECTION_MIN_FACTS})`, usage };
  }
  const started = engine.clock.now();
  let content: string;
  let basis: MemoryNode[];
  if (agent) {
    const refs = new Map(facts.map((f, i) => [`F${i + 1}`, f]));
    const result = await agent.complete(
      {
        name: 'weekly_reflection',
        description: "Observations about the user's week",
        system: REFLECTION_PROMPT.text,
        user: [...refs].map(([r, f]) => `[${r}] ${f.content}`).join('\n'),
        schema: reflectionSchema,
        check: (out) =>
          out.observations.filter((o) => o.trim()).length === 0
            ? 'no observations'
            : (out.based_on.find((r) => !refs.has(r.trim()))?.replace(/^/, 'unknown fact reference ') ?? null),
      },
      options.signal,
    );
    usage.promptTokens += result.usage.promptTokens;
    usage.completionTokens += result.usage.completionTokens;
    usage.calls += result.usage.calls;
    content = result.value.observations.map((o) => o.trim()).filter(Boolean).join(' ');
    basis = result.value.based_on.flatMap((r) => refs.get(r.trim()) ?? []);
  } else {
    ({ content, basis } = offlineReflection(engine, facts));
  }
  // The week the facts were learned in: that of the newest one (a Monday-night run reflects on the week just begun).
  const week = isoWeek(Math.max(...facts.map((f) => f.createdAt)));
  const nodeId = engine.writeTransaction(() => {
    const id = engine.rememberFact({
      // Labelled in its text too: a reader, or a model given it as context, sees an interpretation, not a stated fact.
      content: `Reflection on week ${week.label} (from ${week.monday}), not a stated fact: ${content}`,
      type: 'opinion',
      sourceType: 'reflection',
      sourceRole: 'memory_agent',
      decayRate: 0,
      tags: ['weekly'],
      derivedFrom: [...new Set((basis.length > 0 ? basis : facts).map((f) => f.id))],
      attributes: { reflection: 'weekly', iso_week: week.label, week_start: week.monday, facts_considered: facts.length },
    });
    engine.writePathStore.recordRun({
      kind: 'reflection',
      sessionId: null,
      trigger: options.force ? 'manual' : 'nightly',
      mode: agent ? 'llm' : 'offline',
      model: agent?.model ?? null,
      startedAt: started,
      finishedAt: engine.clock.now(),
      status: 'ok',
      error: null,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      llmCalls: usage.calls,
      summary: { node_id: id, facts: facts.length, ...(agent ? { prompt: REFLECTION_PROMPT.version } : {}) },
    });
    return id;
  });
  return { nodeId, skipped: null, usage };
}

/** ISO 8601 week of a UTC instant: "2026-W48" and its Monday ("2026-11-23"). */
export function isoWeek(time: number): { label: string; monday: string } {
  const d = new Date(time);
  const day = (d.getUTCDay() + 6) % 7; // Monday = 0
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
  const thursday = new Date(monday.getTime() + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY));
  return { label: `${year}-W${String(week).padStart(2, '0')}`, monday: monday.toISOString().slice(0, 10) };
}

/** Without a model: what changed (supersessions), and the entities the week's facts were most about. */
function offlineReflection(engine: WritePathMemory, facts: MemoryNode[]): { content: string; basis: MemoryNode[] } {
  const counts = new Map<string, number>();
  for (const id of facts.map((f) => f.id)) for (const e of engine.writePathStore.entityIdsOfNodes([id])) counts.set(e, (counts.get(e) ?? 0) + 1);
  const top = engine.writePathStore
    .getEntities([...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([id]) => id))
    .map((e) => e.canonicalName);
  const corrections = facts.filter((f) => engine.getNode(f.id).versions.length > 1).slice(0, 3);
  const parts = [`${facts.length} new facts were learned.`];
  if (top.length) parts.push(`Most about ${top.join(', ')}.`);
  if (corrections.length) parts.push(`Changed: ${corrections.map((f) => f.content.replace(/[.\s]+$/, '')).join('; ')}.`);
  return { content: parts.join(' '), basis: facts.slice(0, 20) };
}
