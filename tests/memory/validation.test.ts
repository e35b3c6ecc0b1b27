import { describe, expect, it } from 'vitest';
import { MemoryError } from '../../src-main/memory/errors';
import { MAX_CONTENT_CHARS } from '../../src-main/memory/schemas';
import { openTestEngine } from '../helpers/temp-engine';
import type { MemoryEngine } from '../../src-main/memory/engine';

function rowCounts(engine: MemoryEngine): Record<string, number> {
  const db = engine.database;
  const out: Record<string, number> = {};
  for (const t of ['nodes', 'edges', 'entities', 'node_entities', 'memory_sessions', 'slow_path_queue']) {
    out[t] = (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n;
  }
  return out;
}

function expectMemoryError(fn: () => unknown, code: MemoryError['code'], message?: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(MemoryError);
  expect((caught as MemoryError).code).toBe(code);
  if (message) expect((caught as MemoryError).message).toMatch(message);
}

describe('bad input gets a typed error and writes nothing', () => {
  it('refuses bad episode content', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    engine.recordEpisode({ content: 'a valid message', sessionId: 's' });
    await engine.flush();
    const before = rowCounts(engine);
    const bad: [string, RegExp][] = [
      ['', /empty/],
      ['   \n\t ', /empty/],
      ['x'.repeat(MAX_CONTENT_CHARS + 1), /longer than/],
      ['lone \ud800 surrogate', /surrogate/],
      ['trailing low \udc00', /surrogate/],
      ['nul \u0000 byte', /NUL/],
    ];
    for (const [content, message] of bad) {
      expectMemoryError(() => engine.recordEpisode({ content, sessionId: 's' }), 'invalid_input', message);
      expectMemoryError(() => engine.rememberFact({ content }), 'invalid_input', message);
    }
    expectMemoryError(() => engine.recordEpisode({ content: 'ok', sessionId: '   ' }), 'invalid_input', /sessionId/);
    // Not even a wrong type crashes: it is a typed error too.
    expectMemoryError(() => engine.recordEpisode({ content: 42 } as unknown as { content: string; sessionId: string }), 'invalid_input');
    await engine.flush();
    expect(rowCounts(engine)).toEqual(before);
    // The limit itself is accepted.
    engine.recordEpisode({ content: 'y'.repeat(MAX_CONTENT_CHARS), sessionId: 's' });
    await engine.flush();
  });

  it('refuses unknown ids, corrections of forgotten nodes and self-merges', () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const fact = engine.rememberFact({ content: 'The wifi password is on the fridge' });
    const person = engine.createEntity({ name: 'Dana', type: 'person' });
    engine.forget(fact);
    const before = rowCounts(engine);
    expectMemoryError(() => engine.getNode('no-such-node'), 'not_found');
    expectMemoryError(() => engine.confirmFact('no-such-node'), 'not_found');
    expectMemoryError(() => engine.correctFact({ id: 'no-such-node', content: 'x' }), 'not_found');
    expectMemoryError(() => engine.forget('no-such-node'), 'not_found');
    expectMemoryError(() => engine.restore('no-such-node'), 'not_found');
    expectMemoryError(() => engine.correctFact({ id: fact, content: 'It is on the router' }), 'conflict', /forgotten.*restore it first/);
    expectMemoryError(() => engine.confirmFact(fact), 'conflict');
    expectMemoryError(() => engine.forget(fact), 'conflict');
    expectMemoryError(() => engine.mergeEntities(person.id, person.id), 'invalid_input', /itself/);
    expectMemoryError(() => engine.mergeEntities(person.id, 'no-such-entity'), 'not_found');
    expectMemoryError(() => engine.rememberFact({ content: 'x', derivedFrom: ['no-such-episode'] }), 'not_found');
    expectMemoryError(() => engine.rememberFact({ content: 'x', entityIds: ['no-such-entity'] }), 'not_found');
    expectMemoryError(() => engine.createEntity({ name: 'dana', type: 'person' }), 'conflict', /already exists/);
    expectMemoryError(() => engine.createEntity({ name: 'Zed', type: 'planet' as 'person' }), 'invalid_input');
    expectMemoryError(() => engine.listNodes({ cursor: 'garbage' }), 'invalid_input', /cursor/);
    expect(rowCounts(engine)).toEqual(before);
  });

  it('refuses to correct an episode or a superseded version', () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const ep = engine.recordEpisode({ content: 'I said something', sessionId: 's' });
    expectMemoryError(() => engine.correctFact({ id: ep, content: 'I said something else' }), 'invalid_input', /episode/);
    const v1 = engine.rememberFact({ content: 'Favourite colour: blue' });
    const v2 = engine.correctFact({ id: v1, content: 'Favourite colour: green' });
    expectMemoryError(() => engine.correctFact({ id: v1, content: 'Favourite colour: red' }), 'conflict', new RegExp(`superseded by ${v2}`));
    expectMemoryError(() => engine.restore(v1), 'conflict', /superseded/);
    expectMemoryError(() => engine.correctFact({ id: v2, content: 'Favourite colour: green' }), 'invalid_input', /identical/);
  });

  it('rejects every call once closed', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    await engine.close();
    expectMemoryError(() => engine.recordEpisode({ content: 'late', sessionId: 's' }), 'closed');
    expectMemoryError(() => engine.stats(), 'closed');
  });
});
