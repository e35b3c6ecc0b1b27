import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx] as number;
}

export const round = (x: number, digits = 3): number => Math.round(x * 10 ** digits) / 10 ** digits;

/** Event-loop stall monitor: p99 of the loop's delay while `fn` runs, in ms. */
export async function measureStall<T>(fn: () => Promise<T>): Promise<{ result: T; stallP99Ms: number; stallMaxMs: number }> {
  const h: IntervalHistogram = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  try {
    const result = await fn();
    return { result, stallP99Ms: h.percentile(99) / 1e6, stallMaxMs: h.max / 1e6 };
  } finally {
    h.disable();
  }
}

export function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}
