import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { linkTallies, nodeTallies } from '../../../src-main/memory/repo/tallies';
import { LATEST_VERSION } from '../../../src-main/storage/migration-runner';
import { NODE_TYPES, RELATION_TYPES } from '../../../src-shared/memory-types';
import { migrateTo, openMigrationDb } from '../../helpers/migration-db';
import { expectTalliesMatchRows } from '../../helpers/tallies';

/** A tiny deterministic generator, so a failure replays. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SOURCES = [null, 'conversation', 'consolidation', 'reflection', 'manual', 'import'];
const REASONS = ['superseded', 'forgotten', 'pruned'];

describe('migration 008 (counts kept by triggers)', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  it('counts what a version 7 file already holds, leaving its rows as they were', () => {
    db = openMigrationDb();
    migrateTo(db, 7);
    const node = db.prepare(
      `INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, valid_until, invalidated_reason, confidence, decay_rate, source_type)
       VALUES (?, ?, ?, 1, 1, 1, ?, ?, ?, ?, ?)`,
    );
    node.run('e1', 'episodic', 'I moved to Lisbon', null, null, 0.5, 0.1, 'conversation');
    node.run('e2', 'episodic', 'unlinked', null, null, 1, 0.1, 'conversation');
    node.run('f1', 'semantic', 'lives in Lisbon', null, null, 0.95, 0, 'manual');
    node.run('f2', 'semantic', 'lives in Porto', 5, 'superseded', 0.4, 0.1, 'consolidation');
    node.run('o1', 'opinion', 'likes trams', null, null, 0.31, 0.1, null);
    node.run('r1', 'semantic', 'a reflection', null, null, 0.7, 0, 'reflection');
    db.prepare(
      `INSERT INTO edges (id, source_id, target_id, relation_type, valid_from, created_at) VALUES
       ('x1', 'f1', 'f2', 'supersedes', 1, 1), ('x2', 'f1', 'e1', 'derived_from', 1, 1)`,
    ).run();
    db.prepare(
      `INSERT INTO entities (id, canonical_name, type, first_seen, last_updated, merged_into) VALUES
       ('lisbon', 'Lisbon', 'place', 1, 1, NULL), ('lx', 'Lx', 'place', 1, 1, 'lisbon')`,
    ).run();
    db.prepare(`INSERT INTO node_entities (node_id, entity_id) VALUES ('e1', 'lisbon'), ('o1', 'lisbon')`).run();
    const before = db.prepare('SELECT * FROM nodes ORDER BY id').all();

    expect(migrateTo(db, 8)).toBe(8);
    expect(db.prepare('SELECT * FROM nodes ORDER BY id').all()).toEqual(before);
    const { nodes, links } = { nodes: nodeTallies(db), links: linkTallies(db) };
    expect(nodes.current).toEqual({ episodic: 2, semantic: 2, procedural: 0, opinion: 1 });
    expect(nodes.invalid).toEqual({ superseded: 1, forgotten: 0, pruned: 0 });
    expect(nodes.protectedFacts).toBe(1);
    expect(nodes.confidenceHistogram).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 1]);
    expect(links.edges.supersedes).toBe(1);
    expect(links.liveEntities).toBe(1);
    // e2 and r1 have no edge and no entity.
    expect(links.linkedCurrentNodes).toBe(3);
    expectTalliesMatchRows(db);
  });

  // At the latest version: later migrations may recreate these triggers (009 did).
  it('keeps every count equal to the rows through random inserts, edits, merges and deletes', () => {
    db = openMigrationDb();
    migrateTo(db, LATEST_VERSION);
    const next = random(8);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
    const ids: string[] = [];
    const entities: string[] = [];
    const insertNode = db.prepare(
      `INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, confidence, decay_rate, source_type)
       VALUES (?, ?, 'text', 1, 1, 1, ?, ?, ?)`,
    );
    const insertEdge = db.prepare(
      `INSERT OR IGNORE INTO edges (id, source_id, target_id, relation_type, valid_from, created_at) VALUES (?, ?, ?, ?, 1, 1)`,
    );
    for (let step = 0; step < 1500; step++) {
      const op = next();
      if (op < 0.25 || ids.length < 5) {
        const id = `n${step}`;
        insertNode.run(id, pick(NODE_TYPES), next(), pick([0, 0.1, 0.05]), pick(SOURCES));
        ids.push(id);
      } else if (op < 0.45) {
        insertEdge.run(`x${step}`, pick(ids), pick(ids), pick(RELATION_TYPES));
      } else if (op < 0.55) {
        if (entities.length < 3 || next() < 0.3) {
          entities.push(`ent${step}`);
          db.prepare(`INSERT INTO entities (id, canonical_name, type, first_seen, last_updated) VALUES (?, ?, 'person', 1, 1)`).run(`ent${step}`, `E${step}`);
        }
        db.prepare('INSERT OR IGNORE INTO node_entities (node_id, entity_id) VALUES (?, ?)').run(pick(ids), pick(entities));
      } else if (op < 0.65) {
        // Mostly with a reason; a NULL reason counts as invalid but under no reason, as stats always did.
        db.prepare('UPDATE nodes SET valid_until = 2, invalidated_reason = ? WHERE id = ?').run(next() < 0.9 ? pick(REASONS) : null, pick(ids));
      } else if (op < 0.7) {
        db.prepare('UPDATE nodes SET valid_until = NULL, invalidated_reason = NULL WHERE id = ?').run(pick(ids));
      } else if (op < 0.78) {
        db.prepare('UPDATE nodes SET confidence = ?, decay_rate = ? WHERE id = ?').run(next(), pick([0, 0.1]), pick(ids));
      } else if (op < 0.82) {
        db.prepare('UPDATE nodes SET source_type = ? WHERE id = ?').run(pick(SOURCES), pick(ids));
      } else if (op < 0.86) {
        db.prepare('DELETE FROM edges WHERE id IN (SELECT id FROM edges ORDER BY random() LIMIT 1)').run();
      } else if (op < 0.89) {
        // Re-point an edge, as merges do; a clash with an existing edge is refused and changes nothing.
        try {
          db.prepare('UPDATE edges SET target_id = ? WHERE id IN (SELECT id FROM edges ORDER BY random() LIMIT 1)').run(pick(ids));
        } catch {
          /* unique edge already there */
        }
      } else if (op < 0.92 && entities.length > 1) {
        // Merge one entity into another: its links move, it stops being live.
        const [from, into] = [pick(entities), pick(entities)];
        if (from !== into) {
          db.prepare('DELETE FROM node_entities WHERE entity_id = ? AND node_id IN (SELECT node_id FROM node_entities WHERE entity_id = ?)').run(from, into);
          db.prepare('UPDATE node_entities SET entity_id = ? WHERE entity_id = ?').run(into, from);
          db.prepare('UPDATE entities SET merged_into = ? WHERE id = ? AND merged_into IS NULL').run(into, from);
        }
      } else if (op < 0.95) {
        // An entity link moved to another node, or a node's links removed.
        db.prepare(
          'UPDATE OR IGNORE node_entities SET node_id = ? WHERE (node_id, entity_id) IN (SELECT node_id, entity_id FROM node_entities ORDER BY random() LIMIT 1)',
        ).run(pick(ids));
        db.prepare('DELETE FROM node_entities WHERE node_id = ?').run(pick(ids));
      } else if (op < 0.96 && entities.length > 3) {
        // An entity deleted outright: its links go with it; one that others were merged into stays (foreign key).
        const id = pick(entities);
        try {
          db.prepare('DELETE FROM entities WHERE id = ?').run(id);
          entities.splice(entities.indexOf(id), 1);
        } catch {
          /* still the target of a merge */
        }
      } else {
        // Nodes deleted outright, one or two per statement: their edges and entity links go with them (ON DELETE CASCADE).
        const gone = [...new Set([pick(ids), next() < 0.5 ? pick(ids) : pick(ids)])].slice(0, next() < 0.5 ? 1 : 2);
        db.prepare(`DELETE FROM nodes WHERE id IN (${gone.map(() => '?').join(', ')})`).run(...gone);
        for (const id of gone) ids.splice(ids.indexOf(id), 1);
      }
      if (step % 100 === 0) expectTalliesMatchRows(db);
    }
    expectTalliesMatchRows(db);
    expect(nodeTallies(db).total).toBeGreaterThan(100);
    expect(linkTallies(db).linkedCurrentNodes).toBeGreaterThan(10);
  }, 120_000); // thousands of random writes with a tally check after each: 39 s once on a loaded 2-core machine
});
