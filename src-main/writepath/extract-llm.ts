/**
 * LLM extraction (ADR 008 §10.1 steps 3–6): one call per page of episodes returns facts, procedures and
 * opinions with their exact source episodes, the entities they are about (resolved to known anchors where
 * the model recognises them), and causal links; a second call, only when the search found related memories,
 * says which new facts replace, repeat or are unrelated to them.
 *
 * Episodes and entities are shown to the model under short references (E1, K1) because models copy
 * those reliably and garble UUIDs; references are checked and mapped back here.
 */
import { z } from 'zod';
import { ENTITY_TYPES, FACT_TYPES, type MemoryNode } from '../memory/types';
import { addUsage, emptyUsage, type MemoryAgent, type TokenUsage } from './agent';
import type { ConflictDecision, ConflictQuestion, Extraction, ExtractionPage, Extractor } from './types';

export const extractionSchema = z.object({
  facts: z.array(
    z.object({
      type: z.enum(FACT_TYPES),
      content: z.string(),
      source_episodes: z.array(z.string()),
      entities: z.array(z.string()),
      slot: z.string().nullable(),
      basis: z.enum(['stated', 'inferred']),
    }),
  ),
  entities: z.array(
    z.object({
      name: z.string(),
      type: z.enum(ENTITY_TYPES),
      aliases: z.array(z.string()),
      known_id: z.string().nullable(),
      description: z.string().nullable(),
    }),
  ),
  causal_links: z.array(z.object({ cause: z.string(), effect: z.string(), explanation: z.string() })),
});
export type ExtractionOutput = z.output<typeof extractionSchema>;

export const resolutionSchema = z.object({
  decisions: z.array(
    z.object({
      fact: z.string(),
      existing: z.string(),
      relation: z.enum(['replaces', 'duplicate', 'unrelated']),
      reason: z.string(),
    }),
  ),
});

export const EXTRACTION_SYSTEM = `You maintain the long-term memory of a personal assistant. From a conversation excerpt, extract what is worth remembering about the user and their world:
- "semantic": durable facts (who/what/where: "User lives in Lisbon", "Sasha is the user's boss").
- "procedural": how the user does things or wants things done ("User deploys with 'make release' after tests pass").
- "opinion": preferences and judgements ("User prefers tea to coffee", "User dislikes Jira").
Rules:
- One self-contained statement per fact, in the third person ("User …"), in the language of the conversation.
- Only what the user states or what clearly follows; skip small talk, questions, and the assistant's own suggestions unless the user accepted them.
- source_episodes: the references (E1, E2, …) of the exact episodes the fact comes from.
- entities: names of the people, projects, organizations, places, concepts and tools the fact is about; each must be listed in "entities".
- slot: what the fact is a value of, as subject.attribute in snake_case ("user.residence", "user.employer", "sasha.role"), so later changes can be detected; null when none fits.
- basis: "stated" when said outright, "inferred" otherwise.
- entities: every entity you mention. When it is one of the known entities, set known_id to its reference (K1, …), also when the text uses an alias such as "my boss". aliases: other ways the conversation refers to it. description: one short sentence about it, or null.
- causal_links: only where an episode says explicitly that one thing caused another ("because", "so", "that's why", "due to", "as a result"); cause and effect are episode references.
Return empty arrays when there is nothing worth remembering.`;

export const RESOLUTION_SYSTEM = `You keep a personal memory consistent. For each new fact (F1, F2, …) you get existing memories (X1, X2, …) that may be about the same thing. For every pair listed, decide:
- "replaces": the new fact updates or contradicts the existing one (the user moved, changed job, changed preference); the existing one becomes history.
- "duplicate": both say the same thing.
- "unrelated": they can both be true.
Give a short reason. Decide every listed pair.`;

