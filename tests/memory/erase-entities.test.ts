/**
 * Erasing for good leaves no words of the erased chats on the entities: an entity only they named goes, and a
 * machine-made summary quoting an erased fact is rewritten from the facts left — for erased chats and for a
 * space deleted with its memories. An entity named elsewhere too, or whose summary the person wrote, stays.
 */
import { describe, expect, it } from 'vitest';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { openTestEngine } from '../helpers/temp-engine';

async function learn(engine: MemoryEngine, sessionId: string, messages: string[], spaceId?: string): Promise<void> {
  for (const content of messages) engine.recordEpisode({ sessionId, role: 'user', content, ...(spaceId ? { spaceId } : {}) });
  engine.markSessionCompleted(sessionId);
  await engine.flush();
  expect((await consolidateSession(engine, new OfflineExtractor(), sessionId)).status).toBe('consolidated');
}

const names = (engine: MemoryEngine): string[] => engine.listEntities(100).map((e) => e.canonicalName).sort();

describe('entities after an erase', () => {
  it('erased chats: the entities only they named go; one named elsewhere stays, its summary rewritten', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    await learn(engine, 'kept', ['My sister Ana lives in Warsaw']);
    await learn(engine, 'erased', ['I moved to York last month', 'My sister Ana works at Birchwood Studio']);
    expect(names(engine)).toEqual(expect.arrayContaining(['Ana', 'Birchwood Studio', 'York']));
    expect(engine.findEntities('Ana')[0]?.summary).toContain('Birchwood');

    engine.eraseLearnedFromSessions(['erased'], () => undefined);
    expect(names(engine)).not.toContain('York');
    expect(names(engine)).not.toContain('Birchwood Studio');
    const ana = engine.findEntities('Ana')[0];
    expect(ana).toBeDefined();
    expect(ana?.summary ?? '').not.toContain('Birchwood');
  });

  it('an entity the person made, with a summary in their words, stays', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    engine.createEntity({ name: 'York', type: 'place', summary: 'Where I grew up, in my own words.' });
    await learn(engine, 'erased', ['I moved to York last month']);
    expect(engine.findEntities('York')[0]?.mentionCount).toBeGreaterThan(0);
    engine.eraseLearnedFromSessions(['erased'], () => undefined);
    expect(engine.findEntities('York')[0]?.summary).toBe('Where I grew up, in my own words.');
  });

  it('a space deleted with its memories takes the entities only it named', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const work = engine.createSpace({ name: 'Work' });
    await learn(engine, 'personal', ['I live in Leeds']);
    await learn(engine, 'work', ['I work at Birchwood Studio'], work.id);
    expect(names(engine)).toContain('Birchwood Studio');
    engine.deleteSpace({ id: work.id, rows: { rows: 'erase' } });
    expect(names(engine)).not.toContain('Birchwood Studio');
    expect(names(engine)).toContain('Leeds');
  });
});
