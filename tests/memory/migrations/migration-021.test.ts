import BetterSqlite3 from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../src-main/storage/migration-runner';
import { databasePath } from '../../../src-main/memory/paths';
import { ManualClock, openTestEngine, makeTempDir } from '../../helpers/temp-engine';
import { foundByIndex, openIndexDb, type IndexDb } from '../../helpers/turn-index';

/** A turn's context is the two turns before it that search could show beside it (migration 021). */
type Db = IndexDb;

function turn(db: Db, id: string, session: string, time: number, content: string, extra: { space?: string; attributes?: object } = {}): void {
  db.prepare(
    `INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, session_id, attributes, space_id) VALUES (?, 'episodic', ?, ?, 1, 1, ?, ?, ?)`,
  ).run(id, content, time, session, JSON.stringify(extra.attributes ?? {}), extra.space ?? 'personal');
}

const found = foundByIndex;

const open = openIndexDb;

describe('migration 021: a turn\'s context is the current turns of its space before it, recitals left out', () => {
  it('a forgotten turn\'s words leave the rows of the turns after it, and come back when it is restored', () => {
    const db = open();
    try {
      turn(db, 'a1', 's', 10, 'my sister was diagnosed with leukaemia');
      turn(db, 'a2', 's', 20, 'I am so sorry to hear that');
      turn(db, 'a3', 's', 30, 'we will visit her on sunday');
      turn(db, 'a4', 's', 40, 'unrelated');
      expect(found(db, 'leukaemia')).toEqual(['a1', 'a2', 'a3']);
      db.prepare(`UPDATE nodes SET valid_until = 50, invalidated_reason = 'forgotten' WHERE id = 'a1'`).run();
      // a1's own row stays (the inspector's "forgotten" filter finds it); no current turn is found by its words.
      expect(found(db, 'leukaemia')).toEqual(['a1']);
      // a4 now reads a2 and a3, the two current turns before it.
      expect(found(db, 'sorry')).toEqual(['a2', 'a3', 'a4']);
      db.prepare(`UPDATE nodes SET valid_until = NULL, invalidated_reason = NULL WHERE id = 'a1'`).run();
      expect(found(db, 'leukaemia')).toEqual(['a1', 'a2', 'a3']);
    } finally {
      db.close();
    }
  });

  it('Engram\'s recital of its memory is no turn\'s context', () => {
    const db = open();
    try {
      turn(db, 'r1', 's', 10, 'From what I remember, you went to Reykjavik in May.', { attributes: { recital: true } });
      turn(db, 'r2', 's', 20, 'right, thanks');
      expect(found(db, 'reykjavik')).toEqual(['r1']);
    } finally {
      db.close();
    }
  });

  it('a session that spans two spaces lends neither space\'s words to the other', () => {
    const db = open();
    try {
      turn(db, 'p1', 's', 10, 'my therapist says the panic attacks are easing');
      turn(db, 'w1', 's', 20, 'the quarterly report is due', { space: 'work' });
      turn(db, 'w2', 's', 30, 'and the budget review', { space: 'work' });
      turn(db, 'p2', 's', 40, 'good news overall');
      expect(found(db, 'therapist')).toEqual(['p1', 'p2']);
      expect(found(db, 'quarterly')).toEqual(['w1', 'w2']);
      // Moved to Personal: w2 now reads p1, and p2 reads p1 and w2.
      db.prepare(`UPDATE nodes SET space_id = 'personal' WHERE id = 'w2'`).run();
      expect(found(db, 'therapist')).toEqual(['p1', 'p2', 'w2']);
      expect(found(db, 'budget')).toEqual(['p2', 'w2']);
    } finally {
      db.close();
    }
  });

  it('turns said at one time are ordered by id (creation order), and each reads the two made before it', () => {
    const db = open();
    try {
      for (const [i, word] of ['alpha', 'bravo', 'charlie', 'delta'].entries()) turn(db, `t${i}`, 's', 100, word);
      expect(found(db, 'alpha')).toEqual(['t0', 't1', 't2']);
      expect(found(db, 'delta')).toEqual(['t3']);
      db.prepare(`DELETE FROM nodes WHERE id = 't1'`).run();
      expect(found(db, 'alpha')).toEqual(['t0', 't2', 't3']);
    } finally {
      db.close();
    }
  });

  it('a memory of version 20 is indexed anew by the new rules', () => {
    const path = databasePath(makeTempDir());
    const raw = new BetterSqlite3(path);
    sqliteVec.load(raw);
    try {
      migrate(raw, { dimensions: 8, now: 1 }, 20);
      turn(raw, 'm1', 's', 10, 'the gherkin incident');
      turn(raw, 'm2', 's', 20, 'never again');
      raw.prepare(`UPDATE nodes SET valid_until = 30, invalidated_reason = 'forgotten' WHERE id = 'm1'`).run();
      expect(found(raw, 'gherkin')).toEqual(['m1', 'm2']);
      migrate(raw, { dimensions: 8, now: 1 });
      expect(found(raw, 'gherkin')).toEqual(['m1']);
    } finally {
      raw.close();
    }
  });

  it('memory as of a date matches each turn on its own words: a turn recorded later is no earlier turn\'s context then', async () => {
    const clock = new ManualClock();
    const day = 86_400_000;
    const t0 = clock.now();
    const { engine } = openTestEngine({ clock, startSlowPath: false });
    const later = engine.recordEpisode({ content: 'so that was the week', sessionId: 'c', eventTime: t0 - day });
    await engine.flush();
    clock.t = t0 + 10 * day;
    // Recorded ten days on, dated before it: it is "so that was the week"'s context from now on.
    const earlier = engine.recordEpisode({ content: 'we went to the planetarium', sessionId: 'c', eventTime: t0 - 2 * day });
    await engine.flush();
    const hits = async (asOf?: number): Promise<string[]> =>
      (await engine.search({ query: 'planetarium', types: ['episodic'], limit: 5, ...(asOf ? { asOf: new Date(asOf).toISOString() } : {}) })).hits.map((h) => h.node.id);
    expect(await hits()).toEqual([earlier, later]);
    expect(await hits(t0 + 2 * day)).toEqual([]);
    await engine.close();
  });

  it('through the engine: forgetting a chat\'s turn keeps its words from finding the turns after it', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const ids = [
      engine.recordEpisode({ content: 'the password hint is flamingo', sessionId: 'c', eventTime: 1_000 }),
      engine.recordEpisode({ content: 'got it', sessionId: 'c', eventTime: 2_000 }),
    ];
    await engine.flush();
    const hits = async (): Promise<string[]> =>
      (await engine.search({ query: 'flamingo', types: ['episodic'], limit: 5 })).hits.map((h) => h.node.id);
    expect(await hits()).toEqual(ids);
    engine.forget(ids[0] as string);
    expect(await hits()).toEqual([]);
    await engine.close();
  });
});
