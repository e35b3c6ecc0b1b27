import { describe, expect, it } from 'vitest';
import { insertEdge } from '../../../src-main/memory/repo/edges';
import { KeywordIntentClassifier, classifyComplexity } from '../../../src-main/memory/retrieval/intent';
import { parseTimeExpression, timestampFields } from '../../../src-main/memory/retrieval/time';
import { MemoryError } from '../../../src-main/memory/errors';
import { ManualClock, openTestEngine } from '../../helpers/temp-engine';

const DAY = 86_400_000;

describe('search_memory', () => {
  it('ranks facts and episodes together by default (facts first), one type on request, with timestamps and strategies', async () => {
    const clock = new ManualClock(Date.parse('2026-03-10T12:00:00Z'));
    const { engine } = openTestEngine({ clock });
    const ep = engine.recordEpisode({ content: 'I adopted a greyhound called Pickle', sessionId: 's', eventTime: clock.now() - 3 * 3_600_000 });
    const fact = engine.rememberFact({ content: 'User has a greyhound named Pickle', derivedFrom: [ep] });
    await engine.drainSlowPath();
    const both = await engine.search({ query: 'greyhound' });
    expect(both.hits.map((h) => h.node.id)).toEqual([fact, ep]);
    const facts = await engine.search({ query: 'greyhound', types: ['semantic'] });
    expect(facts.hits.map((h) => h.node.id)).toEqual([fact]);
    const episodes = await engine.search({ query: 'greyhound', types: ['episodic'] });
    const hit = episodes.hits[0];
    expect(hit?.node.id).toBe(ep);
    expect(hit?.strategies.map((s) => s.strategy)).toContain('fts');
    expect(hit?.event_time_iso).toBe('2026-03-10T09:00:00+00:00');
    expect(hit?.event_time_relative).toBe('3 hours ago');
    expect(hit?.event_time_tz).toMatch(/^UTC/);
    expect(episodes.timings.total).toBeGreaterThanOrEqual(0);
  });

  it('excludes superseded and forgotten facts unless asked, and skips excluded sessions', async () => {
    const { engine } = openTestEngine();
    const berlin = engine.rememberFact({ content: 'User lives in Berlin' });
    const lisbon = engine.correctFact({ id: berlin, content: 'User lives in Lisbon' });
    const gone = engine.rememberFact({ content: 'User lives near a lake' });
    engine.forget(gone);
    const question = engine.recordEpisode({ content: 'where do I live again', sessionId: 'current' });
    await engine.drainSlowPath();
    const current = await engine.search({ query: 'where does the user live' });
    expect(current.hits.map((h) => h.node.id)).toEqual([lisbon, question]);
    expect((await engine.search({ query: 'where does the user live', excludeSessionIds: ['current'] })).hits.map((h) => h.node.id)).toEqual([lisbon]);
    const all = await engine.search({ query: 'where does the user live', types: ['semantic'], includeInvalid: true });
    expect(all.hits.map((h) => h.node.id).sort()).toEqual([berlin, lisbon, gone].sort());
    const history = await engine.search({ query: 'live', types: ['episodic'], excludeSessionIds: ['current'] });
    expect(history.hits).toEqual([]);
  });

  it('filters by entity name or alias and by time expressions', async () => {
    const clock = new ManualClock(Date.parse('2026-03-20T12:00:00Z'));
    const { engine } = openTestEngine({ clock });
    const maria = engine.createEntity({ name: 'Maria', type: 'person', aliases: ['my boss'] });
    const march = engine.recordEpisode({ content: 'Budget meeting with Maria', sessionId: 'a', eventTime: Date.parse('2026-03-02T10:00:00Z') });
    const feb = engine.recordEpisode({ content: 'Budget meeting with Jonas', sessionId: 'b', eventTime: Date.parse('2026-02-10T10:00:00Z') });
    const recent = engine.recordEpisode({ content: 'Budget meeting moved again', sessionId: 'c', eventTime: clock.now() - 2 * DAY });
    await engine.drainSlowPath();
    const q = { query: 'budget meeting', types: ['episodic' as const] };
    expect((await engine.search({ ...q, entityName: 'my boss' })).hits.map((h) => h.node.id)).toEqual([march]);
    expect((await engine.search({ ...q, after: 'in March', before: '2026-03-15' })).hits.map((h) => h.node.id)).toEqual([march]);
    expect((await engine.search({ ...q, before: 'March 1st' })).hits.map((h) => h.node.id)).toEqual([feb]);
    expect((await engine.search({ ...q, after: 'last week' })).hits.map((h) => h.node.id)).toEqual([recent]);
    const none = await engine.search({ ...q, entityName: 'Nobody' });
    expect(none.warnings[0]).toMatch(/no entity/);
    expect(maria.id).toBeTruthy();
    await expect(engine.search({ ...q, after: 'the twelfth of never' })).rejects.toBeInstanceOf(MemoryError);
    await expect(engine.search({ query: 'x', limit: 0 })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('routes who/what questions to the entity anchor, even without shared words', async () => {
    const { engine } = openTestEngine();
    const sasha = engine.createEntity({ name: 'Sasha', type: 'person', aliases: ['my boss'] });
    const linked = engine.rememberFact({ content: 'Approves all design budgets', entityIds: [sasha.id] });
    engine.rememberFact({ content: 'The office plant needs water on Mondays' });
    await engine.drainSlowPath();
    const r = await engine.search({ query: 'who is my boss?' });
    expect(r.intent).toBe('who');
    expect(r.hits[0]?.node.id).toBe(linked);
    expect(r.hits[0]?.strategies.map((s) => s.strategy)).toContain('entity');
  });

  it('follows causal edges for why-questions and the timeline for when-questions', async () => {
    const { engine } = openTestEngine();
    const cause = engine.recordEpisode({ content: 'The supplier went bankrupt in June', sessionId: 's' });
    const effect = engine.recordEpisode({ content: 'Project Heron failed to ship', sessionId: 's' });
    const after = engine.recordEpisode({ content: 'We held a retrospective afterwards', sessionId: 's' });
    await engine.flush();
    await engine.drainSlowPath();
    insertEdge(engine.database, { sourceId: cause, targetId: effect, relationType: 'causal', predicate: 'caused', confidence: 0.7, validFrom: 1, createdAt: 1 });
    const why = await engine.search({ query: 'why did Project Heron fail?', types: ['episodic'] });
    expect(why.intent).toBe('why');
    const causeHit = why.hits.find((h) => h.node.id === cause);
    expect(causeHit?.strategies.map((s) => s.strategy)).toContain('causal');
    const when = await engine.search({ query: 'what happened after Project Heron failed?', types: ['episodic'] });
    expect(when.intent).toBe('when');
    expect(when.hits.find((h) => h.node.id === after)?.strategies.map((s) => s.strategy)).toContain('temporal');
  });

  it('finds the turn next to the match through the conversation neighbourhood', async () => {
    const { engine } = openTestEngine();
    engine.recordEpisode({ content: 'Mel: Are you still researching adoption agencies?', sessionId: 's' });
    const answer = engine.recordEpisode({ content: 'Caroline: Yes! I found one that supports LGBTQ parents.', sessionId: 's' });
    engine.recordEpisode({ content: 'Mel: The weather is lovely today.', sessionId: 's2' });
    await engine.flush();
    const r = await engine.search({ query: 'adoption agencies research', types: ['episodic'] });
    const hit = r.hits.find((h) => h.node.id === answer);
    expect(hit?.strategies.map((s) => s.strategy)).toContain('neighbourhood');
  });

  it('ranks the statement above the question and the assistant reply when the query asks about the person', async () => {
    const { engine } = openTestEngine();
    const question = engine.recordEpisode({ content: 'Where do I live now? I keep forgetting I moved to Porto', sessionId: 's1', role: 'user' });
    const reply = engine.recordEpisode({ content: 'You live in Porto now, since you moved there.', sessionId: 's1', role: 'assistant' });
    const statement = engine.recordEpisode({ content: 'I moved to Porto last spring and I live near the river.', sessionId: 's2', role: 'user' });
    await engine.drainSlowPath();
    const r = await engine.search({ query: 'Where do I live now?', types: ['episodic'] });
    expect(r.intent).not.toBe('when');
    const order = r.hits.map((h) => h.node.id);
    expect(order.indexOf(statement)).toBeLessThan(order.indexOf(question));
    expect(order.indexOf(statement)).toBeLessThan(order.indexOf(reply));
  });

  it('ranks inside an entity by relevance: a speaker on every node is not specific, and does not drag in unrelated facts', async () => {
    const { engine } = openTestEngine();
    const priya = engine.createEntity({ name: 'Priya', type: 'person' });
    const biscuit = engine.createEntity({ name: 'Biscuit', type: 'concept' });
    const unrelated: string[] = [];
    for (let i = 0; i < 60; i++) {
      unrelated.push(engine.rememberFact({ content: `Priya mentioned errand number ${i} on her list`, entityIds: [priya.id], sourceType: 'extraction' }));
    }
    const answer = engine.rememberFact({ content: 'Priya works as a nurse in the emergency department', entityIds: [priya.id], sourceType: 'extraction' });
    const cat = engine.rememberFact({ content: 'Biscuit is fourteen and sleeps on her feet', entityIds: [priya.id, biscuit.id], sourceType: 'extraction' });
    await engine.drainSlowPath();
    const job = await engine.search({ query: 'What is Priya\'s job at the hospital emergency department?', limit: 5 });
    expect(job.hits[0]?.node.id).toBe(answer);
    // The newest facts about Priya are not pulled in by the entity alone.
    expect(job.hits.filter((h) => unrelated.slice(-10).includes(h.node.id))).toEqual([]);
    // A specific entity still brings its nodes in without shared words.
    const pet = await engine.search({ query: 'How old is Biscuit?', limit: 5 });
    expect(pet.hits[0]?.node.id).toBe(cat);
  });
});

describe('classifiers and time', () => {
  it('classifies intent in English and Russian by keywords', () => {
    const k = new KeywordIntentClassifier();
    expect(k.classify('Why did the launch slip?')).toBe('why');
    expect(k.classify('When did we last talk about the budget?')).toBe('when');
    expect(k.classify('Who gave Caroline the necklace?')).toBe('who');
    expect(k.classify('Tell me about the Atlas migration')).toBe('what');
    expect(k.classify('budget')).toBe('general');
    expect(k.classify('Почему проект закрыли?')).toBe('why');
    expect(k.classify('Когда мы обсуждали отпуск?')).toBe('when');
    expect(k.classify('Кто подарил кота?')).toBe('who');
    // A current value is not a time: "now" makes no "when" question.
    expect(k.classify('Where do I live now?')).toBe('what');
    expect(k.classify('Где я сейчас живу?')).toBe('what');
    expect(k.classify('Where did I go after the meeting?')).toBe('when');
  });

  it('tells simple from complex queries (§11.5)', () => {
    expect(classifyComplexity('where do I live')).toBe('simple');
    expect(classifyComplexity('summarize the project')).toBe('complex');
    expect(classifyComplexity('compare my two jobs and my commute and salary')).toBe('complex');
  });

  it('parses time expressions into the right edge of the period', () => {
    const now = Date.parse('2026-05-20T12:00:00Z');
    expect(parseTimeExpression('2024-05-01', 'start', now)).toBe(Date.parse('2024-05-01T00:00:00Z'));
    expect(parseTimeExpression('2024-05-01', 'end', now)).toBe(Date.parse('2024-05-02T00:00:00Z'));
    const marchStart = parseTimeExpression('in March', 'start', now) as number;
    const marchEnd = parseTimeExpression('in March', 'end', now) as number;
    expect(new Date(marchStart).getMonth()).toBe(2);
    expect(new Date(marchStart).getDate()).toBe(1);
    expect(new Date(marchEnd).getMonth()).toBe(3);
    // A date with dots is day first: 3 April, not 4 March.
    const april = new Date(parseTimeExpression('on 03.04.2024', 'start', now) as number);
    expect([april.getFullYear(), april.getMonth(), april.getDate()]).toEqual([2024, 3, 3]);
    expect((parseTimeExpression('03.04.2024', 'end', now) as number) - april.getTime()).toBe(86_400_000);
    expect(parseTimeExpression('gibberish words', 'start', now)).toBeNull();
    expect(parseTimeExpression(12345, 'start', now)).toBe(12345);
    expect(timestampFields(0, now)).toEqual({ event_time_iso: '', event_time_local: '', event_time_tz: '', event_time_relative: '' });
  });

  it('reads a yearless month in a filter as the last one, not the next, and a bare year as the whole year', () => {
    const november = new Date(2026, 10, 26, 12).getTime();
    expect(parseTimeExpression('in March', 'start', november)).toBe(new Date(2026, 2, 1).getTime());
    expect(parseTimeExpression('March', 'end', november)).toBe(new Date(2026, 3, 1).getTime());
    expect(parseTimeExpression('December 3', 'start', november)).toBe(new Date(2025, 11, 3).getTime());
    // The current month and a date with its year stay as written.
    expect(parseTimeExpression('November', 'start', november)).toBe(new Date(2026, 10, 1).getTime());
    expect(parseTimeExpression('March 2027', 'start', november)).toBe(new Date(2027, 2, 1).getTime());
    expect(parseTimeExpression('2023', 'start', november)).toBe(new Date(2023, 0, 1).getTime());
    expect(parseTimeExpression('in 2023', 'end', november)).toBe(new Date(2024, 0, 1).getTime());
  });
});
