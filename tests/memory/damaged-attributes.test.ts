/**
 * One row whose attributes are not JSON (an older version's bug, a file edited by hand) must not fail the work that
 * reads past it: json_extract raises on it, so every SQL read of an attribute goes through jsonFieldSql.
 */
import { describe, expect, it } from 'vitest';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import { openTestEngine } from '../helpers/temp-engine';

describe('a turn with damaged attributes', () => {
  it('does not stop its session from being consolidated, nor a retract by app from listing what it taught', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const damaged = engine.recordEpisode({ content: 'I just adopted a greyhound called Pickle.', sessionId: 's', role: 'user' });
    engine.recordEpisode({ content: 'I live in Leeds now.', sessionId: 's', role: 'user' });
    await engine.flush();
    engine.database.prepare(`UPDATE nodes SET attributes = 'not json {' WHERE id = ?`).run(damaged);
    const out = await consolidateSession(engine, new OfflineExtractor(), 's');
    expect(out.status).toBe('consolidated');
    expect(engine.listNodes({ types: ['semantic'] }).items.map((n) => n.content).join(' | ')).toMatch(/Leeds/);
    // A retract by another app's name reads every node's attributes: the damaged one is simply not that app's (the
    // scan ends in "nothing came from it", not in SQLite's "malformed JSON").
    expect(() => engine.previewRetract({ kind: 'origin', ref: 'Claude Desktop' })).toThrow(/Nothing in memory came from the app "Claude Desktop"/);
    await engine.close();
  });

  it('an entity whose aliases are not JSON is found by its name, and does not fail a search filtered by another name', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const pickle = engine.createEntity({ name: 'Pickle', type: 'concept', aliases: ['the dog'] });
    engine.createEntity({ name: 'Biscuit', type: 'concept' });
    engine.database.prepare(`UPDATE entities SET aliases = 'not json [' WHERE id = ?`).run(pickle.id);
    engine.recordEpisode({ content: 'Biscuit hissed at the hoover', sessionId: 's' });
    await engine.flush();
    const result = await engine.search({ query: 'hoover', types: ['episodic'], entityName: 'Biscuit' });
    expect(result.warnings).not.toContain('no entity is named "Biscuit"');
    expect((await engine.search({ query: 'hoover', types: ['episodic'], entityName: 'Pickle' })).warnings).not.toContain('no entity is named "Pickle"');
    await engine.close();
  });
});
