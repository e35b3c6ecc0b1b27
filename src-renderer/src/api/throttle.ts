/**
 * At most one call per `intervalMs`: the first at once, the rest folded into one call at the end of the
 * interval. memory.changed arrives per slow-path batch (dozens a second while a memory is re-embedded);
 * refetching every memory view each time would keep the inspector busy for nothing.
 */
export function throttle(fn: () => void, intervalMs: number, now: () => number = Date.now): { call: () => void; flush: () => void } {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = (): void => {
    timer = null;
    last = now();
    fn();
  };
  return {
    call: () => {
      if (timer) return;
      const wait = last + intervalMs - now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    /** Run a pending call now (the subscriber is going away: the change must not be lost). */
    flush: () => {
      if (!timer) return;
      clearTimeout(timer);
      run();
    },
  };
}
