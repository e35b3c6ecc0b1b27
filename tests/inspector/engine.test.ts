import { describe, expect, it } from 'vitest';
import type { MemoryChange } from '../../src-shared/memory-types';
import { ManualClock, openTestEngine } from '../helpers/temp-engine';

async function seeded() {
  const clock = new ManualClock();
  const { engine } = openTestEngine({ clock, startSlowPath: false });
  const ada = engine.createEntity({ name: 'Ada Lovelace', type: 'person', aliases: ['Ada'] });
  const boss = engine.createEntity({ name: 'My boss', type: 'person', aliases: ['boss'] });
  const ep1 = engine.recordEpisode({ content: 'I met Ada at the conference', role: 'user', sessionId: 's1' });
  clock.advanceDays(0.01);
  const ep2 = engine.recordEpisode({ content: 'Ada said she works on engines', role: 'user', sessionId: 's1' });
  await engine.flush();
  const fact = engine.rememberFact({ content: 'Ada works on the analytical engine', entityIds: [ada.id], derivedFrom: [ep2] });
  const bossFact = engine.rememberFact({ content: 'My boss prefers mornings', entityIds: [boss.id], sourceType: 'extraction' });
  return { engine, clock, ada, boss, ep1, ep2, fact, bossFact };
}

describe('inspector graph', () => {
  it('starts from recent nodes with edges, entity anchors and links, bounded by the limit', async () => {
    const { engine, ep1, ep2, fact, ada } = await seeded();
    const slice = await engine.inspectorGraph({ seed: { kind: 'recent' }, limit: 3 });
    expect(slice.nodes).toHaveLength(3);
    expect(slice.truncated).toBe(true);
    const all = await engine.inspectorGraph({ seed: { kind: 'recent' }, limit: 100 });
    const ids = all.nodes.map((n) => n.id);
    expect(ids).toEqual(expect.arrayContaining([ep1, ep2, fact]));
    expect(all.edges.some((e) => e.relation === 'temporal')).toBe(true);
    expect(all.edges.some((e) => e.relation === 'derived_from' && e.source === fact && e.target === ep2)).toBe(true);
    expect(all.entities.map((e) => e.id)).toContain(ada.id);
    expect(all.entityLinks).toContainEqual({ nodeId: fact, entityId: ada.id });
  });

  it('filters by type, origin and relation, and expands one hop from a node and from an entity', async () => {
    const { engine, fact, ep2, ada, bossFact } = await seeded();
    const facts = await engine.inspectorGraph({ seed: { kind: 'recent' }, filter: { types: ['semantic'], includeInvalid: false } });
    expect(facts.nodes.every((n) => n.type === 'semantic')).toBe(true);
    const manual = await engine.inspectorGraph({ seed: { kind: 'recent' }, filter: { sourceTypes: ['extraction'], includeInvalid: false } });
    expect(manual.nodes.map((n) => n.id)).toEqual([bossFact]);
    const out = engine.inspectorExpand({ nodeIds: [fact] });
    expect(out.nodes.map((n) => n.id)).toEqual(expect.arrayContaining([fact, ep2]));
    expect(out.entities.map((e) => e.id)).toContain(ada.id);
    const noEntities = engine.inspectorExpand({ nodeIds: [fact], filter: { relations: ['temporal'], includeInvalid: false } });
    expect(noEntities.nodes.map((n) => n.id)).toEqual([fact]);
    expect(noEntities.entities).toEqual([]);
    const onlyAda = await engine.inspectorGraph({ seed: { kind: 'recent' }, filter: { entityId: ada.id, includeInvalid: false } });
    expect(onlyAda.nodes.map((n) => n.id)).toEqual([fact]);
    const adaExpanded = engine.inspectorExpand({ nodeIds: [fact], filter: { entityId: ada.id, includeInvalid: false } });
    expect(adaExpanded.nodes.map((n) => n.id)).toEqual([fact]);
    const fromEntity = engine.inspectorExpand({ entityIds: [ada.id] });
    expect(fromEntity.nodes.map((n) => n.id)).toContain(fact);
  });

  it('seeds from a search and from an entity', async () => {
    const { engine, fact, ada } = await seeded();
    const hits = await engine.inspectorGraph({ seed: { kind: 'query', query: 'analytical engine' } });
    expect(hits.nodes.map((n) => n.id)).toContain(fact);
    const byEntity = await engine.inspectorGraph({ seed: { kind: 'entity', entityId: ada.id } });
    expect(byEntity.nodes.map((n) => n.id)).toContain(fact);
    expect(byEntity.entities.map((e) => e.id)).toContain(ada.id);
  });
});

describe('inspector timeline', () => {
  it('returns facts by validity and episodes by event time, with supersedes transitions', async () => {
    const { engine, clock, fact, ep1 } = await seeded();
    clock.advanceDays(1);
    const newer = engine.correctFact({ id: fact, content: 'Ada works on the difference engine' });
    const t = engine.inspectorTimeline({ from: 0, to: clock.now() + 1 });
    const ids = t.items.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([fact, newer, ep1]));
    expect(t.transitions).toContainEqual({ from: fact, to: newer, at: clock.now() });
    const old = t.items.find((i) => i.id === fact);
    expect(old?.validUntil).toBe(clock.now());
    expect(t.extent?.min).toBeLessThanOrEqual(old?.eventTime ?? 0);
    const current = engine.inspectorTimeline({ from: 0, to: clock.now() + 1, includeInvalid: false, types: ['semantic'] });
    expect(current.items.map((i) => i.id)).not.toContain(fact);
    expect(() => engine.inspectorTimeline({ from: 10, to: 5 })).toThrow(/from must be before to/);
  });
});

