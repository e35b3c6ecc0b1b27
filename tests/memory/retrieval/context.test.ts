import { describe, expect, it } from 'vitest';
import { OfflineHashEmbedder } from '../../../src-main/embeddings/offline';
import type { EmbeddingProvider } from '../../../src-main/embeddings/types';
import { EmbeddingIntentClassifier } from '../../../src-main/memory/retrieval/intent';
import { countTokens } from '../../../src-main/memory/retrieval/tokens';
import { SECTION_SHARES } from '../../../src-main/memory/retrieval/context';
import { MemoryEngine } from '../../../src-main/memory/engine';
import { ManualClock, makeTempDir, openTestEngine } from '../../helpers/temp-engine';

async function seeded(): Promise<{ engine: MemoryEngine; facts: string[]; episodes: string[] }> {
  const clock = new ManualClock(Date.parse('2026-04-01T09:00:00Z'));
  const { engine } = openTestEngine({ clock });
  const priya = engine.createEntity({ name: 'Priya', type: 'person', aliases: ['my manager'], summary: 'Leads the robotics team; wants a demo by April.' });
  const episodes: string[] = [];
  const facts: string[] = [];
  for (let i = 0; i < 40; i++) {
    episodes.push(engine.recordEpisode({ content: `Session ${i}: talked with Priya about the warehouse robot demo and the April deadline, part ${i}`, sessionId: `s${i % 5}` }));
  }
  await engine.flush();
  for (let i = 0; i < 30; i++) {
    facts.push(engine.rememberFact({ content: `Robot demo detail ${i}: the gripper needs calibration step ${i}`, derivedFrom: [episodes[i] as string], entityIds: [priya.id], sourceType: 'extraction' }));
  }
  await engine.drainSlowPath();
  return { engine, facts, episodes };
}

describe('context packs', () => {
  it('never exceeds the token budget, whatever the budget', async () => {
    const { engine } = await seeded();
    for (const budget of [50, 80, 120, 200, 333, 500, 1000, 2000, 3000]) {
      const pack = await engine.buildContextPack('What does my manager expect from the robot demo?', { tokenBudget: budget });
      expect(countTokens(pack.markdown), `budget ${budget}`).toBeLessThanOrEqual(budget);
      expect(pack.tokensUsed).toBe(countTokens(pack.markdown));
      for (const s of pack.sections) expect(s.tokens).toBeLessThanOrEqual(s.budget);
    }
  });

  it('adapts the budget to complexity and fills facts, entities, conversation and evidence', async () => {
    const { engine, facts, episodes } = await seeded();
    const simple = await engine.buildContextPack('robot demo calibration');
    expect(simple).toMatchObject({ complexity: 'simple', tokenBudget: 1200 });
    const complex = await engine.buildContextPack('Summarize everything about the robot demo, the gripper calibration and what my manager wants');
    expect(complex).toMatchObject({ complexity: 'complex', tokenBudget: 1500 });

    const byName = Object.fromEntries(complex.sections.map((s) => [s.name, s]));
    expect(byName.facts?.items.length).toBeGreaterThan(0);
    expect(byName.facts?.items.every((i) => i.nodeId !== null && facts.includes(i.nodeId))).toBe(true);
    expect(byName.entities?.items[0]?.text).toBe('- Priya (person; also "my manager"): Leads the robotics team; wants a demo by April.');
    expect(byName.temporal?.items.every((i) => i.nodeId !== null && episodes.includes(i.nodeId))).toBe(true);
    expect(byName.evidence?.items.length).toBeGreaterThan(0);
    expect(byName.facts?.items[0]?.reason).toMatch(/found by/);
    expect(complex.markdown).toMatch(/^## What Engram remembers\n\n### Facts\n- Robot demo detail/);
    expect(complex.entities).toEqual([expect.objectContaining({ canonicalName: 'Priya', type: 'person' })]);
    // Shares: the facts' share of the budget is the first section's ceiling.
    expect(byName.facts?.budget).toBe(Math.floor(1500 * SECTION_SHARES.facts));
    // Conversation lines are shown in time order, under one heading per day with its absolute and relative date;
    // the time of day is not repeated on every line.
    const temporal = byName.temporal?.items ?? [];
    const times = temporal.map((i) => engine.getNode(i.nodeId ?? '').node.eventTime);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(temporal.every((i) => /^\d{4}-\d{2}-\d{2} \(.+\)$/.test(i.heading ?? '') && /^- (user|assistant): /.test(i.text))).toBe(true);
    const days = [...new Set(temporal.map((i) => i.heading))];
    for (const d of days) expect(complex.markdown.split('\n').filter((line) => line === `#### ${d}`)).toHaveLength(1);
  });

  it('renders entries as plain text: no raw Markdown, no label repeated by a summary', async () => {
    const { engine } = openTestEngine();
    const porto = engine.createEntity({ name: 'Porto', type: 'place', summary: '**Porto** (place): Porto (place): User lives in Porto.' });
    engine.rememberFact({ content: 'User lives in **Porto**', entityIds: [porto.id], sourceType: 'extraction' });
    await engine.drainSlowPath();
    const pack = await engine.buildContextPack('Porto');
    // The summary only repeats the fact shown under Facts: the named place keeps its line, without the repeat.
    expect(pack.markdown).toMatch(/^- Porto \(place\)$/m);
    expect(pack.markdown).toContain('- User lives in Porto (since ');
    expect(pack.markdown).not.toMatch(/\*\*Porto|Porto \(place\): Porto/);
  });

  it('leaves out the current session and is empty when nothing is relevant', async () => {
    const { engine } = openTestEngine();
    engine.recordEpisode({ content: 'I am asking about sourdough right now', sessionId: 'current' });
    await engine.drainSlowPath();
    const pack = await engine.buildContextPack('sourdough', { excludeSessionIds: ['current'] });
    expect(pack.markdown).toBe('');
    expect(pack.nodeIds).toEqual([]);
  });

  it('does not reinforce what it retrieves: building packs again and again leaves access counts alone', async () => {
    const dir = makeTempDir();
    const engine = MemoryEngine.open({ dataDir: dir });
    const fact = engine.rememberFact({ content: 'User drinks oat milk', sourceType: 'extraction' });
    const question = engine.recordEpisode({ content: 'What milk do I drink?', sessionId: 's' });
    await engine.drainSlowPath();
    for (let i = 0; i < 5; i++) expect((await engine.buildContextPack('oat milk')).nodeIds).toContain(fact);
    await engine.close();
    const reopened = MemoryEngine.open({ dataDir: dir });
    expect(reopened.getNode(fact).node.accessCount).toBe(0);
    expect(reopened.getNode(question).node.accessCount).toBe(0);
    await reopened.close();
  });
});

describe('embedding intent classifier', () => {
  it('classifies by exemplar similarity with a semantic embedder, in English and Russian', async () => {
    const inner = new OfflineHashEmbedder();
    const semantic: EmbeddingProvider = { id: 'test-semantic', dimensions: inner.dimensions, embedBatch: (t) => inner.embedBatch(t) };
    const c = new EmbeddingIntentClassifier(0.45);
    await c.initialize(semantic);
    expect(c.ready).toBe(true);
    const classify = async (q: string) => c.classify(q, (await semantic.embedBatch([q]))[0]);
    expect(await classify('explain the cause of the outage')).toBe('why');
    expect(await classify('timeline of events in the project')).toBe('when');
    expect(await classify('хронология событий проекта')).toBe('when');
    // Below the threshold the keyword fallback answers.
    expect(await classify('banana bread recipe')).toBe('general');
  });
});
