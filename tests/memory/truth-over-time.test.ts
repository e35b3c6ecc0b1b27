/**
 * Issue 22, items 1, 2, 3 and 7: what memory says stays true as it is corrected, superseded and used — through
 * the engine facade and the API the inspector calls, on a real SQLite file.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportMarkdown } from '../../src-main/data/export/markdown';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import { executeTool } from '../../src-main/chat/tools';
import type { CallName, CallOutput } from '../../src-main/api/contract';
import { DEFAULT_PRUNE_THRESHOLD } from '../../src-shared/decay';
import { openTestHost } from '../helpers/app-host';
import { ManualClock, makeTempDir, openTestEngine } from '../helpers/temp-engine';

const DAY = 86_400_000;
const WEEK = 7 * DAY;

async function say(engine: MemoryEngine, sessionId: string, text: string): Promise<string> {
  const id = engine.recordEpisode({ sessionId, role: 'user', content: text });
  await engine.flush();
  return id;
}

/** Boston → Denver → Austin → Lisbon, each said in its own conversation a month apart, consolidated offline. */
async function fourMoves(engine: MemoryEngine, clock: ManualClock): Promise<{ said: string[]; versions: string[] }> {
  const said: string[] = [];
  const versions: string[] = [];
  const lines = ['I live in Boston.', 'I moved to Denver.', 'I moved to Austin.', 'I moved to Lisbon.'];
  for (const [i, line] of lines.entries()) {
    said.push(await say(engine, `move-${i}`, line));
    const out = await consolidateSession(engine, new OfflineExtractor(), `move-${i}`);
    expect(out.status).toBe('consolidated');
    versions.push(out.factsCreated[0] as string);
    clock.advanceDays(30);
  }
  await engine.drainSlowPath();
  return { said, versions };
}

describe('1. corrections keep time', () => {
  it('a correction by hand keeps the event time and valid-from, counts as confirmed, and is filed by its own date', async () => {
    const clock = new ManualClock(Date.parse('2026-11-25T10:00:00Z'));
    const t = openTestHost({ clock });
    const happened = Date.parse('2023-05-08T18:00:00Z');
    const { id } = await call(t, 'memory.rememberFact', {
      content: 'User went to a support group',
      sourceType: 'extraction',
      eventTime: happened,
      validFrom: happened,
    });
    const { id: fixed } = await call(t, 'memory.correctFact', { id, content: 'User went to a grief support group' });
    const detail = await call(t, 'memory.getNode', { id: fixed });
    expect(detail.node).toMatchObject({ eventTime: happened, validFrom: happened, confidence: 1, decayRate: 0, sourceType: 'manual' });
    expect(detail.pruneForecast).toBeNull();

    // The person may move the date: the form (and the API) take an event date.
    const moved = Date.parse('2023-05-09T18:00:00Z');
    const { id: redated } = await call(t, 'memory.correctFact', { id: fixed, content: 'User went to a grief support group on Tuesday', eventTime: moved });
    expect((await call(t, 'memory.getNode', { id: redated })).node).toMatchObject({ eventTime: moved, validFrom: happened });

    // The Markdown export files it under May 2023, not this month.
    const dir = join(makeTempDir(), 'md');
    await t.host.data.export('markdown', dir);
    const months = readdirSync(join(dir, 'facts'));
    expect(readFileSync(join(dir, 'facts', '2023-05.md'), 'utf8')).toContain('User went to a grief support group on Tuesday');
    expect(months).not.toContain('2026-11.md');
  });

  it('a fact added by hand is confirmed; one with figures of its own is not', () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const byHand = engine.rememberFact({ content: 'User is allergic to penicillin' });
    expect(engine.getNode(byHand)).toMatchObject({ node: { confidence: 1, decayRate: 0 }, pruneForecast: null });
    const guessed = engine.rememberFact({ content: 'User may like jazz', confidence: 0.5 });
    expect(engine.getNode(guessed).node.decayRate).toBeGreaterThan(0);
  });

  it("the assistant's correct_fact takes an event date, and keeps the old one without it", async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const happened = Date.parse('2023-05-08T18:00:00Z');
    const id = engine.rememberFact({ content: 'User went to a support group', sourceType: 'extraction', eventTime: happened, validFrom: happened });
    const ctx = { memory: engine, memorySessionId: null, shownIds: new Set([id]) };
    const tool = async (args: object): Promise<{ id: string }> => {
      const out = await executeTool('correct_fact', JSON.stringify(args), ctx);
      if (!out.ok) throw new Error(out.error);
      const result = out.result as { id: string };
      ctx.shownIds.add(result.id);
      return result;
    };
    const kept = await tool({ id, content: 'User went to a grief support group' });
    expect(engine.getNode(kept.id).node.eventTime).toBe(happened);
    const dated = await tool({ id: kept.id, content: 'User went to a grief support group with Ana', event_date: '2023-05-09' });
    expect(engine.getNode(dated.id).node).toMatchObject({ eventTime: Date.parse('2023-05-09T12:00:00Z'), validFrom: happened });
    await expect(tool({ id: dated.id, content: 'x', event_date: '2023-02-30' })).rejects.toThrow(/invalid_input: event_date/);
    expect(engine.getNode(dated.id).node.validUntil).toBeNull();
  });
});

