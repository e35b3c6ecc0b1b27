/**
 * A diet said with what it allows, in one message: "I'm vegetarian but eat fish", "vegan but i eat eggs from our hens".
 * Said together, the eating is no end of the diet, though the two facts read alone would say so (slot-values.ts: eating
 * fish ends a vegetarian diet), and the diet just learned would be superseded at once. So a vegetarian or vegan who
 * eats fish holds the diet slot as pescatarian; other food eaten is kept as said, in no slot. A message that tells of a
 * change ("i was vegetarian but now i eat fish", "…, started eating meat again") is left to supersede as it reads.
 */
import { slotRelation } from '../../../src-shared/slot-values';
import type { Statement } from './statement-types';

const EXCEPTION = /\b(?:but|except|apart from|though|tho)\b/i;
const CHANGE = /\b(?:now|again|anymore|any more|no longer|start(?:ed|ing)?|back on|gave up|giving up|quit|stopp?(?:ed|ing)|used to|was|were|these days|since)\b/i;
const FISH_FOOD = /\.uses\.(?:fish|seafood|salmon|tuna|prawns?|shellfish|sushi)$/;

export function withDietExceptions(statements: readonly Statement[], text: string): Statement[] {
  if (!EXCEPTION.test(text) || CHANGE.test(text)) return [...statements];
  const diets = statements.filter((s) => s.slot?.endsWith('.diet') === true);
  if (diets.length === 0) return [...statements];
  const breaking = (s: Statement): Statement | undefined => diets.find((d) => s !== d && slotRelation(s, d) === 'replaces' && s.slot?.includes('.uses.') === true);
  const fish = statements.find((s) => FISH_FOOD.test(s.slot ?? '') && breaking(s) !== undefined);
  const fishEaten = fish !== undefined;
  // "User is vegetarian but eats fish": its own words, so it is not taken for the plain "User is vegetarian" said before.
  const withFish = (diet: Statement): string => {
    const subject = diet.content.slice(0, Math.max(0, diet.content.indexOf(' is ')));
    return subject && fish?.content.startsWith(`${subject} `) ? `${diet.content} but ${fish.content.slice(subject.length + 1)}` : diet.content;
  };
  return statements.map((s) => {
    if (diets.includes(s)) return fishEaten && ['vegetarian', 'vegan'].includes(s.value ?? '') ? { ...s, value: 'pescatarian', content: withFish(s) } : s;
    // (Fish too: consolidation follows a superseded diet to its newest version, so a slotted fish would end the
    // pescatarian diet that replaced a vegetarian one said before.)
    return breaking(s) ? { ...s, slot: null, value: null } : s;
  });
}
