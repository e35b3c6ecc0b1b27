import BetterSqlite3 from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../src-main/storage/migration-runner';
import { databasePath } from '../../../src-main/memory/paths';
import { makeTempDir } from '../../helpers/temp-engine';
import { foundByIndex, openIndexDb, type IndexDb } from '../../helpers/turn-index';

/** The index reads each turn with the two before it in its session (migration 020). */
type Db = IndexDb;

function turn(db: Db, id: string, session: string | null, time: number, content: string, speaker?: string, type = 'episodic'): void {
  db.prepare(
    `INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, session_id, attributes) VALUES (?, ?, ?, ?, 1, 1, ?, ?)`,
  ).run(id, type, speaker ? `${speaker}: ${content}` : content, time, session, JSON.stringify(speaker ? { speaker } : {}));
}

const found = foundByIndex;

const open = openIndexDb;

describe('migration 020: the full-text index reads each turn with the two before it', () => {
  it('finds a turn by the words of the two turns before it in its session, and by its own', () => {
    const db = open();
    try {
      turn(db, 'a1', 's', 10, 'MEET BISCUIT', 'Ines');
      turn(db, 'a2', 's', 20, 'picked him up this morning', 'Ines');
      turn(db, 'a3', 's', 30, 'he hissed at the hoover', 'Ines');
      turn(db, 'a4', 's', 40, 'omg a hoover hater', 'Marco');
      turn(db, 'b1', 'other', 25, 'biscuits for tea', 'Marco');
      // a2 and a3 have "biscuit" two turns back at most; a4 is three on; b1 says it itself, in another session.
      expect(found(db, 'biscuit')).toEqual(['a1', 'a2', 'a3', 'b1']);
      // Both words in one turn with its context: only a3 (its own "hoover", a1's "biscuit").
      expect(found(db, 'biscuit AND hoover')).toEqual(['a3']);
      // The own words alone are the content column.
      expect(found(db, 'content:biscuit')).toEqual(['a1', 'b1']);
      // A context turn's "Ines: " prefix is not its words: Marco's turn is not found by her name.
      expect(found(db, 'ines')).toEqual(['a1', 'a2', 'a3']);
    } finally {
      db.close();
    }
  });

  it('facts and turns without a session have no context', () => {
    const db = open();
    try {
      turn(db, 'e1', 's', 10, 'walrus season');
      turn(db, 'f1', 's', 20, 'User likes penguins', undefined, 'semantic');
      turn(db, 'e2', null, 30, 'no session here');
      turn(db, 'e3', null, 40, 'nor here');
      expect(found(db, 'walrus')).toEqual(['e1']);
      expect(found(db, 'session')).toEqual(['e2']);
    } finally {
      db.close();
    }
  });

  it('an erased turn leaves its neighbours\' rows, and the turns after it read the turns before it instead', () => {
    const db = open();
    try {
      turn(db, 't1', 's', 10, 'the secret word is aubergine');
      turn(db, 't2', 's', 20, 'noted');
      turn(db, 't3', 's', 30, 'anything else');
      turn(db, 't4', 's', 40, 'nope');
      expect(found(db, 'aubergine')).toEqual(['t1', 't2', 't3']);
      db.prepare(`DELETE FROM nodes WHERE id = 't1'`).run();
      expect(found(db, 'aubergine')).toEqual([]);
      // t4 now reads t2 and t3.
      db.prepare(`DELETE FROM nodes WHERE id = 't3'`).run();
      expect(found(db, 'noted')).toEqual(['t2', 't4']);
      db.prepare(`INSERT INTO nodes_fts(nodes_fts) VALUES ('integrity-check')`).run();
    } finally {
      db.close();
    }
  });

  it('a turn recorded late, between two others, becomes the context of the two after it', () => {
    const db = open();
    try {
      turn(db, 'x1', 's', 10, 'first');
      turn(db, 'x3', 's', 30, 'third');
      turn(db, 'x4', 's', 40, 'fourth');
      turn(db, 'x5', 's', 50, 'fifth');
      turn(db, 'x2', 's', 20, 'late arrival');
      expect(found(db, 'arrival')).toEqual(['x2', 'x3', 'x4']);
      // x4 now reads x2 and x3, no longer x1.
      expect(found(db, 'first')).toEqual(['x1', 'x2', 'x3']);
    } finally {
      db.close();
    }
  });

  it('a changed turn is re-read, with the two after it', () => {
    const db = open();
    try {
      turn(db, 'c1', 's', 10, 'plain words');
      turn(db, 'c2', 's', 20, 'more words');
      db.prepare(`UPDATE nodes SET content = 'mango chutney' WHERE id = 'c1'`).run();
      expect(found(db, 'mango')).toEqual(['c1', 'c2']);
      expect(found(db, 'plain')).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('a turn whose attributes are damaged (not JSON) does not stop the turns after it from being recorded or searched', () => {
    const db = open();
    try {
      turn(db, 'd1', 's', 10, 'pelican crossing', 'Ines');
      db.prepare(`UPDATE nodes SET attributes = 'not json {' WHERE id = 'd1'`).run();
      turn(db, 'd2', 's', 20, 'saw one today', 'Ines');
      // Its prefix cannot be told from its words any more: "Ines: pelican crossing" is d2's context whole.
      expect(found(db, 'pelican')).toEqual(['d1', 'd2']);
      expect(found(db, 'context:ines')).toEqual(['d2']);
    } finally {
      db.close();
    }
  });

  it('a memory of version 19 is indexed whole, with context, when it is migrated', () => {
    const path = databasePath(makeTempDir());
    const raw = new BetterSqlite3(path);
    sqliteVec.load(raw);
    try {
      migrate(raw, { dimensions: 8, now: 1 }, 19);
      turn(raw, 'm1', 's', 10, 'we adopted a greyhound', 'Ania');
      turn(raw, 'm2', 's', 20, 'his name is Kiwi', 'Ania');
      turn(raw, 'm3', 's', 30, 'totally different thing', 'Jonas');
      migrate(raw, { dimensions: 8, now: 1 });
      expect(found(raw, 'greyhound')).toEqual(['m1', 'm2', 'm3']);
      expect(found(raw, 'greyhound AND kiwi')).toEqual(['m2', 'm3']);
      raw.prepare(`INSERT INTO nodes_fts(nodes_fts) VALUES ('integrity-check')`).run();
    } finally {
      raw.close();
    }
  });
});
