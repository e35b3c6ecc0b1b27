/**
 * A turn's weight as evidence by how much it says. Both direct strategies favour short turns: BM25 normalises
 * by length, so one matching word in "An important job." outscores it in a sentence that tells the story, and
 * a summed word vector of one or two content words sits as close to a query as its words do. Such turns
 * ("Sounds like a perfect family trip.", "lol same") then fill the top of many unrelated questions, while the
 * turn that answers says more. A gentle prior on its distinct content words (stopwords say nothing, and
 * counting them would let "The tax filing is due Friday" outweigh "I joined a sea-swimming group"): 1 from
 * `fullWords` on, (words / fullWords)^exponent below (at 8 and 0.3, one word keeps 0.54, four 0.81).
 */
import { queryTerms } from './text';

export interface BrevityPrior {
  /** Distinct content words from which a turn keeps its full score; 0 turns the prior off. */
  fullWords: number;
  exponent: number;
}

/**
 * Only a turn's start is counted: a few distinct content words show within it in anything that says much, and a
 * pasted 100k-character turn among the candidates must not be read whole on every search.
 */
const COUNTED_CHARS = 2_000;

export function brevityWeight(text: string, prior: BrevityPrior): number {
  if (prior.fullWords <= 0 || prior.exponent <= 0) return 1;
  const words = queryTerms(text.length > COUNTED_CHARS ? text.slice(0, COUNTED_CHARS) : text).terms.length;
  if (words >= prior.fullWords) return 1;
  return (Math.max(1, words) / prior.fullWords) ** prior.exponent;
}
