/**
 * Issue 21 (100k-character texts in context packs): a long turn is read once and kept, so pack after pack does
 * not reread it; the quote still follows each question. plainText leaves lone spaces alone but still makes one
 * line of any other whitespace.
 */
import { describe, expect, it } from 'vitest';
import { plainText } from '../../../src-main/memory/retrieval/context';
import { quoteFor } from '../../../src-main/memory/retrieval/snippet';
import { countTokens } from '../../../src-main/memory/retrieval/tokens';

const FILLER = 'We talked about the weather and the traffic on the way home. ';
const LONG_TURN = `${FILLER.repeat(40)}I finally booked the flights to Lisbon for June. ${FILLER.repeat(40)}The car rental for the Algarve is sorted too. ${FILLER.repeat(40)}`;

describe('quotes of a long turn across packs', () => {
  it('quotes what each question asks about, the same turn read once for both', () => {
    for (let round = 0; round < 2; round++) {
      const lisbon = quoteFor(LONG_TURN, 'When are the flights to Lisbon?', 40);
      expect(lisbon).toContain('booked the flights to Lisbon');
      expect(lisbon).not.toContain('Algarve');
      const algarve = quoteFor(LONG_TURN, 'What about the Algarve rental?', 40);
      expect(algarve).toContain('car rental for the Algarve');
      expect(countTokens(algarve)).toBeLessThanOrEqual(40);
    }
  });

  it('keeps a one-sentence 10k-character turn within the budget', () => {
    const endless = `I live in ${'Aaa and '.repeat(2_000)}Bbb`;
    const quote = quoteFor(endless, 'where do I live? Aaa', 60);
    expect(countTokens(quote)).toBeLessThanOrEqual(60);
  });
});

describe('plainText', () => {
  it('makes one line of whitespace runs, tabs, line breaks and other spaces; lone spaces stay', () => {
    expect(plainText('a b\tc\n\nd\u00a0e  f \r\n g')).toBe('a b c d e f g');
    expect(plainText('  **bold** and `code`\n## Heading  ')).toBe('bold and code Heading');
  });
});
