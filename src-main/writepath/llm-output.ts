/**
 * Reading what small local models actually return (Ollama, LM Studio, llama.cpp): one bad item must not cost a
 * session. Each fact, entity and causal link is validated on its own after safe normalisation — enum case and
 * common synonyms ("Person", "location", "company"), a missing or null array, a single string where a list
 * belongs, missing optional fields, extra fields — and invalid items are dropped with a reason. Only an
 * answer with nothing usable in it is an error (→ the one repair retry).
 */
import { z } from 'zod';
import { ENTITY_TYPES, FACT_TYPES, type EntityType, type FactType } from '../../src-shared/memory-types';
import type { Accepted } from './agent';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A list where a list belongs: null/missing → [], one string → [it]. */
function list(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (v === null || v === undefined) return [];
  return [v];
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : null);
const strings = (v: unknown): string[] => list(v).flatMap((x) => str(x) ?? []).filter(Boolean);
const nullableStr = (v: unknown): string | null => {
  const s = str(v);
  return s && !/^(?:null|none|n\/a|)$/i.test(s) ? s : null;
};
/** The first of several spellings a model may use for a field. */
const field = (o: Obj, ...names: string[]): unknown => names.map((n) => o[n]).find((v) => v !== undefined);

/** What small models list as entities that name nobody. The user is the subject of memory, not an anchor. */
const NOT_NAMES = new Set(
  'i me my mine myself we us our you your he him his she her it its they them their this that these those the a an user the user assistant someone something everyone everything nobody nothing'.split(' '),
);

const ENTITY_SYNONYMS: Record<string, EntityType> = {
  people: 'person', human: 'person', individual: 'person', pet: 'concept', animal: 'concept',
  location: 'place', city: 'place', country: 'place', region: 'place', town: 'place', venue: 'place', address: 'place', gpe: 'place', loc: 'place',
  company: 'organization', organisation: 'organization', org: 'organization', employer: 'organization', institution: 'organization', school: 'organization', team: 'organization', band: 'organization',
  software: 'tool', app: 'tool', application: 'tool', product: 'tool', technology: 'tool', device: 'tool', language: 'concept', programming_language: 'tool', framework: 'tool', library: 'tool',
  topic: 'concept', idea: 'concept', event: 'concept', activity: 'concept', hobby: 'concept', thing: 'concept', other: 'concept', misc: 'concept', work_of_art: 'concept', book: 'concept', film: 'concept', movie: 'concept',
};

export function entityTypeOf(v: unknown): EntityType | null {
  const s = str(v)?.toLowerCase().replace(/[\s-]+/g, '_');
  if (!s) return null;
  if ((ENTITY_TYPES as readonly string[]).includes(s)) return s as EntityType;
  return ENTITY_SYNONYMS[s] ?? null;
}

function factTypeOf(v: unknown): FactType | null {
  const s = str(v)?.toLowerCase();
  if (!s) return 'semantic';
  if ((FACT_TYPES as readonly string[]).includes(s)) return s as FactType;
  if (['fact', 'factual', 'knowledge', 'episodic'].includes(s)) return 'semantic';
  if (['preference', 'opinions', 'belief', 'judgement', 'judgment'].includes(s)) return 'opinion';
  if (['procedure', 'howto', 'how_to', 'habit', 'routine'].includes(s)) return 'procedural';
  return null;
}

/** "E2", "e2", "[E2]", "E 2", 2 → "E2". */
export function refOf(v: unknown, prefix: string): string | null {
  const s = str(v);
  if (s === null) return null;
  const m = new RegExp(`^\\[?\\s*${prefix}?\\s*(\\d+)\\s*\\]?$`, 'i').exec(s);
  return m ? `${prefix}${m[1]}` : null;
}

