import { describe, expect, it } from 'vitest';
import { NightlyScheduler, type Timers } from '../../src-main/scheduler/nightly';
import { CollectingLogger, ManualClock } from '../helpers/temp-engine';

/** Timers on the manual clock: advance() moves time and fires what fell due, in order. */
class FakeTimers implements Timers {
  private seq = 0;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();
  constructor(private readonly clock: ManualClock) {}
  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.pending.set(id, { at: this.clock.now() + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  get count(): number {
    return this.pending.size;
  }
  async advanceTo(t: number): Promise<void> {
    for (;;) {
      const due = [...this.pending.entries()].filter(([, p]) => p.at <= t).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.clock.t = Math.max(this.clock.t, due[1].at);
      due[1].fn();
      // Let the sweep's promise settle so it can re-arm.
      for (let i = 0; i < 5; i++) await Promise.resolve();
    }
    this.clock.t = t;
  }
}

const at = (iso: string): number => Date.parse(iso);

function setup(start: string, lastSweep: number | null) {
  const clock = new ManualClock(at(start));
  const timers = new FakeTimers(clock);
  const runs: { trigger: string; at: string }[] = [];
  let last = lastSweep;
  const scheduler = new NightlyScheduler({
    clock,
    timers,
    logger: new CollectingLogger(),
    timezone: 'UTC',
    catchUpDelayMs: 60_000,
    lastSweepAt: () => last,
    run: async (trigger) => {
      runs.push({ trigger, at: new Date(clock.now()).toISOString() });
      last = clock.now();
    },
  });
  return { clock, timers, runs, scheduler };
}

describe('nightly scheduler', () => {
  it('runs at 03:00 every night when the last sweep is recent', async () => {
    const { timers, runs, scheduler } = setup('2026-03-10T12:00:00Z', at('2026-03-10T03:00:00Z'));
    scheduler.start();
    expect(new Date(scheduler.nextRunAt ?? 0).toISOString()).toBe('2026-03-11T03:00:00.000Z');
    await timers.advanceTo(at('2026-03-11T02:59:00Z'));
    expect(runs).toEqual([]);
    await timers.advanceTo(at('2026-03-12T04:00:00Z'));
    expect(runs).toEqual([
      { trigger: 'nightly', at: '2026-03-11T03:00:00.000Z' },
      { trigger: 'nightly', at: '2026-03-12T03:00:00.000Z' },
    ]);
    await scheduler.stop();
    expect(timers.count).toBe(0);
  });

  it('catches up soon after launch when the last sweep is over 24 h old (or never ran), then keeps the schedule', async () => {
    const { timers, runs, scheduler } = setup('2026-03-10T12:00:00Z', at('2026-03-09T03:00:00Z'));
    scheduler.start();
    await timers.advanceTo(at('2026-03-10T12:00:59Z'));
    expect(runs).toEqual([]);
    await timers.advanceTo(at('2026-03-10T12:01:00Z'));
    expect(runs).toEqual([{ trigger: 'catch-up', at: '2026-03-10T12:01:00.000Z' }]);
    await timers.advanceTo(at('2026-03-11T03:00:00Z'));
    expect(runs.map((r) => r.trigger)).toEqual(['catch-up', 'nightly']);
    await scheduler.stop();

    const never = setup('2026-03-10T12:00:00Z', null);
    never.scheduler.start();
    await never.timers.advanceTo(at('2026-03-10T12:05:00Z'));
    expect(never.runs.map((r) => r.trigger)).toEqual(['catch-up']);
    await never.scheduler.stop();
  });

  it('a machine asleep through 03:00 runs the sweep when it wakes (the timer checks the clock)', async () => {
    const { clock, timers, runs, scheduler } = setup('2026-03-10T22:00:00Z', at('2026-03-10T03:00:00Z'));
    scheduler.start();
    // The process is suspended: the wall clock jumps past 03:00 before any timer fires.
    clock.t = at('2026-03-11T07:30:00Z');
    await timers.advanceTo(at('2026-03-11T07:30:00Z'));
    expect(runs).toEqual([{ trigger: 'nightly', at: '2026-03-11T07:30:00.000Z' }]);
    expect(new Date(scheduler.nextRunAt ?? 0).toISOString()).toBe('2026-03-12T03:00:00.000Z');
    await scheduler.stop();
  });

  it('a catch-up shortly before 03:00 skips that night and runs the next', async () => {
    const { timers, runs, scheduler } = setup('2026-03-10T02:30:00Z', null);
    scheduler.start();
    await timers.advanceTo(at('2026-03-11T03:30:00Z'));
    expect(runs).toEqual([
      { trigger: 'catch-up', at: '2026-03-10T02:31:00.000Z' },
      { trigger: 'nightly', at: '2026-03-11T03:00:00.000Z' },
    ]);
    await scheduler.stop();
  });

  it('stop() cancels the pending timer; nothing runs afterwards', async () => {
    const { timers, runs, scheduler } = setup('2026-03-10T12:00:00Z', null);
    scheduler.start();
    await scheduler.stop();
    await timers.advanceTo(at('2026-03-12T12:00:00Z'));
    expect(runs).toEqual([]);
    expect(scheduler.nextRunAt).toBeNull();
  });
});
