/**
 * A bubble that puts the message before it in the past: "i work at tesco" / "not anymore", "i live in york" / "well used
 * to", "i'm a nurse" / "was, retired now", "… / well did until 2023". What that message stated of a job, a home, a diet
 * or an occupation is over: each such fact becomes its ending ("User no longer works at Tesco"), dated by a time the
 * bubble says ("until 2023") or when it was said. Anything else the message said is left out (it was said of the past).
 */
import { endedValue, isDeparture } from '../../../src-shared/slot-values';
import type { CandidateFact } from '../types';

/** The whole bubble: "not anymore", "no longer", "used to", "(well) i was", "did until 2023", "till last year", with a filler or a short aside after. */
const NO_LONGER =
  /^\W*(?:(?:well|lol|haha+|tbh|actually|i mean|or|ok|oh|hmm+)[\s,.]*)*(?:(?:not any ?more|no longer|not now|(?:i\s+)?used to|(?:i\s+)?was|(?:i\s+)?did)(?:[\s,]+(?:until|till|til|up until|up to)\s+([^,.!?;…]{1,25}))?|(?:until|till|til|up until)\s+([^,.!?;…]{1,25}))(?:[\s,.!…]+(?:lol|haha+|tbh|sadly|anymore|though|tho|retired now|left(?: in [\p{L}\d ]{1,15})?|moved(?: out)?|quit|not now|ages ago|years ago))*[\s,.!…\p{Extended_Pictographic}\uFE0F\u200D]*$/iu;

/** The time said with the ending ("2023", "last year"), as words; undefined when none; null when the bubble says no ending. */
export function noLongerSaid(bubble: string): { until: string | undefined } | null {
  const m = NO_LONGER.exec(bubble);
  const until = (m?.[1] ?? m?.[2])?.trim();
  // ("until 2023", "till march": a year or a month alone is read with its "in".)
  return m ? { until: until && /^(?:(?:19|20)\d\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i.test(until) ? `in ${until}` : until } : null;
}

/** "User works at Tesco" → "User no longer works at Tesco"; "User is a nurse" → "User is no longer a nurse". */
const ENDINGS: readonly [RegExp, string][] = [
  [/^(\S+) (works at|lives in|works for|smokes|drinks|vapes)\b(.*)$/, '$1 no longer $2$3'],
  [/^(\S+) is (.+)$/, '$1 is no longer $2'],
];
const ENDED_SLOTS = /\.(?:employer|residence|diet|occupation|uses\.[\w-]+)$/;

/** The ending of a fact the message before stated, or null for facts that say no state that can end. */
export function endingOf(fact: CandidateFact, bubbleId: string, at: number | null): CandidateFact | null {
  if (fact.slot === null || fact.value === null || !ENDED_SLOTS.test(fact.slot) || isDeparture(fact.value)) return null;
  // (A habit had is a yes; over, a no: "User is a smoker" → "User is no longer a smoker".)
  const habit = /\.uses\.[\w-]+$/.test(fact.slot);
  if (habit && fact.value !== 'yes') return null;
  const rule = ENDINGS.find(([pattern]) => pattern.test(fact.content));
  if (!rule) return null;
  return { ...fact, content: fact.content.replace(rule[0], rule[1]), value: habit ? 'no' : endedValue(fact.value), sourceEpisodeIds: [...new Set([...fact.sourceEpisodeIds, bubbleId])], eventTime: at };
}
