/**
 * Offline extractor (no LLM, ADR 008 §17 degradation): deterministic patterns for first-person statements
 * in the user's own turns. Every fact gets a slot and a normalised value, so contradictions between them are
 * decided without a model: same slot, different value → the newer one supersedes ("I live in Berlin" →
 * "I moved to Lisbon" leaves a chain). Facts are `heuristic` (confidence 0.6, §12.1 inference).
 */
import type { EntityType, MemoryNode } from '../memory/types';
import { emptyUsage, type TokenUsage } from './agent';
import { normaliseFact } from './text';
import type { CandidateFact, ConflictDecision, ConflictQuestion, ExtractedEntity, Extraction, ExtractionPage, Extractor } from './types';

interface Match {
  fact: Omit<CandidateFact, 'sourceEpisodeIds'>;
  entity: ExtractedEntity | null;
}

const TRAILING_NOISE =
  /\s+(?:now|anymore|any more|these days|nowadays|recently|lately|a lot|very much|so much|too|as well|more|most|the most|even more|a bit|last (?:week|month|year|summer|winter|spring|autumn|fall)|this (?:week|month|year)|yesterday|today|in \d{4}|(?:a|one|two|three|a few|a couple of) \w+ ago|for (?:a|\d+) \w+)$/i;
const STOP_AT = /\s+(?:and|but|because|since|so|which|where|when|while|though|although|with my|after|before)\s.*$/i;

