import { describe, expect, it } from 'vitest';
import { ManualClock, openTestEngine } from '../helpers/temp-engine';

describe('reinforceFromReply', () => {
  it('reinforces the knowledge a reply restated, never an episode, and hands back what was shown', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock, startSlowPath: false });
    const used = engine.rememberFact({ content: 'Ada keeps her bicycle in the garden shed', sourceType: 'extraction' });
    const unused = engine.rememberFact({ content: 'Ada prefers green tea in the morning', sourceType: 'extraction' });
    const episode = engine.recordEpisode({ content: 'Ada keeps her bicycle in the garden shed', sessionId: 's1', role: 'user' });
    await engine.flush();
    clock.advanceDays(3);

    const reply = 'You told me you keep your bicycle in the garden shed.';
    const result = engine.reinforceFromReply(reply, [episode, used, 'no-such-node', unused, used]);

    expect(result.reinforced).toEqual([used]);
    expect(result.shown.map((s) => s.id)).toEqual([episode, used, unused]);
    expect(engine.getNode(used).node.accessCount).toBe(1);
    expect(engine.getNode(used).node.lastAccessed).toBe(clock.now());
    expect(engine.getNode(unused).node.accessCount).toBe(0);
    expect(engine.getNode(episode).node.accessCount).toBe(0);
  });

  it('reinforces nothing for an empty reply or no shown memories', () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const fact = engine.rememberFact({ content: 'Ada lives in Lisbon', sourceType: 'extraction' });
    expect(engine.reinforceFromReply('', [fact])).toEqual({ shown: [{ id: fact, content: 'Ada lives in Lisbon' }], reinforced: [] });
    expect(engine.reinforceFromReply('Ada lives in Lisbon', [])).toEqual({ shown: [], reinforced: [] });
  });
});
