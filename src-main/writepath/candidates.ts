/**
 * Conflict candidates for a new fact (ADR 008 §10.1 "detect conflicts via hybrid search"): what memory
 * already holds about the same thing, from four signals fused by reciprocal rank —
 * embedding neighbours, BM25 over the fact's words, facts linked to the same entities, and facts in the
 * same slot. Purpose-built rather than the read path's intent-routed search: a fact such as "call Ben on
 * Saturday" would be routed as a "when" question with time parsing and timeline walks, which costs tens
 * of milliseconds of main-thread time per fact and answers a different question.
 */
import type { Database } from 'better-sqlite3';
import { currentFactsInSlot, currentFactsOfEntity, factIdsMatching } from '../memory/repo/consolidation';
import { getNodes } from '../memory/repo/nodes';
import type { MemoryNode } from '../memory/types';
import { normaliseFact } from './text';

const FTS_STOP = new Set(
  'a an the and or but of to in on at for with by from as is are was were be been it its this that these those i me my we our you your he she they them their user users said mentioned do does did has have had not no so very just also really about into than then there here what when where who why how'.split(' '),
);

/** An OR of the fact's distinctive words, each quoted so no user text becomes FTS5 syntax. */
export function ftsQuery(text: string, maxTerms = 6): string | null {
  const words = [...new Set(normaliseFact(text).replace(/'/g, ' ').split(' '))].filter((w) => w.length > 2 && !FTS_STOP.has(w));
  const picked = words.sort((a, b) => b.length - a.length).slice(0, maxTerms);
  return picked.length ? picked.map((w) => `"${w.replaceAll('"', '""')}"`).join(' OR ') : null;
}

export interface CandidateInput {
  content: string;
  slot: string | null;
  entityIds: readonly string[];
  /** Nearest fact ids by embedding, best first (already computed for deduplication). */
  neighbours: readonly string[];
}

export function conflictCandidates(db: Database, input: CandidateInput, limit = 6): MemoryNode[] {
  const lists: string[][] = [];
  lists.push([...input.neighbours]);
  const match = ftsQuery(input.content);
  if (match) lists.push(factIdsMatching(db, match, 8));
  for (const e of input.entityIds.slice(0, 3)) lists.push(currentFactsOfEntity(db, e, 5).map((n) => n.id));
  const score = new Map<string, number>();
  for (const list of lists) list.forEach((id, rank) => score.set(id, (score.get(id) ?? 0) + 1 / (60 + rank + 1)));
  const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  // Same slot is the strongest sign of a contradiction: those always make the list, first.
  const slotIds = input.slot ? currentFactsInSlot(db, input.slot, 5).map((n) => n.id) : [];
  return getNodes(db, [...new Set([...slotIds, ...ranked])])
    .filter((n) => n.validUntil === null && n.type !== 'episodic')
    .slice(0, limit);
}