describe('2. each version cites only its own evidence', () => {
  it('Boston → Denver → Austin → Lisbon: provenance, pack evidence and export name each version’s own message', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    const { said, versions } = await fourMoves(engine, clock);
    for (const [i, id] of versions.entries()) {
      const d = engine.getNode(id);
      expect(d.derivedFrom.map((n) => n.id), d.node.content).toEqual([said[i]]);
    }
    const lisbon = engine.getNode(versions[3] as string);
    expect(lisbon.versions.map((v) => v.content)).toEqual(['Boston', 'Denver', 'Austin', 'Lisbon'].map((c) => `User lives in ${c}`));
    // Why it changed is on the supersedes edge: the reason and the message that said so.
    expect(lisbon.edges.find((e) => e.relationType === 'supersedes')).toMatchObject({ targetId: versions[2], evidence: [said[3]] });
    expect(lisbon.edges.find((e) => e.relationType === 'supersedes')?.predicate).toMatch(/residence/);

    const pack = await engine.buildContextPack('Where do I live these days?');
    const evidence = pack.sections.find((s) => s.name === 'evidence')?.items.map((i) => i.text).join('\n') ?? '';
    expect(evidence).not.toMatch(/I live in Boston/);

    const dir = join(makeTempDir(), 'md');
    await exportMarkdown(engine, dir);
    const all = readdirSync(join(dir, 'facts')).map((f) => readFileSync(join(dir, 'facts', f), 'utf8')).join('\n');
    const lisbonEntry = all.slice(all.indexOf('User lives in Lisbon'));
    expect(lisbonEntry.slice(0, lisbonEntry.indexOf('\n- ') > 0 ? lisbonEntry.indexOf('\n- ') : undefined)).not.toContain('I live in Boston');
  });

  it('a correction by hand cites nothing it did not say; the old version keeps its sources', async () => {
    const { engine } = openTestEngine();
    const ep = await say(engine, 's', 'I live in Boston.');
    const old = engine.rememberFact({ content: 'User lives in Boston', sourceType: 'extraction', derivedFrom: [ep] });
    const next = engine.correctFact({ id: old, content: 'User lives in Denver', reason: 'moved' });
    expect(engine.getNode(next).derivedFrom).toEqual([]);
    expect(engine.getNode(old).derivedFrom.map((n) => n.id)).toEqual([ep]);
    expect(engine.getNode(next).edges.find((e) => e.relationType === 'supersedes')).toMatchObject({ predicate: 'moved' });
    expect(engine.getNode(next).node.attributes.correction_reason).toBe('moved');
    // A later correction without a reason does not repeat the previous one's.
    const third = engine.correctFact({ id: next, content: 'User lives in Denver, Colorado' });
    expect(engine.getNode(third).node.attributes.correction_reason).toBeUndefined();
  });
});

describe('2b. a correction in the chat cites the message that made it', () => {
  it("correct_fact's new version is derived from the person's message this turn, and only from it", async () => {
    const { engine } = openTestEngine();
    const boston = await say(engine, 'chat', 'I live in Boston.');
    const old = engine.rememberFact({ content: 'User lives in Boston', sourceType: 'extraction', derivedFrom: [boston] });
    const denver = await say(engine, 'chat', 'Actually I moved to Denver last spring.');
    const ctx = { memory: engine, memorySessionId: 'chat', shownIds: new Set([old]), turnEpisodeId: denver };
    const out = await executeTool('correct_fact', JSON.stringify({ id: old, content: 'User lives in Denver', reason: 'moved' }), ctx);
    if (!out.ok) throw new Error(out.error);
    const d = engine.getNode((out.result as { id: string }).id);
    expect(d.derivedFrom.map((n) => n.id)).toEqual([denver]);
    expect(d.edges.find((e) => e.relationType === 'supersedes')).toMatchObject({ evidence: [denver], predicate: 'moved' });
    expect(engine.getNode(old).derivedFrom.map((n) => n.id)).toEqual([boston]);
  });
});

