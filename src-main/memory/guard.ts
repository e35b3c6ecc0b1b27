/** Cross-cutting checks applied once where the engine declares its calls, not by hand in every method. */

/** The engine's open check and hot-path flush. */
export interface EngineGuard {
  /** Throws `closed` once the engine is closed. */
  open(): void;
  /** open(), then commit the queued episodes so a read sees them. */
  flushed(): void;
}

/** Wraps calls so `check` runs before each. */
export function guarded(check: () => void) {
  return <A extends unknown[], R>(fn: (...args: A) => R): ((...args: A) => R) =>
    (...args) => {
      check();
      return fn(...args);
    };
}
