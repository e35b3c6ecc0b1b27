/**
 * Bursts as a retrieval unit. In a messaging chat one thought is spread over several short messages sent back
 * to back by one speaker ("ok xmas plan" / "1. we drive up on the 23rd" / "2. you bring the salad"): the
 * words a question matches sit in one message, the answer in the next. Each message stays its own episode;
 * for ranking, the messages of a burst receive a share of the best-scored member's score. News goes on after the
 * others' short reactions ("SHE SAID YES" / "MARCOOOO" "tell me everything" / "last night, top of the park"): the
 * speaker's next burst past at most three such replies is the same news's.
 */
import type { ReadableDB } from '../../storage/db';
import type { Scored } from './strategies';
import { stmt } from '../repo/statements';
import { jsonFieldSql } from '../../storage/json-column';
import { withoutSpeakerPrefix } from '../../../src-shared/speakers';

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

/** A reply this short ("MARCOOOO", "😭😭", "tell me everything") is a reaction: the news goes on after it. */
const REACTION_WORDS = 4;
/** Reactions read past, at most, before the news's speaker goes on. */
const REACTIONS_PASSED = 3;

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
    `SELECT id, event_time AS t, ${SPEAKER_SQL} AS speaker, session_id AS session, substr(content, 1, 160) AS head FROM nodes
     WHERE session_id = ? AND event_time BETWEEN ? AND ? AND +type = 'episodic' AND valid_until IS NULL
     ORDER BY event_time, rowid`,
  );
  const reach = BURST_GAP_MS * BURST_REACH;
  for (const hit of scored.slice(0, seeds)) {
    const seed = seedRow.get(hit.id) as Row | undefined;
    if (!seed || seed.session === null) continue;
    const rows = around.all(seed.session, seed.t - reach, seed.t + reach) as (Row & { head: string })[];
    const at = rows.findIndex((r) => r.id === seed.id);
    if (at < 0) continue;
    const give = (r: Row): void => void received.set(r.id, Math.max(received.get(r.id) ?? 0, share * hit.score));
    let end = at;
    for (const step of [-1, 1]) {
      let prev = rows[at] as Row;
      for (let i = at + step, n = 0; i >= 0 && i < rows.length && n < BURST_REACH; i += step, n++) {
        const r = rows[i] as Row;
        if (r.speaker !== seed.speaker || Math.abs(r.t - prev.t) > BURST_GAP_MS) break;
        give(r);
        prev = r;
        if (step === 1) end = i;
      }
    }
    // "SHE SAID YES" / "MARCOOOO" "tell me everything" / "last night, top of kelvingrove park": past the others'
    // short reactions, the news's speaker goes on with it.
    for (const r of newsGoingOn(rows, end, seed.speaker)) give(r);
  }
  return received;
}

/** The burst its speaker sends after others' reactions to the burst ending at `end`; none when a real reply comes between. */
function newsGoingOn(rows: readonly (Row & { head: string })[], end: number, speaker: string): Row[] {
  let i = end + 1;
  let prev = rows[end] as Row;
  let reactions = 0;
  for (; i < rows.length; i++) {
    const r = rows[i] as Row & { head: string };
    if (r.speaker === speaker || r.t - prev.t > BURST_GAP_MS) break;
    if (reactions === REACTIONS_PASSED || wordsOf(withoutSpeakerPrefix(r.head, r.speaker)) > REACTION_WORDS) return [];
    reactions++;
    prev = r;
  }
  if (reactions === 0) return [];
  const next: Row[] = [];
  for (; i < rows.length && next.length < BURST_REACH; i++) {
    const r = rows[i] as Row;
    if (r.speaker !== speaker || r.t - prev.t > BURST_GAP_MS) break;
    next.push(r);
    prev = r;
  }
  return next;
}

const wordsOf = (text: string): number => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
