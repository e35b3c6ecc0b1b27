/**
 * "Where do I live?" is answered by the fact that holds the person's residence now, even when it shares no word with
 * the question ("User lives at 14 Elm Road, Bristol") and a fact from the turn next to an older answer would rank
 * above it in a young memory (through its source turn's neighbourhood, and a sentence encoder's near vector).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRIEVAL_CONFIG } from '../../../src-main/memory/retrieval/config';
import { slotAskedAbout } from '../../../src-main/memory/retrieval/slot-questions';
import { consolidateSession } from '../../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../../src-main/writepath/extract-offline';
import { ManualClock, openTestEngine } from '../../helpers/temp-engine';

async function youngMemory(slotQuestionLift: number) {
  const clock = new ManualClock();
  const { engine } = openTestEngine({ clock, retrieval: { ...DEFAULT_RETRIEVAL_CONFIG, slotQuestionLift } });
  const turns = [
    { at: '2026-09-14T19:20:00Z', messages: ['hiya', 'I work at Google, ads team', 'I live in Leeds', 'I eat meat and bread every day tbh'] },
    { at: '2026-11-25T08:40:00Z', messages: ['sooo much news', 'my new address is 14 elm road, bristol', "I've been vegan since last month"] },
  ];
  for (const [i, turn] of turns.entries()) {
    clock.t = Date.parse(turn.at);
    for (const content of turn.messages) engine.recordEpisode({ sessionId: `s${i}`, role: 'user', content });
    await engine.flush();
    expect((await consolidateSession(engine, new OfflineExtractor(), `s${i}`)).status).toBe('consolidated');
  }
  return engine;
}

describe('questions about the person\'s own slot', () => {
  it('reads which slot a question asks about, and none for other questions', () => {
    expect(slotAskedAbout('Where do I live?')).toBe('user.residence');
    expect(slotAskedAbout("what's my address")).toBe('user.residence');
    expect(slotAskedAbout('Where do I work these days?')).toBe('user.employer');
    expect(slotAskedAbout('who do I work for')).toBe('user.employer');
    expect(slotAskedAbout('What’s my name?')).toBe('user.name');
    expect(slotAskedAbout('am I single?')).toBe('user.partner');
    expect(slotAskedAbout('Am I vegan?')).toBe('user.diet');
    for (const q of ['whats my address', 'wheres my home', 'ok so where do I live now?', 'what city do I live in?']) expect(slotAskedAbout(q), q).toBe('user.residence');
    for (const q of ['what company do I work for?', 'Где я работаю?']) expect(slotAskedAbout(q), q).toBe('user.employer');
    for (const q of ['am I married?', "what's my partner's name?", 'do I have a girlfriend?']) expect(slotAskedAbout(q), q).toBe('user.partner');
    expect(slotAskedAbout('Где я живу?')).toBe('user.residence');
    for (const q of ['Where does Sam live?', 'Where did we eat last night?', 'What did I say about work?', 'my name is Dana']) expect(slotAskedAbout(q), q).toBeNull();
    // Review 29: the question is about something else, the past, or a case.
    for (const q of ["who's my partner's boss?", 'Where did I live in 2019?', 'Where do I work out?', "what's my job interview time?", "what's my company's address?", 'where did we stay in Paris?', 'where do I stay in Rome next week?', 'what is my name on discord?', "who's my partner for the tennis doubles?", 'if I moved, where do I live?', 'where do I live stream from']) {
      expect(slotAskedAbout(q), q).toBeNull();
    }
  });

  it('"Where do I live?" ranks the current residence fact first, though another fact outranks it without the lift', async () => {
    const facts = async (lift: number) => (await (await youngMemory(lift)).search({ query: 'Where do I live?', types: ['semantic'] })).hits.map((h) => h.node.content);
    // Without the lift, a fact from the turn beside the old answer comes first (the case this lift is for).
    expect((await facts(0))[0]).not.toBe('User lives at 14 Elm Road, Bristol');
    expect((await facts(DEFAULT_RETRIEVAL_CONFIG.slotQuestionLift))[0]).toBe('User lives at 14 Elm Road, Bristol');
  });

  it('lifts nothing the strategies did not find, and no superseded version', async () => {
    const engine = await youngMemory(DEFAULT_RETRIEVAL_CONFIG.slotQuestionLift);
    const all = (await engine.search({ query: 'Where do I live?', types: ['semantic'], limit: 20 })).hits.map((h) => h.node.content);
    expect(all).not.toContain('User lives in Leeds');
  });

  it('does not lift a fact that says what the slot no longer holds (review 29)', async () => {
    const clock = new ManualClock(Date.parse('2026-11-25T08:40:00Z'));
    const { engine } = openTestEngine({ clock });
    engine.recordEpisode({ sessionId: 's', role: 'user', content: 'my new address is 14 elm road, bristol' });
    engine.recordEpisode({ sessionId: 's', role: 'user', content: 'I used to live in Manchester' });
    await engine.flush();
    expect((await consolidateSession(engine, new OfflineExtractor(), 's')).status).toBe('consolidated');
    const hits = (await engine.search({ query: 'Where do I live?', types: ['semantic'] })).hits;
    expect(hits.map((h) => h.node.attributes.value)).toContain('ended:manchester');
    expect(hits[0]?.node.content).toBe('User lives at 14 Elm Road, Bristol');
  });
});
