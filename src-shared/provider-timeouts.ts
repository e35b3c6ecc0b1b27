/**
 * How long Engram waits for a model server (Settings → Provider), shared so Settings shows the defaults it
 * will use. A local model can need tens of seconds to load and read a long prompt before its first word;
 * past these, a person is better served by a clear "slow" message and a retry than by minutes of "…".
 */
/** A streamed reply: no data for this long, before the first word or between two, stops it as `timeout`. */
export const DEFAULT_IDLE_TIMEOUT_SECONDS = 60;
export const IDLE_TIMEOUT_RANGE_SECONDS = { min: 1, max: 600 } as const;
/** A whole request that is not streamed (the memory agent's structured answers), per attempt. */
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 60;
export const REQUEST_TIMEOUT_RANGE_SECONDS = { min: 1, max: 3600 } as const;
