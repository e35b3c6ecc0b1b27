/**
 * The profile (issue 26 part 1) on a real SQLite memory: static and dynamic parts computed from current facts,
 * a supersede or forget leaving it at once (the cache included), pin and hide, and the context pack led by it.
 */
import { describe, expect, it } from 'vitest';
import { MemoryError } from '../../../src-main/memory/errors';
import { MemoryEngine } from '../../../src-main/memory/engine';
import { countTokens } from '../../../src-main/memory/retrieval/tokens';
import { SECTION_SHARES } from '../../../src-main/memory/retrieval/context';
import { CollectingLogger, ManualClock, openTestEngine } from '../../helpers/temp-engine';
import type { Profile } from '../../../src-shared/profile-types';

const ids = (lines: Profile['static']) => lines.map((l) => l.nodeId);

function fact(engine: MemoryEngine, content: string, slot?: string, episode?: string): string {
  return engine.rememberFact({
    content,
    sourceType: 'extraction',
    ...(slot ? { attributes: { slot } } : {}),
    ...(episode ? { derivedFrom: [episode] } : {}),
  });
}

/** Name, home and work said a month ago and confirmed; a project this week; things not about the person. */
async function seeded() {
  const clock = new ManualClock(Date.parse('2026-10-20T09:00:00Z'));
  const { engine } = openTestEngine({ clock, startSlowPath: false });
  const said = engine.recordEpisode({ content: "I'm Sam Rivera, I live in Boston and work at Acme Robotics", sessionId: 'old' });
  await engine.flush();
  const name = fact(engine, "User's name is Sam Rivera", 'user.name', said);
  const home = fact(engine, 'User lives in Boston', 'user.residence', said);
  const work = fact(engine, 'User works at Acme Robotics', 'user.employer', said);
  for (const id of [name, home, work]) engine.confirmFact(id);
  const tea = fact(engine, 'User likes green tea', 'user.opinion.green_tea');
  const stale = fact(engine, 'User had pizza for lunch');
  const trivia = fact(engine, 'The Eiffel Tower is in Paris');
  clock.advanceDays(30);
  const project = fact(engine, 'User is building the Atlas migration project this week');
  const coworker = fact(engine, 'Priya reviews the Atlas pull requests');
  return { engine, clock, name, home, work, tea, stale, trivia, project, coworker, said };
}

