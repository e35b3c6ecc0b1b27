/**
 * Context packs (ADR 008 §11.4, §11.5, §14): what the model is told about memory before a reply.
 * Adaptive budget (1200 / 1500 tokens): the person's profile leads in a small fixed share; what it leaves is split
 * facts · entity profiles · earlier turns · evidence (SECTION_SHARES), filled in that priority with unused budget
 * rolling down, counted with a real tokenizer, never over budget. A fact the profile shows is not repeated below.
 */
import type { Database } from 'better-sqlite3';
import { getEntity } from '../repo/entities';
import { entityCandidates, plainText, statementKey, type PackCandidate } from './pack-entities';
import { getNodes } from '../repo/nodes';
import { spaceCount } from '../repo/spaces';
import { parseInput } from '../schemas';
import type { MemoryNode } from '../../../src-shared/memory-types';
import { FACT_TYPES } from '../../../src-shared/memory-types';
import { adaptiveParams, classifyComplexity } from './intent';
import { contextOptionsSchema } from './schemas';
import { yieldToLoop } from '../../../src-shared/clock';
import { speakerForModel } from '../../../src-shared/speakers';
import { embedQuery, FtsMemo, readAsOf, search, type RetrieverDeps } from './search';
import { retrievalQuery } from './text';
import { quotablePart, quoteFor } from './snippet';
import { changedSince, type ChangedSince } from './changed-since';
import { takenBack } from './taken-back';
import { aboveFloor } from './pack-floor';
import { countTokens, fitsInTokens, truncateToTokens } from './tokens';
import type { ContextItem, ContextOptions, ContextPack, ContextSection, ContextSectionName, SearchHit, StrategyRank } from '../../../src-shared/retrieval-types';
import { isoTime } from '../../../src-shared/clock';
import type { Profile } from '../../../src-shared/profile-types';

/**
 * Facts lead: a fact states in a dozen tokens what a turn says in forty, so with a model-written memory they
 * cover more of the conversation per token. What facts leave unused (an offline memory has few) rolls down to
 * earlier turns. Entity profiles mostly repeat what the facts say.
 */
export const SECTION_SHARES: Record<ContextSectionName, number> = { profile: 0.15, facts: 0.45, entities: 0.05, temporal: 0.4, evidence: 0.1 };
/** The profile's share is of the whole budget; the other shares are of what the profile leaves. */
const LEADING_SECTION: ContextSectionName = 'profile';
const TITLES: Record<ContextSectionName, string> = {
  profile: 'About the user',
  facts: 'Facts',
  entities: 'People, places and things',
  temporal: 'Earlier conversations',
  evidence: 'Evidence',
};
const HEADER = '## What Engram remembers';
/** Long episodes are quoted, not pasted whole. */
const MAX_EPISODE_TOKENS = 60;
/**
 * Episodes and facts searched for a pack, by complexity: more than fit, so the token budget (and the relevance
 * floor) decides where a pack stops, not a count. Turns run from a few tokens (a chat message) to sixty.
 */
const PACK_EPISODES = { simple: 80, complex: 100 } as const;
const PACK_FACTS = { simple: 20, complex: 40 } as const;
const MAX_QUOTE_TOKENS = 60;

const day = (t: number): string => isoTime(t)?.slice(0, 10) ?? 'unknown date';
const headingLine = (heading: string): string => `#### ${heading}`;

function describeStrategies(ranks: StrategyRank[]): string {
  return ranks.map((r) => `${r.strategy} #${r.rank}`).join(', ');
}

type Candidate = PackCandidate;
/** The pack's plain-text rule, shared with the chat prompt. */
export { plainText };

