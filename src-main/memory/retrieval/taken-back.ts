/**
 * Turns their speaker took back in the very next message ("I moved to Porto lol" / "jk still in lisbon"), or with an
 * outright joke after one reply ("i moved to Rome!!!" / "wow!" / "jk"): the write
 * path learned nothing from them, and a pack that quotes one says so, with the take-back, so the model does not
 * hand the joke on as the person's word (src-shared/take-backs.ts decides what a take-back is).
 */
import type { ReadableDB } from '../../storage/db';
import { stmt } from '../repo/statements';
import { speakerSql } from './bursts';
import { withoutSpeakerPrefix } from '../../../src-shared/speakers';
import { jokesTheLastMessageAway, TAKE_BACK_WITHIN_MS, takesBackTheLastMessage } from '../../../src-shared/take-backs';

interface Turn {
  rowid: number;
  t: number;
  speaker: string;
  session: string | null;
  content: string;
}

const COLUMNS = `rowid, event_time AS t, ${speakerSql()} AS speaker, session_id AS session, content`;

/** For each of `episodeIds` taken back by the next message of its chat: that message's words. */
export function takenBack(db: ReadableDB, episodeIds: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const turn = stmt(db, `SELECT ${COLUMNS} FROM nodes WHERE id = ? AND type = 'episodic'`);
  // The next turn of the same conversation, in the order it was said (`+type`: the session index answers).
  const next = stmt(
    db,
    `SELECT ${COLUMNS} FROM nodes WHERE session_id = ? AND +type = 'episodic' AND valid_until IS NULL
       AND (event_time > ? OR (event_time = ? AND rowid > ?)) AND event_time <= ?
     ORDER BY event_time, rowid LIMIT 2`,
  );
  const words = (t: Turn): string => (t.speaker ? withoutSpeakerPrefix(t.content, t.speaker) : t.content);
  for (const id of episodeIds) {
    const said = turn.get(id) as Turn | undefined;
    if (!said || said.session === null) continue;
    const [after, then] = next.all(said.session, said.t, said.t, said.rowid, said.t + TAKE_BACK_WITHIN_MS) as Turn[];
    if (!after) continue;
    // The next message, or an outright joke taken back after one reply ("i moved to Rome!!!" / "wow!" / "jk").
    if (after.speaker === said.speaker && takesBackTheLastMessage(words(after))) out.set(id, words(after));
    else if (after.speaker !== said.speaker && then?.speaker === said.speaker && jokesTheLastMessageAway(words(then))) out.set(id, words(then));
  }
  return out;
}