const CAUSE_LANGUAGE = /\b(because|since|so that|so|therefore|thus|hence|due to|as a result|that'?s why|which is why|caused|causes|led to|leads to|resulted in|thanks to|owing to)\b/i;

function episodeLine(ref: string, n: MemoryNode): string {
  return `[${ref}] ${n.sourceRole ?? 'user'} (${new Date(n.eventTime).toISOString()}): ${n.content.replace(/\s+/g, ' ').trim()}`;
}

export class LlmExtractor implements Extractor {
  readonly mode = 'llm' as const;
  readonly usage: TokenUsage = emptyUsage();

  constructor(private readonly agent: MemoryAgent) {}

  get model(): string {
    return this.agent.model;
  }

  async extract(page: ExtractionPage, signal?: AbortSignal): Promise<Extraction> {
    const episodeRefs = new Map(page.episodes.map((e, i) => [`E${i + 1}`, e]));
    const entityRefs = new Map(page.knownEntities.map((e, i) => [`K${i + 1}`, e]));
    const known = page.knownEntities.length
      ? page.knownEntities
          .map((e, i) => `[K${i + 1}] ${e.canonicalName} (${e.type}${e.aliases.length ? `; aliases: ${e.aliases.join(', ')}` : ''})${e.summary ? ` — ${e.summary.slice(0, 160)}` : ''}`)
          .join('\n')
      : '(none)';
    const user = [
      `Session: ${page.sessionId}`,
      'Known entities:',
      known,
      'Episodes:',
      ...[...episodeRefs].map(([ref, n]) => episodeLine(ref, n)),
    ].join('\n');
    const result = await this.agent.complete(
      {
        name: 'memory_extraction',
        description: 'Facts, entities and causal links extracted from conversation episodes',
        system: EXTRACTION_SYSTEM,
        user,
        schema: extractionSchema,
        check: (out) => checkExtraction(out, episodeRefs, entityRefs),
      },
      signal,
    );
    addUsage(this.usage, result.usage);
    return toExtraction(result.value, episodeRefs, entityRefs);
  }

  async resolve(questions: readonly ConflictQuestion[], signal?: AbortSignal): Promise<ConflictDecision[]> {
    if (questions.length === 0) return [];
    const existingRefs = new Map<string, MemoryNode>();
    const refOf = new Map<string, string>();
    const lines: string[] = [];
    const pairs = new Set<string>();
    questions.forEach((q, qi) => {
      lines.push(`[F${qi + 1}] ${q.fact.content}`);
      for (const node of q.existing) {
        let ref = refOf.get(node.id);
        if (!ref) {
          ref = `X${existingRefs.size + 1}`;
          existingRefs.set(ref, node);
          refOf.set(node.id, ref);
        }
        pairs.add(`F${qi + 1}/${ref}`);
        lines.push(`    vs [${ref}] ${node.content} (recorded ${new Date(node.createdAt).toISOString().slice(0, 10)})`);
      }
    });
    const result = await this.agent.complete(
      {
        name: 'conflict_resolution',
        description: 'How new facts relate to existing memories',
        system: RESOLUTION_SYSTEM,
        user: `Pairs to decide:\n${lines.join('\n')}`,
        schema: resolutionSchema,
        check: (out) => {
          for (const d of out.decisions) if (!pairs.has(`${d.fact}/${d.existing}`)) return `decision for ${d.fact}/${d.existing}, which is not a listed pair`;
          return null;
        },
      },
      signal,
    );
    addUsage(this.usage, result.usage);
    return result.value.decisions.flatMap((d) => {
      const q = questions[Number(d.fact.slice(1)) - 1];
      const existing = existingRefs.get(d.existing);
      return q && existing ? [{ factIndex: q.factIndex, existingId: existing.id, relation: d.relation, reason: d.reason }] : [];
    });
  }
}

/** Dangling references are invalid output (→ the one retry), not something to guess at. */
function checkExtraction(out: ExtractionOutput, episodes: Map<string, MemoryNode>, known: Map<string, unknown>): string | null {
  const names = new Set(out.entities.map((e) => e.name.trim().toLowerCase()));
  for (const [i, f] of out.facts.entries()) {
    if (!f.content.trim()) return `facts[${i}].content is empty`;
    if (f.source_episodes.length === 0) return `facts[${i}] cites no source episode`;
    const bad = f.source_episodes.find((r) => !episodes.has(r.trim()));
    if (bad) return `facts[${i}].source_episodes has "${bad}", which is not one of the episode references`;
    const unknownEntity = f.entities.find((n) => !names.has(n.trim().toLowerCase()));
    if (unknownEntity) return `facts[${i}].entities has "${unknownEntity}", which is not listed in entities`;
  }
  for (const [i, e] of out.entities.entries()) {
    if (!e.name.trim()) return `entities[${i}].name is empty`;
    if (e.name.trim().length > 200) return `entities[${i}].name is longer than 200 characters`;
    if (e.known_id !== null && !known.has(e.known_id.trim())) return `entities[${i}].known_id "${e.known_id}" is not a known entity reference`;
  }
  for (const [i, c] of out.causal_links.entries()) {
    if (!episodes.has(c.cause.trim()) || !episodes.has(c.effect.trim())) return `causal_links[${i}] cites an unknown episode`;
  }
  return null;
}

function toExtraction(
  out: ExtractionOutput,
  episodes: Map<string, MemoryNode>,
  known: Map<string, { id: string }>,
): Extraction {
  const ep = (ref: string): string => (episodes.get(ref.trim()) as MemoryNode).id;
  return {
    facts: out.facts.map((f) => ({
      type: f.type,
      content: f.content.trim(),
      sourceEpisodeIds: [...new Set(f.source_episodes.map(ep))],
      entityNames: f.entities.map((n) => n.trim()),
      slot: f.slot?.trim().toLowerCase() || null,
      value: null,
      basis: f.basis,
    })),
    entities: out.entities.map((e) => ({
      name: e.name.trim(),
      type: e.type,
      aliases: e.aliases.map((a) => a.trim()).filter(Boolean),
      knownId: e.known_id ? (known.get(e.known_id.trim())?.id ?? null) : null,
      description: e.description?.trim() || null,
    })),
    // §10: causal edges only where an episode states the cause outright; the model's word is not enough.
    causal: out.causal_links.flatMap((c) => {
      const cause = episodes.get(c.cause.trim()) as MemoryNode;
      const effect = episodes.get(c.effect.trim()) as MemoryNode;
      if (cause.id === effect.id) return [];
      if (!CAUSE_LANGUAGE.test(cause.content) && !CAUSE_LANGUAGE.test(effect.content)) return [];
      return [{ causeEpisodeId: cause.id, effectEpisodeId: effect.id, explanation: c.explanation }];
    }),
  };
}
