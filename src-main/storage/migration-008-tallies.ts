/**
 * Counts kept up to date by triggers, so memory stats and the inspector's overview cost a few small reads
 * instead of scans of every node and edge. At a million nodes the scans took ~6 s (the orphan count alone 4 s:
 * three index probes per node), and the sidebar asked for them at every page load and every change.
 *
 * - node_tally: nodes by (type, state, source, confidence bucket, protected). state is 'valid' or the reason a
 *   node stopped being current; the bucket is -1 for episodes (their confidence is not shown), else 0–9.
 * - node_links: for each node with at least one edge (either end) or entity link, how many it has.
 * - count_tally: edges by relation ('edge:<type>'), entity links ('node_entities'), live entities
 *   ('entities_live'), and current nodes with at least one link ('linked_valid'; orphans are the rest).
 *
 * Triggers see every writer (the engine, import, restore), so the counts cannot drift from the rows. A node is
 * counted out of node_links in a BEFORE DELETE trigger: SQLite runs ON DELETE CASCADE after the row is gone and
 * before AFTER triggers, so only then does the node still exist to be looked at. A later migration that
 * rebuilds one of these tables must recreate its triggers.
 */
import type { Migration } from './migrations';

/** The tally key of the node row `r` (`new`, `old` or a table alias), in node_tally's column order. */
function nodeKey(r: string): string {
  return [
    `${r}.type`,
    `CASE WHEN ${r}.valid_until IS NULL THEN 'valid' ELSE coalesce(${r}.invalidated_reason, 'invalid') END`,
    `coalesce(${r}.source_type, '')`,
    `CASE WHEN ${r}.type = 'episodic' THEN -1 ELSE max(0, min(9, CAST(${r}.confidence * 10 AS INTEGER))) END`,
    `CASE WHEN ${r}.type != 'episodic' AND ${r}.decay_rate <= 0 AND coalesce(${r}.source_type, '') != 'reflection' THEN 1 ELSE 0 END`,
  ].join(', ');
}

const KEY_COLUMNS = 'type, state, source, bucket, protected';

const countUp = (r: 'new' | 'old') =>
  `INSERT INTO node_tally (${KEY_COLUMNS}, n) VALUES (${nodeKey(r)}, 1) ON CONFLICT DO UPDATE SET n = n + 1;`;
const countDown = (r: 'new' | 'old') => `UPDATE node_tally SET n = n - 1 WHERE (${KEY_COLUMNS}) = (${nodeKey(r)});`;

const isCurrent = (id: string) => `EXISTS (SELECT 1 FROM nodes WHERE id = ${id} AND valid_until IS NULL)`;

/** One more link on node `id`; a current node that had none stops being an orphan. */
const linkAdded = (id: string) => `
  INSERT INTO node_links (node_id, n) VALUES (${id}, 1) ON CONFLICT DO UPDATE SET n = n + 1;
  UPDATE count_tally SET n = n + 1 WHERE name = 'linked_valid'
    AND EXISTS (SELECT 1 FROM node_links WHERE node_id = ${id} AND n = 1) AND ${isCurrent(id)};`;

/** One link fewer on node `id`; a current node left with none becomes an orphan. */
const linkRemoved = (id: string) => `
  UPDATE node_links SET n = n - 1 WHERE node_id = ${id};
  UPDATE count_tally SET n = n - 1 WHERE name = 'linked_valid'
    AND EXISTS (SELECT 1 FROM node_links WHERE node_id = ${id} AND n <= 0) AND ${isCurrent(id)};
  DELETE FROM node_links WHERE node_id = ${id} AND n <= 0;`;

/** Add `by` (an SQL expression) to the count called `name` (an SQL expression). */
const bump = (name: string, by: string) =>
  `INSERT INTO count_tally (name, n) VALUES (${name}, ${by}) ON CONFLICT DO UPDATE SET n = n + excluded.n;`;