/** The object of a statement: up to the clause end, without time phrases, at most six words. */
function cleanValue(raw: string): string {
  let v = raw.replace(STOP_AT, '').trim();
  for (let i = 0; i < 3; i++) v = v.replace(TRAILING_NOISE, '').trim();
  v = v.replace(/^(?:the city of|the town of)\s+/i, '');
  const words = v.split(/\s+/).filter(Boolean);
  return words.slice(0, 6).join(' ').replace(/[\s"'’”)]+$/u, '');
}

/** The first run of capitalised words ("a flat in Lisbon" → "Lisbon"), or null. */
function properName(v: string): string | null {
  const m = /(\p{Lu}[\p{L}\p{N}'&.-]*(?:\s+(?:de|da|do|van|von|of|the|and|&)?\s*\p{Lu}[\p{L}\p{N}'&.-]*)*)/u.exec(v);
  return m?.[1]?.trim() ?? null;
}

const slotKey = (s: string): string => normaliseFact(s).replace(/\s+/g, '_');

function entity(name: string | null, type: EntityType): ExtractedEntity | null {
  return name ? { name, type, aliases: [], knownId: null, description: null } : null;
}

type Rule = { re: RegExp; build: (value: string, m: RegExpExecArray) => Match[] };

const I = String.raw`\b(?:i|we)(?:'ve|'m|'d|’ve|’m|’d)?(?:\s+(?:just|recently|finally|actually|also|now|still|have|had|am))*\s+`;

const RULES: Rule[] = [
  {
    re: /\b(?:my name is|my name's|call me|i am called|i'm called)\s+(.+)/i,
    build: (v) => {
      const name = properName(v);
      return name ? [{ fact: slotFact('semantic', `User's name is ${name}`, 'user.name', name), entity: null }] : [];
    },
  },
  {
    re: new RegExp(`${I}(?:live|living|moved|relocated|settled)\\s+(?:in|to|into)\\s+(.+)`, 'i'),
    build: (v) => {
      const place = properName(v);
      return place ? [{ fact: slotFact('semantic', `User lives in ${place}`, 'user.residence', place, [place]), entity: entity(place, 'place') }] : [];
    },
  },
  {
    // "I'm working on Christmas Day" is not an employer: a job needs "at" or "for".
    re: new RegExp(`${I}(?:work|working|started working|started a job|got a job|have a job|took a job)\\s+(?:at|for)\\s+(.+)`, 'i'),
    build: (v) => {
      const org = properName(v) ?? v;
      const named = properName(org);
      return [{ fact: slotFact('semantic', `User works at ${org}`, 'user.employer', org, named ? [named] : []), entity: entity(named, 'organization') }];
    },
  },
  {
    re: new RegExp(`${I}joined\\s+(.+)`, 'i'),
    build: (v) => {
      const org = properName(v);
      return org ? [{ fact: slotFact('semantic', `User works at ${org}`, 'user.employer', org, [org]), entity: entity(org, 'organization') }] : [];
    },
  },
  {
    re: new RegExp(`${I}work\\s+as\\s+(.+)`, 'i'),
    build: (v) => [{ fact: slotFact('semantic', `User works as ${v}`, 'user.occupation', v), entity: null }],
  },
  {
    re: new RegExp(`${I}(?:don't|do not|no longer|never)\\s+(?:like|enjoy|love)\\s+(.+)`, 'i'),
    build: (v) => opinion(v, 'dislike', `User does not like ${v}`),
  },
  {
    re: new RegExp(`${I}(?:dislike|hate|can't stand|cannot stand|detest)\\s+(.+)`, 'i'),
    build: (v) => opinion(v, 'dislike', `User dislikes ${v}`),
  },
  {
    re: new RegExp(`${I}(prefer|like|love|enjoy)\\s+(.+)`, 'i'),
    build: (_v, m) => {
      const verb = (m[1] ?? 'like').toLowerCase();
      const raw = cleanValue(m[2] ?? '');
      // "I prefer tea over coffee": the opinion is about tea; the comparison stays in the text.
      const [object = raw] = raw.split(/\s+(?:over|to|rather than|instead of)\s+/i);
      return object ? opinion(object, 'like', `User ${verb}s ${raw}`) : [];
    },
  },
  {
    re: new RegExp(`${I}(?:switched|changed|moved over|migrated)\\s+(?:from\\s+(.+?)\\s+)?to\\s+(.+)`, 'i'),
    build: (_v, m) => {
      const to = cleanValue(m[2] ?? '');
      const from = m[1] ? cleanValue(m[1]) : null;
      if (!to) return [];
      const out: Match[] = [uses(to, true, from ? `User uses ${to} (switched from ${from})` : `User uses ${to}`)];
      if (from) out.push(uses(from, false, `User no longer uses ${from}`));
      return out;
    },
  },
  {
    re: new RegExp(`${I}(?:stopped using|quit using|gave up|no longer use|don't use)\\s+(.+)`, 'i'),
    build: (v) => [uses(v, false, `User no longer uses ${v}`)],
  },
  {
    re: new RegExp(`${I}(?:use|using|started using)\\s+(.+)`, 'i'),
    build: (v) => [uses(v, true, `User uses ${v}`)],
  },
];

function slotFact(type: CandidateFact['type'], content: string, slot: string, value: string, entityNames: string[] = []): Match['fact'] {
  return { type, content, slot, value: normaliseFact(value), entityNames, basis: 'stated' };
}

function opinion(object: string, value: 'like' | 'dislike', content: string): Match[] {
  // "I like to think…", "I don't like it when…": not an opinion about a thing.
  if (/^(?:to|that|it|how|when|what|this|your|you|the idea)\b/i.test(object)) return [];
  // "I love him": about someone the sentence does not name.
  if (/^(?:him|her|them|it|us|me|you|this|that|these|those|one|both|all)$/i.test(object)) return [];
  const name = properName(object);
  return [
    {
      fact: { type: 'opinion', content, slot: `user.opinion.${slotKey(object)}`, value, entityNames: name ? [name] : [], basis: 'stated' },
      entity: entity(name, 'concept'),
    },
  ];
}

function uses(tool: string, yes: boolean, content: string): Match {
  const name = properName(tool);
  return {
    fact: { type: 'semantic', content, slot: `user.uses.${slotKey(tool)}`, value: yes ? 'yes' : 'no', entityNames: name ? [name] : [], basis: 'stated' },
    entity: entity(name, 'tool'),
  };
}

/** Sentences of a message, so "I live in Berlin. I like jazz." yields two statements. */
function sentences(text: string): string[] {
  return text
    // Clause breaks too: "I live in Berlin and I work at Acme" holds two statements.
    .split(/(?<=[.!?;])\s+|\n+|,?\s+(?:and|but|so|then|also)\s+(?=(?:i|we|my)\b)/i)
    .map((s) => s.trim().replace(/[.!?;]+$/, ''))
    .filter(Boolean);
}

export function extractStatements(episode: MemoryNode): CandidateFact[] {
  return extractWithEntities(episode).facts;
}

function extractWithEntities(episode: MemoryNode): { facts: CandidateFact[]; entities: ExtractedEntity[] } {
  const facts: CandidateFact[] = [];
  const entities: ExtractedEntity[] = [];
  for (const sentence of sentences(episode.content)) {
    for (const rule of RULES) {
      const m = rule.re.exec(sentence);
      if (!m) continue;
      const value = cleanValue(m[m.length - 1] ?? '');
      if (!value) continue;
      const found = rule.build(value, m);
      for (const f of found) {
        facts.push({ ...f.fact, sourceEpisodeIds: [episode.id] });
        if (f.entity) entities.push(f.entity);
      }
      // First matching rule wins per sentence: "I don't like X" must not also read as "I like X".
      if (found.length > 0) break;
    }
  }
  return { facts, entities };
}

export class OfflineExtractor implements Extractor {
  readonly mode = 'offline' as const;
  readonly model = null;
  readonly usage: TokenUsage = emptyUsage();

  async extract(page: ExtractionPage): Promise<Extraction> {
    const facts: CandidateFact[] = [];
    const entities = new Map<string, ExtractedEntity>();
    for (const episode of page.episodes) {
      // Only the user's own words are first-person statements about the user.
      if ((episode.sourceRole ?? 'user') !== 'user') continue;
      const r = extractWithEntities(episode);
      facts.push(...r.facts);
      for (const e of r.entities) {
        const known = page.knownEntities.find((k) => [k.canonicalName, ...k.aliases].some((n) => n.toLowerCase() === e.name.toLowerCase()));
        entities.set(e.name.toLowerCase(), known ? { ...e, knownId: known.id } : e);
      }
    }
    return { facts, entities: [...entities.values()], causal: [] };
  }

  /** Same slot: same value is a duplicate, another value replaces it. Facts without a slot are left alone. */
  async resolve(questions: readonly ConflictQuestion[]): Promise<ConflictDecision[]> {
    const out: ConflictDecision[] = [];
    for (const q of questions) {
      for (const node of q.existing) {
        const slot = typeof node.attributes.slot === 'string' ? node.attributes.slot : null;
        if (!q.fact.slot || slot !== q.fact.slot) continue;
        const value = typeof node.attributes.value === 'string' ? node.attributes.value : normaliseFact(node.content);
        const same = q.fact.value !== null && value === q.fact.value;
        out.push({
          factIndex: q.factIndex,
          existingId: node.id,
          relation: same ? 'duplicate' : 'replaces',
          reason: same ? `same ${q.fact.slot}` : `${q.fact.slot} changed from "${value}" to "${q.fact.value ?? ''}"`,
        });
      }
    }
    return out;
  }
}
