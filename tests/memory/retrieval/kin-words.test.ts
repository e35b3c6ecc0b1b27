import { describe, expect, it } from 'vitest';
import { KIN_WORDS, kinEquivalents } from '../../../src-main/memory/retrieval/kin-words';
import { CHAT_FILLER, fillerChat, recordedTranscript } from '../../helpers/transcript-search';

const NOW = Date.parse('2024-12-01T00:00:00Z');

describe('words for the same relative (kin-words.ts)', () => {
  it('a relative the question names is also searched as the family writes of them', () => {
    expect(kinEquivalents("Is Bartek and Ania's father still alive?")).toEqual(expect.arrayContaining(['dad', 'tata', 'vater']));
    expect(kinEquivalents('what did her grandmother cook?')).toEqual(expect.arrayContaining(['oma', 'babcia', 'grandma']));
    // Not the words the question says already, nor the short ones that are words of their own.
    expect(kinEquivalents('my mum and my mother')).not.toContain('mum');
    expect(kinEquivalents('where does dad live')).not.toContain('pa');
    expect(kinEquivalents('where does dad live')).not.toContain('dad');
    expect(kinEquivalents('where does Bartek live?')).toEqual([]);
    // Words of their own in a question are not relatives: Polish "ma", "mam", "NaN", "Gran Canaria"; nor is an in-law.
    expect(kinEquivalents('ile lat ma Kasia?')).toEqual([]);
    expect(kinEquivalents('co mam kupić?')).toEqual([]);
    expect(kinEquivalents('why does the chart show NaN?')).toEqual([]);
    expect(kinEquivalents('we flew to Gran Canaria')).toEqual([]);
    expect(kinEquivalents('what did her mother-in-law say?')).toEqual([]);
    expect(kinEquivalents('what did her mother in law say?')).toEqual([]);
    expect(KIN_WORDS.has('babcia')).toBe(true);
  });

  it('a search for a father finds the turns that call him "tata"', async () => {
    const chat = fillerChat(CHAT_FILLER, ['Ania', 'Bartek'], [
      { id: 'tata', speaker: 'Ania', text: 'mama always lays a plate for tata on christmas eve', time: '2024-03-09T10:00:00Z' },
      { id: 'other', speaker: 'Bartek', text: 'is the father of the bride giving a speech', time: '2024-03-03T10:30:00Z' },
    ]);
    const { engine, turnOf } = await recordedTranscript(chat);
    const result = await engine.search({ query: 'Is their father still alive?', types: ['episodic'], limit: 5, now: NOW });
    const tata = result.hits.find((h) => turnOf.get(h.node.id) === 'tata');
    // Found by its words, not only by the sentence's vector: the full-text search read "tata" for "father".
    expect(tata?.strategies.map((s) => s.strategy)).toContain('fts');
  });
});
