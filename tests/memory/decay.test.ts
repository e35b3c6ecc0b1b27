import { describe, expect, it } from 'vitest';
import { decayedConfidence, forecastPruneTime, reinforcement } from '../../src-shared/decay';
import { ManualClock, openTestEngine } from '../helpers/temp-engine';

const DAY = 86_400_000;

describe('decay formula', () => {
  it('follows confidence₀ × exp(−λ × days^0.8)', () => {
    expect(decayedConfidence(0.8, 0.1, 30 * DAY)).toBeCloseTo(0.8 * Math.exp(-0.1 * 30 ** 0.8), 12);
    expect(decayedConfidence(0.8, 0, 300 * DAY)).toBe(0.8);
    expect(reinforcement(20)).toBeCloseTo(0.05 * Math.log(2), 12);
  });

  it('forecasts when a node falls below the threshold, and never for protected nodes', () => {
    const node = { type: 'semantic' as const, decayRate: 0.1, confidenceBase: 1, lastAccessed: null, validFrom: 0 };
    const t = forecastPruneTime(node, 0.05);
    expect(t).not.toBeNull();
    expect(decayedConfidence(1, 0.1, t as number)).toBeCloseTo(0.05, 9);
    expect(forecastPruneTime({ ...node, decayRate: 0 })).toBeNull();
    expect(forecastPruneTime({ ...node, type: 'episodic' })).toBeNull();
  });
});

describe('decay run', () => {
  it('leaves protected facts and episodes untouched, decays the rest idempotently', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    const episode = engine.recordEpisode({ content: 'I planted tomatoes', sessionId: 's' });
    const confirmed = engine.rememberFact({ content: 'Allergic to penicillin', sourceType: 'extraction' });
    engine.confirmFact(confirmed);
    const plain = engine.rememberFact({ content: 'Grows tomatoes on the balcony', sourceType: 'extraction' });
    await engine.drainSlowPath();
    const snapshot = (id: string) => engine.database.prepare('SELECT * FROM nodes WHERE id = ?').get(id);
    const beforeEpisode = snapshot(episode);
    const beforeConfirmed = snapshot(confirmed);

    clock.advanceDays(20);
    const r1 = await engine.runDecay();
    expect(snapshot(episode)).toEqual(beforeEpisode);
    expect(snapshot(confirmed)).toEqual(beforeConfirmed);
    const decayed = engine.getNode(plain).node.confidence;
    expect(decayed).toBeCloseTo(0.8 * Math.exp(-0.1 * 20 ** 0.8), 12);
    expect(r1).toMatchObject({ scanned: 1, updated: 1, prunedIds: [] });
    // Running again at the same instant changes nothing.
    const r2 = await engine.runDecay();
    expect(r2.updated).toBe(0);
    expect(engine.getNode(plain).node.confidence).toBe(decayed);
    expect(engine.stats().last_decay_run).toBe(new Date(clock.now()).toISOString());
  });

  it('soft-deletes facts below the threshold and keeps vector and entity indexes consistent', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    const garden = engine.createEntity({ name: 'Garden', type: 'place' });
    const weak = engine.rememberFact({ content: 'Garden gate is painted blue', sourceType: 'heuristic', entityIds: [garden.id] });
    const strong = engine.rememberFact({ content: 'Garden has an apple tree', entityIds: [garden.id] });
    engine.confirmFact(strong);
    await engine.drainSlowPath();
    expect(engine.findEntities('garden')[0]?.mentionCount).toBe(2);

    clock.advanceDays(400);
    const r = await engine.runDecay();
    expect(r.prunedIds).toEqual([weak]);
    const node = engine.getNode(weak).node;
    expect(node).toMatchObject({ invalidatedReason: 'pruned', validUntil: clock.now() });
    expect(node.confidence).toBeLessThan(0.05);
    // Still in the database (soft delete), out of the current set and out of active vectors.
    const db = engine.database;
    expect((db.prepare('SELECT count(*) AS n FROM vec_nodes WHERE node_id = ? AND active = 1').get(weak) as { n: number }).n).toBe(0);
    expect((db.prepare('SELECT count(*) AS n FROM vec_nodes WHERE node_id = ? AND active = 0').get(weak) as { n: number }).n).toBe(1);
    const activeVectors = (db.prepare('SELECT count(*) AS n FROM vec_nodes WHERE active = 1').get() as { n: number }).n;
    const currentEmbedded = (db.prepare('SELECT count(*) AS n FROM nodes WHERE valid_until IS NULL AND id IN (SELECT node_id FROM vec_nodes)').get() as { n: number }).n;
    expect(activeVectors).toBe(currentEmbedded);
    expect(engine.findEntities('garden')[0]?.mentionCount).toBe(1);
    expect((db.prepare('SELECT count(*) AS n FROM node_entities WHERE node_id NOT IN (SELECT id FROM nodes)').get() as { n: number }).n).toBe(0);
    expect(engine.stats().invalid_nodes.pruned).toBe(1);
    // A pruned fact can be restored, and comes back with enough confidence to survive the next run.
    engine.restore(weak);
    expect((db.prepare('SELECT active FROM vec_nodes WHERE node_id = ?').get(weak) as { active: number }).active).toBe(1);
    expect((await engine.runDecay()).prunedIds).toEqual([]);
  });
});
