import { describe, expect, it } from 'vitest';
import type { MemoryEngine, RetrievalConfig } from '../../../src-main/memory';
import { DEFAULT_RETRIEVAL_CONFIG } from '../../../src-main/memory/retrieval/config';
import { idiomQuery, idiomsInPlainWords, MAX_TOPIC_TERMS, topicIdioms, topicMatches, topicWords } from '../../../src-main/memory/retrieval/life-topics';
import { openTestEngine } from '../../helpers/temp-engine';
import { CHAT_FILLER, fillerChat, rankedTurns, recordedTranscript } from '../../helpers/transcript-search';

const FILLER = CHAT_FILLER;

/** Two friends' chat: Bartek tells of leaving a job without the word "job". */
const chat = fillerChat(FILLER, ['Ola', 'Bartek'], [
  { id: 'notice', speaker: 'Bartek', text: 'handed in my notice!! last shift at the warehouse is friday', time: '2024-03-09T10:00:00Z' },
]);

const NOW = Date.parse('2024-06-01T00:00:00Z');

const recorded = (retrieval: Partial<RetrievalConfig> = {}): Promise<{ engine: MemoryEngine; turnOf: Map<string, string> }> => recordedTranscript(chat, retrieval);

/** The turns a search finds for `query`, best first, with the strategies that found each. */
async function found(query: string, retrieval: Partial<RetrievalConfig> = {}): Promise<{ turn: string; strategies: string[]; score: number }[]> {
  const { engine, turnOf } = await recorded(retrieval);
  const result = await engine.search({ query, types: ['episodic'], limit: 10, now: NOW });
  return result.hits.map((h) => ({ turn: turnOf.get(h.node.id) ?? '?', strategies: h.strategies.map((st) => st.strategy), score: h.score }));
}

const OFF: Partial<RetrievalConfig> = { weights: { ...DEFAULT_RETRIEVAL_CONFIG.weights, topics: 0 } };