describe('the profile', () => {
  it('holds name, home and work stated a month ago and confirmed (static), and this week\'s project (dynamic)', async () => {
    const s = await seeded();
    const p = s.engine.profile();
    expect(ids(p.static)).toEqual([s.name, s.home, s.work, s.tea]);
    expect(p.static.map((l) => l.reason)).toEqual([
      expect.stringMatching(/^name, known since 2026-10-20/),
      expect.stringMatching(/^home/),
      expect.stringMatching(/^work/),
      expect.stringMatching(/^preference/),
    ]);
    expect(p.static.slice(0, 3).every((l) => l.confirmed && l.part === 'static')).toBe(true);
    expect(p.static[0]?.sourceIds).toEqual([s.said]);
    expect(ids(p.dynamic)).toEqual([s.project]);
    // Not about the person (trivia, a coworker) and old chatter about them (lunch a month ago) stay out.
    const all = [...ids(p.static), ...ids(p.dynamic)];
    for (const id of [s.trivia, s.coworker, s.stale]) expect(all).not.toContain(id);
  });

  it('a fact learned this week is dynamic even when it is identity; it becomes static after a week', async () => {
    const s = await seeded();
    const pet = fact(s.engine, 'User has a sister called Ana', 'user.sibling');
    expect(ids(s.engine.profile().dynamic)).toContain(pet);
    s.clock.advanceDays(8);
    const later = s.engine.profile();
    expect(ids(later.static)).toContain(pet);
    expect(ids(later.dynamic)).not.toContain(pet);
  });

  it('an age, a lasting condition, an allergy and a chronotype are lasting, each with its kind', async () => {
    const s = await seeded();
    const age = fact(s.engine, 'User is 34 years old', 'user.age');
    const diabetes = fact(s.engine, 'User has type 1 diabetes', 'user.health.type_1_diabetes');
    const penicillin = fact(s.engine, 'User is allergic to penicillin', 'user.allergy.penicillin');
    const owl = fact(s.engine, 'User is a night owl', 'user.chronotype');
    s.clock.advanceDays(8);
    const p = s.engine.profile();
    const reasonOf = (id: string) => p.static.find((l) => l.nodeId === id)?.reason ?? '';
    expect(reasonOf(age)).toMatch(/^age, known since/);
    expect(reasonOf(diabetes)).toMatch(/^health, known since/);
    expect(reasonOf(penicillin)).toMatch(/^health, known since/);
    expect(reasonOf(owl)).toMatch(/^preference, known since/);
  });

  it('an age said years ago is counted on, exactly when the birthday is known; the stored fact keeps its words', async () => {
    const clock = new ManualClock(Date.parse('2023-03-10T09:00:00Z'));
    const { engine } = openTestEngine({ clock, startSlowPath: false });
    const own = engine.rememberFact({ content: 'User is 34 years old', sourceType: 'extraction', attributes: { slot: 'user.age', value: '34' } });
    const mum = engine.rememberFact({ content: "User's mum turned 60", sourceType: 'extraction', attributes: { slot: 'user.mum.age', value: '60' } });
    const shown = (id: string) => [...engine.profile().static, ...engine.profile().dynamic].find((l) => l.nodeId === id)?.content;
    clock.advanceDays(200);
    expect(shown(own)).toBe('User is 34 years old'); // under a year: the words stand
    clock.t = Date.parse('2026-11-25T09:00:00Z');
    expect(shown(own)).toBe('User is 37 or 38 years old (said 34 in March 2023)');
    // "Turned" was said on a birthday: whole years since.
    expect(shown(mum)).toBe("User's mum is 63 years old (turned 60 in March 2023)");
    // With the birthday known, the birthdays since are counted: 29 Dec 2023, 2024, 2025.
    engine.rememberFact({ content: "User's birthday is on 29 December", sourceType: 'extraction', attributes: { slot: 'user.birthday', value: '12-29' } });
    expect(shown(own)).toBe('User is 37 years old (said 34 in March 2023)');
    expect(engine.getNode(own).node.content).toBe('User is 34 years old');
    // Said under a year ago, a known birthday since still counts: 34 in January, birthday in March, 35 by November.
    clock.t = Date.parse('2026-01-10T09:00:00Z');
    const sister = engine.rememberFact({ content: "User's sister is 30 years old", sourceType: 'extraction', attributes: { slot: 'user.sister.age', value: '30' } });
    engine.rememberFact({ content: "User's sister's birthday is on 3 March", sourceType: 'extraction', attributes: { slot: 'user.sister.birthday', value: '03-03' } });
    clock.t = Date.parse('2026-11-25T09:00:00Z');
    expect(shown(sister)).toBe("User's sister is 31 years old (said 30 in January 2026)");
    // As of a past date, the age of that date.
    expect(engine.profile({ asOf: '2024-06-01' }).static.find((l) => l.nodeId === own)?.content).toBe('User is 35 or 36 years old (said 34 in March 2023)');
  });

  it('a history imported today is known since it was said: its home is static at once, its old project not recent', async () => {
    const s = await seeded();
    const yearAgo = s.clock.now() - 365 * 86_400_000;
    const said = s.engine.recordEpisode({ content: 'I have a brother called Tom, and I am training for the Lisbon marathon', sessionId: 'imported', eventTime: yearAgo });
    await s.engine.flush();
    const told = (content: string, slot?: string) =>
      s.engine.rememberFact({ content, sourceType: 'extraction', eventTime: yearAgo, validFrom: yearAgo, derivedFrom: [said], ...(slot ? { attributes: { slot } } : {}) });
    const brother = told('User has a brother called Tom', 'user.sibling');
    const marathon = told('User is training for the Lisbon marathon');
    const p = s.engine.profile();
    const line = p.static.find((l) => l.nodeId === brother);
    expect(line?.reason).toBe(`family, known since ${new Date(yearAgo).toISOString().slice(0, 10)}`);
    expect([...ids(p.static), ...ids(p.dynamic)]).not.toContain(marathon);
  });

  it('a job left drops out of the profile once a later one is held; a departure with nothing after it stays', async () => {
    const s = await seeded();
    const told = (content: string, value: string) => s.engine.rememberFact({ content, sourceType: 'extraction', attributes: { slot: 'user.employer', value } });
    // (The write path ends the job the departure names; here it is forgotten by hand.)
    s.engine.forget(s.work);
    const left = told('User left Acme Robotics', 'ended:acme robotics');
    let all = [...ids(s.engine.profile().static), ...ids(s.engine.profile().dynamic)];
    expect(all).toContain(left);
    s.clock.advanceDays(1);
    const next = told('User works at Ridgeline Analytics', 'ridgeline analytics');
    all = [...ids(s.engine.profile().static), ...ids(s.engine.profile().dynamic)];
    expect(all).toContain(next);
    expect(all).not.toContain(left);
    // Still true, still in memory: only the profile leaves it out.
    expect(s.engine.getNode(left).node.validUntil).toBeNull();
    // A home left, told after the home held now began, is the past too.
    s.clock.advanceDays(1);
    const reading = s.engine.rememberFact({ content: 'User used to live in Reading', sourceType: 'extraction', attributes: { slot: 'user.residence', value: 'ended:reading' } });
    expect([...ids(s.engine.profile().static), ...ids(s.engine.profile().dynamic)]).not.toContain(reading);
  });

  it('months without mention lower who the person is in confidence, not out of the profile; a doubtful preference leaves', async () => {
    const s = await seeded();
    const doubtful = (content: string, slot: string) => s.engine.rememberFact({ content, sourceType: 'extraction', confidence: 0.2, attributes: { slot } });
    const home = doubtful('User lives in Leeds now', 'user.residence');
    const tea = doubtful('User likes oolong', 'user.opinion.oolong');
    s.clock.advanceDays(8);
    const all = [...ids(s.engine.profile().static), ...ids(s.engine.profile().dynamic)];
    expect(all).toContain(home);
    expect(all).not.toContain(tea);
  });

  it('a superseded home leaves at once, and a forgotten fact too (the cached profile is not served)', async () => {
    const s = await seeded();
    expect(ids(s.engine.profile().static)).toContain(s.home);
    // A move told today (the write path gives a correction the time it was said).
    const denver = s.engine.correctFact({ id: s.home, content: 'User lives in Denver', sourceType: 'extraction', eventTime: s.clock.now() });
    const after = s.engine.profile();
    expect([...ids(after.static), ...ids(after.dynamic)]).not.toContain(s.home);
    expect(after.static.map((l) => l.content).join('\n')).not.toMatch(/Boston/);
    // The new home was learned today: recent, so dynamic until it has been known a week.
    expect(ids(after.dynamic)).toContain(denver);
    s.engine.forget(s.project);
    expect(ids(s.engine.profile().dynamic)).not.toContain(s.project);
  });

  it('a home another process supersedes leaves the cached profile once the commit is noticed', async () => {
    const s = await seeded();
    expect(ids(s.engine.profile().static)).toContain(s.home);
    const other = MemoryEngine.open({ dbPath: s.engine.dbPath, clock: s.clock, startSlowPath: false, logger: new CollectingLogger() });
    try {
      other.correctFact({ id: s.home, content: 'User lives in Denver', sourceType: 'mcp', eventTime: s.clock.now() });
    } finally {
      await other.close();
    }
    expect(s.engine.checkExternalWrites()).toBe(true);
    const p = s.engine.profile();
    expect([...ids(p.static), ...ids(p.dynamic)]).not.toContain(s.home);
    expect(p.dynamic.map((l) => l.content)).toContain('User lives in Denver');
  });

  it('pins a fact to the profile and hides one from it; auto hands it back to the rules', async () => {
    const s = await seeded();
    expect(s.engine.setProfilePin({ id: s.trivia, state: 'pinned' })).toEqual({ id: s.trivia, state: 'pinned', previous: 'auto' });
    let p = s.engine.profile();
    expect(p.static[0]).toMatchObject({ nodeId: s.trivia, pinned: true, reason: 'pinned by you' });

    s.engine.setProfilePin({ id: s.name, state: 'hidden' });
    p = s.engine.profile();
    expect(ids(p.static)).not.toContain(s.name);
    expect(p.hidden).toEqual([{ nodeId: s.name, content: "User's name is Sam Rivera" }]);
    // Hidden from the profile, not from memory.
    expect(s.engine.getNode(s.name).node.validUntil).toBeNull();

    expect(s.engine.setProfilePin({ id: s.name, state: 'auto' }).previous).toBe('hidden');
    expect(ids(s.engine.profile().static)).toContain(s.name);
  });

  it('a pin follows its fact through a correction; the old version leaves', async () => {
    const s = await seeded();
    s.engine.setProfilePin({ id: s.coworker, state: 'pinned' });
    const next = s.engine.correctFact({ id: s.coworker, content: 'Priya and Tom review the Atlas pull requests', sourceType: 'extraction' });
    const p = s.engine.profile();
    expect(ids(p.static)).toContain(next);
    expect(ids(p.static)).not.toContain(s.coworker);
  });

  it('refuses to pin an episode, a superseded fact or an unknown id, with typed errors', async () => {
    const s = await seeded();
    expect(() => s.engine.setProfilePin({ id: s.said, state: 'pinned' })).toThrow(MemoryError);
    expect(() => s.engine.setProfilePin({ id: s.said, state: 'pinned' })).toThrow(/episode/);
    s.engine.correctFact({ id: s.home, content: 'User lives in Denver', sourceType: 'extraction' });
    expect(() => s.engine.setProfilePin({ id: s.home, state: 'pinned' })).toThrow(/superseded/);
    expect(() => s.engine.setProfilePin({ id: 'nope', state: 'pinned' })).toThrow(MemoryError);
    expect(() => s.engine.setProfilePin({ id: s.name, state: 'sticky' as 'pinned' })).toThrow(MemoryError);
  });

  it('takes the read scope the searches take (a narrower read leaves the rest out)', async () => {
    const s = await seeded();
    const narrowed = s.engine.profile({ scope: { sessionId: 'none-such' } });
    expect(narrowed.static).toEqual([]);
    expect(narrowed.dynamic).toEqual([]);
    expect(s.engine.profile().static.length).toBeGreaterThan(0);
  });
});

