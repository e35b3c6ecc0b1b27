/**
 * Memory as of a date (issue 23): both axes of ADR 008 — valid at T and learned by T — on a real SQLite file,
 * through every read that takes `asOf` (node lists, search, context pack, graph, timeline, entity page), and
 * Compare between two dates.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock, openTestEngine } from '../helpers/temp-engine';

const DAY = 86_400_000;

/**
 * Day 0: "Boston" (A). Day 10: superseded by "Chicago" (B) through consolidation. Day 20: corrected by hand to
 * "Denver" (C). Day 1: "jazz" learned, forgotten on day 25. Day 15: "cat" learned, valid since day 0.
 */
async function chain() {
  const clock = new ManualClock();
  const t0 = clock.now();
  const at = (days: number) => t0 + days * DAY;
  const { engine } = openTestEngine({ clock, startSlowPath: false });
  const home = engine.createEntity({ name: 'Home', type: 'place' });
  const a = engine.rememberFact({ content: 'User lives in Boston', sourceType: 'extraction', entityIds: [home.id] });
  clock.advanceDays(1);
  const jazz = engine.rememberFact({ content: 'User likes jazz records', sourceType: 'extraction' });
  clock.t = at(10);
  const b = engine.correctFact({ id: a, content: 'User lives in Chicago', sourceType: 'extraction', reason: 'moved' });
  clock.t = at(15);
  const cat = engine.rememberFact({ content: 'User has a cat named Miso', sourceType: 'extraction', validFrom: t0 });
  clock.t = at(20);
  const c = engine.correctFact({ id: b, content: 'User lives in Denver', sourceType: 'manual' });
  clock.t = at(25);
  engine.forget(jazz);
  clock.t = at(30);
  return { engine, clock, at, a, b, c, jazz, cat, home };
}

const ids = (nodes: readonly { id: string }[]) => nodes.map((n) => n.id);

