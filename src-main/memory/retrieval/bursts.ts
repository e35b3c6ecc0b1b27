/**
 * Bursts as a retrieval unit. In a messaging chat one thought is spread over several short messages sent back
 * to back by one speaker ("ok xmas plan" / "1. we drive up on the 23rd" / "2. you bring the salad"): the
 * words a question matches sit in one message, the answer in the next. Each message stays its own episode;
 * for ranking, the messages of a burst receive a share of the best-scored member's score.
 */
import type { ReadableDB } from '../../storage/db';
import type { Scored } from './strategies';
import { stmt } from '../repo/statements';
import { jsonFieldSql } from '../../storage/json-column';

/** Messages of one speaker at most this far apart belong to one burst. */
export const BURST_GAP_MS = 5 * 60_000;
/** A burst is read this many messages either side of a hit, at most (a monologue is not one unit). */
export const BURST_REACH = 6;

interface Row {
  id: string;
  t: number;
  speaker: string;
  session: string | null;
}

/**
 * Who said a turn, in SQL: a transcript's speaker, else the role (`table`: an alias with its dot, "n."). Damaged
 * attributes (not JSON) read as none: json_extract raises on them, and one such row would fail every search near it.
 */
export const speakerSql = (table = ''): string => `coalesce(${jsonFieldSql(`${table}attributes`, '$.speaker')}, ${table}source_role, '')`;
const SPEAKER_SQL = speakerSql();

/**
 * Gifts to the burst-mates of the `seeds` best hits: `share` × the hit's score each (a mate already scored on
 * its own keeps the larger of its score and the gift, see search.ts activate). Ordered like the hits, so the
 * sums do not depend on the order SQLite returns rows in.
 */
export function burstActivation(db: ReadableDB, scored: readonly Scored[], seeds: number, share: number): Map<string, number> {
  const received = new Map<string, number>();
  if (share <= 0 || scored.length === 0) return received;
  const seedRow = stmt(db, `SELECT id, event_time AS t, ${SPEAKER_SQL} AS speaker, session_id AS session FROM nodes WHERE id = ? AND type = 'episodic'`);
  // `+type`: the session index answers (see query-plans.test.ts), not the (type, time) one.
  const around = stmt(
    db,
    `SELECT id, event_time AS t, ${SPEAKER_SQL} AS speaker, session_id AS session FROM nodes
     WHERE session_id = ? AND event_time BETWEEN ? AND ? AND +type = 'episodic' AND valid_until IS NULL
     ORDER BY event_time, rowid`,
  );
  const reach = BURST_GAP_MS * BURST_REACH;
  for (const hit of scored.slice(0, seeds)) {
    const seed = seedRow.get(hit.id) as Row | undefined;
    if (!seed || seed.session === null) continue;
    const rows = around.all(seed.session, seed.t - reach, seed.t + reach) as Row[];
    const at = rows.findIndex((r) => r.id === seed.id);
    if (at < 0) continue;
    for (const step of [-1, 1]) {
      let prev = rows[at] as Row;
      for (let i = at + step, n = 0; i >= 0 && i < rows.length && n < BURST_REACH; i += step, n++) {
        const r = rows[i] as Row;
        if (r.speaker !== seed.speaker || Math.abs(r.t - prev.t) > BURST_GAP_MS) break;
        received.set(r.id, Math.max(received.get(r.id) ?? 0, share * hit.score));
        prev = r;
      }
    }
  }
  return received;
}
