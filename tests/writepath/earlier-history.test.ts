/**
 * Truth over time: what was said before the current version began, learned after it (an older history imported
 * after a newer one), is that version's past, not its successor; and facts approved one by one from the review queue settle against each other as consolidating them
 * at once would have. Real SQLite files, the offline write path.
 */
import { describe, expect, it } from 'vitest';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { openTestEngine } from '../helpers/temp-engine';

async function learn(engine: MemoryEngine, sessionId: string, at: string, messages: string[]): Promise<void> {
  messages.forEach((content, i) => engine.recordEpisode({ sessionId, role: 'user', content, sourceType: 'import', eventTime: Date.parse(at) + i * 60_000 }));
  engine.markSessionCompleted(sessionId);
  await engine.flush();
  const out = await consolidateSession(engine, new OfflineExtractor(), sessionId);
  expect(out.status, out.error ?? '').toBe('consolidated');
}

const current = (engine: MemoryEngine): string[] => engine.listNodes({ types: ['semantic'] }).items.map((n) => n.content).sort();
const byContent = (engine: MemoryEngine, content: string) => engine.listNodes({ types: ['semantic'], includeInvalid: true }).items.find((n) => n.content === content);

describe('an older history learned after a newer one', () => {
  it('stays the past: the newer facts stay current, and each chain lists the older version first', async () => {
    const { engine } = openTestEngine();
    engine.saveReviewSettings({ import: 'at_once' });
    await learn(engine, 'new-1', '2026-09-10T18:00:00Z', ['I live in Porto now', 'I work at Farfetch']);
    await learn(engine, 'old-1', '2025-03-02T18:00:00Z', ['I live in London', 'I work at Google']);

    expect(current(engine)).toEqual(['User lives in Porto', 'User works at Farfetch']);
    const london = byContent(engine, 'User lives in London');
    expect(london).toMatchObject({ invalidatedReason: 'superseded', validFrom: Date.parse('2025-03-02T18:00:00Z') });
    const porto = byContent(engine, 'User lives in Porto');
    // Its own source, not Porto's.
    expect(engine.getNode(london?.id ?? '').derivedFrom.map((p) => p.content)).toEqual(['I live in London']);
    expect(engine.getNode(porto?.id ?? '').versions.map((v) => v.content)).toEqual(['User lives in London', 'User lives in Porto']);
    expect(engine.profile().static.map((l) => l.content)).not.toContain('User lives in London');
  });

  it('a fact its plan related to another of its batch is still settled against what memory held before', async () => {
    const { engine } = openTestEngine();
    engine.saveReviewSettings({ import: 'at_once' });
    await learn(engine, 'y2', '2024-07-30T17:00:00Z', ['got laid off from NHS Digital today, restructure. great.']);
    // One older history: a job, leaving it, the next one (which replaces the first in the plan).
    await learn(engine, 'y1', '2023-01-05T20:00:00Z', ['I work at AstraZeneca']);
    await learn(engine, 'y1b', '2023-09-04T19:00:00Z', ['started at NHS Digital as a data analyst, left AstraZeneca in august']);
    const nhs = byContent(engine, 'User works at NHS Digital');
    expect(nhs?.invalidatedReason).toBe('superseded');
    expect(current(engine)).toContain('User got laid off from NHS Digital');
    expect(current(engine)).not.toContain('User works at NHS Digital');
  });

  it('the same value said in an earlier period is that period\'s version, not a source of the later one', async () => {
    const { engine } = openTestEngine();
    engine.saveReviewSettings({ import: 'at_once' });
    await learn(engine, 's2', '2024-01-05T18:00:00Z', ['I live in York']);
    await learn(engine, 's3', '2024-06-10T18:00:00Z', ['I moved to Leeds']);
    await learn(engine, 's1', '2023-01-10T18:00:00Z', ['I live in Leeds, near the uni']);
    const leeds = engine.listNodes({ types: ['semantic'], includeInvalid: true }).items.filter((n) => n.content.startsWith('User lives in Leeds'));
    expect(leeds).toHaveLength(2);
    const now = leeds.find((n) => n.validUntil === null);
    const then = leeds.find((n) => n.validUntil !== null);
    // Each cites its own message; the chain reads Leeds (2023), York, Leeds (2024).
    expect(engine.getNode(now?.id ?? '').derivedFrom.map((p) => p.content)).toEqual(['I moved to Leeds']);
    expect(engine.getNode(then?.id ?? '').derivedFrom.map((p) => p.content)).toEqual(['I live in Leeds, near the uni']);
    expect(engine.getNode(now?.id ?? '').versions.map((v) => v.content)).toEqual(['User lives in Leeds', 'User lives in York', 'User lives in Leeds']);
  });

  it('when it was said decides, not the time its text names: a move told after the current home is news', async () => {
    const { engine } = openTestEngine();
    engine.saveReviewSettings({ import: 'at_once' });
    await learn(engine, 'h-1', '2026-06-01T09:00:00Z', ['I live in Berlin']);
    await learn(engine, 'h-2', '2026-10-05T09:00:00Z', ['I moved to Lisbon in March']);
    expect(current(engine).filter((c) => c.includes('lives'))).toEqual(['User lives in Lisbon']);
  });
});