export const extractedFact = z.object({
  type: z.enum(FACT_TYPES),
  content: z.string().min(1).max(2_000),
  source_episodes: z.array(z.string()).min(1),
  entities: z.array(z.string()),
  slot: z.string().nullable(),
  basis: z.enum(['stated', 'inferred']),
  valid_from: z.string().nullable(),
});
export const extractedEntity = z.object({
  name: z.string().min(1).max(200),
  type: z.enum(ENTITY_TYPES),
  aliases: z.array(z.string()),
  known_id: z.string().nullable(),
  description: z.string().nullable(),
});
export const extractedCause = z.object({ cause: z.string(), effect: z.string(), explanation: z.string() });
export const extractionSchema = z.object({
  facts: z.array(extractedFact),
  entities: z.array(extractedEntity),
  causal_links: z.array(extractedCause),
});
export type ExtractionOutput = z.output<typeof extractionSchema>;

export interface ExtractionRefs {
  episodes: ReadonlySet<string>;
  known: ReadonlySet<string>;
}

/** The model's extraction, item by item. */
export function acceptExtraction(json: unknown, refs: ExtractionRefs): Accepted<ExtractionOutput> {
  if (!isObj(json)) return { ok: false, error: 'the answer is not a JSON object' };
  const dropped: string[] = [];
  const rawFacts = list(field(json, 'facts', 'Facts', 'memories'));
  const rawEntities = list(field(json, 'entities', 'Entities'));
  const rawLinks = list(field(json, 'causal_links', 'causalLinks', 'causal'));
  if (!('facts' in json) && !('entities' in json) && !('Facts' in json) && !('memories' in json)) {
    return { ok: false, error: 'the answer has neither "facts" nor "entities"' };
  }

  const entities: ExtractionOutput['entities'] = [];
  rawEntities.forEach((raw, i) => {
    const e = isObj(raw) ? raw : typeof raw === 'string' ? { name: raw } : null;
    const name = e ? str(field(e, 'name', 'entity')) : null;
    if (!e || !name) return void dropped.push(`entities[${i}]: no name`);
    if (NOT_NAMES.has(name.toLowerCase())) return void dropped.push(`entities[${i}] "${name}": a pronoun or determiner is not an entity`);
    const type = entityTypeOf(field(e, 'type', 'kind', 'category')) ?? (field(e, 'type') === undefined ? 'concept' : null);
    if (!type) return void dropped.push(`entities[${i}] "${name}": unknown type "${String(e.type)}"`);
    const knownRaw = nullableStr(field(e, 'known_id', 'knownId', 'id'));
    const known = knownRaw ? refOf(knownRaw, 'K') : null;
    if (knownRaw && (!known || !refs.known.has(known))) dropped.push(`entities[${i}] "${name}": known_id "${knownRaw}" is not a known entity, kept as new`);
    const parsed = extractedEntity.safeParse({
      name,
      type,
      aliases: strings(field(e, 'aliases', 'alias')).filter((a) => a.length <= 200),
      known_id: known && refs.known.has(known) ? known : null,
      description: nullableStr(field(e, 'description', 'summary')),
    });
    if (parsed.success) entities.push(parsed.data);
    else dropped.push(`entities[${i}] "${name}": ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  });
  const names = new Set(entities.flatMap((e) => [e.name, ...e.aliases].map((n) => n.toLowerCase())));

  const facts: ExtractionOutput['facts'] = [];
  rawFacts.forEach((raw, i) => {
    const f = isObj(raw) ? raw : typeof raw === 'string' ? { content: raw } : null;
    const content = f ? str(field(f, 'content', 'fact', 'text', 'statement')) : null;
    if (!f || !content) return void dropped.push(`facts[${i}]: no content`);
    const type = factTypeOf(field(f, 'type', 'kind'));
    if (!type) return void dropped.push(`facts[${i}] "${content.slice(0, 60)}": unknown type "${String(f.type)}"`);
    const cited = list(field(f, 'source_episodes', 'sourceEpisodes', 'sources', 'source', 'episodes'));
    const episodes = [...new Set(cited.flatMap((r) => refOf(r, 'E') ?? []).filter((r) => refs.episodes.has(r)))];
    if (episodes.length === 0) {
      return void dropped.push(`facts[${i}] "${content.slice(0, 60)}": ${cited.length ? `cites ${cited.map(String).join(', ')}, not an episode of this page` : 'cites no source episode'}`);
    }
    const basis = str(field(f, 'basis'))?.toLowerCase();
    const parsed = extractedFact.safeParse({
      type,
      content,
      source_episodes: episodes,
      // A name the model did not list as an entity is left out of the links, not a reason to lose the fact.
      entities: strings(field(f, 'entities', 'about')).filter((n) => names.has(n.toLowerCase())),
      slot: nullableStr(field(f, 'slot')),
      basis: basis === 'inferred' ? 'inferred' : 'stated',
      valid_from: nullableStr(field(f, 'valid_from', 'validFrom', 'date', 'when')),
    });
    if (parsed.success) facts.push(parsed.data);
    else dropped.push(`facts[${i}] "${content.slice(0, 60)}": ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  });

  const causal: ExtractionOutput['causal_links'] = [];
  rawLinks.forEach((raw, i) => {
    if (!isObj(raw)) return void dropped.push(`causal_links[${i}]: not an object`);
    const cause = refOf(raw.cause, 'E');
    const effect = refOf(raw.effect, 'E');
    if (!cause || !effect || !refs.episodes.has(cause) || !refs.episodes.has(effect)) return void dropped.push(`causal_links[${i}]: cites an unknown episode`);
    causal.push({ cause, effect, explanation: str(raw.explanation) ?? '' });
  });

  const offered = rawFacts.length + rawEntities.length + rawLinks.length;
  const kept = facts.length + entities.length + causal.length;
  if (offered > 0 && kept === 0) return { ok: false, error: `no usable item: ${dropped.slice(0, 5).join('; ')}` };
  return { ok: true, value: { facts, entities, causal_links: causal }, dropped };
}

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
export type ResolutionOutput = z.output<typeof resolutionSchema>;

const RELATION_SYNONYMS: Record<string, ResolutionOutput['decisions'][number]['relation']> = {
  replaces: 'replaces', replace: 'replaces', replaced: 'replaces', supersedes: 'replaces', updates: 'replaces', contradicts: 'replaces', contradiction: 'replaces',
  duplicate: 'duplicate', duplicates: 'duplicate', same: 'duplicate', identical: 'duplicate',
  unrelated: 'unrelated', none: 'unrelated', different: 'unrelated', compatible: 'unrelated', independent: 'unrelated',
};

/** Conflict decisions, pair by pair: a decision for a pair that was not asked is dropped. */
export function acceptResolution(json: unknown, pairs: ReadonlySet<string>): Accepted<ResolutionOutput> {
  if (!isObj(json)) return { ok: false, error: 'the answer is not a JSON object' };
  const raw = list(field(json, 'decisions', 'Decisions', 'pairs'));
  const dropped: string[] = [];
  const decisions: ResolutionOutput['decisions'] = [];
  raw.forEach((d, i) => {
    if (!isObj(d)) return void dropped.push(`decisions[${i}]: not an object`);
    const fact = refOf(d.fact, 'F');
    const existing = refOf(d.existing, 'X');
    const relation = RELATION_SYNONYMS[str(d.relation)?.toLowerCase() ?? ''];
    if (!fact || !existing || !pairs.has(`${fact}/${existing}`)) return void dropped.push(`decisions[${i}]: ${String(d.fact)}/${String(d.existing)} is not a listed pair`);
    if (!relation) return void dropped.push(`decisions[${i}]: unknown relation "${String(d.relation)}"`);
    decisions.push({ fact, existing, relation, reason: str(d.reason) ?? '' });
  });
  if (raw.length > 0 && decisions.length === 0) return { ok: false, error: `no usable decision: ${dropped.slice(0, 5).join('; ')}` };
  return { ok: true, value: { decisions }, dropped };
}
