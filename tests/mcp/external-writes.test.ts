/** Two engines on one file stand in for the app and `engram mcp`: each notices the other's commits, not its own. */
import { describe, expect, it } from 'vitest';
import type { MemoryChange } from '../../src-main/memory/types';
import { makeTempDir, openTestEngine } from '../helpers/temp-engine';

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
});
