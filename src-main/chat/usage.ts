/**
 * Which remembered nodes a reply actually used (ADR 008 §12.1: reinforcement on use, not on retrieval).
 * A node counts as used when the reply restates most of its content words; being shown to the model, or
 * found by a search, is not a use.
 */
import { stemWord } from '../embeddings/offline';
import { queryTerms } from '../memory';

/** Share of a node's content words the reply must contain. */
const USED_SHARE = 0.6;

/** A text's content words, stemmed (the offline embedder's stemmer), for comparing what was said. */
export function stems(text: string): string[] {
  return queryTerms(text).terms.map((t) => stemWord(t));
}

export function usedNodeIds(reply: string, shown: readonly { id: string; content: string }[]): string[] {
  const said = new Set(stems(reply));
  if (said.size === 0) return [];
  return shown
    .filter((n) => {
      const words = [...new Set(stems(n.content))];
      if (words.length === 0) return false;
      const found = words.filter((w) => said.has(w)).length;
      return found >= Math.min(2, words.length) && found / words.length >= USED_SHARE;
    })
    .map((n) => n.id);
}
