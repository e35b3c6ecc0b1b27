/** The start of what turns say, read in one query, for the steps that read candidates' words (life-topics, feedback). */
import type { ReadableDB } from '../../storage/db';
import { withoutSpeakerPrefix } from '../../../src-shared/speakers';
import { stmt } from '../repo/statements';

/**
 * Characters of a turn read, at most: a long reply or a pasted page is read by its start (200 candidates of 4,000
 * characters cost 19–31 ms; at 1,000, 4–5 ms; a chat's short turns ~2 ms).
 */
export const TURN_CHARS_READ = 1_000;

/** id → the turn's first TURN_CHARS_READ characters; `withoutSpeaker`: without the "Name: " a transcript put in front. */
export function turnTexts(db: ReadableDB, ids: readonly string[], withoutSpeaker = false): Map<string, string> {
  // (The speaker is read only when asked: json_extract parses each row's attributes; damaged ones read as none.)
  const speaker = withoutSpeaker ? `CASE WHEN json_valid(attributes) THEN json_extract(attributes, '$.speaker') END` : 'NULL';
  const rows = stmt(db, `SELECT id, substr(content, 1, ${TURN_CHARS_READ}) AS content, ${speaker} AS speaker FROM nodes WHERE id IN (SELECT value FROM json_each(?))`).all(
    JSON.stringify(ids),
  ) as { id: string; content: string; speaker: unknown }[];
  return new Map(rows.map((r) => [r.id, withoutSpeaker && typeof r.speaker === 'string' && r.speaker !== '' ? withoutSpeakerPrefix(r.content, r.speaker) : r.content]));
}
