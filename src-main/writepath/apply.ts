/**
 * Writing a consolidation (ADR 008 §10.1 step 7): everything a session produced — entities, facts with
 * their derived_from edges, supersessions (§12.3), causal edges, refreshed entity summaries, and the
 * "consolidated" mark with its run record — in ONE transaction. A crash or an error leaves none of it.
 * Runs synchronously; all LLM and search work happened before.
 */
import type { WritePathMemory } from './memory-port';
import { defaultConfidence, LEARNED_ENTITY, type NewRun, normaliseAlias } from '../memory';
import type { Entity, JsonObject } from '../../src-shared/memory-types';
import { factsSummary } from './enrichment';
import type { PlannedFact } from './relate';
import { normaliseFact } from './text';
import type { CausalLink, ExtractedEntity } from './types';
import { escapeRegExp, quoteFtsTerm } from '../../src-shared/text';
import { heldBefore } from '../../src-shared/slot-values';
import type { ReviewSource } from '../../src-shared/review-types';

export const CAUSAL_CONFIDENCE = 0.7;

export interface ConsolidationPlan {
  sessionId: string;
  runId: string;
  sourceType: 'consolidation' | 'heuristic';
  entities: ExtractedEntity[];
  facts: PlannedFact[];
  causal: CausalLink[];
  throughRowid: number;
  /** Event time of each episode read, so facts carry the time they were stated. */
  episodeTimes: Map<string, number>;
  run: NewRun;
  /** The source whose setting asks for review first (its facts become proposals), or null to remember at once. */
  reviewOrigin?: ReviewSource | null;
}

export interface ApplyResult {
  factsCreated: string[];
  superseded: { oldId: string; newId: string }[];
  duplicates: string[];
  entitiesCreated: string[];
  /** Person entities among the created ones. */
  peopleCreated: number;
  entitiesTouched: string[];
  causalEdges: number;
  /** Proposals waiting for the person's review (new facts and supersedes held back), created by this run. */
  proposed: string[];
}

