/**
 * Answers as a retrieval unit. In a dialogue a statement is often completed after the other person asks about
 * it: "Sam and I broke up two weeks ago." / "Oh no, what happened?" / "The long distance just wasn't working."
 * A question about why they broke up matches the first turn; the answer is two turns on, by the same speaker,
 * and shares no word with it. So each of the best hits gives `share` of its score to the turn two away from it
 * (either way) by its own speaker, when the turn between them is the other speaker asking something. A reply
 * that asks nothing ("lol", "same") passes nothing on: in a chat of short messages that turn two away is as
 * often a new topic (bursts.ts covers one speaker's run of messages).
 */
import type { ReadableDB } from '../../storage/db';
import { stepOrder, temporalEdgesAround, type TemporalEdge } from '../repo/temporal-edges';
import { stmt } from '../repo/statements';
import { speakerSql } from './bursts';
import type { Scored } from './strategies';

interface Turn {
  speaker: string;
  asks: boolean;
}

/** Speaker and whether the turn asks something, for a few turns: one statement, primary-key reads. */
function turnsOf(db: ReadableDB, ids: readonly string[]): Map<string, Turn> {
  const rows = stmt(
    db,
    `SELECT n.id, ${speakerSql('n.')} AS speaker, instr(n.content, '?') > 0 AS asks
     FROM json_each(?) AS j CROSS JOIN nodes n ON n.id = j.value WHERE n.type = 'episodic'`,
  ).all(JSON.stringify(ids)) as { id: string; speaker: string; asks: number }[];
  return new Map(rows.map((r) => [r.id, { speaker: r.speaker, asks: r.asks === 1 }]));
}

/**
 * Gifts to the answers around the `seeds` best hits: `share` × the hit's score (the best one, when two hits reach
 * the same answer), added to what the turn scored on its own (search.ts activate): an answer that also shares a
 * word with the question ranks above one that does not. Ties do not depend on SQLite's row order.
 */
export function answerActivation(
  db: ReadableDB,
  scored: readonly Scored[],
  /** The temporal edges around `scored` (temporalEdgesAround), as the neighbourhood read them. */
  edges: readonly TemporalEdge[],
  seeds: number,
  share: number,
): Map<string, number> {
  const received = new Map<string, number>();
  if (share <= 0 || scored.length === 0) return received;
  const top = scored.slice(0, seeds);
  const rank = new Map(top.map((s, i) => [s.id, i]));
  // The turns next to each hit (the best-ranked hit first, when two share one).
  const between = new Map<string, number>();
  for (const { a, b } of edges) {
    for (const [hit, next] of [
      [a, b],
      [b, a],
    ] as const) {
      const r = rank.get(hit);
      if (r !== undefined && r < (between.get(next) ?? Infinity)) between.set(next, r);
    }
  }
  if (between.size === 0) return received;
  const middles = [...between.keys()];
  const far: { to: string; forward: boolean; mid: string; hit: number }[] = [];
  for (const { a, b } of temporalEdgesAround(db, middles.map((id) => ({ id })))) {
    for (const [mid, to, forward] of [
      [a, b, true],
      [b, a, false],
    ] as const) {
      const hit = between.get(mid);
      if (hit !== undefined && (top[hit] as Scored).id !== to) far.push({ to, forward, mid, hit });
    }
  }
  const turns = turnsOf(db, [...new Set([...top.map((s) => s.id), ...middles, ...far.map((f) => f.to)])]);
  far.sort((x, y) => x.hit - y.hit || stepOrder(x, y));
  for (const { to, mid, hit } of far) {
    const from = top[hit] as Scored;
    const [said, asked, answered] = [turns.get(from.id), turns.get(mid), turns.get(to)];
    if (!said || !asked || !answered || !asked.asks || asked.speaker === said.speaker || answered.speaker !== said.speaker) continue;
    received.set(to, Math.max(received.get(to) ?? 0, share * from.score));
  }
  return received;
}
