import { describe, expect, it } from 'vitest';
import { quoteFor } from '../../../src-main/memory/retrieval/snippet';
import { countTokens } from '../../../src-main/memory/retrieval/tokens';

const LONG_TURN = [
  'We spent the whole weekend sorting boxes in the garage and most of it went to the charity shop.',
  'The kids found their old drawings and wanted to keep every single one of them, which took hours.',
  'Oh, and I finally booked the flights: we fly to Lisbon on the 14th of June and stay for ten days.',
  'After that the plan is to drive down to the Algarve if the car rental works out.',
  'Anyway, how was your week, did the new job start well?',
].join(' ');

describe('quoteFor', () => {
  it('keeps a short text whole', () => {
    expect(quoteFor('We fly to Lisbon in June.', 'When is the Lisbon trip?', 60)).toBe('We fly to Lisbon in June.');
  });

  it('quotes the sentences that answer the question, within the budget, marking what was left out', () => {
    const quote = quoteFor(LONG_TURN, 'When are they flying to Lisbon?', 40);
    expect(quote).toContain('we fly to Lisbon on the 14th of June');
    expect(quote.startsWith('…')).toBe(true);
    expect(quote).not.toContain('garage');
    expect(countTokens(quote)).toBeLessThanOrEqual(40);
  });

  it('matches inflected words and falls back to the head of the text when nothing matches', () => {
    expect(quoteFor(LONG_TURN, 'Are they driving to the Algarve?', 40)).toContain('drive down to the Algarve');
    const head = quoteFor(LONG_TURN, 'quantum chromodynamics', 30);
    expect(head.startsWith('We spent the whole weekend')).toBe(true);
    expect(head.endsWith('…')).toBe(true);
    expect(countTokens(head)).toBeLessThanOrEqual(30);
  });
});
