import { describe, expect, it } from 'vitest';
import { lexiconWords } from '../../../src-main/memory/retrieval/verb-forms';
import { CHAT_FILLER, fillerChat, recordedTranscript } from '../../helpers/transcript-search';

describe("a question's irregular verbs, in the forms a chat says them (verb-forms.ts)", () => {
  it('gives the forms the index does not join to the word asked, and none for regular or empty verbs', async () => {
    const { forms } = await lexiconWords();
    expect(forms(['driven'])).toEqual(expect.arrayContaining(['drive', 'drove']));
    // One form per stem: "spend", "spends", "spending" are one term to the index, and three would weigh it thrice.
    expect(forms(['spent', 'house'])).toEqual(['spend']);
    expect(forms(['teach'])).toContain('taught');
    expect(forms(['met'])).toContain('meet');
    expect(forms(['began'])).toEqual(expect.arrayContaining(['begin', 'begun']));
    // Porter joins "worked" to "work" already; "had", "got", "could" say nothing of their own; nouns are not verbs.
    expect(forms(['worked', 'working'])).toEqual([]);
    expect(forms(['had', 'got', 'could', 'did'])).toEqual([]);
    expect(forms(['station', 'halina'])).toEqual([]);
    // Not a form the question says itself.
    expect(forms(['drive', 'drove'])).not.toContain('drive');
  });

  it('a search finds "no driving for six weeks" for "could she have driven?"', async () => {
    const chat = fillerChat(CHAT_FILLER, ['Ania', 'Bartek'], [
      { id: 'driving', speaker: 'Ania', text: 'the doctor said no driving for at least six weeks', time: '2024-03-09T10:00:00Z' },
    ]);
    const { engine, turnOf } = await recordedTranscript(chat);
    const result = await engine.search({ query: 'Could she have driven herself to the station?', types: ['episodic'], limit: 5, now: Date.parse('2024-04-01T00:00:00Z') });
    const hit = result.hits.find((h) => turnOf.get(h.node.id) === 'driving');
    // Found by its words: the full-text search read "driving" for "driven".
    expect(hit?.strategies.map((s) => s.strategy)).toContain('fts');
  });
});
