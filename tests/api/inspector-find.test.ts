import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../src-main/api/contract';
import { openTestHost } from '../helpers/app-host';

const ok = <T>(e: Envelope<unknown>): T => {
  if (!e.ok) throw new Error(`expected ok, got ${e.error.code}: ${e.error.message}`);
  return e.value as T;
};
type Hits = { hits: { node: { id: string; content: string; validUntil: number | null; invalidatedReason: string | null } }[] };

/** What the inspector's search and date filter send, through the real dispatch and a real SQLite file. */
describe('finding things from the inspector', () => {
  it('search finds a superseded version only when asked for earlier versions', async () => {
    const { host } = openTestHost();
    const { id: old } = ok<{ id: string }>(await host.dispatch('memory.rememberFact', { content: 'Marta plays the oboe in a quartet' }));
    const { id: now } = ok<{ id: string }>(await host.dispatch('memory.correctFact', { id: old, content: 'Marta plays the bassoon in a quartet' }));
    const current = ok<Hits>(await host.dispatch('memory.search', { query: 'Marta oboe quartet' }));
    expect(current.hits.map((h) => h.node.id)).not.toContain(old);
    const all = ok<Hits>(await host.dispatch('memory.search', { query: 'Marta oboe quartet', includeInvalid: true }));
    const earlier = all.hits.find((h) => h.node.id === old);
    expect(earlier?.node.invalidatedReason).toBe('superseded');
    expect(earlier?.node.validUntil).not.toBeNull();
    expect(all.hits.map((h) => h.node.id)).toContain(now);
    // The toggle is a boolean; anything else is refused by the contract, not guessed at.
    const bad = await host.dispatch('memory.search', { query: 'Marta', includeInvalid: 'yes' });
    expect(!bad.ok && bad.error.code).toBe('invalid_input');
  });

  it('a custom date range filters the graph and search by event time, and a reversed one is refused', async () => {
    const { host } = openTestHost();
    const day = 86_400_000;
    const march = Date.UTC(2024, 2, 10);
    const { id: inside } = ok<{ id: string }>(await host.dispatch('memory.rememberFact', { content: 'Jonas moved his studio to Leipzig', eventTime: march }));
    const { id: outside } = ok<{ id: string }>(await host.dispatch('memory.rememberFact', { content: 'Jonas moved his studio to Dresden', eventTime: march + 60 * day }));
    const range = { after: march - day, before: march + day };
    const graph = ok<{ nodes: { id: string }[] }>(await host.dispatch('inspector.graph', { seed: { kind: 'recent' }, filter: range }));
    expect(graph.nodes.map((n) => n.id)).toEqual([inside]);
    const found = ok<Hits>(await host.dispatch('memory.search', { query: 'Jonas studio', ...range }));
    expect(found.hits.map((h) => h.node.id)).toContain(inside);
    expect(found.hits.map((h) => h.node.id)).not.toContain(outside);

    const reversed = await host.dispatch('inspector.graph', { seed: { kind: 'recent' }, filter: { after: range.before, before: range.after } });
    expect(reversed.ok).toBe(false);
    if (!reversed.ok) {
      expect(reversed.error.code).toBe('invalid_input');
      expect(reversed.error.issues[0]).toEqual({ path: 'filter.before', message: expect.stringContaining('ends before it starts') });
    }
    const expand = await host.dispatch('inspector.expand', { nodeIds: [inside], filter: { after: 10, before: 5 } });
    expect(!expand.ok && expand.error.code).toBe('invalid_input');
  });
});
