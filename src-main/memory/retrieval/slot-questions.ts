/**
 * Questions about the person's own current value of a slot: "Where do I live?", "Where do I work?", "What's my
 * name?", "Who's my partner?". The write path keys such facts by slot (`user.residence`, `user.employer`…), and the
 * fact that holds the slot now is the answer, however few words it shares with the question: "User lives at 14 Elm
 * Road, Bristol" says no "live" the way "I live in Leeds" did, and in a young memory a fact from the turn next to
 * that one (or one a sentence encoder finds near) could rank above it. Such facts are lifted; nothing is brought in
 * that the strategies did not find.
 */
import type { MemoryNode } from '../../../src-shared/memory-types';

/** Question → the speaker's slot it asks about (English; the slot names are the write path's). */
const SLOT_QUESTIONS: readonly [RegExp, string][] = [
  [/\bwhere (?:do|did) (?:i|we) (?:live|stay)\b|\bwhere(?:'s| is) (?:my|our) (?:home|flat|house|place|apartment)\b|\bwhat(?:'s| is) (?:my|our) (?:home |new |current )?address\b|\bwhere am i (?:living|based)\b|\bwhich (?:city|town) do i live\b/i, 'residence'],
  [/\bwhere (?:do|did) i work\b|\bwho (?:do|did) i work for\b|\bwhat(?:'s| is) my (?:current )?(?:employer|company|workplace)\b|\bwhere am i working\b|\bwho(?:'s| is) my employer\b/i, 'employer'],
  [/\bwhat(?:'s| is) my (?:job|occupation|profession|role)\b|\bwhat do i do for (?:a living|work)\b/i, 'occupation'],
  [/\bwhat(?:'s| is) my (?:full )?name\b|\bwhat am i called\b/i, 'name'],
  [/\bwho(?:'s| is) my (?:partner|girlfriend|boyfriend|wife|husband|fianc[eé]e?)\b|\bam i (?:single|seeing (?:anyone|someone)|in a relationship|dating (?:anyone|someone))\b|\bwho am i (?:dating|seeing|with)\b/i, 'partner'],
  [/\bwhat(?:'s| is) my diet\b|\bam i (?:vegan|vegetarian|veggie|pescatarian)\b|\bdo i eat meat\b/i, 'diet'],
];

/** The speaker's slot a question asks about ("user.residence"), or null. */
export function slotAskedAbout(query: string): string | null {
  const text = query.replace(/[\u2018\u2019]/g, "'");
  for (const [asks, slot] of SLOT_QUESTIONS) if (asks.test(text)) return `user.${slot}`;
  return null;
}

/** Whether a node is a fact that holds `slot` (the slot as written, in any case). */
export function holdsSlot(node: MemoryNode, slot: string): boolean {
  const held = node.attributes.slot;
  return node.type !== 'episodic' && typeof held === 'string' && held.toLowerCase() === slot;
}
