/** A hand-added fact is linked to the known entities it names (slow path, alias index). */
import { describe, expect, it } from 'vitest';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import { openTestEngine } from '../helpers/temp-engine';

describe('mentions in hand-added facts', () => {
  it('links Kraków and Warsaw, diacritics and all, and an alias such as "my sister"', async () => {
    const { engine } = openTestEngine();
    const krakow = engine.createEntity({ name: 'Kraków', type: 'place' });
    const warsaw = engine.createEntity({ name: 'Warsaw', type: 'place' });
    const ana = engine.createEntity({ name: 'Ana', type: 'person', aliases: ['my sister'] });
    const id = engine.rememberFact({ content: 'Took the train from Kraków to Warsaw with my sister.' });
    await engine.drainSlowPath();
    expect(engine.getNode(id).entities.map((e) => e.id).sort()).toEqual([krakow.id, warsaw.id, ana.id].sort());
    // Entities created after the fact: the next fact naming them links too.
    const later = engine.createEntity({ name: 'Gdańsk', type: 'place' });
    const second = engine.rememberFact({ content: 'Weekend in Gdańsk.' });
    await engine.drainSlowPath();
    expect(engine.getNode(second).entities.map((e) => e.id)).toEqual([later.id]);
  });

  it('an entity created later by consolidation is linked to the facts that already named it', async () => {
    const { engine } = openTestEngine();
    const hand = engine.rememberFact({ content: 'Took the train from Kraków to Warsaw last spring.' });
    const other = engine.rememberFact({ content: 'Krakowiak is a dance.' });
    engine.recordEpisode({ sessionId: 's', role: 'user', content: 'I moved to Kraków last month.' });
    await engine.flush();
    const out = await consolidateSession(engine, new OfflineExtractor(), 's');
    expect(out.status).toBe('consolidated');
    const [krakow] = engine.findEntities('Kraków');
    expect(krakow?.type).toBe('place');
    expect(engine.getNode(hand).entities.map((e) => e.canonicalName)).toEqual(['Kraków']);
    expect(engine.getNode(other).entities).toEqual([]);
  });
});