export function applyPlan(engine: WritePathMemory, plan: ConsolidationPlan): ApplyResult {
  return engine.writeTransaction(() => {
    const result: ApplyResult = { factsCreated: [], superseded: [], duplicates: [], entitiesCreated: [], peopleCreated: 0, entitiesTouched: [], causalEdges: 0, proposed: [] };
    const entityIdByName = new Map<string, string>();
    const descriptions = new Map<string, string>();
    const self = ownPersonEntity(engine, plan);
    for (const e of plan.entities) {
      const { entity, created } = resolveEntity(engine, self?.names.has(normaliseAlias(e.name)) ? { ...e, knownId: self.id } : e);
      if (created) {
        result.entitiesCreated.push(entity.id);
        if (entity.type === 'person') result.peopleCreated++;
        linkEarlierMentions(engine, entity);
      }
      for (const name of [e.name, ...e.aliases]) entityIdByName.set(normaliseAlias(name), entity.id);
      if (e.description) descriptions.set(entity.id, e.description);
    }
    const idsFor = (names: readonly string[]): string[] =>
      [...new Set(names.flatMap((n) => entityIdByName.get(normaliseAlias(n)) ?? []))];
    const derived = (nodeId: string, episodes: readonly string[]): void => {
      engine.writePathStore.addEdges(episodes.map((ep) => ({ sourceId: nodeId, targetId: ep, relationType: 'derived_from' as const, evidence: [ep] })));
    };

    const factIds: (string | null)[] = [];
    const supersededInPlan = new Map<string, string>();
    for (const { fact, disposition } of plan.facts) {
      const entityIds = idsFor(fact.entityNames);
      for (const id of entityIds) if (!result.entitiesTouched.includes(id)) result.entitiesTouched.push(id);
      const attrs: JsonObject = { ...(fact.slot ? { slot: fact.slot } : {}), ...(fact.value !== null ? { value: fact.value } : {}), ...(fact.due !== undefined ? { due: fact.due } : {}), consolidation_run: plan.runId };
      // Re-check at write time: the user may have corrected or forgotten the target since the plan was made.
      const target =
        disposition.kind === 'duplicate' || disposition.kind === 'replaces'
          ? disposition.existingId
          : disposition.kind === 'replaces_planned'
            ? (factIds[disposition.index] ?? null)
            : null;
      // A target superseded earlier in this same plan continues from its newest version (no forks).
      let latest = target;
      while (latest && supersededInPlan.has(latest)) latest = supersededInPlan.get(latest) ?? null;
      const current = latest ? currentNode(engine, latest) : null;
      // "Replaces" with the very same text is a repetition, not a new version.
      const same = current !== null && normaliseFact(current.content) === normaliseFact(fact.content);
      // When it became true: the time the text names ("last month", resolved against its episode), else when
      // it was said — never when the write path ran, so an imported 2023 conversation stays in 2023.
      const stated = fact.eventTime ?? statedAt(plan, fact.sourceEpisodeIds);
      const review = plan.reviewOrigin ? { origin: plan.reviewOrigin, sourceLabel: 'memory agent' } : null;
      const remember = {
        content: fact.content,
        type: fact.type,
        sourceType: plan.sourceType,
        sourceRole: 'memory_agent',
        sessionId: plan.sessionId,
        derivedFrom: fact.sourceEpisodeIds,
        entityIds,
        // The fact holds from when it was said, not from when the write path ran.
        ...(stated !== null ? { eventTime: stated, validFrom: stated } : {}),
        // §12.1: extraction 0.8, inference 0.6; the offline extractor's source type already says 0.6.
        ...(fact.basis === 'inferred' ? { confidence: Math.min(defaultConfidence(plan.sourceType), 0.6) } : {}),
        attributes: attrs,
      };
      // "I live in Leeds", said in 2023 and learned after 2024's "Leeds again" that followed York: a value held in an
      // earlier period is that period's version, not one more source of the later one (each version cites its own).
      const saidAt = statedAt(plan, fact.sourceEpisodeIds);
      const earlierPeriod =
        current !== null && saidAt !== null && (disposition.kind === 'duplicate' || same) && heldBefore(saidAt, current.validFrom) && (stated ?? saidAt) < current.validFrom &&
        engine.getNode(current.id).versions.some((v) => v.id !== current.id && v.validFrom > saidAt && v.validFrom < current.validFrom && normaliseFact(v.content) !== normaliseFact(current.content));
      if (earlierPeriod && current && !review) {
        const id = engine.recordEarlierVersion({ ...remember, laterId: current.id, reason: `${fact.slot ?? 'the same'} held in an earlier period too` });
        result.factsCreated.push(id);
        factIds.push(id);
        continue;
      }
      if ((disposition.kind === 'duplicate' || same) && current) {
        // Same knowledge seen again: more provenance for the existing fact, no new node; a restatement makes
        // it sturdier (stability grows), so what keeps being true does not fade.
        derived(current.id, fact.sourceEpisodeIds);
        engine.recordRestatement([current.id]);
        engine.writePathStore.linkEntities(current.id, entityIds);
        result.duplicates.push(current.id);
        factIds.push(current.id);
        continue;
      }
      const replacing = (disposition.kind === 'replaces' || disposition.kind === 'replaces_planned') && current;
      // "I live in London", said in 2025, learned after "I live in Porto", said in 2026 (an older history imported
      // after a newer one): what was said before the current version held is its past, not its successor. When it
      // was *said* decides, not the time its text names: "I moved to Lisbon in March", said after "I live in Berlin",
      // is news. Held for review, it waits as a fact, and approval places it the same way (memory/review/settle.ts).
      const said = saidAt;
      if (replacing && said !== null && heldBefore(said, current.validFrom) && (stated ?? said) < current.validFrom) {
        if (review) {
          const receipt = engine.proposeFact({ action: 'remember', input: remember, ...review });
          if (receipt.created) result.proposed.push(receipt.proposalId);
          factIds.push(null);
          continue;
        }
        const id = engine.recordEarlierVersion({ ...remember, laterId: current.id, reason: `${disposition.reason.slice(0, 1900)} (held before it)` });
        result.factsCreated.push(id);
        factIds.push(id);
        continue;
      }
      if (replacing) {
        const correction = {
          id: current.id,
          content: fact.content,
          sourceType: plan.sourceType,
          sourceRole: 'memory_agent',
          evidence: fact.sourceEpisodeIds,
          reason: disposition.reason.slice(0, 2000),
          // The new version belongs to the session that stated it, from when it was said.
          sessionId: plan.sessionId,
          // The new version is about what its own text names, not what the old one named (Boston → Denver).
          entityIds,
          ...(stated !== null ? { eventTime: stated, validFrom: stated } : {}),
        };
        if (review) {
          // Held for review: the supersede happens on approval, not now (memory/review/decisions.ts).
          const receipt = engine.proposeFact({ action: 'correct', input: correction, attributes: attrs, ...review });
          if (receipt.created) result.proposed.push(receipt.proposalId);
          factIds.push(null);
          continue;
        }
        const newId = engine.correctFact(correction);
        derived(newId, fact.sourceEpisodeIds);
        engine.writePathStore.linkEntities(newId, entityIds);
        engine.patchNodeAttributes(newId, attrs);
        result.superseded.push({ oldId: current.id, newId });
        supersededInPlan.set(current.id, newId);
        result.factsCreated.push(newId);
        factIds.push(newId);
        continue;
      }
      if (review) {
        const receipt = engine.proposeFact({ action: 'remember', input: remember, ...review });
        if (receipt.created) result.proposed.push(receipt.proposalId);
        factIds.push(null);
        continue;
      }
      const id = engine.rememberFact(remember);
      result.factsCreated.push(id);
      factIds.push(id);
    }

    // A fact can replace one thing in a plan; any current fact of its slot it was not related to is settled now.
    engine.settleConsolidatedFacts(result.factsCreated);

    for (const c of plan.causal) {
      result.causalEdges += engine.writePathStore.addEdges([
        {
          sourceId: c.effectEpisodeId,
          targetId: c.causeEpisodeId,
          relationType: 'causal',
          predicate: 'caused_by',
          confidence: CAUSAL_CONFIDENCE,
          evidence: [c.causeEpisodeId, c.effectEpisodeId],
        },
      ]);
    }

    for (const id of new Set([...result.entitiesTouched, ...descriptions.keys()])) refreshSummary(engine, id, descriptions.get(id) ?? null);

    engine.writePathStore.markSessionConsolidated(plan.sessionId, plan.throughRowid, {
      ...plan.run,
      summary: {
        ...plan.run.summary,
        facts_created: result.factsCreated.length,
        superseded: result.superseded.length,
        duplicates: result.duplicates.length,
        entities_created: result.entitiesCreated.length,
        people_created: result.peopleCreated,
        causal_edges: result.causalEdges,
        ...(result.proposed.length > 0 ? { proposed: result.proposed.length } : {}),
        fact_ids: result.factsCreated.slice(0, 200),
      },
    });
    return result;
  });
}

