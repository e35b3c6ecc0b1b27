/**
 * Issue 21 (100k-character texts): entity linking builds only the name spans that can still match an alias,
 * word by word, and blanks overlong tokens in one pass; what it links is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { AliasIndex, extractMentions, MAX_TOKEN_CHARS, withoutOverlongTokens } from '../../src-main/memory/entity-mentions';

describe('alias spans on long texts', () => {
  it('grows a capitalised span only by a word that continues an alias', () => {
    const seen: string[] = [];
    const m = extractMentions('Aaa Aaa Aaa Bbb met Ccc Ddd', {
      starts: (word) => word === 'Aaa',
      continues: (span, next) => {
        seen.push(`${span} + ${next}`);
        return span === 'Aaa' && next === 'Bbb';
      },
    });
    // Not "Aaa Aaa", "Aaa Aaa Aaa", …: only the span an alias can be.
    expect(m.names.sort()).toEqual(['Aaa', 'Aaa Bbb']);
    expect(seen).toEqual(['Aaa + Aaa', 'Aaa + Aaa', 'Aaa + Bbb']);
  });

  it('still builds every span without a filter', () => {
    expect(extractMentions("Alice Smith's Bank").names.sort()).toEqual(['Alice', "Alice Smith's Bank", 'Alice Smith', 'Bank', 'Smith', "Smith's Bank"].sort());
  });

  it('links multi-word aliases, capitalised or not, at the end of a 100k-character run of their first word', () => {
    const index = new AliasIndex([
      { id: 'e-nyc', names: ['New York City'] },
      { id: 'e-aaa', names: ['Aaa Bbb'] },
      { id: 'e-boss', names: ['my boss'] },
      { id: 'e-maria', names: ["Maria's Lopez"] },
    ]);
    const run = 'Aaa '.repeat(25_000);
    expect(index.match(`${run}Aaa Bbb`)).toEqual(['e-aaa']);
    expect(index.match(`${'my '.repeat(30_000)}my boss`)).toEqual(['e-boss']);
    expect(index.match(`${'New '.repeat(20_000)}New York City`)).toEqual(['e-nyc']);
    expect(index.match('we went to new york city')).toEqual(['e-nyc']);
    expect(index.match("Maria's Lopez called")).toEqual(['e-maria']);
    expect(index.match(`${run}Aaa Ccc`)).toEqual([]);
  });

  it('blanks exactly the tokens longer than the bound, counting code points, whatever the separators', () => {
    const long = 'a'.repeat(MAX_TOKEN_CHARS + 1);
    const justUnder = '😀'.repeat(MAX_TOKEN_CHARS); // 512 UTF-16 units, 256 code points: kept
    const text = `x ${long}\t${justUnder}\u00a0y\u2003${long}`;
    expect(withoutOverlongTokens(text)).toBe(`x  \t${justUnder}\u00a0y\u2003 `);
    expect(withoutOverlongTokens(`${long}`)).toBe(' ');
    expect(withoutOverlongTokens('short text')).toBe('short text');
  });
});
