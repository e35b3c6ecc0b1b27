/**
 * A diet said with what it allows, in one message: "I'm vegetarian but eat fish", "vegan but i eat eggs from our hens",
 * "veggie except fish". Said together, the eating is no end of the diet, though the two facts read alone would say so
 * (slot-values.ts: eating fish ends a vegetarian diet), and the diet just learned would be superseded at once. So a
 * vegetarian or vegan who eats fish holds the diet slot as pescatarian; the food eaten is kept as said, in no slot. A
 * message that tells of a change ("i was vegetarian but now i eat fish", "…, started eating meat again", "vegan but i
 * eat cheese now"), or of meat eaten ("vegetarian but i eat chicken sometimes"), is left to supersede as it reads.
 */
import { slotRelation } from '../../../src-shared/slot-values';
import type { Statement } from './statement-types';

const EXCEPTION = /\b(?:but|except|apart from|other than|though|tho)\b/i;
/** A change told of the diet ("was vegetarian", "used to be vegan") or of the eating after the exception ("…again"). */
const DIET_WAS = /\b(?:was|were|used to|had been)\b/i;
const EATING_CHANGED = /\b(?:again|anymore|any more|no longer|start(?:ed|ing)?|back (?:on|to)|gave up|giving up|quit|stopp?(?:ed|ing)|switched|gone back|went back|now|these days|nowadays)\b/i;
/** The diet said to hold still: "i'm still vegetarian but i eat fish now" keeps it. */
const DIET_KEPT = /\bstill\b/i;
/** Meat eaten is no exception a diet without meat lives with: "vegetarian but i eat chicken sometimes" ends it. */
const MEAT_FOOD = /\.uses\.(?:meat|chicken|beef|pork|lamb|bacon|ham|steak|burgers?|sausages?|turkey|mince)$/;
const FISH_FOOD = /\.uses\.(?:fish|seafood|salmon|tuna|prawns?|shellfish|sushi)$/;
/** The diet and its exception in the words, whether or not the eating was read as a fact: "vegetarian except for fish". */
const FISH_EXCEPTED = /\b(?:vegetarian|veggie|vegan)\b[^.!?\n]*?\b(?:but|except|apart from|other than|though|tho)\b(?:\s+(?:for|i|still|sometimes|occasionally|do|also|will|can))*\s+(?:eat\s+|have\s+)?(?:fish|seafood|salmon|tuna|prawns?|shellfish|sushi)\b/i;

export function withDietExceptions(statements: readonly Statement[], text: string): Statement[] {
  const split = EXCEPTION.exec(text);
  if (!split) return [...statements];
  const after = text.slice(split.index);
  if (DIET_WAS.test(text.slice(0, split.index)) || (EATING_CHANGED.test(after) && !DIET_KEPT.test(text.slice(0, split.index)))) return [...statements];
  const diets = statements.filter((s) => s.slot?.endsWith('.diet') === true && s.value !== null && !s.value.startsWith('ended:'));
  if (diets.length === 0) return [...statements];
  const brokenBy = (s: Statement): Statement | undefined => (MEAT_FOOD.test(s.slot ?? '') ? undefined : diets.find((d) => s !== d && s.slot?.includes('.uses.') === true && slotRelation(s, d) === 'replaces'));
  const fish = statements.filter((s) => FISH_FOOD.test(s.slot ?? '') && brokenBy(s) !== undefined);
  // Only the diet the fish is eaten against: "… but eat fish and my partner is vegan" leaves the partner's.
  const pescatarian = new Set<Statement>(fish.map(brokenBy).filter((d): d is Statement => d !== undefined));
  if (pescatarian.size === 0 && FISH_EXCEPTED.test(text) && diets.length === 1) pescatarian.add(diets[0] as Statement);
  return statements.map((s) => {
    if (pescatarian.has(s) && ['vegetarian', 'vegan'].includes(s.value ?? '')) return { ...s, value: 'pescatarian', content: withFish(s, fish[0]) };
    // (Fish too: consolidation follows a superseded diet to its newest version, so a slotted fish would end the
    // pescatarian diet that replaced a vegetarian one said before.)
    return brokenBy(s) ? { ...s, slot: null, value: null } : s;
  });
}

/** "User is vegetarian but eats fish": its own words, so it is not taken for the plain "User is vegetarian" said before. */
function withFish(diet: Statement, fish: Statement | undefined): string {
  const subject = diet.content.slice(0, Math.max(0, diet.content.indexOf(' is ')));
  return subject && fish?.content.startsWith(`${subject} `) ? `${diet.content} but ${fish.content.slice(subject.length + 1)}` : `${diet.content} but eats fish`;
}
