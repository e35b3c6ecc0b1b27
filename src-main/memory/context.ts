import type { Database } from 'better-sqlite3';
import type { ChangeFeed } from './change-feed';
import type { Clock, Logger } from './clock';
import type { HotPath } from './hot-path';
import type { SlowPathQueue } from './transactions';

/** What the engine's operations share. Built once by MemoryEngine; operations are plain functions over it. */
export interface EngineContext {
  db: Database;
  clock: Clock;
  logger: Logger;
  feed: ChangeFeed;
  hot: HotPath;
  slow: SlowPathQueue;
  /** Called when entity names or aliases changed, so mention matching sees them. */
  invalidateAliases(): void;
  pruneThreshold: number;
}
