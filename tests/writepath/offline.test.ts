import { describe, expect, it } from 'vitest';
import type { MemoryEngine } from '../../src-main/memory/engine';
import type { MemoryNode } from '../../src-main/memory/types';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor, extractStatements } from '../../src-main/writepath/extract-offline';
import { join } from 'node:path';
import { OfflineWordEmbedder } from '../../src-main/embeddings/offline-words';
import { ManualClock, makeTempDir, openTestEngine } from '../helpers/temp-engine';

function episode(content: string, role = 'user'): MemoryNode {
  return {
    id: 'ep1', type: 'episodic', content, eventTime: 0, createdAt: 0, validFrom: 0, validUntil: null, invalidatedReason: null,
    confidence: 1, confidenceBase: 1, accessCount: 0, lastAccessed: null, decayRate: 0, sourceType: 'conversation', sourceRole: role,
    sessionId: 's', attributes: {},
  };
}

const facts = (text: string): { content: string; slot: string | null; value: string | null }[] =>
  extractStatements(episode(text)).map((f) => ({ content: f.content, slot: f.slot, value: f.value }));

describe('offline extractor patterns', () => {
  it('reads first-person statements into slotted facts', () => {
    expect(facts('Hi, my name is Maria Santos.')).toEqual([{ content: "User's name is Maria Santos", slot: 'user.name', value: 'maria santos' }]);
    expect(facts('I live in Berlin and I work at Acme Corp.')).toEqual([
      { content: 'User lives in Berlin', slot: 'user.residence', value: 'berlin' },
      { content: 'User works at Acme Corp', slot: 'user.employer', value: 'acme corp' },
    ]);
    expect(facts("I've just moved to Lisbon last month!")).toEqual([{ content: 'User lives in Lisbon', slot: 'user.residence', value: 'lisbon' }]);
    expect(facts('I prefer tea over coffee')).toEqual([{ content: 'User prefers tea over coffee', slot: 'user.opinion.tea', value: 'like' }]);
    expect(facts("I don't like tea anymore.")).toEqual([{ content: 'User does not like tea', slot: 'user.opinion.tea', value: 'dislike' }]);
    expect(facts('I switched from Vim to Neovim.')).toEqual([
      { content: 'User uses Neovim (switched from Vim)', slot: 'user.uses.neovim', value: 'yes' },
      { content: 'User no longer uses Vim', slot: 'user.uses.vim', value: 'no' },
    ]);
    expect(facts('I work as a nurse')).toEqual([{ content: 'User works as a nurse', slot: 'user.occupation', value: 'a nurse' }]);
  });

  it('ignores what is not a statement about the user', () => {
    expect(facts('Do you live in Berlin?')).toEqual([]);
    expect(facts('I like to think about it.')).toEqual([]);
    expect(facts('The weather is nice.')).toEqual([]);
    expect(facts('I love him.')).toEqual([]);
    expect(facts("I'm working on Christmas Day, then flying to Chennai.")).toEqual([]);
    expect(facts('But I love Diego more.')).toEqual([{ content: 'User loves Diego', slot: 'user.opinion.diego', value: 'like' }]);
    expect(facts('Last year I joined Initech')).toEqual([{ content: 'User works at Initech', slot: 'user.employer', value: 'initech' }]);
    expect(extractStatements(episode('I live in Paris.', 'assistant'))).toHaveLength(1);
  });
});

async function say(engine: MemoryEngine, sessionId: string, text: string): Promise<string> {
  const id = engine.recordEpisode({ sessionId, role: 'user', content: text });
  await engine.flush();
  return id;
}