/**
 * The person the speaker is, when memory knows their name (the entity of the current `user.name` fact), with the
 * names this run gives them (a new name, a nickname): those are the same person, not new ones ("call me Dee" after
 * "I'm Dana Whitfield"; "my name is Dana Okafor now").
 */
function ownPersonEntity(engine: WritePathMemory, plan: ConsolidationPlan): { id: string; names: Set<string> } | null {
  const names = new Set(plan.facts.filter(({ fact }) => fact.slot === 'user.name' || fact.slot === 'user.nickname').flatMap(({ fact }) => (fact.value ? [normaliseAlias(fact.value)] : [])));
  if (names.size === 0) return null;
  const [current] = engine.writePathStore.factsInSlot('user.name', 1);
  const person = current ? engine.getNode(current.id).entities.find((e) => e.type === 'person') : undefined;
  return person ? { id: person.id, names } : null;
}

/** When a fact was stated: its latest source episode read in this run; null when none was. */
function statedAt(plan: ConsolidationPlan, sourceEpisodeIds: readonly string[]): number | null {
  const times = sourceEpisodeIds.flatMap((id) => plan.episodeTimes.get(id) ?? []);
  return times.length > 0 ? Math.max(...times) : null;
}

/**
 * A new anchor also belongs to the facts that already name it — a fact added by hand about "Kraków" before
 * Kraków was an entity. Only current facts, only where the name stands as a word (FTS finds, the text decides).
 */