describe('facts approved from the review queue', () => {
  async function queued(engine: MemoryEngine): Promise<string[]> {
    await learn(engine, 'job-1', '2026-01-12T09:00:00Z', ['I work at Fenwick Labs']);
    await learn(engine, 'job-2', '2026-04-10T09:00:00Z', ['I started at Ridgeline Analytics on Monday']);
    await learn(engine, 'job-3', '2026-07-12T09:00:00Z', ['I just started at Monzo!!']);
    const pending = engine.listProposals({ state: 'pending' }).items;
    expect(pending.map((p) => p.content).sort()).toEqual(['User works at Fenwick Labs', 'User works at Monzo', 'User works at Ridgeline Analytics']);
    expect(current(engine)).toEqual([]);
    return pending.sort((a, b) => a.createdAt - b.createdAt).map((p) => p.id);
  }

  it('settle against each other in the order approved: one employer current, the latest', async () => {
    const { engine } = openTestEngine();
    const ids = await queued(engine);
    for (const id of ids) engine.approveProposal({ id });
    expect(current(engine)).toEqual(['User works at Monzo']);
    const monzo = byContent(engine, 'User works at Monzo');
    expect(engine.getNode(monzo?.id ?? '').versions.map((v) => v.content)).toEqual(['User works at Fenwick Labs', 'User works at Ridgeline Analytics', 'User works at Monzo']);
  });

  it('and newest first, the older ones become its past', async () => {
    const { engine } = openTestEngine();
    const ids = await queued(engine);
    for (const id of [...ids].reverse()) engine.approveProposal({ id });
    expect(current(engine)).toEqual(['User works at Monzo']);
    const monzo = byContent(engine, 'User works at Monzo');
    expect(engine.getNode(monzo?.id ?? '').versions.map((v) => v.content)).toEqual(['User works at Fenwick Labs', 'User works at Ridgeline Analytics', 'User works at Monzo']);
  });

  it('the same fact proposed from two chats is approved once: one fact with both sources', async () => {
    const { engine } = openTestEngine();
    await learn(engine, 'a-1', '2026-01-12T09:00:00Z', ['I work at Fenwick Labs']);
    await learn(engine, 'a-2', '2026-02-12T09:00:00Z', ['I work at Fenwick Labs']);
    const pending = engine.listProposals({ state: 'pending' }).items;
    expect(pending).toHaveLength(2);
    // Approving the first approves its twin from the other chat (the same claim, word for word): decided once.
    expect(engine.approveProposal({ id: pending[0]?.id ?? '' }).sameClaim).toEqual([pending[1]?.id]);
    expect(engine.listProposals({ state: 'pending' }).total).toBe(0);
    expect(current(engine)).toEqual(['User works at Fenwick Labs']);
    const fenwick = byContent(engine, 'User works at Fenwick Labs');
    expect(engine.getNode(fenwick?.id ?? '').derivedFrom).toHaveLength(2);
  });
});

describe("a partner's relation, over time", () => {
  it('"my girlfriend" goes to the newest person said to hold it; a new girlfriend is never the old one', async () => {
    const { engine } = openTestEngine();
    engine.saveReviewSettings({ import: 'at_once' });
    await learn(engine, 'p-1', '2026-02-01T21:00:00Z', ['my girlfriend Jess is a nurse in Glasgow']);
    await learn(engine, 'p-2', '2026-03-10T21:00:00Z', ['Jess and I broke up last week']);
    await learn(engine, 'p-3', '2026-06-10T21:00:00Z', ['my girlfriend Ana is a teacher']);
    const [jess] = engine.findEntities('Jess');
    const [ana] = engine.findEntities('Ana');
    expect(ana?.id).not.toBe(jess?.id);
    expect(jess?.aliases).not.toContain('my girlfriend');
    expect(ana?.aliases).toContain('my girlfriend');
    expect(engine.findEntities('my girlfriend').map((e) => e.canonicalName)).toEqual(['Ana']);
    expect(current(engine)).toContain("Ana is the user's girlfriend");
    expect(current(engine)).not.toContain("Jess is the user's girlfriend");
  });
});

describe('when a change held, not when memory read it', () => {
  it("a pack's note on an old turn dates the change by its successor, not by the day the history was consolidated", async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    engine.saveReviewSettings({ import: 'at_once' });
    await learn(engine, 'm-1', '2026-03-02T19:00:00Z', ['I live in Leeds']);
    await learn(engine, 'm-2', '2026-05-10T09:00:00Z', ['I moved to Manchester today']);
    const pack = await engine.buildContextPack('Did I live in Leeds?');
    const leeds = pack.sections.flatMap((s) => s.items).find((i) => i.text.includes('I live in Leeds'));
    expect(leeds?.text).toContain('(since changed, 2026-05-10: User lives in Manchester)');
  });
});

describe('a name over time', () => {
  it('a nickname and a new name are the same person, and a nickname never replaces the name', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    engine.saveReviewSettings({ import: 'at_once' });
    await learn(engine, 'n-1', '2026-01-12T18:00:00Z', ["Hi! I'm Dana Whitfield."]);
    await learn(engine, 'n-2', '2026-02-02T18:00:00Z', ['call me Dee']);
    await learn(engine, 'n-3', '2026-06-08T20:00:00Z', ['my name is Dana Okafor now']);
    expect(current(engine)).toEqual(['User goes by Dee', "User's name is Dana Okafor"]);
    const people = engine.listEntities(50).filter((e) => e.type === 'person');
    expect(people).toHaveLength(1);
    expect(people[0]?.aliases).toEqual(expect.arrayContaining(['Dee', 'Dana Okafor']));
  });
});