describe('offline consolidation', () => {
  it('Berlin → Lisbon leaves a supersedes chain; facts are heuristic at 0.6', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    const b = await say(engine, 's1', 'I live in Berlin.');
    await say(engine, 's1', 'Only the user speaks to itself here.');
    const first = await consolidateSession(engine, new OfflineExtractor(), 's1');
    expect(first.status).toBe('consolidated');
    const berlin = engine.getNode(first.factsCreated[0] as string);
    expect(berlin.node).toMatchObject({ content: 'User lives in Berlin', sourceType: 'heuristic', confidence: 0.6 });
    expect(berlin.derivedFrom.map((n) => n.id)).toEqual([b]);
    expect(berlin.entities.map((e) => `${e.canonicalName}/${e.type}`)).toEqual(['Berlin/place']);

    clock.advanceDays(10);
    const l = await say(engine, 's2', 'I moved to Lisbon in March.');
    const second = await consolidateSession(engine, new OfflineExtractor(), 's2');
    expect(second.superseded).toHaveLength(1);
    const lisbon = engine.getNode(second.factsCreated[0] as string);
    expect(lisbon.node).toMatchObject({ content: 'User lives in Lisbon', sourceType: 'heuristic', confidence: 0.6 });
    expect(lisbon.node.attributes).toMatchObject({ slot: 'user.residence', value: 'lisbon' });
    expect(lisbon.versions.map((v) => v.content)).toEqual(['User lives in Berlin', 'User lives in Lisbon']);
    expect(lisbon.edges.find((e) => e.relationType === 'supersedes')).toMatchObject({ targetId: berlin.node.id, evidence: [l] });
    expect(engine.getNode(berlin.node.id).node.invalidatedReason).toBe('superseded');

    // Saying it again is a duplicate, not a new version.
    await say(engine, 's3', 'I live in Lisbon');
    const third = await consolidateSession(engine, new OfflineExtractor(), 's3');
    expect(third).toMatchObject({ factsCreated: [], duplicates: 1 });
  });

  it('contradictions within one session also supersede, and opinions flip', async () => {
    const { engine } = openTestEngine();
    await say(engine, 's', 'I live in Berlin. I love jazz.');
    await say(engine, 's', "Actually I just moved to Lisbon. And I don't like jazz anymore.");
    const out = await consolidateSession(engine, new OfflineExtractor(), 's');
    expect(out.superseded).toHaveLength(2);
    const current = engine.listNodes({ types: ['semantic', 'opinion'] }).items.map((n) => n.content).sort();
    expect(current).toEqual(['User does not like jazz', 'User lives in Lisbon']);
    const all = engine.listNodes({ types: ['semantic', 'opinion'], includeInvalid: true }).items;
    expect(all).toHaveLength(4);
  });

  it('two moves in one session chain from the stored fact, never forking two current residences', async () => {
    const { engine } = openTestEngine();
    await say(engine, 'a', 'I live in Berlin.');
    await consolidateSession(engine, new OfflineExtractor(), 'a');
    await say(engine, 'b', 'I moved to Lisbon in spring.');
    await say(engine, 'b', 'Then I moved to Porto.');
    const out = await consolidateSession(engine, new OfflineExtractor(), 'b');
    expect(out.superseded).toHaveLength(2);
    expect(engine.listNodes({ types: ['semantic'] }).items.map((n) => n.content)).toEqual(['User lives in Porto']);
    const porto = engine.listNodes({ types: ['semantic'] }).items[0]?.id as string;
    expect(engine.getNode(porto).versions.map((v) => v.content)).toEqual(['User lives in Berlin', 'User lives in Lisbon', 'User lives in Porto']);
  });

  it('consolidates without vectors when the embedder cannot work at all, and says so', async () => {
    const missing = join(makeTempDir(), 'no-vectors.bin');
    const { engine, logger } = openTestEngine({ embedder: new OfflineWordEmbedder({ vectorsPath: missing }) });
    await say(engine, 'a', 'I live in Berlin.');
    await consolidateSession(engine, new OfflineExtractor(), 'a');
    await say(engine, 'b', 'I moved to Lisbon.');
    const out = await consolidateSession(engine, new OfflineExtractor(), 'b');
    expect(out.status).toBe('consolidated');
    expect(out.superseded).toHaveLength(1);
    expect(logger.warnings.join('\n')).toMatch(/compares facts without vectors/);
  });

  it('a superseding version belongs to the session that stated it, from when it was said', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    await say(engine, 'a', 'I live in Berlin.');
    await consolidateSession(engine, new OfflineExtractor(), 'a');
    clock.advanceDays(10);
    const said = await say(engine, 'b', 'I moved to Lisbon.');
    clock.advanceDays(1); // consolidated a day later
    const out = await consolidateSession(engine, new OfflineExtractor(), 'b');
    const lisbon = engine.getNode(out.superseded[0]?.newId ?? '').node;
    expect(lisbon).toMatchObject({ content: 'User lives in Lisbon', sessionId: 'b', eventTime: engine.getNode(said).node.eventTime });
  });

  it('builds an entity summary from facts when none exists', async () => {
    const { engine } = openTestEngine();
    await say(engine, 's', 'I work at Globex.');
    await consolidateSession(engine, new OfflineExtractor(), 's');
    const [globex] = engine.findEntities('Globex');
    expect(globex?.summary).toBe('Globex (organization): User works at Globex.');
    expect(globex?.attributes.summary_source).toBe('facts');
  });
});
