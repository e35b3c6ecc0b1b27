/**
 * Engram's recitals of its own memory. A model reply that restates the memory block it was given ("From what
 * I remember: …") is recorded, like every reply, but marked: it is not new evidence. Search leaves it out by
 * default, consolidation never learns from it, so it can neither support nor reinforce a fact.
 */
import type { JsonObject } from './memory-types';

/** The attribute an episode carries when it restates remembered text. */
export const RECITAL_ATTRIBUTE = 'recital';

export function isRecital(node: { attributes: JsonObject }): boolean {
  return node.attributes[RECITAL_ATTRIBUTE] === true;
}
