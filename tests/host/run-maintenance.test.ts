/**
 * "Run maintenance now" (memory.runMaintenance) through the real contract and AppHost over a SQLite file: the
 * nightly sweep at once — pending conversations consolidated, old facts decayed and pruned — with progress
 * pushed to the UI; bad input refused before anything runs; and never two sweeps at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope, EventMap, MaintenanceSummary } from '../../src-main/api/contract';
import { WorkerHost } from '../../src-main/host/worker/worker-host';
import { MemorySecretStore } from '../../src-main/llm/secrets';
import type { MemoryStats } from '../../src-main/memory/stats';
import type { WritePathStatus } from '../../src-shared/consolidation-outcome';
import { openTestHost, type TestHost } from '../helpers/app-host';
import { CollectingLogger, makeTempDir } from '../helpers/temp-engine';

function ok<T>(res: Envelope<unknown>): T {
  if (!res.ok) throw new Error(`${res.error.code}: ${res.error.message}`);
  return res.value as T;
}

const maintenanceRuns = async (t: TestHost): Promise<number> => {
  const stats = ok<MemoryStats>(await t.host.dispatch('memory.stats', {}));
  return stats.write_path.recent_runs.filter((r) => r.kind === 'maintenance').length;
};

/** A memory with one conversation waiting for consolidation and one fact old enough to be pruned. */
async function memoryWithNightlyWork(t: TestHost): Promise<{ oldFact: string }> {
  const { id: oldFact } = ok<{ id: string }>(await t.host.dispatch('memory.rememberFact', { content: 'User parks on level 3 of the airport garage', sourceType: 'extraction' }));
  t.clock.advanceDays(120);
  const chat = ok<{ id: string }>(await t.host.dispatch('chat.create', {}));
  ok(await t.host.dispatch('chat.send', { chatId: chat.id, text: 'I moved to Kraków last month. My sister Ana lives in Warsaw.' }));
  // The conversation has been quiet past the idle timeout: the sweep treats it as finished.
  t.clock.advanceDays(1);
  return { oldFact };
}