describe('memory as of a date', () => {
  it('returns the version of a supersedes chain that was valid then, shown as current then', async () => {
    const { engine, at, a, b, c } = await chain();
    const factsAt = (t: number) => ids(engine.listNodes({ types: ['semantic'], asOf: t }).items);
    expect(factsAt(at(5))).toContain(a);
    expect(factsAt(at(5))).not.toContain(b);
    expect(factsAt(at(12))).toContain(b);
    expect(factsAt(at(12))).not.toContain(a);
    expect(factsAt(at(12))).not.toContain(c);
    expect(factsAt(at(22))).toContain(c);
    expect(factsAt(at(22))).not.toContain(b);
    // B is superseded today, but as of day 12 it held: no end, no reason.
    const bThen = engine.listNodes({ types: ['semantic'], asOf: at(12) }).items.find((n) => n.id === b);
    expect(bThen?.validUntil).toBeNull();
    expect(bThen?.invalidatedReason).toBeNull();
    // Today's list is unchanged by the feature.
    expect(ids(engine.listNodes({ types: ['semantic'] }).items)).toEqual(expect.arrayContaining([c]));
    expect(ids(engine.listNodes({ types: ['semantic'] }).items)).not.toContain(b);
  });

  it('leaves out a fact learned after the date even though it was valid then', async () => {
    const { engine, at, cat } = await chain();
    expect(ids(engine.listNodes({ asOf: at(12) }).items)).not.toContain(cat);
    expect(ids(engine.listNodes({ asOf: at(16) }).items)).toContain(cat);
    const hits = await engine.search({ query: 'cat Miso', asOf: at(12), types: ['semantic'] });
    expect(ids(hits.hits.map((h) => h.node))).not.toContain(cat);
    const later = await engine.search({ query: 'cat Miso', asOf: at(16), types: ['semantic'] });
    expect(ids(later.hits.map((h) => h.node))).toContain(cat);
  });

  it('keeps a fact forgotten after the date', async () => {
    const { engine, at, jazz } = await chain();
    expect(ids(engine.listNodes({ asOf: at(22) }).items)).toContain(jazz);
    expect(ids(engine.listNodes({ asOf: at(26) }).items)).not.toContain(jazz);
    const hits = await engine.search({ query: 'jazz records', asOf: at(22), types: ['semantic'] });
    expect(hits.hits.map((h) => h.node.id)).toContain(jazz);
    expect(hits.hits.find((h) => h.node.id === jazz)?.node.validUntil).toBeNull();
  });

  it('search and the context pack give the version of the day; a date is read as the end of that day', async () => {
    const { engine, at, b, c } = await chain();
    const day12 = new Date(at(12)).toISOString().slice(0, 10);
    const hits = await engine.search({ query: 'where does the user live', asOf: day12, types: ['semantic'] });
    expect(hits.hits.map((h) => h.node.id)).toContain(b);
    expect(hits.hits.map((h) => h.node.id)).not.toContain(c);
    const pack = await engine.buildContextPack('Where do I live?', { asOf: at(12) });
    expect(pack.markdown).toContain('Chicago');
    expect(pack.markdown).not.toContain('Denver');
    expect(pack.markdown).not.toContain('until');
    // Chicago was current on day 12: it reads as a current fact did, not at the confidence its ending set today.
    expect(engine.getNode(b)?.node.confidence).toBeLessThan(0.5);
    expect(hits.hits.find((h) => h.node.id === b)?.node.confidence).toBeGreaterThanOrEqual(0.5);
    expect(pack.markdown).not.toMatch(/confidence 0\.[0-4]/);
    // It leads with the profile of that day: Chicago, learned two days before, is what was recent about the user.
    const about = pack.sections.find((sec) => sec.name === 'profile');
    expect(about?.items.map((i) => i.nodeId)).toContain(b);
    expect(about?.items.map((i) => i.nodeId)).not.toContain(c);
    const today = await engine.buildContextPack('Where do I live?');
    expect(today.markdown).toContain('Denver');
    await expect(engine.search({ query: 'live', asOf: 'not a date at all' })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('a pack as of a date names no entity memory met after it, even one the message names', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock, startSlowPath: false });
    const leeds = engine.createEntity({ name: 'Leeds', type: 'place' });
    engine.rememberFact({ content: 'User lives in Leeds', sourceType: 'extraction', entityIds: [leeds.id] });
    const before = clock.now();
    clock.advanceDays(10);
    const bristol = engine.createEntity({ name: 'Bristol', type: 'place' });
    engine.rememberFact({ content: 'User lives in Bristol now', sourceType: 'extraction', entityIds: [bristol.id] });
    const entitiesIn = async (asOf?: number) => {
      const pack = await engine.buildContextPack('Did I live in Leeds or Bristol?', asOf === undefined ? {} : { asOf });
      return (pack.sections.find((sec) => sec.name === 'entities')?.items ?? []).map((i) => i.entityId);
    };
    expect(await entitiesIn(before)).toEqual([leeds.id]);
    expect(await entitiesIn()).toEqual(expect.arrayContaining([leeds.id, bristol.id]));
  });

  it('counts the messages said by a date that memory learned only later (an older history imported since)', async () => {
    const clock = new ManualClock(Date.parse('2026-11-29T10:00:00Z'));
    const { engine } = openTestEngine({ clock, startSlowPath: false });
    engine.recordEpisode({ content: 'I live in Leeds', sessionId: 'old', eventTime: Date.parse('2025-03-01T09:00:00Z') });
    engine.recordEpisode({ content: 'I moved to York', sessionId: 'old', eventTime: Date.parse('2025-06-01T09:00:00Z') });
    engine.recordEpisode({ content: 'Hello today' , sessionId: 'new' });
    await engine.flush();
    expect(engine.learnedLater('2025-04-01')).toEqual({ count: 1, firstLearnedAt: clock.now() });
    expect(engine.learnedLater('2025-12-31')).toMatchObject({ count: 2 });
    expect(engine.learnedLater(clock.now())).toEqual({ count: 0, firstLearnedAt: null });
    // In one space, only that space's messages.
    const work = engine.createSpace({ name: 'Work' });
    engine.recordEpisode({ content: 'The Atlas deadline moved', sessionId: 'work-old', eventTime: Date.parse('2025-03-02T09:00:00Z'), spaceId: work.id });
    await engine.flush();
    expect(engine.learnedLater('2025-04-01', work.id)).toMatchObject({ count: 1 });
    expect(engine.learnedLater('2025-04-01')).toMatchObject({ count: 2 });
    expect(() => engine.learnedLater('not a date at all')).toThrow();
  });

  it('graph, timeline and entity page show what was believed then', async () => {
    const { engine, at, a, b, c, home } = await chain();
    const graph = await engine.inspectorGraph({ seed: { kind: 'recent' }, filter: { includeInvalid: false, asOf: at(12) } });
    expect(ids(graph.nodes)).toContain(b);
    expect(ids(graph.nodes)).not.toContain(a);
    expect(ids(graph.nodes)).not.toContain(c);
    // With history on, the supersedes edge written on day 20 is not there yet on day 12.
    const history = await engine.inspectorGraph({ seed: { kind: 'recent' }, filter: { includeInvalid: true, asOf: at(12) } });
    expect(ids(history.nodes)).toEqual(expect.arrayContaining([a, b]));
    expect(ids(history.nodes)).not.toContain(c);
    expect(history.edges.some((e) => e.relation === 'supersedes' && e.source === b && e.target === a)).toBe(true);
    expect(history.nodes.find((n) => n.id === b)?.validUntil).toBeNull();

    const timeline = engine.inspectorTimeline({ from: at(-1), to: at(40), asOf: at(12) });
    expect(ids(timeline.items)).not.toContain(c);
    expect(timeline.transitions).toEqual([{ from: a, to: b, at: at(10) }]);

    const page = engine.getEntityProfile(home.id, 20, at(12));
    expect(ids(page.facts)).toEqual([b]);
    expect(ids(engine.getEntityProfile(home.id, 20, at(5)).facts)).toEqual([a]);
    expect(ids(engine.getEntityProfile(home.id).facts)).toEqual([c]);
  });

  it('the recent graph as of a date keeps a fact dated after it that was known by then', async () => {
    const { engine, clock, at } = await chain();
    clock.t = at(2);
    const trip = engine.rememberFact({ content: 'User flies to Lisbon', sourceType: 'extraction', eventTime: at(50), validFrom: at(2) });
    clock.t = at(30);
    const graph = await engine.inspectorGraph({ seed: { kind: 'recent' }, filter: { includeInvalid: false, asOf: at(12) } });
    expect(ids(graph.nodes)[0]).toBe(trip);
    const early = await engine.inspectorGraph({ seed: { kind: 'recent' }, filter: { includeInvalid: false, asOf: at(1) } });
    expect(ids(early.nodes)).not.toContain(trip);
  });

  it('the recent graph as of a date leaves out an episode dated after it, history included', async () => {
    const { engine, clock, at } = await chain();
    // (Said on day 50 and recorded on day 51: a message cannot be recorded before it is said — the hot path refuses
    // a time after its clock.)
    clock.t = at(51);
    const said = engine.recordEpisode({ content: 'See you at the airport on the 50th day', sessionId: 's', eventTime: at(50) });
    expect(() => engine.recordEpisode({ content: 'From the future', sessionId: 's', eventTime: at(60) })).toThrow(/after this machine's clock/);
    const graph = await engine.inspectorGraph({ seed: { kind: 'recent' }, filter: { includeInvalid: true, asOf: at(12) } });
    expect(ids(graph.nodes)).not.toContain(said);
    const later = await engine.inspectorGraph({ seed: { kind: 'recent' }, filter: { includeInvalid: true, asOf: at(60) } });
    expect(ids(later.nodes)).toContain(said);
  });

  it('compare lists what was learned, superseded, corrected and forgotten between two dates', async () => {
    const { engine, at, a, b, c, jazz, cat } = await chain();
    const first = engine.inspectorCompare({ from: at(5), to: at(21) });
    expect(ids(first.learned)).toEqual([cat]);
    expect(first.superseded.map((s) => [s.before.id, s.after.id, s.reason])).toEqual([[a, b, 'moved']]);
    expect(first.corrected.map((s) => [s.before.id, s.after.id])).toEqual([[b, c]]);
    expect(first.forgotten).toEqual([]);
    const second = engine.inspectorCompare({ from: at(21), to: at(30) });
    expect(ids(second.forgotten)).toEqual([jazz]);
    expect(second.learned).toEqual([]);
    expect(() => engine.inspectorCompare({ from: at(21), to: at(5) })).toThrow(/earlier/);
  });
});