export async function buildContextPack(deps: RetrieverDeps, prompt: string, options: ContextOptions = {}, profile?: Profile): Promise<ContextPack> {
  // Retrieval reads a long prompt by its start and end (text.ts retrievalQuery); the pack keeps the whole prompt.
  const query = retrievalQuery(prompt);
  const opts = parseInput(contextOptionsSchema, options);
  // As of a date (issue 23): the pack as it would have been then, built from what memory believed then.
  const asOf = readAsOf(opts.asOf, opts.now ?? deps.now());
  const now = opts.now ?? asOf ?? deps.now();
  const complexity = classifyComplexity(query);
  const params = adaptiveParams(complexity);
  const budget = Math.min(opts.tokenBudget ?? params.tokenBudget, opts.maxTokenBudget ?? Number.MAX_SAFE_INTEGER);
  const base = { excludeSessionIds: opts.excludeSessionIds, now, ...(asOf !== null ? { asOf } : {}), ...(opts.spaceId !== undefined ? { spaceId: opts.spaceId } : {}) };

  // One query embedding serves both searches (with a remote embedder it is a network round trip).
  const warnings: string[] = [];
  const queryVector = query.trim() ? await embedQuery(deps, query, warnings) : null;
  // Episodes first: their longer BM25 list of turns then serves the fact search's provenance step too.
  const memo = new FtsMemo();
  const episodes = query.trim() ? await search(deps, { query, types: ['episodic'], limit: PACK_EPISODES[complexity], ...base }, queryVector, memo, { similarWords: true }) : null;
  await yieldToLoop();
  const facts = query.trim() ? await search(deps, { query, types: [...FACT_TYPES], limit: PACK_FACTS[complexity], ...base }, queryVector, memo) : null;
  await yieldToLoop();
  const intent = facts?.intent ?? 'general';
  // A weekly reflection is the write path's reading of a week, not something the person stated: it stays
  // searchable (and visible in the inspector) but is never handed to the model as a fact about them.
  const factHits = (facts?.hits ?? []).filter((h) => h.node.sourceType !== 'reflection');

  // Facts, turns and the quotes behind facts below the relevance floor are noise (pack-floor.ts).
  const scored = aboveFloor(
    {
      facts: factHits.map((h) => factCandidate(h)),
      // Best first, so a tight budget keeps the best; shown in time order once chosen (see fill).
      temporal: episodeCandidates(deps.db, episodes?.hits ?? [], query, asOf),
      evidence: evidenceCandidates(deps.db, factHits),
    },
    deps.config.packFloor,
  );
  // What the profile and facts sections state, by node: entity lines leave those statements out.
  const statements = new Map([...factHits.map((h) => [h.node.id, h.node.content] as const), ...(profile ? [...profile.static, ...profile.dynamic].map((l) => [l.nodeId, l.content] as const) : [])]);
  const candidates: Record<ContextSectionName, SectionCandidates> = {
    profile: profile ? profileCandidates(profile) : [],
    facts: scored.facts ?? [],
    // An entity is shared by every space, and its summary may quote facts of another: a pack scoped to one
    // space of several describes entities by its own facts only.
    entities: (above) =>
      entityCandidates(
        deps,
        query,
        factHits,
        asOf !== null || (opts.spaceId !== undefined && spaceCount(deps.db) > 1),
        new Set(above.flatMap((i) => (i.nodeId && statements.has(i.nodeId) ? [statementKey(statements.get(i.nodeId) ?? '')] : []))),
        asOf,
      ),
    temporal: scored.temporal ?? [],
    evidence: scored.evidence ?? [],
  };

  const sections = fill(candidates, budget, (facts) => sourcesOf(deps.db, facts));
  let pack = assemble(prompt, intent, complexity, budget, sections, now, deps.db);
  // Token counts of parts can differ from the whole by a merge at a line break; trim until it fits.
  while (countTokens(pack.markdown) > budget) {
    if (!dropWeakestItem(pack.sections)) break;
    pack = assemble(prompt, intent, complexity, budget, pack.sections, now, deps.db);
  }
  return pack;
}

/**
 * Makes room in a pack that came out over budget: the least relevant item of the last section that has any
 * goes (ties: the one shown last). Not simply the last line: a section of turns is shown in time order, and its
 * last line is the newest turn, often the one the question is about. False when nothing is left to drop.
 */
export function dropWeakestItem(sections: ContextSection[]): boolean {
  const last = [...sections].reverse().find((s) => s.items.length > 0);
  if (!last) return false;
  let weakest = last.items.length - 1;
  for (let i = weakest - 1; i >= 0; i--) if ((last.items[i] as ContextItem).score < (last.items[weakest] as ContextItem).score) weakest = i;
  last.items.splice(weakest, 1);
  last.tokens = last.items.reduce((n, i) => n + i.tokens, 0);
  return true;
}

function factCandidate(h: SearchHit): Candidate {
  const n = h.node;
  return {
    item: {
      nodeId: n.id,
      entityId: null,
      // A version that no longer holds is history, and says so: it is never offered as current.
      text: `- ${plainText(n.content)} (${factLabel(n)}since ${day(n.validFrom)}${n.validUntil !== null ? `, until ${day(n.validUntil)}` : ''})`,
      score: h.score,
      strategies: h.strategies,
      reason: `${n.type} fact found by ${describeStrategies(h.strategies)}`,
    },
  };
}

