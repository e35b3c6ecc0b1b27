/**
 * Time, logging and yielding, injected everywhere in main (engine, write path, chat, scheduler, hosts). Node
 * only (stderr, setImmediate): main, its worker and the CLI use it; the renderer does not import it.
 */

/** Injected time source: tests and the CLI's `decay --now` use fixed or fake clocks. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const fixedClock = (at: number): Clock => ({ now: () => at });

/** How far a time may run ahead of this machine's clock: another machine's skew, a local time read as UTC. */
export const CLOCK_SLACK_MS = 24 * 60 * 60 * 1000;

/**
 * A time nothing can have been said or recorded at yet: more than a day after `now`. (A fact may be *about* a
 * later day — a wedding next June — but a message cannot be sent, nor a row stored, in the future: a file that
 * says so has a typo or was made to outrank what the person says later.)
 */
export const isAheadOfClock = (time: number, now: number): boolean => time > now + CLOCK_SLACK_MS;

/** Why a message time cannot be stored: it is after this machine's clock (refused, never clamped: history is evidence). */
export function aheadOfClock(time: number, now: number): string {
  return `dated ${isoTime(time) ?? time}, after this machine's clock (${isoTime(now) ?? now}): a message cannot be said in the future`;
}

export interface Logger {
  warn(message: string): void;
  error(message: string, cause?: unknown): void;
}

/** Warnings go to stderr so machine output on stdout (CLI --json) stays clean. */
export const stderrLogger: Logger = {
  warn: (m) => process.stderr.write(`[engram] warning: ${m}\n`),
  error: (m, cause) => process.stderr.write(`[engram] error: ${m}${cause ? `: ${String(cause)}` : ''}\n`),
};

/**
 * Give the event loop a turn (timers, I/O, the UI's requests) between synchronous phases of long work.
 * setImmediate, not a resolved promise: microtasks run before the loop moves on, so they never yield.
 */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * ISO 8601 of an epoch-ms time, or null when no Date can hold it (beyond ±8.64e15 ms, NaN): a stored row with
 * an impossible time is shown as unknown rather than throwing `RangeError: Invalid time value` at its reader.
 */
export function isoTime(ms: number): string | null {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
