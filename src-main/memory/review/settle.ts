/**
 * An approved fact meets what memory holds now. The write path related each proposal to the memory of its day,
 * which did not hold the proposals queued before it: approving "works at Fenwick", "works at Ridgeline" and
 * "works at Monzo" one by one must leave one employer current, as consolidating them at once would have. So a
 * slotted fact is settled at approval against the current facts of its slot (and the slots that relate to it:
 * a preference's other kind, the diet a food breaks; src-shared/slot-values.ts): the same value is a restatement,
 * another value replaces it — or, when it was said before the current version began, becomes that version's past.
 * A fact memory already holds word for word, slotted or not, is restated: its new messages become more sources.
 */
import type { EngineContext } from '../context';
import * as factOps from '../facts';
import { currentFactsRelatedToSlot } from '../repo/consolidation';
import { getNodes } from '../repo/nodes';
import { heldWordForWord, restate, spaceOfNewFact } from '../remember-once';
import type { RememberFactInput } from '../schemas';
import { heldBefore, mayReplaceAcrossSlots, slotRelation } from '../../../src-shared/slot-values';
import { normaliseFact } from '../../../src-shared/text';

const stringAttribute = (node: { attributes: Record<string, unknown> }, key: string): string | null => {
  const v = node.attributes[key];
  return typeof v === 'string' ? v : null;
};

/** Remembers `fact` as the slot rules place it among the current facts; returns the node that holds it. */
export function rememberSettled(ctx: EngineContext, fact: RememberFactInput): string {
  const space = spaceOfNewFact(ctx, fact);
  // "Cal is sober", proposed from two chats and approved twice, is one fact with both chats as its sources.
  const same = heldWordForWord(ctx, fact.content, space);
  if (same) return restate(ctx, same, fact.derivedFrom ?? []);
  const slot = typeof fact.attributes?.slot === 'string' ? fact.attributes.slot : null;
  const value = typeof fact.attributes?.value === 'string' ? fact.attributes.value : null;
  if (!slot || value === null) return factOps.rememberFact(ctx, fact);
  const next = { slot, value, content: fact.content };
  const related = currentFactsRelatedToSlot(ctx.db, slot)
    .filter((n) => n.spaceId === space || n.everywhere)
    .filter((n) => stringAttribute(n, 'slot') === slot || mayReplaceAcrossSlots(slot, { slot: stringAttribute(n, 'slot'), value: null, content: n.content }));
  // When it was said (its latest message), which decides whether it is news or the past (writepath/apply.ts).
  const episodeTimes = getNodes(ctx.db, fact.derivedFrom ?? []).filter((n) => n.type === 'episodic').map((n) => n.eventTime);
  const said = episodeTimes.length > 0 ? Math.max(...episodeTimes) : null;
  for (const existing of related) {
    const relation = slotRelation(next, { slot: stringAttribute(existing, 'slot'), value: stringAttribute(existing, 'value') ?? normaliseFact(existing.content), content: existing.content });
    if (relation === 'duplicate') return restate(ctx, existing, fact.derivedFrom ?? []);
    if (relation !== 'replaces') continue;
    const reason = `${stringAttribute(existing, 'slot') ?? slot} changed to "${value}" (approved from the review queue)`;
    if (said !== null && heldBefore(said, existing.validFrom) && fact.validFrom !== undefined && fact.validFrom < existing.validFrom) {
      return factOps.recordEarlierVersion(ctx, { ...fact, laterId: existing.id, reason: `${reason}, held before it` });
    }
    const id = factOps.correctFact(ctx, {
      id: existing.id,
      content: fact.content,
      sourceType: fact.sourceType,
      ...(fact.sourceRole ? { sourceRole: fact.sourceRole } : {}),
      evidence: fact.derivedFrom ?? [],
      reason,
      ...(fact.sessionId ? { sessionId: fact.sessionId } : {}),
      ...(fact.entityIds ? { entityIds: fact.entityIds } : {}),
      ...(fact.eventTime !== undefined ? { eventTime: fact.eventTime } : {}),
      ...(fact.validFrom !== undefined ? { validFrom: fact.validFrom } : {}),
    });
    factOps.patchNodeAttributes(ctx, id, fact.attributes ?? {});
    return id;
  }
  return factOps.rememberFact(ctx, fact);
}