/** The profile's lines in its order (static, then dynamic), worded as facts are. */
function profileCandidates(p: Profile): Candidate[] {
  return [...p.static, ...p.dynamic].map((l) => ({
    item: {
      nodeId: l.nodeId,
      entityId: null,
      text: `- ${plainText(l.content)} (${l.type === 'semantic' ? '' : `${l.type}, `}since ${day(l.validFrom)})`,
      score: 1,
      strategies: [],
      reason: `profile (${l.part}): ${l.reason}`,
    },
  }));
}

/** Only what changes how a fact reads: its kind when it is not a plain fact, and doubt when there is some. */
function factLabel(n: MemoryNode): string {
  const kind = n.type === 'semantic' ? '' : `${n.type}, `;
  const doubt = n.confidence < 0.6 ? `confidence ${n.confidence.toFixed(2)}, ` : '';
  return kind + doubt;
}

function episodeCandidates(db: Database, hits: readonly SearchHit[], prompt: string, asOf: number | null): Candidate[] {
  const ids = hits.map((h) => h.node.id);
  const changed = changedSince(db, ids, asOf);
  const back = takenBack(db, ids);
  return hits.map((h) => episodeCandidate(h, prompt, changed.get(h.node.id), back.get(h.node.id)));
}

/** "(since changed, 2026-02-04: User lives in Denver)": an old turn is never read as what holds now. */
function changedNote(changed: ChangedSince | undefined): string {
  if (!changed) return '';
  return ` (since changed, ${day(changed.at)}${changed.current ? `: ${truncateToTokens(plainText(changed.current), 20)}` : ''})`;
}

/** " (taken back in the next message: "jk still in lisbon")": a joke is not quoted as the person's word. */
function takenBackNote(words: string | undefined): string {
  return words === undefined ? '' : ` (taken back in the next message: "${truncateToTokens(plainText(words), 20)}")`;
}

function episodeCandidate(h: SearchHit, prompt: string, changed: ChangedSince | undefined, takeBack: string | undefined): Candidate {
  const n = h.node;
  const who = speakerForModel(n);
  return {
    item: {
      nodeId: n.id,
      entityId: null,
      // The day (absolute and relative) is said once per day, and the time of day not at all (lines are in time
      // order; "18:20" costs four tokens a line): more turns fit the budget.
      heading: `${day(n.eventTime)} (${h.event_time_relative})`,
      // A transcript's turn already starts with its speaker ("Caroline: …"): not named twice.
      text: `- ${n.content.startsWith(`${who}:`) ? '' : `${who}: `}${quoteFor(plainText(quotablePart(n.content)), prompt, MAX_EPISODE_TOKENS)}${changedNote(changed)}${takenBackNote(takeBack)}`,
      score: h.score,
      strategies: h.strategies,
      reason: `episode found by ${describeStrategies(h.strategies)}`,
    },
    at: n.eventTime,
  };
}

function evidenceCandidates(db: Database, factHits: SearchHit[]): Candidate[] {
  const out: Candidate[] = [];
  for (const h of factHits.slice(0, 5)) {
    const sources = db
      .prepare(`SELECT target_id FROM edges WHERE source_id = ? AND relation_type = 'derived_from' LIMIT 2`)
      .all(h.node.id) as { target_id: string }[];
    for (const ep of getNodes(db, sources.map((s) => s.target_id))) {
      out.push({
        item: {
          nodeId: ep.id,
          entityId: null,
          text: `- "${truncateToTokens(plainText(ep.content), MAX_QUOTE_TOKENS)}" (${day(ep.eventTime)}; source of: ${truncateToTokens(plainText(h.node.content), 20)})`,
          score: h.score,
          strategies: [],
          reason: `said when "${truncateToTokens(h.node.content, 20)}" was learned`,
        },
      });
    }
  }
  return out;
}

const ORDER: ContextSectionName[] = ['profile', 'facts', 'entities', 'temporal', 'evidence'];

/** Episodes the given facts were derived from. */
function sourcesOf(db: Database, factIds: readonly string[]): Set<string> {
  if (factIds.length === 0) return new Set();
  const rows = db
    .prepare(
      `SELECT e.target_id AS id FROM json_each(?) AS j CROSS JOIN edges e ON e.source_id = j.value
       WHERE e.relation_type = 'derived_from' AND e.valid_until IS NULL`,
    )
    .all(JSON.stringify(factIds)) as { id: string }[];
  return new Set(rows.map((r) => r.id));
}

/**
 * Fill sections in priority order; what a section leaves unused rolls down to the next. A turn that a chosen
 * fact already states is not repeated under "Earlier conversations" (the evidence section quotes it): its
 * room goes to another turn.
 */
/** A section's candidates, or how to make them from the items the sections above it chose. */
type SectionCandidates = Candidate[] | ((above: readonly ContextItem[]) => Candidate[]);

