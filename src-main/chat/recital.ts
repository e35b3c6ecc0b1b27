/**
 * Whether a piece of a model reply recites the memory it was shown ("From what I remember: you live in
 * Boston…") rather than saying something new. Sentence by sentence, a statement counts as recited when it
 * restates most content words of one shown memory (usage.ts's test of use); questions to the person are not
 * statements and count for neither side. A piece is a recital when recited statements hold at least half of
 * its statements' content words.
 */
import { queryTerms, usedNodeIds } from '../memory';

const RECITED_SHARE = 0.5;

export function isRecitalOf(piece: string, shown: readonly { id: string; content: string }[]): boolean {
  if (shown.length === 0) return false;
  let recited = 0;
  let total = 0;
  for (const sentence of piece.split(/(?<=[.!?])\s+|\n+/u)) {
    const s = sentence.trim();
    if (s === '' || s.endsWith('?')) continue;
    const words = queryTerms(s).terms.length;
    total += words;
    if (usedNodeIds(s, shown).length > 0) recited += words;
  }
  return total > 0 && recited / total >= RECITED_SHARE;
}
