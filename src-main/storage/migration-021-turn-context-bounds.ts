/**
 * Migration 020's turn context, corrected (review 26). A turn's context is now the two turns before it that search
 * could show beside it: current (a forgotten or pruned turn's words no longer find its neighbours), in the same space
 * (a session that spans two spaces does not lend one space's words to the other), and not Engram's recital of its
 * own memory (search hides recitals; their words found the turn after them). The two re-indexed after a change are the
 * next two such turns. Rows search never shows as current (forgotten, pruned, recitals) may keep an older context.
 *
 * The lookups were unbounded: "event_time < t OR (event_time = t AND rowid < r)" is no index range, so each walked
 * the session from its end (quadratic: erasing a 20k-turn chat took 30 s, the fill 11 s), and turns said at one time
 * (a JSONL file without times is dated "now" throughout) were scanned on every insert. Turns are now ordered by
 * (event_time, id) — ids are UUIDv7, so creation order breaks ties — through `idx_nodes_session`, widened to
 * (session_id, event_time, id) under its old name (every query it served, it still serves), with row-value ranges.
 * The index is filled anew. Migration 021.
 */
import type { Migration } from './migrations';

/** A JSON field of a row's attributes; NULL when they are not JSON (json_extract raises on a damaged row). */
const field = (row: string, path: string): string => `(CASE WHEN json_valid(${row}.attributes) THEN json_extract(${row}.attributes, '${path}') END)`;

/** A turn's words without the "Speaker: " its transcript put in front (transcript-file.ts writes it so). */
const SAID = `CASE WHEN ${field('p', '$.speaker')} IS NOT NULL AND substr(p.content, 1, length(${field('p', '$.speaker')}) + 2) = ${field('p', '$.speaker')} || ': '
  THEN substr(p.content, length(${field('p', '$.speaker')}) + 3) ELSE p.content END`;

/** Turns search shows beside `row`: current, in its space, not a recital. */
const SHOWN_WITH = (p: string, row: string): string =>
  `+${p}.type = 'episodic' AND ${p}.valid_until IS NULL AND ${p}.space_id IS ${row}.space_id AND ${field(p, '$.recital')} IS NOT 1`;

/** The (at most) two turns after `t` in its session whose context holds t's words. */
const NEXT_TWO = (t: 'new' | 'old'): string => `SELECT a.rowid FROM nodes a
  WHERE ${t}.type = 'episodic' AND a.session_id = ${t}.session_id AND a.event_time >= ${t}.event_time
    AND (a.event_time, a.id) > (${t}.event_time, ${t}.id) AND ${SHOWN_WITH('a', t)}
  ORDER BY a.event_time, a.id LIMIT 2`;

const REINDEX_NEXT_TWO = (t: 'new' | 'old'): string => `
    DELETE FROM nodes_fts WHERE rowid IN (${NEXT_TWO(t)});
    INSERT INTO nodes_fts(rowid, content, context) SELECT rowid, content, context FROM nodes_fts_rows WHERE rowid IN (${NEXT_TWO(t)});`;

export const migration021: Migration = {
  version: 21,
  name: 'turn context: current turns of the same space, not recitals; bounded lookups ordered by (event_time, id)',
  up(db) {
    db.exec(`
      DROP TRIGGER IF EXISTS nodes_fts_insert;
      DROP TRIGGER IF EXISTS nodes_fts_update;
      DROP TRIGGER IF EXISTS nodes_fts_delete;
      DROP VIEW IF EXISTS nodes_fts_rows;

      DROP INDEX IF EXISTS idx_nodes_session;
      CREATE INDEX idx_nodes_session ON nodes(session_id, event_time, id);

      CREATE VIEW nodes_fts_rows AS
      SELECT n.rowid AS rowid, n.content AS content,
        CASE WHEN n.type = 'episodic' AND n.session_id IS NOT NULL THEN coalesce((
          SELECT group_concat(said, ' ') FROM (
            SELECT ${SAID} AS said FROM nodes p
            WHERE p.session_id = n.session_id AND p.event_time <= n.event_time AND (p.event_time, p.id) < (n.event_time, n.id)
              AND ${SHOWN_WITH('p', 'n')}
            ORDER BY p.event_time DESC, p.id DESC LIMIT 2)), '')
        ELSE '' END AS context
      FROM nodes n;

      INSERT INTO nodes_fts(nodes_fts) VALUES ('delete-all');
      INSERT INTO nodes_fts(rowid, content, context) SELECT rowid, content, context FROM nodes_fts_rows;

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
