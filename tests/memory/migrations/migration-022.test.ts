import { describe, expect, it } from 'vitest';
import { openIndexDb, type IndexDb } from '../../helpers/turn-index';

/** Migration 022: the turn-context lookups are scalar ranges on a partial index of current turns. */
type Db = IndexDb;

const open = openIndexDb;

const plan = (db: Db, sql: string, params: object = {}): string =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((r) => r.detail).join(' | ');

describe('migration 022: turn-context lookups bounded on a partial index of current turns', () => {
  it('reads the turns before and after a turn as index ranges that skip forgotten turns and bound ties', () => {
    const db = open();
    try {
      // The two turns before: the same time with a smaller id, then earlier times.
      const before = plan(db, `SELECT context FROM nodes_fts_rows WHERE rowid = 1`);
      expect(before).toContain('idx_nodes_shown_turns (session_id=? AND space_id=? AND event_time=? AND id<?)');
      expect(before).toContain('idx_nodes_shown_turns (session_id=? AND space_id=? AND event_time<?)');
      // The two after, as the delete trigger asks (its old.* values are bound like parameters in a trigger).
      const trigger = (db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'nodes_fts_delete'`).get() as { sql: string }).sql;
      const next = /rowid IN \((SELECT rowid FROM \([\s\S]*?LIMIT 2\))\);/.exec(trigger)?.[1] ?? '';
      expect(next).not.toBe('');
      const bound = next.replace(/old\.type/g, "'episodic'").replace(/old\.(session_id|event_time|id|space_id)/g, (_m, c: string) => `@${c}`);
      const after = plan(db, bound, { session_id: 's', event_time: 1, id: 'x', space_id: 'personal' });
      expect(after).toContain('idx_nodes_shown_turns (session_id=? AND space_id=? AND event_time=? AND id>?)');
      expect(after).toContain('idx_nodes_shown_turns (session_id=? AND space_id=? AND event_time>?)');
    } finally {
      db.close();
    }
  });

  it('after forgetting, restoring, moving and erasing turns (many said at one time), every current turn is indexed as a fresh build would', () => {
    const db = open();
    try {
      const insert = db.prepare(
        `INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, session_id, space_id) VALUES (?, 'episodic', ?, ?, 1, 1, 's', 'personal')`,
      );
      const words = ['apple', 'bread', 'cheese', 'dates', 'eggs', 'figs', 'grapes', 'honey'];
      for (let i = 0; i < 60; i++) insert.run(`t${String(i).padStart(3, '0')}`, `${words[i % 8]} ${words[(i * 3) % 8]} item${i}`, i < 30 ? 500 : 500 + i);
      const forget = db.prepare(`UPDATE nodes SET valid_until = 9, invalidated_reason = 'forgotten' WHERE id = ?`);
      const restore = db.prepare(`UPDATE nodes SET valid_until = NULL, invalidated_reason = NULL WHERE id = ?`);
      for (let i = 0; i < 60; i += 3) forget.run(`t${String(i).padStart(3, '0')}`);
      for (let i = 0; i < 60; i += 9) restore.run(`t${String(i).padStart(3, '0')}`);
      db.prepare(`UPDATE nodes SET space_id = 'work' WHERE id IN ('t010', 't011', 't040')`).run();
      db.prepare(`DELETE FROM nodes WHERE id IN ('t005', 't020', 't041', 't042')`).run();

      db.exec(`CREATE VIRTUAL TABLE temp.fresh_turns USING fts5(content, context, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2');
        INSERT INTO temp.fresh_turns(rowid, content, context) SELECT rowid, content, context FROM nodes_fts_rows;`);
      const current = new Set((db.prepare(`SELECT rowid FROM nodes WHERE valid_until IS NULL`).all() as { rowid: number }[]).map((r) => r.rowid));
      const rows = (table: string, term: string): number[] =>
        (db.prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid`).all(term) as { rowid: number }[]).map((r) => r.rowid).filter((r) => current.has(r));
      for (const term of [...words, 'item0', 'item5', 'item20', 'item33', 'item40', 'item59']) expect(rows('nodes_fts', term), term).toEqual(rows('fresh_turns', term));
    } finally {
      db.close();
    }
  });
});