describe('3. entity summaries follow current facts', () => {
  it('after Boston → Denver the pack for "where do I live" holds no stale Boston summary', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    await say(engine, 'a', 'I live in Boston.');
    await consolidateSession(engine, new OfflineExtractor(), 'a');
    await engine.drainSlowPath();
    const boston = engine.findEntities('Boston')[0];
    expect(boston?.summary).toBe('Boston (place): User lives in Boston.');
    const before = await engine.buildContextPack('Where do I live these days?');
    expect(before.markdown).toContain('User lives in Boston');

    clock.advanceDays(30);
    await say(engine, 'b', 'I moved to Denver.');
    await consolidateSession(engine, new OfflineExtractor(), 'b');
    await engine.drainSlowPath();
    const after = await engine.buildContextPack('Where do I live these days?');
    expect(after.markdown).not.toContain('Boston (place): User lives in Boston');
    expect(after.markdown).toContain('User lives in Denver');
    const facts = after.sections.find((s) => s.name === 'facts')?.items.map((i) => i.text) ?? [];
    expect(facts.filter((f) => f.includes('Boston'))).toEqual([]);
    // Boston has no current fact left: its machine-made summary is gone rather than describing the past.
    expect(engine.findEntities('Boston')[0]?.summary ?? null).toBeNull();
    expect(engine.findEntities('Denver')[0]?.summary).toBe('Denver (place): User lives in Denver.');
  });

  it('a turn its speaker took back in the next message is quoted with the take-back, and taught nothing', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    await say(engine, 'a', 'I live in Lisbon.');
    await consolidateSession(engine, new OfflineExtractor(), 'a');
    clock.advanceDays(3);
    const joke = await say(engine, 'b', 'I moved to Porto lol');
    clock.t += 40_000;
    await say(engine, 'b', 'jk still in lisbon');
    clock.t += 60_000;
    // Someone else spoke between: "not really" answers them, it takes nothing back.
    const answered = await say(engine, 'b', 'I started a pottery class');
    engine.recordEpisode({ sessionId: 'b', role: 'assistant', content: 'Do you like it?' });
    await engine.flush();
    clock.t += 30_000;
    await say(engine, 'b', 'not really, but it is fun');
    await consolidateSession(engine, new OfflineExtractor(), 'b');
    const current = engine.listNodes({ types: ['semantic'], limit: 50 }).items.map((n) => n.content);
    expect(current.some((c) => /Porto/.test(c))).toBe(false);

    const pack = await engine.buildContextPack('Did I move to Porto?');
    const turns = pack.sections.find((s) => s.name === 'temporal')?.items ?? [];
    expect(turns.find((i) => i.nodeId === joke)?.text).toMatch(/I moved to Porto lol \(taken back in the next message: "jk still in lisbon"\)$/);
    // An outright joke reaches back over the assistant's reply; "not really" after a reply answers it instead.
    clock.advanceDays(1);
    const rome = await say(engine, 'c', 'I moved to Rome!!!');
    clock.t += 20_000;
    engine.recordEpisode({ sessionId: 'c', role: 'assistant', content: 'Wow, congratulations! How is it?' });
    await engine.flush();
    clock.t += 20_000;
    await say(engine, 'c', 'jk 😂 still in lisbon');
    await consolidateSession(engine, new OfflineExtractor(), 'c');
    expect(engine.listNodes({ types: ['semantic'], limit: 50 }).items.some((n) => /Rome/.test(n.content))).toBe(false);
    const romePack = await engine.buildContextPack('Did I move to Rome?');
    expect(romePack.sections.find((s) => s.name === 'temporal')?.items.find((i) => i.nodeId === rome)?.text).toMatch(/\(taken back in the next message: "jk 😂 still in lisbon"\)$/);
    const pottery = await engine.buildContextPack('pottery class');
    const potteryTurn = pottery.sections.find((s) => s.name === 'temporal')?.items.find((i) => i.nodeId === answered);
    expect(potteryTurn?.text).toBeDefined();
    expect(potteryTurn?.text).not.toContain('taken back');
  });

  it('an earlier turn whose fact was superseded is quoted as history, naming what holds now', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    const { said } = await fourMoves(engine, clock);
    const pack = await engine.buildContextPack('Where did I live in Boston?');
    const turns = pack.sections.find((s) => s.name === 'temporal')?.items ?? [];
    const boston = turns.find((i) => i.nodeId === said[0]);
    expect(boston?.text).toMatch(/I live in Boston\. \(since changed, \d{4}-\d{2}-\d{2}: User lives in Lisbon\)$/);
    // The turn that taught what holds now carries no note.
    const lisbon = turns.find((i) => i.nodeId === said[3]);
    if (lisbon) expect(lisbon.text).not.toContain('since changed');
    expect(pack.markdown).not.toMatch(/user: I live in Boston\.\n/);
  });

  it('forget, restore and undo of a correction rewrite the summary; one the person wrote is left alone', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const ana = engine.createEntity({ name: 'Ana', type: 'person' });
    const mine = engine.createEntity({ name: 'Rex', type: 'person', summary: 'My dog, named after a film.' });
    const porto = engine.rememberFact({ content: 'Ana lives in Porto', sourceType: 'extraction', entityIds: [ana.id, mine.id] });
    const figs = engine.rememberFact({ content: 'Ana likes figs', sourceType: 'extraction', entityIds: [ana.id] });
    engine.writePathStore.setEntitySummary(ana.id, 'Ana (person): Ana lives in Porto; Ana likes figs.', 'facts');
    const summary = () => engine.findEntities('Ana')[0]?.summary;

    engine.forget(figs);
    expect(summary()).toBe('Ana (person): Ana lives in Porto.');
    engine.restore(figs);
    expect(summary()).toMatch(/Ana lives in Porto/);
    expect(summary()).toMatch(/Ana likes figs/);
    const lisbon = engine.correctFact({ id: porto, content: 'Ana lives in Lisbon', sourceType: 'extraction' });
    expect(summary()).not.toMatch(/Porto/);
    expect(summary()).toMatch(/Ana lives in Lisbon/);
    engine.undoCorrection({ newId: lisbon });
    expect(summary()).toMatch(/Ana lives in Porto/);
    expect(summary()).not.toMatch(/Lisbon/);
    expect(engine.findEntities('Rex')[0]?.summary).toBe('My dog, named after a film.');
  });
});

