/**
 * The nightly maintenance schedule (ADR 008 §10.2, §16 `0 3 * * *`, local time) with a catch-up at start:
 * a desktop app is often closed at 03:00, so when the last sweep is older than 24 h it runs soon after launch.
 *
 * croner only computes the next occurrence; the waiting is ours, on an injected clock and timer, so tests
 * run on fake time. The timer wakes at least hourly and compares against the clock, which also copes with
 * a laptop that slept through 03:00 or a wall clock that jumped.
 */
import { Cron } from 'croner';
import type { Clock, Logger } from '../../src-shared/clock';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // A pending sweep must not keep the process (CLI, tests) alive.
    t.unref();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

export const DEFAULT_NIGHTLY_CRON = '0 3 * * *';
const DAY_MS = 86_400_000;
const MAX_SLEEP_MS = 3_600_000;
const MIN_GAP_MS = 6 * 3_600_000;

export interface NightlySchedulerOptions {
  clock: Clock;
  timers?: Timers;
  logger: Logger;
  /** Runs the sweep; the scheduler never runs two at once. */
  run: (trigger: 'nightly' | 'catch-up') => Promise<unknown>;
  /** When the last sweep finished, or null if never. */
  lastSweepAt: () => number | null;
  cron?: string;
  /** IANA zone; default the machine's local time. */
  timezone?: string;
  /** Catch up when the last sweep is older than this (default 24 h). */
  catchUpAfterMs?: number;
  /** Wait after start before a catch-up, so launch stays quick (default 60 s). */
  catchUpDelayMs?: number;
}

export class NightlyScheduler {
  private readonly cron: Cron;
  private readonly timers: Timers;
  private timer: unknown = null;
  private nextAt: number | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(private readonly options: NightlySchedulerOptions) {
    this.timers = options.timers ?? systemTimers;
    this.cron = new Cron(options.cron ?? DEFAULT_NIGHTLY_CRON, { paused: true, ...(options.timezone ? { timezone: options.timezone } : {}) });
  }

  /** The next scheduled sweep (ms since epoch), or null when stopped. */
  get nextRunAt(): number | null {
    return this.nextAt;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const now = this.options.clock.now();
    this.nextAt = this.nextOccurrence(now);
    const last = this.options.lastSweepAt();
    if (last === null || now - last > (this.options.catchUpAfterMs ?? DAY_MS)) {
      this.arm(this.options.catchUpDelayMs ?? 60_000, 'catch-up');
    } else {
      this.arm(this.nextAt - now, 'nightly');
    }
  }

  /** Stop scheduling and wait for a sweep in flight (the caller cancels it through the write path). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.nextAt = null;
    if (this.running) await this.running.catch(() => undefined);
  }

  private nextOccurrence(after: number): number {
    const next = this.cron.nextRun(new Date(after));
    if (!next) throw new Error(`cron pattern "${this.options.cron ?? DEFAULT_NIGHTLY_CRON}" has no next run`);
    return next.getTime();
  }

  private arm(delayMs: number, due: 'nightly' | 'catch-up'): void {
    if (this.stopped) return;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => this.wake(due), Math.max(0, Math.min(delayMs, MAX_SLEEP_MS)));
  }

  private wake(due: 'nightly' | 'catch-up'): void {
    this.timer = null;
    if (this.stopped) return;
    const now = this.options.clock.now();
    const nextAt = this.nextAt ?? this.nextOccurrence(now);
    if (due === 'catch-up' || now >= nextAt) {
      void this.fire(due === 'catch-up' ? 'catch-up' : 'nightly');
      return;
    }
    this.arm(nextAt - now, 'nightly');
  }

  private async fire(trigger: 'nightly' | 'catch-up'): Promise<void> {
    if (this.running) return;
    this.running = this.options.run(trigger).catch((err: unknown) => this.options.logger.error(`${trigger} maintenance failed`, err));
    try {
      await this.running;
    } finally {
      this.running = null;
    }
    if (this.stopped) return;
    const now = this.options.clock.now();
    // A catch-up at 02:59 makes the 03:00 sweep pointless: the next one is at least MIN_GAP_MS later.
    this.nextAt = this.nextOccurrence(now + MIN_GAP_MS);
    this.arm(this.nextAt - now, 'nightly');
  }
}