describe('the context pack with a profile', () => {
  it('leads with the profile within its share of the budget, and does not repeat its facts below', async () => {
    const s = await seeded();
    await s.engine.drainSlowPath();
    for (const budget of [200, 600, 1200]) {
      const pack = await s.engine.buildContextPack('Where does Sam live and what is the Atlas project?', { tokenBudget: budget });
      expect(pack.markdown).toMatch(/^## What Engram remembers\n\n### About the user\n- User's name is Sam Rivera/);
      const profile = pack.sections[0];
      expect(profile?.name).toBe('profile');
      expect(profile?.tokens).toBeLessThanOrEqual(Math.floor(budget * SECTION_SHARES.profile));
      expect(countTokens(pack.markdown)).toBeLessThanOrEqual(budget);
      const shown = new Set(profile?.items.map((i) => i.nodeId));
      const below = pack.sections.slice(1).flatMap((sec) => sec.items.map((i) => i.nodeId));
      expect(below.filter((id) => id !== null && shown.has(id))).toEqual([]);
      expect(pack.nodeIds).toEqual(expect.arrayContaining([...shown].filter((id): id is string => id !== null)));
    }
  });

  it('keeps the profile to its share even when many facts are pinned', async () => {
    const s = await seeded();
    for (let i = 0; i < 30; i++) {
      s.engine.setProfilePin({ id: fact(s.engine, `User keeps a long note number ${i} about the garden, the allotment and the greenhouse tomatoes`), state: 'pinned' });
    }
    const pack = await s.engine.buildContextPack('tomatoes', { tokenBudget: 1000 });
    const profile = pack.sections.find((x) => x.name === 'profile');
    expect(profile?.items.length).toBeGreaterThan(0);
    expect(profile?.tokens).toBeLessThanOrEqual(150);
    expect(countTokens(pack.markdown)).toBeLessThanOrEqual(1000);
    // What the profile left goes to the rest: facts found by the search still appear.
    expect(pack.sections.find((x) => x.name === 'facts')?.items.length).toBeGreaterThan(0);
  });
});
