import { describe, expect, it } from 'vitest';
import type { MemoryChange } from '../../src-shared/memory-types';
import { openTestEngine } from '../helpers/temp-engine';

describe('hot path', () => {
  it('returns ids at once and commits them in one transaction per tick', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const changes: MemoryChange[] = [];
    engine.onChange((c) => changes.push(c));
    const ids = Array.from({ length: 50 }, (_, i) => engine.recordEpisode({ content: `message number ${i}`, sessionId: 's1' }));
    expect(new Set(ids).size).toBe(50);
    // Nothing committed yet: the write waits for the end of the tick.
    const count = () => (engine.database.prepare(`SELECT count(*) AS n FROM nodes`).get() as { n: number }).n;
    await engine.flush();
    expect(count()).toBe(50);
    const recorded = changes.filter((c) => c.kind === 'episodes.recorded');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ kind: 'episodes.recorded', nodeIds: ids, sessionIds: ['s1'] });
  });

  it('chains episodes of a session with temporal edges, and only within the session', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const a1 = engine.recordEpisode({ content: 'first in a', sessionId: 'a' });
    const b1 = engine.recordEpisode({ content: 'first in b', sessionId: 'b' });
    await engine.flush();
    const a2 = engine.recordEpisode({ content: 'second in a', sessionId: 'a' });
    await engine.flush();
    const a3 = engine.recordEpisode({ content: 'third in a', sessionId: 'a' });
    await engine.flush();
    const temporal = engine.database
      .prepare(`SELECT source_id, target_id FROM edges WHERE relation_type = 'temporal' ORDER BY created_at, rowid`)
      .all();
    expect(temporal).toEqual([
      { source_id: a1, target_id: a2 },
      { source_id: a2, target_id: a3 },
    ]);
    expect(engine.getNode(b1).edges).toEqual([]);
  });

  it('finds the previous episode after a restart, from the index', async () => {
    const { engine, dir } = openTestEngine({ startSlowPath: false });
    const first = engine.recordEpisode({ content: 'before restart', sessionId: 's' });
    await engine.close();
    const { engine: reopened } = openTestEngine({ dataDir: dir, startSlowPath: false });
    const second = reopened.recordEpisode({ content: 'after restart', sessionId: 's' });
    await reopened.flush();
    const edge = reopened.getNode(second).edges.find((e) => e.relationType === 'temporal');
    expect(edge).toMatchObject({ sourceId: first, targetId: second });
  });

  it('indexes episodes in FTS by trigger and tracks the session', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    engine.recordEpisode({ content: 'We adopted a greyhound named Biscuit', sessionId: 's', role: 'user', eventTime: 1000 });
    engine.recordEpisode({ content: 'Greyhounds love sofas', sessionId: 's', role: 'assistant', eventTime: 2000 });
    await engine.flush();
    const hits = engine.database.prepare(`SELECT count(*) AS n FROM nodes_fts WHERE nodes_fts MATCH 'greyhound'`).get() as { n: number };
    expect(hits.n).toBe(2); // porter stemming: greyhounds → greyhound
    expect(engine.getSession('s')).toMatchObject({ episodeCount: 2, startedAt: 1000, lastEventAt: 2000, status: 'open' });
    const n = engine.listNodes({ types: ['episodic'], order: 'event_time_asc' }).items;
    expect(n.map((x) => [x.sourceRole, x.decayRate, x.sourceType])).toEqual([
      ['user', 0, 'conversation'],
      ['assistant', 0, 'conversation'],
    ]);
  });

  it('flush resolves immediately when nothing is queued', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    await expect(engine.flush()).resolves.toBeUndefined();
  });

  it('refuses a message dated after the clock (more than a day): nothing is said in the future', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const now = Date.now();
    expect(() => engine.recordEpisode({ content: 'I live in Leeds.', sessionId: 's1', eventTime: now + 3 * 86_400_000 })).toThrow(/after this machine's clock/);
    expect(() => engine.recordEpisodeNow({ content: 'I live in Leeds.', sessionId: 's1', eventTime: now + 3 * 86_400_000 })).toThrow(/after this machine's clock/);
    // A clock a few hours behind the sender's is not the future.
    engine.recordEpisode({ content: 'I live in York.', sessionId: 's1', eventTime: now + 3 * 3_600_000 });
    await engine.flush();
    expect((engine.database.prepare('SELECT content FROM nodes').all() as { content: string }[]).map((n) => n.content)).toEqual(['I live in York.']);
  });
});
