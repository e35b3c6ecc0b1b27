import { describe, expect, it } from 'vitest';
import type { MemoryChange } from '../../src-shared/memory-types';
import { openTestEngine } from '../helpers/temp-engine';

describe('writeTransaction: one transaction, change events after the commit', () => {
  it('holds events until the commit and delivers them in order', () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const seen: MemoryChange['kind'][] = [];
    engine.onChange((c) => seen.push(c.kind));
    let seenInside: number | null = null;
    const id = engine.writeTransaction(() => {
      const fact = engine.rememberFact({ content: 'The user keeps bees' });
      engine.createEntity({ name: 'Hive Street', type: 'place' });
      seenInside = seen.length;
      return fact;
    });
    expect(seenInside).toBe(0);
    expect(seen).toEqual(['node.created', 'entity.created']);
    expect(engine.getNode(id).node.content).toBe('The user keeps bees');
  });

  it('drops the events of a rollback together with its rows', () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const seen: MemoryChange['kind'][] = [];
    engine.onChange((c) => seen.push(c.kind));
    let id = '';
    expect(() =>
      engine.writeTransaction(() => {
        id = engine.rememberFact({ content: 'The user keeps wasps' });
        throw new Error('the model changed its mind');
      }),
    ).toThrow('the model changed its mind');
    expect(seen).toEqual([]);
    expect(() => engine.getNode(id)).toThrow(/does not exist/);
    // Outside a transaction an operation's event goes out at once.
    engine.rememberFact({ content: 'The user keeps ants' });
    expect(seen).toEqual(['node.created']);
  });
});
