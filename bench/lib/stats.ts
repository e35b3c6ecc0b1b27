import { loadavg } from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx] as number;
}

export const round = (x: number, digits = 3): number => Math.round(x * 10 ** digits) / 10 ** digits;

/** Timer period of the stall monitor (ms): fine enough to see a 2 ms block. */
const STALL_RESOLUTION_MS = 1;

/**
 * Event-loop delay of the thread that serves the UI (in the benchmarks: this process's main thread, or the
 * browser-mode host's, see stall-probe.ts), every benchmark key reports it under these two names.
 * Node's histogram records the whole interval between ticks of a 1 ms timer; the figures are that interval
 * minus the timer's own period, i.e. how long the loop was kept from running (0 when idle).
 */
export interface StallFigures {
  main_stall_p99_ms: number;
  main_stall_max_ms: number;
  /** 1-minute load average when the work ended: on a shared machine a stall includes time the thread was not scheduled. */
  stall_load_avg_1m: number;
}

export function stallFigures(h: Pick<IntervalHistogram, 'percentile' | 'max' | 'count'>): StallFigures {
  const load = round(loadavg()[0] ?? 0, 2);
  if (h.count === 0) return { main_stall_p99_ms: 0, main_stall_max_ms: 0, stall_load_avg_1m: load };
  const excess = (ns: number): number => round(Math.max(0, ns / 1e6 - STALL_RESOLUTION_MS), 1);
  return { main_stall_p99_ms: excess(h.percentile(99)), main_stall_max_ms: excess(h.max), stall_load_avg_1m: load };
}

/** A stall monitor switched on and off around the benchmark's own work (not its set-up). */
export class StallMonitor {
  private readonly h: IntervalHistogram = monitorEventLoopDelay({ resolution: STALL_RESOLUTION_MS });

  start(): this {
    this.h.reset();
    this.h.enable();
    return this;
  }

  stop(): StallFigures {
    this.h.disable();
    return stallFigures(this.h);
  }
}

/** The stall figures of this thread's event loop while `fn` runs. */
export async function measureStall<T>(fn: () => Promise<T>): Promise<{ result: T; stall: StallFigures }> {
  const monitor = new StallMonitor().start();
  try {
    const result = await fn();
    return { result, stall: monitor.stop() };
  } catch (err) {
    monitor.stop();
    throw err;
  }
}

export function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}