function linkEarlierMentions(engine: WritePathMemory, entity: Entity): void {
  const words = normaliseFact(entity.canonicalName).split(' ').filter(Boolean);
  if (words.length === 0 || words.join('').length < 3) return;
  const match = words.map(quoteFtsTerm).join(' ');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join('\\s+')}(?![\\p{L}\\p{N}])`, 'iu');
  for (const id of engine.writePathStore.factIdsMatching(match, 50)) {
    const node = engine.writePathStore.node(id);
    if (node && node.validUntil === null && pattern.test(node.content.normalize('NFKC'))) engine.writePathStore.linkEntities(id, [entity.id]);
  }
}

function currentNode(engine: WritePathMemory, id: string): { id: string; content: string; validFrom: number } | null {
  const n = engine.writePathStore.node(id);
  return n && n.validUntil === null && n.type !== 'episodic' ? n : null;
}

/**
 * An extracted entity → an anchor: the known id the model gave, else one named (or aliased) so — the same
 * type first — else a new anchor. Names the conversation used for it ("my boss") become aliases unless
 * another entity already answers to them (an ambiguous alias links to neither, see entity-mentions.ts).
 */
/** What the anchors accept as a name or alias (schemas.ts nameSchema): anything else is dropped, not fatal. */
const usableName = (s: string): boolean => {
  const t = s.trim();
  return t.length > 0 && t.length <= 200 && !t.includes('\u0000') && t.isWellFormed();
};

/** A name that is a relation to the speaker ("my girlfriend", "the user's boss"), not a person's own name. */
const isRelational = (name: string): boolean => /^(?:my|our|his|her|their|the user's|user's)\s/i.test(name.trim());
/** A relation only one person holds at a time and that changes: "my girlfriend", "my husband", "my partner". */
const isPartnerAlias = (alias: string): boolean => /^(?:my|the user's)\s+(?:wife|husband|partner|boyfriend|girlfriend|fianc[eé]e?)$/i.test(alias.trim());

function resolveEntity(engine: WritePathMemory, extracted: ExtractedEntity): { entity: Entity; created: boolean } {
  const e = { ...extracted, aliases: extracted.aliases.filter(usableName) };
  let entity: Entity | undefined = e.knownId ? engine.writePathStore.getEntities([e.knownId])[0] : undefined;
  if (!entity) {
    const byName = engine.findEntities(e.name);
    entity = byName.find((x) => x.type === e.type) ?? (byName.length === 1 ? byName[0] : undefined);
  }
  if (!entity) {
    // "my girlfriend" names whoever holds the relation: a person named otherwise ("my girlfriend Ana", after Jess)
    // is not found through it, only one the conversation did not name.
    const named = e.type === 'person' && !isRelational(e.name);
    const byAlias = [...new Map(e.aliases.filter((a) => !(named && isRelational(a))).flatMap((a) => engine.findEntities(a)).map((x) => [x.id, x])).values()];
    if (byAlias.length === 1) entity = byAlias[0];
  }
  let created = false;
  if (!entity) {
    // A partner's relation goes to the newest person said to hold it ("my girlfriend" leaves Jess for Ana).
    for (const alias of e.aliases.filter((a) => e.type === 'person' && isPartnerAlias(a))) {
      for (const holder of engine.findEntities(alias)) if (holder.type === 'person' && normaliseAlias(holder.canonicalName) !== normaliseAlias(alias)) engine.removeAlias(holder.id, alias);
    }
    const free = e.aliases.filter((a) => engine.findEntities(a).length === 0 && normaliseAlias(a) !== normaliseAlias(e.name));
    // Marked as the write path's: an erase of every chat that named it takes it too (memory/erased-entities.ts).
    entity = engine.createEntity({ name: e.name, type: e.type, aliases: free, attributes: { [LEARNED_ENTITY]: true } });
    created = true;
  } else {
    for (const name of [e.name, ...e.aliases]) {
      const owners = engine.findEntities(name);
      if (owners.length === 0) entity = engine.addAlias(entity.id, name);
    }
  }
  return { entity, created };
}

/**
 * §10.1 "entity summaries refreshed and re-embedded": the model's description when it gave one and the
 * summary is empty or machine-made; otherwise, for empty or machine-made summaries, the entity's top facts.
 * A summary the user or the nightly enrichment wrote is left for the enrichment to revise.
 */
function refreshSummary(engine: WritePathMemory, entityId: string, description: string | null): void {
  const [entity] = engine.writePathStore.getEntities([entityId]);
  if (!entity) return;
  const machineMade = entity.summary === null || entity.summary.trim() === '' || entity.attributes.summary_source === 'facts';
  if (!machineMade) return;
  if (description) {
    engine.writePathStore.setEntitySummary(entity.id, description, 'llm');
    return;
  }
  const summary = factsSummary(engine, entity);
  if (!summary) return;
  if (summary !== entity.summary) engine.writePathStore.setEntitySummary(entity.id, summary, 'facts');
}
