import { describe, expect, it } from 'vitest';
import type { ConsolidationSummary, Envelope } from '../../src-main/api/contract';
import { openTestHost } from '../helpers/app-host';

function ok<T>(res: Envelope<unknown>): T {
  if (!res.ok) throw new Error(`${res.error.code}: ${res.error.message}`);
  return res.value as T;
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('write path in the app', () => {
  it('consolidates a chat once its session completes (New chat), with progress pushed to the UI', async () => {
    const t = openTestHost();
    const chat = ok<{ id: string }>(await t.host.dispatch('chat.create', {}));
    ok(await t.host.dispatch('chat.send', { chatId: chat.id, text: 'I live in Berlin and I work at Globex.' }));
    ok(await t.host.dispatch('chat.create', {})); // rotates the session: session.completed
    expect(t.eventsOf('session.completed').length).toBeGreaterThan(0);
    await until(() => t.host.memory.stats().nodes.semantic > 0);
    const facts = t.host.memory.listNodes({ types: ['semantic'] }).items.map((n) => n.content);
    expect(facts.join(' | ')).toMatch(/Berlin/);
    expect(t.eventsOf('writepath.progress').some((p) => p.job === 'consolidation')).toBe(true);
  });

  it('"consolidate now" through the API, and stats show the run', async () => {
    const t = openTestHost();
    const chat = ok<{ id: string }>(await t.host.dispatch('chat.create', {}));
    ok(await t.host.dispatch('chat.send', { chatId: chat.id, text: 'I prefer tea over coffee.' }));
    const report = ok<ConsolidationSummary>(await t.host.dispatch('memory.consolidate', { offline: true }));
    expect(report.mode).toBe('offline');
    expect(report.sessions.some((s) => s.status === 'consolidated' && s.facts > 0)).toBe(true);
    const stats = ok<{ write_path: { recent_runs: unknown[] } }>(await t.host.dispatch('memory.stats', {}));
    expect(stats.write_path.recent_runs.length).toBeGreaterThan(0);
    const bad = await t.host.dispatch('memory.consolidate', { offline: 'yes' });
    expect(bad.ok).toBe(false);
  });

  it('a context preview does not count as a use of the memories it shows', async () => {
    const t = openTestHost();
    const id = t.host.memory.rememberFact({ content: 'User drinks oat milk', sourceType: 'manual' });
    const pack = ok<{ nodeIds: string[] }>(await t.host.dispatch('memory.contextPreview', { prompt: 'oat milk' }));
    expect(pack.nodeIds).toContain(id);
    await new Promise((r) => setTimeout(r, 400));
    expect(t.host.memory.getNode(id).node.accessCount).toBe(0);
  });
});
