/**
 * Conflict candidates for a new fact (ADR 008 §10.1 "detect conflicts via hybrid search"): the few existing
 * facts most like it — the same slot first, then by similarity (embedding cosine or word overlap), capped per
 * fact. Names the fact is about do not count toward word overlap: in a two-person conversation every fact names
 * a speaker, and "Dave loves tofu" is no conflict candidate for "Dave plays the cello". An entity's facts are
 * searched only when the entity is specific (a few facts, not a speaker with hundreds). Ties break by time and
 * id, so identical runs ask identical questions. Purpose-built rather than the read path's intent-routed
 * search: a fact such as "call Ben on Saturday" would be routed as a "when" question with time parsing and
 * timeline walks, which costs tens of ms of main-thread time per fact and answers a different question.
 */
import type { Database } from 'better-sqlite3';
import { currentFactsInSlot, currentFactsOfEntity, factIdsMatching } from '../memory/repo/consolidation';
import { getNodes } from '../memory/repo/nodes';
import type { MemoryNode } from '../memory/types';
import { contentTokens, jaccard, normaliseFact } from './text';

/** Existing facts shown with one new fact (the bound is 10). */
export const MAX_PAIRS_PER_FACT = 6;
/** Pairs in one resolution call, so a small model's answer is neither cut off nor confused. */
export const MAX_PAIRS_PER_CALL = 40;
/** An entity with more current facts than this is too general to find conflicts by (a speaker, "User"). */
const SPECIFIC_ENTITY_FACTS = 20;
const MIN_WORD_OVERLAP = 0.2;
const MIN_COSINE = 0.5;

const FTS_STOP = new Set(
  'a an the and or but of to in on at for with by from as is are was were be been it its this that these those i me my we our you your he she they them their user users said mentioned do does did has have had not no so very just also really about into than then there here what when where who why how'.split(' '),
);

/** An OR of the fact's distinctive words, each quoted so no user text becomes FTS5 syntax. */
export function ftsQuery(text: string, maxTerms = 6, ignore: ReadonlySet<string> = new Set()): string | null {
  const words = [...new Set(normaliseFact(text).replace(/'/g, ' ').split(' '))].filter((w) => w.length > 2 && !FTS_STOP.has(w) && !ignore.has(w));
  const picked = words.sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).slice(0, maxTerms);
  return picked.length ? picked.map((w) => `"${w.replaceAll('"', '""')}"`).join(' OR ') : null;
}

export interface CandidateInput {
  content: string;
  slot: string | null;
  entityIds: readonly string[];
  /** Words of the names the fact is about (its entities' names), left out of word overlap. */
  nameWords: ReadonlySet<string>;
  /** Nearest facts by embedding, best first (already computed for deduplication). */
  neighbours: readonly { nodeId: string; similarity: number }[];
}

function withoutNames(text: string, names: ReadonlySet<string>): Set<string> {
  const tokens = contentTokens(text);
  for (const n of names) tokens.delete(n);
  return tokens;
}

export function conflictCandidates(db: Database, input: CandidateInput, limit = MAX_PAIRS_PER_FACT): MemoryNode[] {
  const similarity = new Map<string, number>();
  for (const n of input.neighbours) if (n.similarity >= MIN_COSINE) similarity.set(n.nodeId, n.similarity);
  const match = ftsQuery(input.content, 6, input.nameWords);
  const pool = new Set<string>([...similarity.keys(), ...(match ? factIdsMatching(db, match, 12) : [])]);
  for (const e of input.entityIds.slice(0, 3)) {
    const facts = currentFactsOfEntity(db, e, SPECIFIC_ENTITY_FACTS + 1);
    if (facts.length <= SPECIFIC_ENTITY_FACTS) for (const f of facts) pool.add(f.id);
  }
  const slotted = input.slot ? currentFactsInSlot(db, input.slot, limit) : [];
  const mine = withoutNames(input.content, input.nameWords);
  const scored = getNodes(db, [...pool])
    .filter((n) => n.validUntil === null && n.type !== 'episodic' && n.attributes.reflection === undefined)
    .map((n) => ({ node: n, score: Math.max(similarity.get(n.id) ?? 0, jaccard(mine, withoutNames(n.content, input.nameWords))) }))
    .filter((c) => similarity.has(c.node.id) || c.score >= MIN_WORD_OVERLAP);
  // Same slot is the strongest sign of a contradiction: those always come first.
  const bySlot = new Set(slotted.map((n) => n.id));
  const ranked = [
    ...slotted.sort(byTimeThenId),
    ...scored
      .filter((c) => !bySlot.has(c.node.id))
      .sort((a, b) => b.score - a.score || byTimeThenId(a.node, b.node))
      .map((c) => c.node),
  ];
  return ranked.slice(0, limit);
}

/** Newest first, then by id: a total order, so equal scores never depend on how the rows came back. */
function byTimeThenId(a: MemoryNode, b: MemoryNode): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Questions → resolution calls of at most `maxPairs` pairs each, in order. */
export function batchByPairs<Q extends { existing: readonly unknown[] }>(questions: readonly Q[], maxPairs = MAX_PAIRS_PER_CALL): Q[][] {
  const batches: Q[][] = [];
  let current: Q[] = [];
  let pairs = 0;
  for (const q of questions) {
    if (current.length > 0 && pairs + q.existing.length > maxPairs) {
      batches.push(current);
      current = [];
      pairs = 0;
    }
    current.push(q);
    pairs += q.existing.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
