/** Weekly reflection: the right ISO week, labelled as a reflection, never counted or shown as confirmed. */
import { describe, expect, it } from 'vitest';
import { isoWeek, maybeReflect } from '../../src-main/writepath/reflection';
import { overview } from '../../src-main/memory/inspector/overview';
import { ManualClock, openTestEngine } from '../helpers/temp-engine';

describe('weekly reflection', () => {
  it('ISO weeks, across year ends', () => {
    expect(isoWeek(Date.parse('2026-11-23T02:00:00Z'))).toEqual({ label: '2026-W48', monday: '2026-11-23' });
    expect(isoWeek(Date.parse('2026-11-29T23:00:00Z'))).toEqual({ label: '2026-W48', monday: '2026-11-23' });
    expect(isoWeek(Date.parse('2021-01-03T12:00:00Z'))).toEqual({ label: '2020-W53', monday: '2020-12-28' });
    expect(isoWeek(Date.parse('2024-12-30T12:00:00Z'))).toEqual({ label: '2025-W01', monday: '2024-12-30' });
  });

  it('is labelled with the week its facts were learned in, as a reflection, and is not a confirmed fact', async () => {
    const clock = new ManualClock(Date.parse('2026-11-23T09:00:00Z'));
    const { engine } = openTestEngine({ clock });
    for (const content of ['User lives in Lisbon', 'User works at Allegro', 'User loves jazz']) engine.rememberFact({ content, sourceType: 'consolidation' });
    clock.t = Date.parse('2026-11-24T03:00:00Z');
    const { nodeId } = await maybeReflect(engine, null);
    const node = engine.getNode(nodeId as string).node;
    expect(node.content).toMatch(/^Reflection on week 2026-W48 \(from 2026-11-23\), not a stated fact: 3 new facts/);
    expect(node.attributes).toMatchObject({ reflection: 'weekly', iso_week: '2026-W48', week_start: '2026-11-23' });
    expect(node.sourceType).toBe('reflection');
    expect(overview(engine.database, engine.stats()).protectedFacts).toBe(0);
    // Searchable, but never handed to a reply as a fact about the person.
    expect((await engine.search({ query: 'reflection week new facts', types: ['opinion', 'semantic'] })).hits.map((h) => h.node.id)).toContain(nodeId);
    const pack = await engine.buildContextPack('What happened this week? Reflection on new facts');
    expect(pack.nodeIds).not.toContain(nodeId);
    expect(pack.markdown).not.toContain('Reflection on week');
  });
});
