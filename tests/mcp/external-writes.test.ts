/** Two engines on one file stand in for the app and `engram mcp`: each notices the other's commits, not its own. */
import { describe, expect, it } from 'vitest';
import type { MemoryChange } from '../../src-shared/memory-types';
import { MemoryEngine } from '../../src-main/memory/engine';
import { openTestHost } from '../helpers/app-host';
import { CollectingLogger, makeTempDir, ManualClock, openTestEngine } from '../helpers/temp-engine';

describe('checkExternalWrites', () => {
  it('is true once after another connection commits, never for its own writes', async () => {
    const dir = makeTempDir();
    const { engine: app } = openTestEngine({ dataDir: dir, startSlowPath: false });
    const { engine: other } = openTestEngine({ dataDir: dir, startSlowPath: false });
    const changes: MemoryChange[] = [];
    app.onChange((c) => changes.push(c));

    expect(app.checkExternalWrites()).toBe(false);
    app.rememberFact({ content: 'The app wrote this' });
    expect(app.checkExternalWrites()).toBe(false);

    const id = other.rememberFact({ content: 'Another process wrote about the lighthouse', sourceType: 'mcp', sourceRole: 'Cursor' });
    expect(app.checkExternalWrites()).toBe(true);
    expect(app.checkExternalWrites()).toBe(false);
    expect(changes.filter((c) => c.kind === 'external.changed')).toHaveLength(1);

    // After the check the app reads and searches what the other process wrote.
    expect(app.getNode(id).node).toMatchObject({ sourceType: 'mcp', sourceRole: 'Cursor' });
    const found = await app.search({ query: 'lighthouse', limit: 5 });
    expect(found.hits.map((h) => h.node.id)).toContain(id);

    other.recordEpisode({ content: 'A turn from the other app', sessionId: 'mcp:Cursor:x', role: 'user' });
    await other.flush();
    expect(app.checkExternalWrites()).toBe(true);
  });

  it('a conversation another app recorded while the app was closed is consolidated when it opens', async () => {
    const dir = makeTempDir();
    const other = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false });
    other.recordEpisode({ content: 'I moved to Lisbon last month.', sessionId: 'mcp:Cursor:trip', role: 'user', sourceType: 'mcp' });
    await other.flush();
    other.markSessionCompleted('mcp:Cursor:trip');
    // A sweep ran just now, so the launch catch-up does not run: the hand-over alone must consolidate it.
    const now = new ManualClock().now();
    other.writePathStore.recordRun({
      kind: 'maintenance', sessionId: null, trigger: 'nightly', mode: 'offline', model: null, startedAt: now, finishedAt: now,
      status: 'ok', error: null, promptTokens: 0, completionTokens: 0, llmCalls: 0, summary: {},
    });
    await other.close();

    const { host } = openTestHost({ dir });
    let pending = 1;
    for (let i = 0; i < 100 && pending > 0; i++) {
      await new Promise((res) => setTimeout(res, 100));
      const stats = await host.dispatch('memory.stats', {});
      pending = stats.ok ? (stats.value as { unconsolidated_sessions: number }).unconsolidated_sessions : 1;
    }
    expect(pending).toBe(0);
  });
});