describe('7. stability: what keeps being true and used does not fade', () => {
  it('a fact used in five replies over a month outlasts one never used; nightly decay applies the same model', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock, startSlowPath: false });
    const used = engine.rememberFact({ content: 'User is training for the Lisbon marathon', sourceType: 'extraction' });
    const unused = engine.rememberFact({ content: 'User had pasta for lunch', sourceType: 'extraction' });
    const start = clock.now();
    for (let i = 0; i < 5; i++) {
      clock.advanceDays(6);
      engine.recordAccess([used]);
    }
    const usedForecast = engine.getNode(used).pruneForecast as number;
    const unusedForecast = engine.getNode(unused).pruneForecast as number;
    expect(engine.getNode(used).node.stability).toBeGreaterThan(10);
    expect(usedForecast - start).toBeGreaterThan(2 * 365 * DAY);
    // One-off chatter still fades within a few months, as ADR 008's curve had it.
    expect(unusedForecast - start).toBeLessThan(120 * DAY);

    clock.advanceDays(8 * 7);
    const run = await engine.runDecay();
    expect(run.prunedIds).toEqual([unused]);
    const node = engine.getNode(used).node;
    expect(node.validUntil).toBeNull();
    expect(node.confidence).toBeGreaterThan(0.5);
  });

  it('"User lives in Boston" (0.6, λ 0.1) is not forecast to vanish in weeks: home is identity-like', () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock, startSlowPath: false });
    const home = engine.rememberFact({ content: 'User lives in Boston', sourceType: 'heuristic', attributes: { slot: 'user.residence', value: 'boston' } });
    const lunch = engine.rememberFact({ content: 'User had soup', sourceType: 'heuristic', attributes: { slot: 'user.lunch' } });
    const d = engine.getNode(home);
    expect(d.node).toMatchObject({ confidence: 0.6, decayRate: 0.1 });
    expect((d.pruneForecast as number) - clock.now()).toBeGreaterThan(2 * 365 * DAY);
    expect((engine.getNode(lunch).pruneForecast as number) - clock.now()).toBeLessThan(10 * WEEK);
    expect(DEFAULT_PRUNE_THRESHOLD).toBe(0.05);
  });

  it('a restatement in a later conversation makes a fact sturdier; a confirmation too', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    await say(engine, 'a', 'I prefer tea over coffee.');
    const first = await consolidateSession(engine, new OfflineExtractor(), 'a');
    const tea = first.factsCreated[0] as string;
    const s0 = engine.getNode(tea).node.stability;
    clock.advanceDays(20);
    await say(engine, 'b', 'I prefer tea over coffee.');
    const second = await consolidateSession(engine, new OfflineExtractor(), 'b');
    expect(second.duplicates).toBe(1);
    const restated = engine.getNode(tea).node;
    expect(restated.stability).toBeGreaterThan(s0);
    expect(restated.lastAccessed).toBe(clock.now());
    expect(restated.accessCount).toBe(0);
    clock.advanceDays(5);
    expect(engine.confirmFact(tea).stability).toBeGreaterThan(restated.stability);
  });
});


/** One API call as the inspector makes it; a refusal fails the test with its message. */
async function call<K extends CallName>(t: ReturnType<typeof openTestHost>, name: K, input: unknown): Promise<CallOutput<K>> {
  const res = await t.host.dispatch(name, input);
  if (!res.ok) throw new Error(`${name}: ${res.error.message}`);
  return res.value as CallOutput<K>;
}
