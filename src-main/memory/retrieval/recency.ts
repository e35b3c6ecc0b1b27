/**
 * Questions about the current state of something ("Where is Tom working these days?", "Is she still
 * seeing anyone?", "What is his job now?"): the turn that states the latest value is the answer, earlier
 * turns on the same topic are history. Such a query lifts the newer of the turns already in contention,
 * by at most `lift` for the newest — it never brings in a turn the strategies did not find.
 */
import { asksForLastOccasion } from './text';

const ASKS_FOR_CURRENT =
  /\b(now|nowadays|these days|currently|current|at the moment|right now|still|anymore|any more|latest|lately|at present|today)\b|(^|[\s,])(сейчас|теперь|всё ещё|все еще|до сих пор|нынче|в данный момент)([\s,?.!]|$)/iu;

/** Asks for the current value, or for the latest occasion ("When did I last meet Grace?"). */
export function asksForCurrent(query: string): boolean {
  return ASKS_FOR_CURRENT.test(query) || asksForLastOccasion(query);
}

/** 1 + lift × the turn's place between the oldest (0) and newest (1) of the candidate times. */
export function recencyWeights(times: ReadonlyMap<string, number>, lift: number): Map<string, number> {
  const out = new Map<string, number>();
  if (lift <= 0 || times.size === 0) return out;
  let min = Infinity;
  let max = -Infinity;
  for (const t of times.values()) {
    min = Math.min(min, t);
    max = Math.max(max, t);
  }
  const span = max - min;
  for (const [id, t] of times) out.set(id, span > 0 ? 1 + (lift * (t - min)) / span : 1);
  return out;
}
