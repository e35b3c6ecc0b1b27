/**
 * The full-text index reads each turn with the two turns before it in its conversation (issue 24). In a chat a
 * message rarely says what it is about: "torn meniscus. the medial one" follows "mri results are in", "he hissed at
 * the hoover" follows "MEET BISCUIT". The index now has a second column, `context`, holding the words of the two
 * turns before (in the same memory session, by event time, without their "Speaker: " prefix), so a question can
 * match a turn on its own words and its context's together; BM25 weighs both columns alike (the turns' own words
 * are the `content` column, as before). Measured offline (R@10 at depth 100): long chats 0.478 → 0.502, tidy
 * dialogue 0.752 → 0.772, short chats 0.841 → 0.856, Russian 0.675 → 0.781.
 *
 * The index is contentless (`content=''`, `contentless_delete=1`): it stores no copy of the text, and a row is
 * deleted by its rowid alone, since a turn's context can change after it was indexed. `nodes_fts_rows` is what each
 * node is indexed as; the triggers re-index a turn and the two after it whenever a turn is added, changed or
 * deleted, so an erased message's words leave its neighbours' rows too. Migration 020.
 */
import type { Migration } from './migrations';

/**
 * Who said a turn, from its attributes; NULL when they are not JSON (a damaged row must not stop the next turn
 * from being recorded: json_extract raises on malformed JSON).
 */
const speakerOf = (row: string): string => `(CASE WHEN json_valid(${row}.attributes) THEN json_extract(${row}.attributes, '$.speaker') END)`;

/** A turn's words without the "Speaker: " its transcript put in front (transcript-file.ts writes it so). */
const SAID = `CASE WHEN ${speakerOf('p')} IS NOT NULL AND substr(p.content, 1, length(${speakerOf('p')}) + 2) = ${speakerOf('p')} || ': '
  THEN substr(p.content, length(${speakerOf('p')}) + 3) ELSE p.content END`;

/** The (at most) two turns after `t` in its session: the rows whose context holds t's words. */
const NEXT_TWO = (t: 'new' | 'old'): string => `SELECT rowid FROM nodes
  WHERE ${t}.type = 'episodic' AND session_id = ${t}.session_id AND +type = 'episodic'
    AND (event_time > ${t}.event_time OR (event_time = ${t}.event_time AND rowid > ${t}.rowid))
  ORDER BY event_time, rowid LIMIT 2`;

const REINDEX_NEXT_TWO = (t: 'new' | 'old'): string => `
    DELETE FROM nodes_fts WHERE rowid IN (${NEXT_TWO(t)});
    INSERT INTO nodes_fts(rowid, content, context) SELECT rowid, content, context FROM nodes_fts_rows WHERE rowid IN (${NEXT_TWO(t)});`;

export const migration020: Migration = {
  version: 20,
  name: 'full-text index reads each turn with the two before it (contentless, with a context column)',
  up(db) {
    db.exec(`
      DROP TRIGGER IF EXISTS nodes_fts_insert;
      DROP TRIGGER IF EXISTS nodes_fts_update;
      DROP TRIGGER IF EXISTS nodes_fts_delete;
      DROP TABLE IF EXISTS nodes_fts;

      CREATE VIEW nodes_fts_rows AS
      SELECT n.rowid AS rowid, n.content AS content,
        CASE WHEN n.type = 'episodic' AND n.session_id IS NOT NULL THEN coalesce((
          SELECT group_concat(said, ' ') FROM (
            SELECT ${SAID} AS said FROM nodes p
            WHERE p.session_id = n.session_id AND +p.type = 'episodic'
              AND (p.event_time < n.event_time OR (p.event_time = n.event_time AND p.rowid < n.rowid))
            ORDER BY p.event_time DESC, p.rowid DESC LIMIT 2)), '')
        ELSE '' END AS context
      FROM nodes n;

      CREATE VIRTUAL TABLE nodes_fts USING fts5(
        content,
        context,
        content='',
        contentless_delete=1,
        tokenize='porter unicode61 remove_diacritics 2'
      );
      INSERT INTO nodes_fts(rowid, content, context) SELECT rowid, content, context FROM nodes_fts_rows;

      CREATE TRIGGER nodes_fts_insert AFTER INSERT ON nodes BEGIN
        INSERT INTO nodes_fts(rowid, content, context) SELECT rowid, content, context FROM nodes_fts_rows WHERE rowid = new.rowid;
        ${REINDEX_NEXT_TWO('new')}
      END;
      CREATE TRIGGER nodes_fts_update AFTER UPDATE OF content, attributes, session_id, event_time, type ON nodes
      WHEN old.content IS NOT new.content OR old.session_id IS NOT new.session_id OR old.event_time IS NOT new.event_time
        OR old.type IS NOT new.type OR ${speakerOf('old')} IS NOT ${speakerOf('new')}
      BEGIN
        DELETE FROM nodes_fts WHERE rowid = old.rowid;
        INSERT INTO nodes_fts(rowid, content, context) SELECT rowid, content, context FROM nodes_fts_rows WHERE rowid = new.rowid;
        ${REINDEX_NEXT_TWO('old')}
        ${REINDEX_NEXT_TWO('new')}
      END;
      CREATE TRIGGER nodes_fts_delete AFTER DELETE ON nodes BEGIN
        DELETE FROM nodes_fts WHERE rowid = old.rowid;
        ${REINDEX_NEXT_TWO('old')}
      END;
    `);
  },
};
