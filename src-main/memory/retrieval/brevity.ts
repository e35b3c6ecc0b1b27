/**
 * A turn's weight as evidence by its length. Both direct strategies favour short turns: BM25 normalises by
 * length, so one matching word in "An important job." outscores it in a sentence that tells the story, and a
 * summed word vector of one or two content words sits as close to a query as its words do. Such turns
 * ("Sounds like a perfect family trip.", "lol same") then fill the top of many unrelated questions, while
 * the turn that answers says more. A gentle prior on length: 1 from `fullWords` words on, (words /
 * fullWords)^exponent below it (a one-word turn keeps ~0.55 of its score at 20 words and 0.2).
 */
export interface BrevityPrior {
  /** Words from which a turn keeps its full score; 0 turns the prior off. */
  fullWords: number;
  exponent: number;
}

const WORD_RE = /\S+/gu;

export function brevityWeight(text: string, prior: BrevityPrior): number {
  if (prior.fullWords <= 0 || prior.exponent <= 0) return 1;
  let words = 0;
  for (const _ of text.matchAll(WORD_RE)) if (++words >= prior.fullWords) return 1;
  return (Math.max(1, words) / prior.fullWords) ** prior.exponent;
}
