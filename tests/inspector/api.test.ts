/** The inspector's calls across the API boundary: validation, envelopes and the engine behind them. */
import { describe, expect, it } from 'vitest';
import { openTestHost } from '../helpers/app-host';

describe('inspector API calls', () => {
  it('answers graph, expand, timeline and overview, and refuses bad input as values', async () => {
    const { host } = openTestHost();
    const fact = await host.dispatch('memory.rememberFact', { content: 'Grace is learning the violin', tags: ['music'] });
    expect(fact.ok).toBe(true);
    const id = fact.ok ? (fact.value as { id: string }).id : '';
    const graph = await host.dispatch('inspector.graph', { seed: { kind: 'recent' } });
    expect(graph.ok && (graph.value as { nodes: { id: string }[] }).nodes.map((n) => n.id)).toEqual([id]);
    const query = await host.dispatch('inspector.graph', { seed: { kind: 'query', query: 'violin' }, limit: 10 });
    expect(query.ok && (query.value as { nodes: unknown[] }).nodes).toHaveLength(1);
    const expand = await host.dispatch('inspector.expand', { nodeIds: [id] });
    expect(expand.ok).toBe(true);
    const overview = await host.dispatch('inspector.overview', {});
    expect(overview.ok && (overview.value as { bySource: Record<string, number> }).bySource.manual).toBe(1);

    const badWindow = await host.dispatch('inspector.timeline', { from: 10, to: 5 });
    expect(badWindow.ok).toBe(false);
    expect(!badWindow.ok && badWindow.error.code).toBe('invalid_input');
    const badSeed = await host.dispatch('inspector.graph', { seed: { kind: 'everything' } });
    expect(!badSeed.ok && badSeed.error.code).toBe('invalid_input');
    const tooMany = await host.dispatch('inspector.graph', { seed: { kind: 'recent' }, limit: 100_000 });
    expect(!tooMany.ok && tooMany.error.issues[0]?.path).toBe('limit');
  });

  it('edits tags, undoes a confirm, and refuses an unmerge of an entity that was never merged', async () => {
    const { host } = openTestHost();
    const created = await host.dispatch('memory.rememberFact', { content: 'Ada likes tea', confidence: 0.6 });
    const id = created.ok ? (created.value as { id: string }).id : '';
    const tags = await host.dispatch('inspector.setTags', { id, tags: ['drinks'] });
    expect(tags.ok && (tags.value as { attributes: { tags: string[] } }).attributes.tags).toEqual(['drinks']);
    await host.dispatch('memory.confirmFact', { id });
    const undone = await host.dispatch('inspector.undoConfirm', { id });
    expect(undone.ok && (undone.value as { decayRate: number }).decayRate).toBe(0.1);
    const entity = await host.dispatch('entity.create', { name: 'Ada', type: 'person' });
    const entityId = entity.ok ? (entity.value as { id: string }).id : '';
    const unmerge = await host.dispatch('entity.unmerge', { entityId });
    expect(!unmerge.ok && unmerge.error.code).toBe('conflict');
    const missing = await host.dispatch('entity.unmerge', { entityId: 'nope' });
    expect(!missing.ok && missing.error.code).toBe('not_found');
  });
});