describe('inspector edits', () => {
  it('sets tags and emits a change', async () => {
    const { engine, fact } = await seeded();
    const changes: MemoryChange[] = [];
    engine.onChange((c) => changes.push(c));
    expect(engine.setNodeTags({ id: fact, tags: ['work', ' work ', 'history'] }).attributes.tags).toEqual(['work', 'history']);
    expect(engine.setNodeTags({ id: fact, tags: [] }).attributes.tags).toBeUndefined();
    expect(changes).toContainEqual({ kind: 'node.updated', nodeId: fact });
  });

  it('undoes a confirm back to the previous decay state', async () => {
    const { engine } = await seeded();
    // Extracted, so it decays: a fact typed in by hand starts confirmed.
    const fact = engine.rememberFact({ content: 'Ada keeps notes on Bernoulli numbers', sourceType: 'extraction' });
    const before = engine.getNode(fact).node;
    engine.confirmFact(fact);
    expect(engine.getNode(fact).pruneForecast).toBeNull();
    const back = engine.undoConfirm({ id: fact });
    expect(back.decayRate).toBe(before.decayRate);
    expect(back.confidence).toBe(before.confidence);
    expect(engine.getNode(fact).pruneForecast).not.toBeNull();
  });

  it('undoes a correction: the old version is current again, the chain stays in history', async () => {
    const { engine, clock, fact, ada } = await seeded();
    const before = engine.getNode(fact).node;
    clock.advanceDays(1);
    const newer = engine.correctFact({ id: fact, content: 'Ada works on the difference engine' });
    expect(engine.getNode(newer).versions.map((v) => v.id)).toEqual([fact, newer]);
    const restored = engine.undoCorrection({ newId: newer });
    expect(restored.validUntil).toBeNull();
    expect(restored.confidence).toBe(before.confidence);
    expect(engine.getNode(newer).node.invalidatedReason).toBe('forgotten');
    expect(engine.getEntityProfile(ada.id).entity.mentionCount).toBe(1);
    expect((await engine.search({ query: 'analytical engine' })).hits.map((h) => h.node.id)).toContain(fact);
    expect(() => engine.undoCorrection({ newId: newer })).toThrow(/no longer current/);
  });
});

describe('inspector entities', () => {
  it('undoes a merge: links, aliases and counts come back', async () => {
    const { engine, ada, boss, fact, bossFact } = await seeded();
    engine.mergeEntities(boss.id, ada.id);
    expect(engine.getEntityProfile(ada.id).entity.aliases).toEqual(expect.arrayContaining(['My boss', 'boss']));
    const { restored, target } = engine.unmergeEntity(boss.id);
    expect(restored.mergedInto).toBeNull();
    expect(restored.aliases).toEqual(['boss']);
    expect(restored.attributes.merge).toBeUndefined();
    expect(target.aliases).toEqual(['Ada']);
    expect(engine.listNodes({ entityId: boss.id }).items.map((n) => n.id)).toEqual([bossFact]);
    expect(engine.listNodes({ entityId: ada.id }).items.map((n) => n.id)).toContain(fact);
    expect(restored.mentionCount).toBe(1);
    expect(() => engine.unmergeEntity(boss.id)).toThrow(/not merged/);
  });

  it('splits nodes and aliases into a new entity, and merging back undoes it', async () => {
    const { engine, ada, fact, ep1, ep2 } = await seeded();
    engine.writePathStore.linkEntities(ep1, [ada.id]);
    engine.writePathStore.linkEntities(ep2, [ada.id]);
    engine.addAlias(ada.id, 'Countess');
    const { created, from } = engine.splitEntity({ entityId: ada.id, name: 'Ada the Countess', type: 'person', nodeIds: [ep1], aliases: ['Countess'] });
    expect(created.aliases).toEqual(['Countess']);
    expect(from.aliases).toEqual(['Ada']);
    expect(engine.listNodes({ entityId: created.id, types: ['episodic'] }).items.map((n) => n.id)).toEqual([ep1]);
    expect(created.mentionCount).toBe(1);
    expect(from.mentionCount).toBe(2);
    expect(() => engine.splitEntity({ entityId: ada.id, name: 'X', type: 'person', aliases: ['Nope'] })).toThrow(/not an alias/);
    const merged = engine.mergeEntities(created.id, ada.id);
    expect(merged.mentionCount).toBe(3);
    expect(engine.listNodes({ entityId: ada.id, types: ['episodic', 'semantic'] }).items.map((n) => n.id)).toEqual(
      expect.arrayContaining([fact, ep1, ep2]),
    );
  });
});

describe('inspector overview', () => {
  it('counts by origin, histogram of fact confidences and protected facts', async () => {
    const { engine, fact } = await seeded();
    engine.confirmFact(fact);
    const o = engine.inspectorOverview();
    expect(o.confidenceHistogram.reduce((a, b) => a + b, 0)).toBe(2);
    expect(o.confidenceHistogram[9]).toBe(1);
    expect(o.bySource.manual).toBe(1);
    expect(o.bySource.extraction).toBe(1);
    expect(o.protectedFacts).toBe(1);
    expect(o.sessions).toBe(1);
    expect(o.stats.nodes.semantic).toBe(2);
  });
});