function fill(candidates: Record<ContextSectionName, SectionCandidates>, budget: number, covered: (factIds: string[]) => Set<string>): ContextSection[] {
  const above: ContextItem[] = [];
  let coveredTurns = new Set<string>();
  const headerCost = countTokens(`${HEADER}\n\n`);
  let carry = 0;
  let remainingTotal = budget - headerCost;
  let shown = new Set<string>();
  let afterLead = budget;
  return ORDER.map((name) => {
    const share = Math.floor((name === LEADING_SECTION ? budget : afterLead) * SECTION_SHARES[name]);
    // What the profile leaves unused goes to the others through their shares, not to facts alone.
    const sectionBudget = Math.max(0, Math.min(remainingTotal, share + (name === ORDER[1] ? 0 : carry)));
    const title = `### ${TITLES[name]}\n`;
    const titleCost = countTokens(title) + 1;
    const items: ContextItem[] = [];
    const timeOf = new Map<ContextItem, number>();
    let used = 0;
    const seen = new Set<string>(name === 'temporal' ? coveredTurns : name === 'facts' ? shown : []);
    const headings = new Set<string>();
    const listed = candidates[name];
    for (const c of typeof listed === 'function' ? listed(above) : listed) {
      if (sectionBudget - used - (items.length === 0 ? titleCost : 0) <= 0) break;
      const key = c.item.nodeId ?? c.item.entityId ?? c.item.text;
      if (seen.has(key)) continue;
      const heading = c.item.heading;
      const extra = (items.length === 0 ? titleCost : 0) + (heading && !headings.has(heading) ? countTokens(`${headingLine(heading)}\n`) : 0);
      // A shorter item may still fit. A long one (a 100k-character fact) is not counted whole to learn it does not.
      if (!fitsInTokens(`${c.item.text}\n`, sectionBudget - used - extra)) continue;
      const tokens = countTokens(`${c.item.text}\n`);
      seen.add(key);
      if (heading) headings.add(heading);
      used += extra + tokens;
      const item = { ...c.item, tokens };
      items.push(item);
      if (c.at !== undefined) timeOf.set(item, c.at);
    }
    if (name === LEADING_SECTION) {
      shown = new Set(items.flatMap((i) => (i.nodeId ? [i.nodeId] : [])));
      afterLead = budget - used;
    }
    if (name === 'facts') coveredTurns = covered(items.flatMap((i) => (i.nodeId ? [i.nodeId] : [])));
    // Chronological (a heading is the line's day); messages of one minute in the order they were recorded
    // (UUIDv7 ids grow in creation order).
    if (name === 'temporal') items.sort((a, b) => (timeOf.get(a) ?? 0) - (timeOf.get(b) ?? 0) || compareIds(a.nodeId, b.nodeId));
    above.push(...items);
    carry = sectionBudget - used;
    remainingTotal -= used;
    return { name, title: TITLES[name], budget: sectionBudget, tokens: used, items };
  });
}

const compareIds = (a: string | null, b: string | null): number => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0);

/** A section's lines, with a heading line wherever the heading changes (items arrive in display order). */
function sectionLines(items: readonly ContextItem[]): string[] {
  const lines: string[] = [];
  let current: string | undefined;
  for (const item of items) {
    if (item.heading && item.heading !== current) lines.push(headingLine(item.heading));
    current = item.heading;
    lines.push(item.text);
  }
  return lines;
}

function assemble(
  prompt: string,
  intent: ContextPack['intent'],
  complexity: ContextPack['complexity'],
  budget: number,
  sections: ContextSection[],
  now: number,
  db: Database,
): ContextPack {
  const nonEmpty = sections.filter((s) => s.items.length > 0);
  const markdown = nonEmpty.length
    ? [HEADER, '', ...nonEmpty.flatMap((s) => [`### ${s.title}`, ...sectionLines(s.items), ''])].join('\n').trimEnd()
    : '';
  const nodeIds = [...new Set(sections.flatMap((s) => s.items.flatMap((i) => (i.nodeId ? [i.nodeId] : []))))];
  const entityIds = [...new Set(sections.flatMap((s) => s.items.flatMap((i) => (i.entityId ? [i.entityId] : []))))];
  const entities = entityIds.flatMap((id) => {
    const e = getEntity(db, id);
    return e ? [{ id: e.id, canonicalName: e.canonicalName, type: e.type }] : [];
  });
  return {
    prompt,
    intent,
    complexity,
    tokenBudget: budget,
    tokensUsed: markdown ? countTokens(markdown) : 0,
    sections,
    nodeIds,
    entities,
    markdown,
    createdAt: now,
  };
}

export type { MemoryNode };
