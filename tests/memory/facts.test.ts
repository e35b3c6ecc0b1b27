import { describe, expect, it } from 'vitest';
import { SUPERSEDED_CONFIDENCE, SUPERSEDED_DECAY_RATE } from '../../src-main/memory/facts';
import type { MemoryChange } from '../../src-shared/memory-types';
import { ManualClock, openTestEngine } from '../helpers/temp-engine';

describe('facts', () => {
  it('remembers a fact with provenance, entities, tags and source confidence', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const ep = engine.recordEpisode({ content: 'My sister Ana lives in Porto', sessionId: 's' });
    const ana = engine.createEntity({ name: 'Ana', type: 'person', aliases: ['my sister'] });
    const id = engine.rememberFact({
      content: 'User’s sister Ana lives in Porto',
      sourceType: 'extraction',
      derivedFrom: [ep],
      entityIds: [ana.id],
      tags: ['family'],
    });
    const d = engine.getNode(id);
    expect(d.node).toMatchObject({ type: 'semantic', confidence: 0.8, sourceType: 'extraction', attributes: { tags: ['family'] } });
    expect(d.derivedFrom.map((n) => n.id)).toEqual([ep]);
    expect(d.entities.map((e) => e.id)).toEqual([ana.id]);
    expect(d.versions.map((v) => v.id)).toEqual([id]);
    expect(d.pruneForecast).toBeGreaterThan(d.node.validFrom);
    expect(engine.getEntityProfile('my sister').facts.map((f) => f.id)).toEqual([id]);
    expect(engine.rememberFact({ content: 'Likes figs', type: 'opinion', sourceType: 'heuristic' })).toBeTruthy();
    expect(engine.listNodes({ types: ['opinion'] }).items[0]?.confidence).toBe(0.6);
  });

  it('corrects by superseding (§12.3) and keeps the old version in history', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    const changes: MemoryChange[] = [];
    engine.onChange((c) => changes.push(c));
    const place = engine.createEntity({ name: 'Home', type: 'place' });
    const evidence = engine.recordEpisode({ content: 'I moved to Lisbon last week', sessionId: 's' });
    const old = engine.rememberFact({ content: 'User lives in Berlin', entityIds: [place.id] });
    await engine.drainSlowPath();
    const activeVectors = (id: string) =>
      (engine.database.prepare('SELECT count(*) AS n FROM vec_nodes WHERE active = 1 AND node_id = ?').get(id) as { n: number }).n;
    expect(activeVectors(old)).toBe(1);
    clock.advanceDays(3);
    const next = engine.correctFact({ id: old, content: 'User lives in Lisbon', evidence: [evidence], reason: 'moved' });

    const d = engine.getNode(next);
    expect(d.versions.map((v) => v.content)).toEqual(['User lives in Berlin', 'User lives in Lisbon']);
    const [v1] = d.versions;
    expect(v1).toMatchObject({
      id: old,
      validUntil: clock.now(),
      invalidatedReason: 'superseded',
      confidence: SUPERSEDED_CONFIDENCE,
      decayRate: SUPERSEDED_DECAY_RATE,
    });
    const edge = d.edges.find((e) => e.relationType === 'supersedes');
    expect(edge).toMatchObject({ sourceId: next, targetId: old, evidence: [evidence], predicate: 'moved' });
    expect(d.entities.map((e) => e.id)).toEqual([place.id]);
    expect(engine.getNode(old).versions.map((v) => v.id)).toEqual([old, next]);
    // The old version is out of default listings but still there on request.
    expect(engine.listNodes({ types: ['semantic'] }).items.map((n) => n.id)).toEqual([next]);
    expect(engine.listNodes({ types: ['semantic'], includeInvalid: true }).items).toHaveLength(2);
    // Vector index: the old version no longer counts as current.
    expect(activeVectors(old)).toBe(0);
    expect(changes).toContainEqual({ kind: 'node.corrected', oldId: old, newId: next });
  });

  it('lists versions written in the same millisecond in the order of the chain', () => {
    // A clock that never moves: the chain alone says which version came first.
    const { engine } = openTestEngine({ clock: new ManualClock() });
    const ids = [engine.rememberFact({ content: 'User lives in Berlin' })];
    for (const city of ['Lisbon', 'Porto', 'Madrid', 'Oslo']) {
      ids.push(engine.correctFact({ id: ids[ids.length - 1] as string, content: `User lives in ${city}`, reason: 'moved' }));
    }
    const expected = ['Berlin', 'Lisbon', 'Porto', 'Madrid', 'Oslo'].map((c) => `User lives in ${c}`);
    for (const id of ids) expect(engine.getNode(id).versions.map((v) => v.content)).toEqual(expected);
  });

  it('confirms (confidence 1, decay 0), forgets and restores', () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ startSlowPath: false, clock });
    const id = engine.rememberFact({ content: 'Prefers tea over coffee', type: 'opinion', sourceType: 'extraction' });
    expect(engine.confirmFact(id)).toMatchObject({ confidence: 1, decayRate: 0 });
    engine.forget(id);
    expect(engine.getNode(id).node).toMatchObject({ invalidatedReason: 'forgotten', validUntil: clock.now() });
    expect(engine.listNodes().items).toHaveLength(0);
    clock.advanceDays(1);
    expect(engine.restore(id)).toMatchObject({ validUntil: null, invalidatedReason: null });
    expect(engine.listNodes().items.map((n) => n.id)).toEqual([id]);
  });

  it('reinforces on access (§12.1) and restarts the decay clock', () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ startSlowPath: false, clock });
    const id = engine.rememberFact({ content: 'Uses vim keybindings', sourceType: 'extraction' });
    clock.advanceDays(10);
    engine.recordAccess([id, id, 'unknown-id']);
    const n = engine.getNode(id).node;
    // A use restores what was lost since the fact was learned (retention restarts) and adds Δ; the time it
    // went unused makes it sturdier (stability, seed 004 §3).
    expect(n.accessCount).toBe(1);
    expect(n.lastAccessed).toBe(clock.now());
    expect(n.confidence).toBeCloseTo(0.8 + 0.05 * Math.log(1 + 1 / 20), 10);
    expect(n.confidenceBase).toBe(n.confidence);
    expect(n.stability).toBeCloseTo(1 + 0.5 * Math.log1p(10), 10);
  });

  it('never reinforces episodes: they are the record, not knowledge', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const ep = engine.recordEpisode({ content: 'Where do I live?', sessionId: 's' });
    await engine.flush();
    engine.recordAccess([ep, ep]);
    expect(engine.getNode(ep).node).toMatchObject({ accessCount: 0, lastAccessed: null });
  });

  it('pages through nodes with a cursor and filters by entity, source and time', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    for (let i = 0; i < 25; i++) engine.recordEpisode({ content: `episode ${i}`, sessionId: 's', eventTime: 1_000 + i });
    await engine.flush();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = engine.listNodes({ limit: 10, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((n) => n.content));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `episode ${24 - i}`));
    expect(engine.listNodes({ after: 1_010, before: 1_012, order: 'event_time_asc' }).items.map((n) => n.content)).toEqual([
      'episode 10',
      'episode 11',
    ]);
    expect(engine.listNodes({ sourceTypes: ['manual'] }).items).toHaveLength(0);
  });
});
