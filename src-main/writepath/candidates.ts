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
import type { WritePathStore } from '../memory';
import type { MemoryNode } from '../../src-shared/memory-types';
import { comparedPart, contentTokens, jaccard, normaliseFact } from './text';
import { isFactQueryStopword, quoteFtsTerm } from '../../src-shared/text';
import { mayReplaceAcrossSlots } from '../../src-shared/slot-values';

/** Existing facts shown with one new fact (the bound is 10). */
export const MAX_PAIRS_PER_FACT = 5;
/** Pairs in one resolution call, so a small model's answer is neither cut off nor confused. */
export const MAX_PAIRS_PER_CALL = 40;
/** An entity with more current facts than this is too general to find conflicts by (a speaker, "User"). */
const SPECIFIC_ENTITY_FACTS = 20;
/** Similar enough to be about the same thing: a third of the words (names aside), or close embeddings. */
const MIN_WORD_OVERLAP = 0.34;
const MIN_COSINE = 0.7;
/** Facts sharing a specific entity need less: "Sasha left Acme" may update "Sasha is the user's boss". */
const MIN_ENTITY_OVERLAP = 0.15;
const MIN_ENTITY_COSINE = 0.5;

/** An OR of the fact's distinctive words, each quoted so no user text becomes FTS5 syntax. */
export function ftsQuery(text: string, maxTerms = 6, ignore: ReadonlySet<string> = new Set()): string | null {
  const words = [...new Set(normaliseFact(text).replace(/'/g, ' ').split(' '))].filter((w) => w.length > 2 && !isFactQueryStopword(w) && !ignore.has(w));
  const picked = words.sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).slice(0, maxTerms);
  return picked.length ? picked.map(quoteFtsTerm).join(' OR ') : null;
}

export interface CandidateInput {
  content: string;
  slot: string | null;
  entityIds: readonly string[];
  /** Words of the names the fact is about (its entities' names), left out of word overlap. */
  nameWords: ReadonlySet<string>;
  /** Nearest facts by embedding, best first (already computed for deduplication). */
  neighbours: readonly { nodeId: string; similarity: number }[];
  /** The space the fact is learned in: only its facts and those marked everywhere are candidates (absent = all). */
  spaceId?: string | undefined;
}

/** Whether a fact is seen from `spaceId` (its own space, or marked everywhere); every fact when no space is given. */
export function seenFromSpace(node: MemoryNode, spaceId: string | undefined): boolean {
  return spaceId === undefined || node.spaceId === spaceId || node.everywhere;
}

function withoutNames(text: string, names: ReadonlySet<string>): Set<string> {
  const tokens = contentTokens(text);
  for (const n of names) tokens.delete(n);
  return tokens;
}

export function conflictCandidates(store: WritePathStore, input: CandidateInput, limit = MAX_PAIRS_PER_FACT): MemoryNode[] {
  const cosine = new Map(input.neighbours.map((n) => [n.nodeId, n.similarity]));
  const match = ftsQuery(input.content, 6, input.nameWords);
  const pool = new Set<string>([...cosine.keys(), ...(match ? store.factIdsMatching(match, 12) : [])]);
  const sharesSpecificEntity = new Set<string>();
  for (const e of input.entityIds.slice(0, 3)) {
    const facts = store.currentFactsOfEntity(e, SPECIFIC_ENTITY_FACTS + 1);
    if (facts.length <= SPECIFIC_ENTITY_FACTS) for (const f of facts) sharesSpecificEntity.add(f.id);
  }
  for (const id of sharesSpecificEntity) pool.add(id);
  const slotted = input.slot ? store.factsInSlot(input.slot, limit * 3).filter((n) => seenFromSpace(n, input.spaceId)).slice(0, limit) : [];
  const mine = withoutNames(input.content, input.nameWords);
  const subject = subjectOf(input.content, input.nameWords);
  const scored = store.nodes([...pool])
    .filter((n) => n.validUntil === null && n.type !== 'episodic' && n.attributes.reflection === undefined && seenFromSpace(n, input.spaceId))
    // "Maya read X" does not contradict "Dave read X": facts about two named people are not candidates.
    .filter((n) => subject === null || !/^\p{Lu}/u.test(n.content) || firstWord(n.content) === subject)
    .map((n) => {
      const words = jaccard(mine, withoutNames(n.content, input.nameWords));
      const vector = cosine.get(n.id) ?? 0;
      const specific = sharesSpecificEntity.has(n.id);
      // "User switched to coffee" shares few words with "User prefers tea over coffee" yet replaces it.
      const slotFamily = mayReplaceAcrossSlots(input.slot, { slot: typeof n.attributes.slot === 'string' ? n.attributes.slot : null, value: null, content: n.content });
      const similar = slotFamily || words >= MIN_WORD_OVERLAP || vector >= MIN_COSINE || (specific && (words >= MIN_ENTITY_OVERLAP || vector >= MIN_ENTITY_COSINE));
      return { node: n, score: Math.max(words, vector), similar };
    })
    .filter((c) => c.similar);
  // Same slot is the strongest sign of a contradiction: those always come first.
  const bySlot = new Set(slotted.map((n) => n.id));
  const order = store.insertionOrder([...bySlot, ...scored.map((c) => c.node.id)]);
  // Newest first, then by insertion order: a total order that is the same in every run (ids are random).
  const newest = (a: MemoryNode, b: MemoryNode): number => b.createdAt - a.createdAt || (order.get(b.id) ?? 0) - (order.get(a.id) ?? 0);
  const ranked = [
    ...slotted.sort(newest),
    ...scored
      .filter((c) => !bySlot.has(c.node.id))
      .sort((a, b) => b.score - a.score || newest(a.node, b.node))
      .map((c) => c.node),
  ];
  return ranked.slice(0, limit);
}

/** The first word in the same stemmed form as `nameWords` ("Dave" → "dav"). */
const firstWord = (text: string): string => [...contentTokens(normaliseFact(comparedPart(text)).split(' ')[0] ?? '')][0] ?? '';

/** The person a fact is about, when it starts with one of its names ("Dave …"); null for "User …" and the rest. */
function subjectOf(content: string, names: ReadonlySet<string>): string | null {
  const first = firstWord(content);
  return first && first !== 'user' && names.has(first) ? first : null;
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