describe('memory.runMaintenance', () => {
  it('runs the nightly sweep now: consolidates, decays and prunes, reports it and pushes progress', async () => {
    const t = openTestHost();
    const { oldFact } = await memoryWithNightlyWork(t);
    // What a view opened mid-sweep reads: the sweep under way, at each step (the handler runs as the event goes out).
    const statusDuring: Promise<Envelope<unknown>>[] = [];
    t.host.subscribe((name) => {
      if (name === 'writepath.progress') statusDuring.push(t.host.dispatch('writepath.status', {}));
    });
    expect(ok<WritePathStatus>(await t.host.dispatch('writepath.status', {})).maintenance).toBeNull();
    const report = ok<MaintenanceSummary>(await t.host.dispatch('memory.runMaintenance', {}));

    expect(report).toMatchObject({ trigger: 'manual', joined: false, cancelled: false, mode: 'offline', model: null, errors: [] });
    expect(report.sessions).toHaveLength(1);
    expect(report.sessions[0]).toMatchObject({ status: 'consolidated', error: null });
    expect(report.sessions[0]?.facts).toBeGreaterThan(0);
    expect(report.decay?.pruned).toBe(1);
    expect(report.decay?.scanned).toBeGreaterThan(report.sessions[0]?.facts ?? 0);
    expect(t.host.memory.getNode(oldFact).node).toMatchObject({ invalidatedReason: 'pruned' });
    // The facts it learned are fresh: decay keeps them.
    expect(t.host.memory.listNodes({ types: ['semantic'] }).items.map((n) => n.content).join(' | ')).toMatch(/Kraków/);

    const progress = t.eventsOf('writepath.progress').filter((p) => p.job === 'maintenance');
    expect(progress.map((p) => p.step).filter((step, i, all) => step !== all[i - 1])).toEqual(['consolidation', 'decay', 'enrichment', 'reflection', 'done']);
    expect(progress.at(-1)?.percent).toBe(100);
    expect(progress.some((p) => p.step === 'decay' && /^\d+ facts re-scored$/.test(p.message ?? ''))).toBe(true);
    const during = (await Promise.all(statusDuring)).map((e) => ok<WritePathStatus>(e).maintenance);
    expect(during.map((m) => m?.step ?? null)).toContain('decay');
    expect(during.at(-1)).toBeNull(); // read as 'done' went out
    expect(ok<WritePathStatus>(await t.host.dispatch('writepath.status', {})).maintenance).toBeNull();
    expect(t.eventsOf('writepath.progress').some((p) => p.job === 'consolidation')).toBe(true);
    const stats = ok<MemoryStats>(await t.host.dispatch('memory.stats', {}));
    expect(stats.write_path.last_maintenance).toBe(new Date(t.clock.now()).toISOString());
    expect(stats.unconsolidated_sessions).toBe(0);
  });

  it('refuses input it does not take, with a typed error, and runs nothing', async () => {
    const t = openTestHost();
    const before = await maintenanceRuns(t);
    for (const input of [{ trigger: 'nightly' }, { offline: true }, 'now', 42]) {
      const answer = await t.host.dispatch('memory.runMaintenance', input);
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(await maintenanceRuns(t)).toBe(before);
    expect(t.eventsOf('writepath.progress')).toEqual([]);
  });

  it('never runs two sweeps at once: a second call joins the running one and gets its report', async () => {
    const t = openTestHost();
    await memoryWithNightlyWork(t);
    const before = await maintenanceRuns(t);
    const [first, second] = await Promise.all([t.host.dispatch('memory.runMaintenance', {}), t.host.dispatch('memory.runMaintenance', {})]);
    const a = ok<MaintenanceSummary>(first);
    const b = ok<MaintenanceSummary>(second);
    expect([a.joined, b.joined]).toEqual([false, true]);
    expect({ ...b, joined: false }).toEqual(a);
    expect(a.sessions.map((s) => s.status)).toEqual(['consolidated']);
    expect(await maintenanceRuns(t)).toBe(before + 1);
    expect(t.eventsOf('writepath.progress').filter((p) => p.job === 'maintenance' && p.step === 'done')).toHaveLength(1);

    // Once it has finished, the next call runs a sweep of its own.
    const third = ok<MaintenanceSummary>(await t.host.dispatch('memory.runMaintenance', {}));
    expect(third).toMatchObject({ joined: false, trigger: 'manual', sessions: [] });
    expect(await maintenanceRuns(t)).toBe(before + 2);
  });

  it('a click during the nightly sweep joins it rather than starting another', async () => {
    const t = openTestHost();
    await memoryWithNightlyWork(t);
    const before = await maintenanceRuns(t);
    // What the scheduler's timer does at 03:00.
    const nightly = t.host.writePath.runMaintenance({ trigger: 'nightly' });
    // Not started yet (jobs start on a later tick): a view opened now sees it queued.
    const statusNow = t.host.dispatch('writepath.status', {});
    const clicked = ok<MaintenanceSummary>(await t.host.dispatch('memory.runMaintenance', {}));
    expect(clicked).toMatchObject({ joined: true, trigger: 'nightly' });
    expect(ok<WritePathStatus>(await statusNow).maintenance).toEqual({ step: 'queued', percent: 0, message: null });
    const nightlyReport = await nightly;
    expect(clicked.sessions).toEqual(nightlyReport.sessions.map((s) => ({ sessionId: s.sessionId, status: s.status, facts: s.factsCreated.length, error: s.error })));
    expect(await maintenanceRuns(t)).toBe(before + 1);
  });

  it('answers "closed" once the app is shutting down', async () => {
    const t = openTestHost();
    await t.host.close();
    expect(await t.host.dispatch('memory.runMaintenance', {})).toMatchObject({ ok: false, error: { code: 'closed' } });
  });
});

describe('memory.runMaintenance on the engine worker (the desktop app and browser mode)', () => {
  const hosts: WorkerHost[] = [];
  afterEach(async () => {
    for (const h of hosts.splice(0)) await h.close();
  });

  it('runs the sweep in the worker, forwards its progress, and joins a second call', async () => {
    const secrets = new MemorySecretStore();
    const host = await WorkerHost.start({ dataDir: makeTempDir(), secrets, mode: 'browser', version: 'test', logger: new CollectingLogger() });
    hosts.push(host);
    const progress: EventMap['writepath.progress'][] = [];
    host.subscribe((name, payload) => {
      if (name === 'writepath.progress') progress.push(payload as EventMap['writepath.progress']);
    });
    expect(await host.call('memory.rememberFact', { content: 'Ana keeps bees on the roof', sourceType: 'extraction' })).toMatchObject({ ok: true });
    const [a, b] = await Promise.all([host.call('memory.runMaintenance', {}), host.call('memory.runMaintenance', {})]);
    if (!a.ok || !b.ok) throw new Error('a maintenance call failed');
    expect([a.value.joined, b.value.joined]).toEqual([false, true]);
    expect(a.value).toMatchObject({ trigger: 'manual', cancelled: false, errors: [], decay: { scanned: 1, pruned: 0 } });
    await expect.poll(() => progress.some((p) => p.job === 'maintenance' && p.step === 'done')).toBe(true);
    expect(await host.dispatch('memory.runMaintenance', { force: true })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
