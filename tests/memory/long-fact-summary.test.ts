/**
 * Issue 21: an entity's offline summary quotes each current fact up to SUMMARY_FACT_CHARS. Five remembered
 * 100k-character facts made a 500k-character summary (over the engine's own 100k content limit), re-embedded
 * and re-read by every later write and pack.
 */
import { describe, expect, it } from 'vitest';
import { SUMMARY_FACT_CHARS, summaryFromFacts } from '../../src-main/memory/entity-summary';
import { MAX_CONTENT_CHARS } from '../../src-main/memory/schemas';
import { openTestEngine } from '../helpers/temp-engine';

describe('entity summaries of long facts', () => {
  it('quotes a short fact whole and cuts a long one at a word, marked', () => {
    const porto = { canonicalName: 'Porto', type: 'place' as const };
    expect(summaryFromFacts(porto, [{ content: 'User lives in Porto.' }, { content: 'Ana likes figs' }])).toBe('Porto (place): User lives in Porto; Ana likes figs.');
    const long = `User wrote about Porto ${'and more words '.repeat(10_000)}`;
    const summary = summaryFromFacts(porto, [{ content: long }]) ?? '';
    expect(summary.length).toBeLessThan(SUMMARY_FACT_CHARS + 40);
    expect(summary).toMatch(/^Porto \(place\): User wrote about Porto and more words .* …\.$/u);
    const emoji = summaryFromFacts(porto, [{ content: '😀'.repeat(SUMMARY_FACT_CHARS) }]) ?? '';
    expect(emoji.isWellFormed()).toBe(true);
  });

  it('keeps the summary of an entity named in five 100k-character facts within the content limit', async () => {
    const { engine } = openTestEngine();
    engine.createEntity({ name: 'Aaa Bbb', type: 'person', aliases: ['Aaa'] });
    const long = (i: number): string => `${i} ${'Aaa Bbb '.repeat(12_500)}`.slice(0, MAX_CONTENT_CHARS);
    const ids = [0, 1, 2, 3, 4].map((i) => engine.rememberFact({ content: long(i) }));
    await engine.drainSlowPath();
    // A correction rewrites the summaries of the entities its fact names, from their current facts.
    engine.correctFact({ id: ids[4] ?? '', content: long(5) });
    const summary = engine.findEntities('Aaa Bbb')[0]?.summary ?? '';
    expect(summary.length).toBeGreaterThan(0);
    expect(summary.length).toBeLessThanOrEqual(5 * (SUMMARY_FACT_CHARS + 4) + 40);
  });
});
