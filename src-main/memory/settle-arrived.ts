/**
 * Facts that arrive together beside current ones: an Engram export merged into a memory that moved on since, a
 * deleted space's memories moved into another, what one consolidation wrote. Rows are copied as they are
 * (snapshot.ts), so 2025's "User lives in London" from a file would stand current beside this memory's "User lives
 * in Porto". Each arrived fact is settled against the current facts of its slot by the write path's rules
 * (src-shared/slot-values.ts): of two values that replace each other, the later stays current and supersedes the
 * other, whichever side it came from. The same value held in two periods (Leeds in 2023 from the file, Leeds again
 * in 2024 after York here) is one current fact too: the later one, with the earlier as its past.
 */
import type { EngineContext } from './context';
import { invalidateWithIndexes, SUPERSEDED_CONFIDENCE, SUPERSEDED_DECAY_RATE } from './facts';
import { currentFactsRelatedToSlot } from './repo/consolidation';
import { insertEdge } from './repo/edges';
import { getNodes, setConfidence } from './repo/nodes';
import { mayReplaceAcrossSlots, slotRelation, type SlottedFact } from '../../src-shared/slot-values';
import { normaliseFact } from '../../src-shared/text';
import type { MemoryNode } from '../../src-shared/memory-types';

const slotted = (node: MemoryNode): SlottedFact & { slot: string } | null => {
  const slot = node.attributes.slot;
  if (typeof slot !== 'string' || slot === '') return null;
  const value = node.attributes.value;
  return { slot, value: typeof value === 'string' ? value : normaliseFact(node.content), content: node.content };
};

/**
 * Settles facts that arrived together (`addedIds`: a snapshot load's, or a deleted space's moved into another) against
 * the current facts already there, inside the caller's transaction; `how` says how they came ("an Engram export was
 * merged"). Returns how many versions it ended.
 */
export function settleArrivedFacts(ctx: EngineContext, addedIds: readonly string[], how = 'an Engram export was merged', by: 'began' | 'said' = 'began'): number {
  // An export's rows and a space's carry when each value began; a consolidation decides by when each was said, as
  // the write path does (writepath/apply.ts: a move told late is still news).
  const time = (n: MemoryNode): number => (by === 'said' ? n.eventTime : n.validFrom);
  const added = new Set(addedIds);
  let ended = 0;
  const now = ctx.clock.now();
  for (const node of getNodes(ctx.db, addedIds)) {
    if (node.type === 'episodic' || node.validUntil !== null) continue;
    const fact = slotted(node);
    if (!fact) continue;
    const rivals = currentFactsRelatedToSlot(ctx.db, fact.slot).filter(
      (n) => !added.has(n.id) && (n.spaceId === node.spaceId || n.everywhere || node.everywhere),
    );
    for (const rival of rivals) {
      const other = slotted(rival);
      if (!other || (other.slot !== fact.slot && !mayReplaceAcrossSlots(fact.slot, other) && !mayReplaceAcrossSlots(other.slot, fact))) continue;
      const [newer, older] = time(rival) > time(node) ? [rival, node] : [node, rival];
      const newerFact = newer === node ? fact : other;
      const olderFact = newer === node ? other : fact;
      const relation = slotRelation(newerFact, olderFact);
      if (relation === 'unrelated') continue;
      invalidateWithIndexes(ctx, older.id, now, 'superseded');
      setConfidence(ctx.db, older.id, { confidence: SUPERSEDED_CONFIDENCE, confidenceBase: SUPERSEDED_CONFIDENCE, decayRate: SUPERSEDED_DECAY_RATE, lastAccessed: now });
      insertEdge(ctx.db, {
        sourceId: newer.id,
        targetId: older.id,
        relationType: 'supersedes',
        predicate:
          relation === 'duplicate'
            ? `${newerFact.slot} still "${newerFact.value}", told again (settled when ${how})`
            : `${newerFact.slot} changed to "${newerFact.value}" (settled when ${how})`,
        validFrom: now,
        evidence: [],
        createdAt: now,
      });
      ended++;
      ctx.feed.emit({ kind: 'node.updated', nodeId: older.id });
      if (older === node) break; // the added fact is history now; nothing else is settled against it
    }
  }
  return ended;
}