export const migration008: Migration = {
  version: 8,
  name: 'counts kept by triggers for stats and the overview',
  up(db) {
    db.exec(`
      CREATE TABLE node_tally (
        type      TEXT NOT NULL,
        state     TEXT NOT NULL,
        source    TEXT NOT NULL,
        bucket    INTEGER NOT NULL,
        protected INTEGER NOT NULL,
        n         INTEGER NOT NULL,
        PRIMARY KEY (${KEY_COLUMNS})
      ) WITHOUT ROWID;
      CREATE TABLE node_links (node_id TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE count_tally (name TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;

      INSERT INTO node_tally (${KEY_COLUMNS}, n)
        SELECT ${nodeKey('r')}, count(*) FROM nodes AS r GROUP BY 1, 2, 3, 4, 5;
      INSERT INTO node_links (node_id, n)
        SELECT id, count(*) FROM (
          SELECT source_id AS id FROM edges UNION ALL SELECT target_id FROM edges UNION ALL SELECT node_id FROM node_entities
        ) GROUP BY id;
      INSERT INTO count_tally (name, n) SELECT 'edge:' || relation_type, count(*) FROM edges GROUP BY relation_type;
      INSERT INTO count_tally (name, n) SELECT 'node_entities', count(*) FROM node_entities;
      INSERT INTO count_tally (name, n) SELECT 'entities_live', count(*) FROM entities WHERE merged_into IS NULL;
      INSERT INTO count_tally (name, n)
        SELECT 'linked_valid', count(*) FROM node_links JOIN nodes ON nodes.id = node_links.node_id WHERE nodes.valid_until IS NULL;

      CREATE TRIGGER node_tally_insert AFTER INSERT ON nodes BEGIN
        ${countUp('new')}
        UPDATE count_tally SET n = n + 1 WHERE name = 'linked_valid'
          AND new.valid_until IS NULL AND EXISTS (SELECT 1 FROM node_links WHERE node_id = new.id);
      END;
      CREATE TRIGGER node_tally_delete BEFORE DELETE ON nodes BEGIN
        ${countDown('old')}
        UPDATE count_tally SET n = n - 1 WHERE name = 'linked_valid'
          AND old.valid_until IS NULL AND EXISTS (SELECT 1 FROM node_links WHERE node_id = old.id);
        DELETE FROM node_links WHERE node_id = old.id;
      END;
      CREATE TRIGGER node_tally_update AFTER UPDATE OF type, valid_until, invalidated_reason, source_type, confidence, decay_rate ON nodes
      WHEN (${nodeKey('old')}) != (${nodeKey('new')}) BEGIN
        ${countDown('old')}
        ${countUp('new')}
        UPDATE count_tally SET n = n + (CASE WHEN new.valid_until IS NULL THEN 1 ELSE -1 END) WHERE name = 'linked_valid'
          AND (old.valid_until IS NULL) != (new.valid_until IS NULL) AND EXISTS (SELECT 1 FROM node_links WHERE node_id = new.id);
      END;

      CREATE TRIGGER edge_tally_insert AFTER INSERT ON edges BEGIN
        ${bump("'edge:' || new.relation_type", '1')}
        ${linkAdded('new.source_id')}
        ${linkAdded('new.target_id')}
      END;
      CREATE TRIGGER edge_tally_delete AFTER DELETE ON edges BEGIN
        ${bump("'edge:' || old.relation_type", '-1')}
        ${linkRemoved('old.source_id')}
        ${linkRemoved('old.target_id')}
      END;
      CREATE TRIGGER edge_tally_update AFTER UPDATE OF source_id, target_id, relation_type ON edges BEGIN
        ${bump("'edge:' || old.relation_type", '-1')}
        ${linkRemoved('old.source_id')}
        ${linkRemoved('old.target_id')}
        ${bump("'edge:' || new.relation_type", '1')}
        ${linkAdded('new.source_id')}
        ${linkAdded('new.target_id')}
      END;

      CREATE TRIGGER node_entities_tally_insert AFTER INSERT ON node_entities BEGIN
        ${bump("'node_entities'", '1')}
        ${linkAdded('new.node_id')}
      END;
      CREATE TRIGGER node_entities_tally_delete AFTER DELETE ON node_entities BEGIN
        ${bump("'node_entities'", '-1')}
        ${linkRemoved('old.node_id')}
      END;
      CREATE TRIGGER node_entities_tally_update AFTER UPDATE OF node_id ON node_entities BEGIN
        ${linkRemoved('old.node_id')}
        ${linkAdded('new.node_id')}
      END;

      CREATE TRIGGER entities_tally_insert AFTER INSERT ON entities WHEN new.merged_into IS NULL BEGIN
        ${bump("'entities_live'", '1')}
      END;
      CREATE TRIGGER entities_tally_delete AFTER DELETE ON entities WHEN old.merged_into IS NULL BEGIN
        ${bump("'entities_live'", '-1')}
      END;
      CREATE TRIGGER entities_tally_update AFTER UPDATE OF merged_into ON entities
      WHEN (old.merged_into IS NULL) != (new.merged_into IS NULL) BEGIN
        ${bump("'entities_live'", 'CASE WHEN new.merged_into IS NULL THEN 1 ELSE -1 END')}
      END;
    `);
  },
};
