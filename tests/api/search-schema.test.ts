import { describe, expect, it } from 'vitest';
import { searchInputSchema as contractSearch } from '../../src-main/api/contract';
import { searchInputSchema as engineSearch } from '../../src-main/memory/retrieval/schemas';
import { openTestHost } from '../helpers/app-host';

/**
 * One search schema, owned by the engine; the contract takes it without `now`. Where the two copies disagreed
 * the engine's rule stands: a blank query is a query that finds nothing (the contract refused it), a blank
 * entity name is refused (the contract let it through), time expressions up to 200 characters.
 */
describe('the search input, one schema', () => {
  it('accepts and refuses the same inputs at the API as in the engine (but for the clock override)', () => {
    const inputs: unknown[] = [
      { query: 'where does Anna work' },
      { query: '   ' },
      { query: 'x', types: [] },
      { query: 'x', types: ['episodic', 'semantic', 'procedural', 'opinion'] },
      { query: 'x', entityName: '  ' },
      { query: 'x', after: 'a'.repeat(150) },
      { query: 'x', limit: 101 },
      { query: 'x\u0000' },
    ];
    for (const input of inputs) expect(contractSearch.safeParse(input).success, JSON.stringify(input)).toBe(engineSearch.safeParse(input).success);
    expect(engineSearch.safeParse({ query: 'x', now: 5 }).success).toBe(true);
    expect(contractSearch.safeParse({ query: 'x', now: 5 }).success).toBe(false);
  });

  it('answers a blank query with no hits through the real dispatch, and refuses a blank entity name', async () => {
    const { host } = openTestHost();
    const blank = await host.dispatch('memory.search', { query: '   ' });
    expect(blank.ok && (blank.value as { hits: unknown[] }).hits).toEqual([]);
    const badEntity = await host.dispatch('memory.search', { query: 'x', entityName: '  ' });
    expect(!badEntity.ok && badEntity.error.code).toBe('invalid_input');
  });
});
