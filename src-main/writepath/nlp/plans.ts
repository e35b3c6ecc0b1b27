/** Whether the rest of a sentence says its clause is a plan ("i quit my job when the bonus comes in", "… soon"). */
import { lowerOf } from './phrases';
import type { Token } from './analyzer';

/** Words that always say a plan; and words that do when a present follows ("when the bonus comes in", "after christmas"). */
const PLAN_WORDS = new Set(['soon', 'gonna', 'tomorrow', 'tmrw']);
const PLAN_OPENERS = new Set(['when', 'once', 'after', 'until', 'unless', 'if']);
/** "look after my mum", "named after her gran": "after" that says no time. */
const PHRASAL_AFTER = new Set(['look', 'looks', 'looking', 'looked', 'take', 'takes', 'took', 'named', 'run', 'ran', 'chase', 'chased']);

/**
 * Whether the sentence from `from` on says a plan: "soon", "tomorrow", or "when / after / once / if …" that is not
 * followed by a past or a number ("I quit my job when my daughter was born", "after 5 years at Globex", "not sure if
 * it was smart" are done).
 */
export function saysAPlan(tokens: readonly Token[], from: number): boolean {
  for (let i = from; i < tokens.length; i++) {
    const w = lowerOf(tokens[i]);
    if (PLAN_WORDS.has(w)) return true;
    if (!PLAN_OPENERS.has(w) || (w === 'after' && PHRASAL_AFTER.has(lowerOf(tokens[i - 1])))) continue;
    const next = tokens.slice(i + 1, i + 5);
    const done = next[0]?.pos === 'NUM' || next.some((t) => ['was', 'were', 'had', 'did'].includes(lowerOf(t)) || (t.pos === 'VERB' && /ed$/.test(lowerOf(t))));
    if (!done) return true;
  }
  return false;
}
