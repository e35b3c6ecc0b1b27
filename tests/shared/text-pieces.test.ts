import { countTokens as exactCount } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { countTokens, fitsInTokens, tokenizerPieces, truncateToTokens } from '../../src-main/memory/retrieval/tokens';
import { textPieces } from '../../src-shared/text';
import { HOSTILE_LONG_TEXTS } from '../fixtures/hostile/long-text';

describe('bounded pieces of long texts (issue 21)', () => {
  it('textPieces: consecutive pieces that join back to the text, cut after whitespace, a sentence end first', () => {
    const prose = 'I moved to Porto in May. '.repeat(200);
    const pieces = textPieces(prose, 1_000);
    expect(pieces.map((p) => p.text).join('')).toBe(prose);
    for (const p of pieces) {
      expect(p.text.length).toBeLessThanOrEqual(1_000);
      expect(prose.slice(p.index, p.index + p.text.length)).toBe(p.text);
    }
    expect(pieces.slice(0, -1).every((p) => p.text.endsWith('. '))).toBe(true);
    for (const text of Object.values(HOSTILE_LONG_TEXTS)) expect(textPieces(text).map((p) => p.text).join('')).toBe(text);
    expect(textPieces('')).toEqual([{ text: '', index: 0 }]);
  });

  it('tokenizer pieces join back to the text; ordinary text counts as before; long runs cost linear time', () => {
    for (const text of Object.values(HOSTILE_LONG_TEXTS)) expect(tokenizerPieces(text).join(''), text.slice(0, 20)).toBe(text);
    const sentence = 'Lisbon in May is warm; book the tram 28 early.';
    expect(tokenizerPieces(sentence)).toEqual([sentence]);
    expect(countTokens(sentence)).toBe(exactCount(sentence, { allowedSpecial: new Set(), disallowedSpecial: new Set() }));
    expect(truncateToTokens(sentence, 4)).toBe('Lisbon in…');
    // A surrogate pair is never split between pieces.
    expect(tokenizerPieces('😀'.repeat(300)).every((p) => p.isWellFormed())).toBe(true);
    const word = 'a'.repeat(100_000);
    expect(fitsInTokens(word, 60)).toBe(false);
    expect(truncateToTokens(word, 60).length).toBeLessThan(1_000);
    expect(countTokens(word)).toBeGreaterThan(100_000 / 128);
  });
});
