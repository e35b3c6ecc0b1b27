/**
 * Entity enrichment (ADR 008 §10.2 step 3): entities with a missing or machine-made summary, or with facts
 * newer than their summary, get a fresh one-paragraph summary and are re-embedded (setEntitySummary queues
 * the vector). With the LLM the model writes it from the entity's facts; offline, the top facts are joined.
 */
import { z } from 'zod';
import { versionedPrompt } from '../../src-shared/versioned-prompt';
import type { WritePathMemory } from './memory-port';
import type { Entity } from '../../src-shared/memory-types';
import { SUMMARY_FACTS, summaryFromFacts } from '../memory';
import { addUsage, emptyUsage, type MemoryAgent, type TokenUsage } from './agent';

export const enrichmentSchema = z.object({
  summaries: z.array(z.object({ entity: z.string(), summary: z.string() })),
});

export const ENRICHMENT_PROMPT = versionedPrompt({ v1: `You write short summaries of the people, places, projects, organizations, concepts and tools in a personal memory. For each entity (K1, K2, …) write 1–3 factual sentences from the facts given, most important first, in the language of the facts. Do not invent anything. Skip an entity when its facts say nothing useful.` }, 'v1');

/** The offline summary: name, type and the entity's most confident current facts. */
export function factsSummary(engine: WritePathMemory, entity: Entity): string | null {
  return summaryFromFacts(entity, engine.writePathStore.currentFactsOfEntity(entity.id, SUMMARY_FACTS));
}

export interface EnrichmentResult {
  updated: string[];
  usage: TokenUsage;
}

export async function enrichEntities(
  engine: WritePathMemory,
  agent: MemoryAgent | null,
  options: { limit?: number; batchSize?: number; signal?: AbortSignal } = {},
): Promise<EnrichmentResult> {
  const usage = emptyUsage();
  const updated: string[] = [];
  // Offline, a summary someone (or the model) wrote is not replaced by a list of facts: only gaps are filled.
  const todo = engine.writePathStore.entitiesNeedingSummary(options.limit ?? 40, { staleToo: agent !== null });
  if (!agent) {
    for (const entity of todo) {
      // An LLM-written or hand-written summary is better than a list of facts: offline, only fill gaps.
      if (entity.summary && entity.attributes.summary_source !== 'facts') continue;
      const summary = factsSummary(engine, entity);
      if (summary && summary !== entity.summary) {
        engine.writePathStore.setEntitySummary(entity.id, summary, 'facts');
        updated.push(entity.id);
      }
    }
    return { updated, usage };
  }
  const size = options.batchSize ?? 10;
  for (let i = 0; i < todo.length; i += size) {
    options.signal?.throwIfAborted();
    const batch = todo.slice(i, i + size);
    const refs = new Map(batch.map((e, j) => [`K${j + 1}`, e]));
    const user = [...refs]
      .map(([ref, e]) => {
        const facts = engine.writePathStore.currentFactsOfEntity(e.id, 8).map((f) => `  - ${f.content}`);
        return `[${ref}] ${e.canonicalName} (${e.type}${e.aliases.length ? `; also: ${e.aliases.join(', ')}` : ''})\n${facts.join('\n') || '  (no facts)'}`;
      })
      .join('\n');
    const result = await agent.complete(
      {
        name: 'entity_summaries',
        description: 'Short summaries of entities from their facts',
        system: ENRICHMENT_PROMPT.text,
        user,
        schema: enrichmentSchema,
        check: (out) => out.summaries.find((s) => !refs.has(s.entity.trim()))?.entity.replace(/^/, 'unknown entity reference ') ?? null,
      },
      options.signal,
    );
    addUsage(usage, result.usage);
    for (const s of result.value.summaries) {
      const entity = refs.get(s.entity.trim());
      const text = s.summary.trim();
      if (!entity || !text) continue;
      engine.writePathStore.setEntitySummary(entity.id, text, 'llm');
      updated.push(entity.id);
    }
  }
  return { updated, usage };
}