describe('the words a topic is told in (life-topics.ts)', () => {
  it('a question naming a topic reads the words chats tell it in, not its own again', () => {
    const words = topicWords('What jobs has Bartek had?');
    expect(words).toEqual(expect.arrayContaining(['shift', 'notice', 'boss']));
    expect(topicWords('where has he lived, and which job did he take')).toEqual(expect.arrayContaining(['landlord', 'shift']));
    expect(topicWords('what job did the boss offer')).not.toContain('boss');
  });

  it('a question about a part of the body asks about health: the scan, the tear, the brace', () => {
    expect(topicWords("What was wrong with Marco's knee according to the scan?")).toEqual(expect.arrayContaining(['mri', 'torn', 'meniscus', 'physio']));
    expect(topicWords('how is her ankle now')).toEqual(expect.arrayContaining(['crutches', 'sprained', 'brace']));
  });

  it('a question naming no topic reads nothing more', () => {
    expect(topicWords('did Bartek see the match?')).toEqual([]);
    expect(topicWords('')).toEqual([]);
  });

  it('a question naming every topic reads the first topics it names, up to the bound a search reads', async () => {
    const every = topicWords('job home relationship health diet pet car study exercise travel money baby death');
    expect(every.length).toBeGreaterThan(MAX_TOPIC_TERMS);
    expect(every.slice(0, 3)).toEqual(['shift', 'shifts', 'boss']); // in the question's order: the job's words first
    const hits = await found('job home relationship health diet pet car study exercise travel money baby death, Bartek?');
    expect(hits.find((h) => h.turn === 'notice')?.strategies ?? []).toContain('topics');
  });

  it('ranks only the turns it is given, by the told words they say (by stem), a rarer word weighing more', () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const shifts = engine.rememberFact({ content: 'two night shifts in a row, dead on my feet' });
    const boss = engine.rememberFact({ content: 'my boss again. honestly' });
    const both = engine.rememberFact({ content: 'boss moved my shift to sunday' });
    const unsaid = engine.rememberFact({ content: 'we should go to the seaside' });
    const notGiven = engine.rememberFact({ content: 'last shift tomorrow, boss is sad' });
    // "shift" in 3 documents of 1,000, "boss" in 300: a turn saying "shift" outranks one saying "boss".
    const termStats = { documentFrequencies: () => (w: string) => (w === 'boss' ? 300 : 3), documents: () => 1_000 };
    const ranked = topicMatches(engine.database, ['shift', 'boss'], [boss, shifts, unsaid, both], termStats);
    expect(ranked).toEqual([both, shifts, boss]);
    expect(ranked).not.toContain(notGiven);
    expect(topicMatches(engine.database, [], [boss], termStats)).toEqual([]);
  });

  it('an emoji tells a topic too: read in the turns given (the index keeps none), weighing as a told word does on average', () => {
    expect(topicWords('when did they get engaged?')).toContain('💍');
    expect(topicWords('how has her recovery gone?')).toContain('🩼');
    const { engine } = openTestEngine({ startSlowPath: false });
    const ring = engine.rememberFact({ content: 'HE ASKED 😭😭 💍' });
    const word = engine.rememberFact({ content: 'we went ring shopping' });
    const plain = engine.rememberFact({ content: 'HE ASKED 😭😭' });
    const termStats = { documentFrequencies: () => (w: string) => (w === 'ring' ? 3 : 300), documents: () => 1_000 };
    // "ring" (rare) weighs more than the mean of "ring" and "wedding" that the emoji weighs.
    expect(topicMatches(engine.database, ['ring', 'wedding', '💍'], [plain, ring, word], termStats)).toEqual([word, ring]);
  });

  it('an idiom is read as iOS writes it too ("she’s here"); a short one only as the news, not in a sentence', () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const curly = engine.rememberFact({ content: 'she’s here 🥹 7lb 2oz' });
    const straight = engine.rememberFact({ content: "she's here!!" });
    const other = engine.rememberFact({ content: 'the plumber is here' });
    const inSentence = engine.rememberFact({ content: "she's here for the weekend" });
    const asked = engine.rememberFact({ content: 'HE ASKED 😭😭😭' });
    const milk = engine.rememberFact({ content: 'he asked if we need milk' });
    const termStats = { documentFrequencies: () => () => 3, documents: () => 1_000 };
    expect(topicMatches(engine.database, [], [other, curly, straight, inSentence], termStats, ["she's here"])).toEqual([curly, straight]);
    expect(topicMatches(engine.database, [], [milk, asked], termStats, ['he asked'])).toEqual([asked]);
    // An idiom said anywhere counts anywhere.
    const said = engine.rememberFact({ content: 'omg she said yes last night' });
    expect(topicMatches(engine.database, [], [said], termStats, ['said yes'])).toEqual([said]);
  });

  it('a search finds the turn that tells of the topic in its own words, and says how', async () => {
    const hits = await found('What jobs has Bartek had?');
    const notice = hits.find((h) => h.turn === 'notice');
    expect(notice?.strategies).toContain('topics');
    const without = await found('What jobs has Bartek had?', OFF);
    // What the list adds: the turn leads the rest by more (the word vectors may find it too: "shift" is near "jobs").
    const lead = (list: { turn: string; score: number }[]): number => {
      const at = list.findIndex((h) => h.turn === 'notice');
      const next = list[at + 1];
      return at < 0 ? -Infinity : at > 0 ? -at : next ? (list[0]?.score ?? 0) / next.score : Infinity;
    };
    expect(lead(hits)).toBeGreaterThan(lead(without));
  });

  it('an engagement is told in idioms that share no word with the question: "SHE SAID YES", "he asked"', () => {
    expect(topicIdioms('When did Marco and Kat get engaged?')).toEqual(expect.arrayContaining(['said yes', 'he asked']));
    expect(topicIdioms('where did Jonas pop the question?')).toContain('said yes');
    expect(topicIdioms('what did he ask the doctor?')).toEqual([]);
    // The idiom is searched in plain words: a chat's "question for the experts" is no answer to it.
    expect(idiomsInPlainWords('Where exactly did Jonas pop the question?')).toBe('Where exactly did Jonas propose?');
    expect(idiomsInPlainWords('When had he Popped the question?')).toBe('When had he proposed?');
    expect(idiomsInPlainWords('What was the question?')).toBe('What was the question?');
    expect(idiomsInPlainWords('did he pop  the\nquestion')).toBe('did he propose');
    expect(topicIdioms('did she say yes to the job?')).toEqual([]);
    // Other news told in idioms: a birth, a break-up, a death.
    expect(topicIdioms('when was the baby born?')).toEqual(expect.arrayContaining(["she's here", "it's a girl"]));
    expect(topicIdioms('how did their relationship end?')).toEqual(expect.arrayContaining(['broke up', 'asked me out']));
    expect(topicIdioms('when did her grandfather die?')).toContain('passed away');
    // Only a question about the event calls for its idioms: not one naming a son, a phone that is dead, or German "die".
    expect(topicIdioms('What school does her son go to?')).toEqual([]);
    expect(topicIdioms('Is her fiancé coming?')).toEqual([]);
    expect(topicIdioms('is my phone dead?')).toEqual([]);
    expect(topicIdioms('Wann hat die Oma Geburtstag?')).toEqual([]);
    // "Her first date" is a romance's; "what date", "the first date on the rota" ask for a day.
    expect(topicIdioms('When did Ines go on her first date with Tomasz?')).toContain('asked me out');
    expect(topicWords('When did Ines go on her first date with Tomasz?')).toContain('boyfriend');
    expect(topicIdioms('On what date did she start?')).toEqual([]);
    expect(topicWords('On what date did she start?')).toEqual([]);
    expect(topicWords("what's the first date on the rota?")).toEqual([]);
  });

  it('a search for an engagement finds the turn that announces it, and the details said after it', async () => {
    // Marco's news, after months of small talk, with his friend's cheer between it and where it happened.
    const engaged = fillerChat(FILLER, ['Ines', 'Marco'], [
      { id: 'yes', speaker: 'Marco', text: 'SHE SAID YES', time: '2024-09-28T22:33:00Z' },
      { id: 'cheer', speaker: 'Ines', text: 'MARCOOOO tell me everything', time: '2024-09-28T22:38:00Z' },
      { id: 'where', speaker: 'Marco', text: 'last night, top of kelvingrove park, the bit with the view', time: '2024-09-28T22:40:00Z' },
      { id: 'coffee', speaker: 'Ines', text: 'she said yes to coffee tomorrow lol', time: '2024-03-02T10:00:00Z' },
    ]);
    const ask = (retrieval: Partial<RetrievalConfig> = {}): Promise<string[]> => rankedTurns(engaged, 'When did Marco and Katharina get engaged?', { retrieval, limit: 5, now: NOW + 200 * 86_400_000 });
    const withIdioms = await ask();
    expect(withIdioms).toContain('yes');
    expect(withIdioms).toContain('where');
    // Without the topics' reading the question finds neither: no word of it is said. (Nor does a "when" question's
    // lift of shouted news, off here, which would bring "SHE SAID YES" up from the vectors' depth on its own.)
    const without = await ask({ ...OFF, datedTurnLift: 0 });
    expect(without).not.toContain('yes');
    expect(without).not.toContain('where');
  });

  it('an old announcement is found on a large memory too: its idioms are not cut to the newest matches', async () => {
    // Marco's news long before months of his small talk; the bounds of a large memory, on a small one.
    // Ten later turns say an idiom of it too ("he asked if we need milk"): more than a large memory's bound.
    const engaged = fillerChat([...FILLER, 'he asked if we need milk'], ['Ines', 'Marco'], [{ id: 'yes', speaker: 'Marco', text: 'SHE SAID YES', time: '2024-02-01T22:33:00Z' }]);
    const large: Partial<RetrievalConfig> = { boundedFtsFromDocs: 50, ftsRecentMatches: 8 };
    const { engine, turnOf } = await recordedTranscript(engaged, large);
    const hits = (await engine.search({ query: 'When did Marco get engaged?', types: ['episodic'], limit: 5, now: NOW })).hits;
    const yes = hits.find((h) => turnOf.get(h.node.id) === 'yes');
    expect(yes?.strategies.map((st) => st.strategy)).toContain('fts');
    // Every match of an idiom is scored: a phrase matches few turns, and the newest few would drop an old engagement.
    expect(idiomQuery(['said yes', 'he asked'])).toEqual({ match: '"said yes" OR "he asked"', rare: null, recentMatches: null });
  });

  it('a question naming no topic gives no such list', async () => {
    const hits = await found('did Bartek see the match?');
    expect(hits.flatMap((h) => h.strategies)).not.toContain('topics');
  });
});
