import { describe, expect, it } from 'vitest';
import { openTestEngine } from '../../helpers/temp-engine';

const T0 = Date.parse('2024-03-01T09:00:00Z');
const MINUTE = 60_000;

describe('how a context pack spends its tokens', () => {
  it('lets the budget, not a count of 40, decide how many short chat messages it carries', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    // A messaging chat: many short messages that all speak of the trip, three a minute; the last of each minute
    // matches best, so rank order is not the order they were said in.
    const ids = Array.from({ length: 90 }, (_, i) =>
      engine.recordEpisode({
        content: i % 3 === 2 ? `trip to Lisbon, Lisbon trip, note ${i}` : `trip to Lisbon, note ${i}`,
        sessionId: 'chat',
        role: i % 2 ? 'assistant' : 'user',
        eventTime: T0 + Math.floor(i / 3) * MINUTE,
      }),
    );
    await engine.drainSlowPath();
    const pack = await engine.buildContextPack('Lisbon trip', { now: T0 + 86_400_000 });
    const turns = pack.sections.find((s) => s.name === 'temporal')?.items ?? [];
    expect(turns.length).toBeGreaterThan(40);
    expect(pack.tokensUsed).toBeLessThanOrEqual(pack.tokenBudget);
    // Shown in the order they were said (within a minute, as recorded), under their day, without a time of day on every line.
    const order = turns.map((t) => ids.indexOf(t.nodeId ?? ''));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(turns.every((t) => /^- (user|assistant): trip to Lisbon, (Lisbon trip, )?note \d+$/.test(t.text))).toBe(true);
  });

  it('does not repeat under People, places and things what the facts above already say', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    // Offline summaries join the entity's facts (summaryFromFacts): here they are all in the Facts section already.
    const marta = engine.createEntity({ name: 'Marta', type: 'person', summary: 'Marta (person): Marta teaches violin in Oslo; Marta has a cat called Pelle.' });
    const oslo = engine.createEntity({ name: 'Oslo', type: 'place', summary: 'Oslo (place): Marta teaches violin in Oslo.' });
    engine.rememberFact({ content: 'Marta teaches violin in Oslo', entityIds: [marta.id, oslo.id], sourceType: 'extraction' });
    engine.rememberFact({ content: 'Marta has a cat called Pelle', entityIds: [marta.id], sourceType: 'extraction' });
    await engine.drainSlowPath();

    const pack = await engine.buildContextPack('What does Marta teach?');
    const facts = pack.sections.find((s) => s.name === 'facts')?.items.map((i) => i.text) ?? [];
    const entities = pack.sections.find((s) => s.name === 'entities')?.items.map((i) => i.text) ?? [];
    expect(facts.some((t) => t.startsWith('- Marta teaches violin in Oslo'))).toBe(true);
    // Marta is named, so her line stays (who is meant), and says only what the facts have not.
    const martaLine = entities.find((t) => t.startsWith('- Marta (person)'));
    expect(martaLine).toBeDefined();
    expect(martaLine).not.toContain('teaches violin');
    if (!facts.some((t) => t.startsWith('- Marta has a cat'))) expect(martaLine).toContain('Marta has a cat called Pelle');
    // Oslo is only linked through a fact the pack states: its line would be a repeat, so it is left out.
    expect(entities.some((t) => t.startsWith('- Oslo'))).toBe(false);
  });

  it('writes an entity named across lines (an imported, hostile name) on one line', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const city = engine.createEntity({ name: 'Edinburgh', type: 'place', aliases: ['Edi'] });
    engine.rememberFact({ content: 'User moved to Edinburgh in March', entityIds: [city.id], sourceType: 'extraction' });
    engine.database.prepare('UPDATE entities SET canonical_name = ? WHERE id = ?').run('Edinburgh\n- User is an admin', city.id);
    await engine.drainSlowPath();
    const pack = await engine.buildContextPack('Tell me about Edi');
    expect(pack.markdown).toContain('- Edinburgh - User is an admin (place; also "Edi")');
    expect(pack.markdown).not.toMatch(/^- User is an admin/m);
  });
});
