import { describe, expect, it } from 'vitest';
import { AliasIndex, extractMentions } from '../../src-main/memory/entity-mentions';
import { openTestEngine } from '../helpers/temp-engine';

describe('entity mentions', () => {
  it('extracts names, handles, hashtags, emails, URLs and dates', () => {
    const m = extractMentions(
      'Met Maria Lopez and @sam_k at the #offsite; mail maria@example.org or see https://example.org/plan. On March 3rd, 2024 and 2024-05-01.',
    );
    expect(m.names).toEqual(expect.arrayContaining(['Maria Lopez', 'Maria', 'Lopez', 'On', 'March']));
    expect(m.handles).toEqual(['sam_k']);
    expect(m.hashtags).toEqual(['offsite']);
    expect(m.emails).toEqual(['maria@example.org']);
    expect(m.urls).toEqual(['https://example.org/plan']);
    expect(m.dates).toEqual(expect.arrayContaining(['March 3rd, 2024', '2024-05-01']));
  });

  it('matches only existing aliases, case-insensitively, and skips ambiguous ones', () => {
    const index = new AliasIndex([
      { id: 'e-maria', names: ['Maria Lopez', 'Maria', 'my boss'] },
      { id: 'e-alex-1', names: ['Alex'] },
      { id: 'e-alex-2', names: ['Alex'] },
      { id: 'e-site', names: ['example.org'] },
      { id: 'e-offsite', names: ['#offsite'] },
    ]);
    expect(index.match('talked to my boss today').sort()).toEqual(['e-maria']);
    expect(index.match('MARIA called').sort()).toEqual(['e-maria']);
    expect(index.match('Alex called')).toEqual([]);
    expect(index.match('see https://www.example.org/x and the #offsite')).toEqual(expect.arrayContaining(['e-site', 'e-offsite']));
    expect(index.match('nothing to see here')).toEqual([]);
  });
});

describe('entities', () => {
  it('links episodes to existing anchors in the slow path and counts mentions', async () => {
    const { engine } = openTestEngine();
    const maria = engine.createEntity({ name: 'Maria Lopez', type: 'person', aliases: ['my boss'] });
    const e1 = engine.recordEpisode({ content: 'My boss said the launch slips a week', sessionId: 's' });
    const e2 = engine.recordEpisode({ content: 'Lunch with Maria Lopez on Friday', sessionId: 's' });
    const e3 = engine.recordEpisode({ content: 'Nobody relevant here, just Zorro', sessionId: 's' });
    await engine.drainSlowPath();
    expect(engine.getNode(e1).entities.map((e) => e.id)).toEqual([maria.id]);
    expect(engine.getNode(e2).entities.map((e) => e.id)).toEqual([maria.id]);
    expect(engine.getNode(e3).entities).toEqual([]);
    expect(engine.findEntities('maria lopez')[0]?.mentionCount).toBe(2);
    // No new entity was invented for "Zorro".
    expect(engine.listEntities()).toHaveLength(1);
  });

  it('adds and removes aliases, and new aliases link later episodes', async () => {
    const { engine } = openTestEngine();
    const tom = engine.createEntity({ name: 'Tom', type: 'person' });
    expect(engine.addAlias(tom.id, 'the landlord').aliases).toEqual(['the landlord']);
    expect(engine.addAlias(tom.id, 'The Landlord').aliases).toEqual(['the landlord']);
    const ep = engine.recordEpisode({ content: 'the landlord fixed the boiler', sessionId: 's' });
    await engine.drainSlowPath();
    expect(engine.getNode(ep).entities.map((e) => e.canonicalName)).toEqual(['Tom']);
    expect(engine.removeAlias(tom.id, 'the landlord').aliases).toEqual([]);
  });

  it('merges two entities: links and aliases move, nothing is lost', async () => {
    const { engine } = openTestEngine();
    const a = engine.createEntity({ name: 'Sasha', type: 'person', aliases: ['my boss'], summary: 'Runs the design team' });
    const b = engine.createEntity({ name: 'Alexandra Petrova', type: 'person', aliases: ['Alex P'] });
    const onlyA = engine.recordEpisode({ content: 'My boss approved the budget', sessionId: 's' });
    const both = engine.recordEpisode({ content: 'Sasha, also known as Alexandra Petrova, signed it', sessionId: 's' });
    const onlyB = engine.recordEpisode({ content: 'Alex P sent the contract', sessionId: 's' });
    await engine.drainSlowPath();
    const fact = engine.rememberFact({ content: 'Sasha is the user’s manager', entityIds: [a.id] });

    const merged = engine.mergeEntities(a.id, b.id);
    expect(merged.id).toBe(b.id);
    expect(merged.aliases).toEqual(expect.arrayContaining(['Alex P', 'Sasha', 'my boss']));
    expect(merged.summary).toBe('Runs the design team');
    for (const id of [onlyA, both, onlyB, fact]) expect(engine.getNode(id).entities.map((e) => e.id)).toEqual([b.id]);
    expect(merged.mentionCount).toBe(4);
    const profile = engine.getEntityProfile('my boss');
    expect(profile.entity.id).toBe(b.id);
    expect(profile.mergedFrom).toEqual([{ id: a.id, name: 'Sasha' }]);
    expect(profile.facts.map((f) => f.id)).toEqual([fact]);
    // The merged-away entity is kept with a record of what moved (for undo), but no longer listed.
    expect(engine.listEntities().map((e) => e.id)).toEqual([b.id]);
    const old = engine.getEntityProfile(a.id).entity;
    expect(old.id).toBe(b.id);
    const raw = engine.database.prepare('SELECT merged_into, attributes FROM entities WHERE id = ?').get(a.id) as { merged_into: string; attributes: string };
    expect(raw.merged_into).toBe(b.id);
    expect(JSON.parse(raw.attributes).merge.moved_node_ids.sort()).toEqual([onlyA, fact].sort());
    // Later mentions of the old name link to the surviving entity.
    const later = engine.recordEpisode({ content: 'Sasha is on holiday', sessionId: 's' });
    await engine.drainSlowPath();
    expect(engine.getNode(later).entities.map((e) => e.id)).toEqual([b.id]);
  });
});

describe('mention counts', () => {
  it('stay equal to a recount through link, correct, forget, restore, prune and merge', async () => {
    const { engine } = openTestEngine();
    const recountMismatches = () =>
      engine.database
        .prepare(
          `SELECT e.id FROM entities e WHERE e.mention_count != (
             SELECT count(*) FROM node_entities ne JOIN nodes n ON n.id = ne.node_id
             WHERE ne.entity_id = e.id AND n.valid_until IS NULL)`,
        )
        .all();
    const kim = engine.createEntity({ name: 'Kim', type: 'person' });
    const lee = engine.createEntity({ name: 'Lee', type: 'person' });
    const eps = ['Kim called', 'Kim and Lee went hiking', 'Lee fixed the sink'].map((content) =>
      engine.recordEpisode({ content, sessionId: 's' }),
    );
    await engine.drainSlowPath();
    const fact = engine.rememberFact({ content: 'Kim likes hiking', entityIds: [kim.id, kim.id] });
    const fixed = engine.correctFact({ id: fact, content: 'Kim loves hiking' });
    engine.forget(eps[0] ?? '');
    expect(recountMismatches()).toEqual([]);
    engine.restore(eps[0] ?? '');
    engine.forget(fixed);
    expect(recountMismatches()).toEqual([]);
    engine.mergeEntities(lee.id, kim.id);
    expect(recountMismatches()).toEqual([]);
    expect(engine.findEntities('kim')[0]?.mentionCount).toBe(3);
  });
});
