/**
 * The profile reads its facts from a candidates table kept by triggers (profile-candidates.ts), not from every
 * current fact. The answer must be the one the full read gives, on a varied memory through supersedes, forgets,
 * restores, pins and hides, attribute edits, space moves, everywhere marks, deletes and another process's writes.
 */
import { describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../../src-main/memory/engine';
import { computeProfile, profileQuery, type ProfileScope } from '../../../src-main/memory/profile';
import { rng } from '../../../bench/lib/chat-corpus';
import { PERSONAL_SPACE_ID } from '../../../src-shared/spaces';
import { ManualClock, openTestEngine } from '../../helpers/temp-engine';

const ABOUT = ['User lives in', 'My sister works at', 'I prefer', "User's partner likes", 'The user plans', 'I am learning'];
const OTHER = ['The Eiffel Tower is in', 'Priya reviews', 'Rust compiles', 'The meeting covers'];
const SLOTS = ['user.residence', 'user.name', 'user.opinion.tea', 'sam.relation.user', 'project.atlas', undefined];

describe('the profile candidates', () => {
  it('give the same profile as reading every current fact, through every kind of change', async () => {
    const clock = new ManualClock(Date.parse('2026-09-01T09:00:00Z'));
    const { engine, dir } = openTestEngine({ clock, startSlowPath: false });
    const work = engine.createSpace({ name: 'Work' });
    const scopes: ProfileScope[] = [{}, { spaceId: PERSONAL_SPACE_ID }, { spaceId: work.id }];
    const r = rng(19);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
    const current = (): string[] =>
      engine.database.prepare(`SELECT id FROM nodes WHERE type != 'episodic' AND valid_until IS NULL ORDER BY rowid`).pluck().all() as string[];
    const check = (step: string) => {
      // A new hour each time: the raw edits below announce no change, and the cache is keyed by the hour.
      clock.t += 3_600_000;
      const now = clock.now();
      for (const scope of scopes) {
        const full = computeProfile(engine.database, now, scope, 'all');
        expect(engine.profile({ now, scope }), `${step} ${JSON.stringify(scope)}`).toEqual(full);
      }
    };
    for (let i = 0; i < 60; i++) {
      const slot = pick(SLOTS);
      engine.rememberFact({
        content: `${pick(r() < 0.6 ? ABOUT : OTHER)} thing ${i}`,
        sourceType: r() < 0.1 ? 'reflection' : 'extraction',
        ...(slot ? { attributes: { slot } } : {}),
        ...(r() < 0.3 ? { spaceId: work.id } : {}),
      });
      if (i % 6 === 0) clock.advanceDays(3);
    }
    check('seeded');
    const forgotten: string[] = [];
    for (let step = 0; step < 80; step++) {
      const ids = current();
      const id = pick(ids);
      const op = step % 10;
      if (op === 0) engine.correctFact({ id, content: `${pick(ABOUT)} corrected ${step}` });
      else if (op === 1) engine.correctFact({ id, content: `${pick(OTHER)} corrected ${step}` });
      else if (op === 2) {
        engine.forget(id);
        forgotten.push(id);
      } else if (op === 3 && forgotten.length > 0) engine.restore(forgotten.pop() as string);
      else if (op === 4) engine.setProfilePin({ id, state: pick(['pinned', 'hidden', 'auto'] as const) });
      else if (op === 5) engine.confirmFact(id);
      else if (op === 6) engine.moveToSpace({ id, spaceId: engine.getNode(id).node.spaceId === work.id ? PERSONAL_SPACE_ID : work.id });
      else if (op === 7) engine.setEverywhere({ id, everywhere: r() < 0.5 });
      else if (op === 8) {
        // An edit in place, by the file's own rules (a slot given to a fact that had none, text rewritten).
        engine.database.prepare(`UPDATE nodes SET attributes = json_set(attributes, '$.slot', 'user.home'), content = ? WHERE id = ?`).run(`I moved ${step}`, id);
        engine.database.prepare('DELETE FROM nodes WHERE id = ?').run(pick(ids.filter((x) => x !== id)));
        // A use in a reply refreshes recency only (no change event; the hourly key catches it up).
        engine.database.prepare('UPDATE nodes SET last_accessed = ? WHERE id = ?').run(clock.now(), pick(ids));
        // A transaction rolled back leaves neither the table nor the rows read from it behind.
        expect(() =>
          engine.writeTransaction(() => {
            engine.rememberFact({ content: `User rolled back ${step}`, attributes: { slot: 'user.name' } });
            engine.profile({ now: clock.now() + 1 });
            throw new Error('rolled back');
          }),
        ).toThrow('rolled back');
      } else engine.rememberFact({ content: `${pick(ABOUT)} new ${step}`, ...(r() < 0.5 ? { attributes: { slot: pick(SLOTS) ?? 'user.x' } } : {}) });
      if (step % 7 === 0) clock.advanceDays(2);
      check(`step ${step} (op ${op})`);
    }
    // Another process writes to the file: no trigger fires here, the next read refills the table.
    const other = MemoryEngine.open({ dataDir: dir, clock, startSlowPath: false });
    other.rememberFact({ content: 'User lives in Lisbon now', attributes: { slot: 'user.residence' } });
    const pinnedElsewhere = other.rememberFact({ content: 'The user adopted a cat' });
    other.setProfilePin({ id: pinnedElsewhere, state: 'pinned' });
    await other.close();
    engine.checkExternalWrites();
    check('after another process wrote');
    expect(engine.profile().static.map((l) => l.nodeId)).toContain(pinnedElsewhere);
  });

  it('are read instead of every current fact: the table holds the facts about the person only', () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    for (let i = 0; i < 40; i++) engine.rememberFact({ content: `The river ${i} flows north` });
    const about = [engine.rememberFact({ content: 'User lives in Porto' }), engine.rememberFact({ content: 'My brother is a chef' })];
    engine.profile();
    const held = engine.database.prepare('SELECT node_id FROM temp.profile_candidates ORDER BY node_id').pluck().all();
    expect(held).toEqual([...about].sort());
    const plan = engine.database
      .prepare(`EXPLAIN QUERY PLAN ${profileQuery(Date.now(), {}, 'candidates').text}`)
      .all(...profileQuery(Date.now(), {}, 'candidates').params) as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/SCAN c|profile_candidates/);
    expect(plan.map((p) => p.detail).join('\n')).not.toMatch(/SCAN n\b/);
  });
});
