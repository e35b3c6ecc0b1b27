/** asOf and Compare across the API boundary: validated with zod, bad input answered as a typed error. */
import { describe, expect, it } from 'vitest';
import { openTestHost } from '../helpers/app-host';

describe('as-of API calls', () => {
  it('takes asOf on graph, timeline, lists, entity pages, search and packs, and compares two instants', async () => {
    const { host, clock } = openTestHost();
    const fact = await host.dispatch('memory.rememberFact', { content: 'Grace is learning the violin' });
    const id = fact.ok ? (fact.value as { id: string }).id : '';
    const future = clock.now() + 60_000;
    const before = 1_000;
    const graph = await host.dispatch('inspector.graph', { seed: { kind: 'recent' }, filter: { asOf: future } });
    expect(graph.ok && (graph.value as { nodes: { id: string }[] }).nodes.map((n) => n.id)).toEqual([id]);
    const empty = await host.dispatch('inspector.graph', { seed: { kind: 'recent' }, filter: { asOf: before } });
    expect(empty.ok && (empty.value as { nodes: unknown[] }).nodes).toEqual([]);
    const list = await host.dispatch('memory.listNodes', { asOf: before });
    expect(list.ok && (list.value as { items: unknown[] }).items).toEqual([]);
    const search = await host.dispatch('memory.search', { query: 'violin', asOf: '1970-01-02' });
    expect(search.ok && (search.value as { hits: unknown[] }).hits).toEqual([]);
    const pack = await host.dispatch('memory.contextPreview', { prompt: 'What is Grace learning?', asOf: future });
    expect(pack.ok && (pack.value as { markdown: string }).markdown).toContain('violin');
    const compare = await host.dispatch('inspector.compare', { from: before, to: future });
    expect(compare.ok && (compare.value as { learned: { id: string }[] }).learned.map((n) => n.id)).toEqual([id]);

    const badSearch = await host.dispatch('memory.search', { query: 'violin', asOf: 'when pigs fly' });
    expect(!badSearch.ok && badSearch.error.code).toBe('invalid_input');
    const badGraph = await host.dispatch('inspector.graph', { seed: { kind: 'recent' }, filter: { asOf: -5 } });
    expect(!badGraph.ok && badGraph.error.issues[0]?.path).toBe('filter.asOf');
    const badTimeline = await host.dispatch('inspector.timeline', { from: 0, to: 10, asOf: 'yesterday' });
    expect(!badTimeline.ok && badTimeline.error.code).toBe('invalid_input');
    const reversed = await host.dispatch('inspector.compare', { from: future, to: before });
    expect(!reversed.ok && reversed.error.code).toBe('invalid_input');
    const badProfile = await host.dispatch('entity.profile', { idOrName: 'Grace', asOf: 1.5 });
    expect(!badProfile.ok && badProfile.error.code).toBe('invalid_input');
  });
});
