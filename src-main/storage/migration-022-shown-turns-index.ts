/**
 * Migration 021's lookups, bounded (review 27). Two costs were left: forgetting or restoring a long chat re-read, for
 * each turn, every turn before it already forgotten (the walk could not skip them: 3,000 turns 80 ms → 4.6 s), and a
 * row-value range on values of the row being written is not an index bound in SQLite, so turns said at one time were
 * still scanned (10k such turns: 9.5 s to record, 9.9 s to erase). Now the turns a context may hold have their own
 * partial index, `idx_nodes_shown_turns` on (session_id, space_id, event_time, id) for current turns, and each lookup
 * is two scalar ranges on it — the same time with a smaller (larger) id, then an earlier (later) time — merged and cut
 * to two. Same meaning as 021: the two current turns of the same space before a turn, recitals left out. Migration 022.
 */
import type { Migration } from './migrations';

/** A JSON field of a row's attributes; NULL when they are not JSON (json_extract raises on a damaged row). */
const field = (row: string, path: string): string => `(CASE WHEN json_valid(${row}.attributes) THEN json_extract(${row}.attributes, '${path}') END)`;

/** A turn's words without the "Speaker: " its transcript put in front (transcript-file.ts writes it so). */
const SAID = `CASE WHEN ${field('p', '$.speaker')} IS NOT NULL AND substr(p.content, 1, length(${field('p', '$.speaker')}) + 2) = ${field('p', '$.speaker')} || ': '
  THEN substr(p.content, length(${field('p', '$.speaker')}) + 3) ELSE p.content END`;

/** Turns a context may hold, beside `row`: current (the partial index's own terms), same session and space, no recital. */
const SHOWN_WITH = (p: string, row: string): string =>
  `${p}.type = 'episodic' AND ${p}.valid_until IS NULL AND ${p}.session_id = ${row}.session_id AND ${p}.space_id = ${row}.space_id
   AND ${field(p, '$.recital')} IS NOT 1`;

/** The (at most) two shown turns after `t`: the rows whose context holds t's words. */
const NEXT_TWO = (t: 'new' | 'old'): string => `SELECT rowid FROM (
    SELECT * FROM (SELECT a.rowid AS rowid, a.event_time AS at_time, a.id AS at_id FROM nodes a
      WHERE ${t}.type = 'episodic' AND ${SHOWN_WITH('a', t)} AND a.event_time = ${t}.event_time AND a.id > ${t}.id ORDER BY a.id LIMIT 2)
    UNION ALL
    SELECT * FROM (SELECT a.rowid AS rowid, a.event_time AS at_time, a.id AS at_id FROM nodes a
      WHERE ${t}.type = 'episodic' AND ${SHOWN_WITH('a', t)} AND a.event_time > ${t}.event_time ORDER BY a.event_time, a.id LIMIT 2)
    ORDER BY at_time, at_id LIMIT 2)`;

const REINDEX_NEXT_TWO = (t: 'new' | 'old'): string => `
    DELETE FROM nodes_fts WHERE rowid IN (${NEXT_TWO(t)});
    INSERT INTO nodes_fts(rowid, content, context) SELECT rowid, content, context FROM nodes_fts_rows WHERE rowid IN (${NEXT_TWO(t)});`;

export const migration022: Migration = {
  version: 22,
  name: 'turn context lookups as scalar ranges on a partial index of current turns',
  up(db) {
    db.exec(`
      DROP TRIGGER IF EXISTS nodes_fts_insert;
      DROP TRIGGER IF EXISTS nodes_fts_update;
      DROP TRIGGER IF EXISTS nodes_fts_delete;
      DROP VIEW IF EXISTS nodes_fts_rows;

      CREATE INDEX idx_nodes_shown_turns ON nodes(session_id, space_id, event_time, id) WHERE type = 'episodic' AND valid_until IS NULL;

      CREATE VIEW nodes_fts_rows AS
      SELECT n.rowid AS rowid, n.content AS content,
        CASE WHEN n.type = 'episodic' AND n.session_id IS NOT NULL THEN coalesce((
          SELECT group_concat(said, ' ') FROM (
            SELECT said FROM (
              SELECT * FROM (SELECT ${SAID} AS said, p.event_time AS at_time, p.id AS at_id FROM nodes p
                WHERE ${SHOWN_WITH('p', 'n')} AND p.event_time = n.event_time AND p.id < n.id ORDER BY p.id DESC LIMIT 2)
              UNION ALL
              SELECT * FROM (SELECT ${SAID} AS said, p.event_time AS at_time, p.id AS at_id FROM nodes p
                WHERE ${SHOWN_WITH('p', 'n')} AND p.event_time < n.event_time ORDER BY p.event_time DESC, p.id DESC LIMIT 2)
              ORDER BY at_time DESC, at_id DESC LIMIT 2))), '')
        ELSE '' END AS context
      FROM nodes n;

      CREATE TRIGGER nodes_fts_insert AFTER INSERT ON nodes BEGIN
        INSERT INTO nodes_fts(rowid, content, context) SELECT rowid, content, context FROM nodes_fts_rows WHERE rowid = new.rowid;
        ${REINDEX_NEXT_TWO('new')}
      END;
      -- A fact is re-indexed only when its words or kind change; a turn also when its place, time, validity, space or
      -- attributes (speaker, recital) do, with the turns that read it.
      CREATE TRIGGER nodes_fts_update AFTER UPDATE OF content, type, session_id, event_time, valid_until, space_id, attributes ON nodes
      WHEN old.content IS NOT new.content OR old.type IS NOT new.type OR (new.type = 'episodic' AND (
        old.session_id IS NOT new.session_id OR old.event_time IS NOT new.event_time OR old.valid_until IS NOT new.valid_until
        OR old.space_id IS NOT new.space_id OR old.attributes IS NOT new.attributes))
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
