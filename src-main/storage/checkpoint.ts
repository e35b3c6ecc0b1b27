/**
 * WAL checkpoints in a turn of their own. SQLite's automatic checkpoint runs inside whichever commit
 * crosses ~1000 WAL pages, so one write (a consolidation, a slow-path batch) also pays for copying and
 * syncing everybody's pages: those were the main thread's longest blocks. Here the automatic threshold is
 * raised to a safety net (a long synchronous import still bounds the WAL), and a timer runs a PASSIVE
 * checkpoint between other work whenever the connection has written since the last one. With one
 * connection and no transaction open at that moment, the checkpoint backfills the whole WAL, so the next
 * write starts it again from the beginning and the file stays small. Given a checkpoint thread
 * (checkpoint-thread.ts), the timer's checkpoints run there, beside the engine's work instead of between it.
 */
import type { Database } from 'better-sqlite3';
import type { Logger } from '../../src-shared/clock';
import type { CheckpointThread } from './checkpoint-thread';

export interface CheckpointOptions {
  /** Longest wait between looks for new writes (ms). Each checkpoint costs one sync of the database file. */
  intervalMs: number;
  /** Shortest wait, used while writes are heavy (ms). */
  minIntervalMs: number;
  /**
   * WAL frames one checkpoint should copy. Copying costs about 5 µs a frame plus the sync here, so the
   * interval shrinks under heavy writing to keep each checkpoint a few milliseconds long.
   */
  targetFrames: number;
  /** SQLite's own commit-time checkpoint, kept as the bound when the timer cannot run (pages). */
  safetyPages: number;
  /** Run the timer's checkpoints on a thread of their own (checkpoint-thread.ts); false keeps them in line. */
  offThread: boolean;
}

export const DEFAULT_CHECKPOINT_OPTIONS: CheckpointOptions = { intervalMs: 1_000, minIntervalMs: 50, targetFrames: 600, safetyPages: 8_000, offThread: true };

export interface CheckpointResult {
  /** Frames in the WAL when it ran, and how many of them are now in the database file. */
  walFrames: number;
  checkpointed: number;
}

export class WalCheckpointer {
  private timer: NodeJS.Timeout | null = null;
  private changesAtLast = -1;
  private interval: number;
  private readonly totalChanges;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly options: CheckpointOptions = DEFAULT_CHECKPOINT_OPTIONS,
    private thread: CheckpointThread | null = null,
  ) {
    this.totalChanges = db.prepare('SELECT total_changes() AS n').pluck();
    this.interval = options.intervalMs;
  }

  start(): void {
    if (this.timer || this.db.memory || this.db.readonly) return;
    this.db.pragma(`wal_autocheckpoint = ${this.options.safetyPages}`);
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Stops the timer and ends the checkpoint thread (after the checkpoint it may be running). */
  async close(): Promise<void> {
    this.stop();
    const thread = this.thread;
    this.thread = null;
    await thread?.close();
  }

  private schedule(): void {
    this.timer = setTimeout(() => void this.tick(), this.interval);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    const result = this.thread ? await this.checkpointOffThread() : this.checkpointIfWritten();
    // Aim the next look at about targetFrames of new WAL: sooner while writing is heavy, later when quiet.
    const frames = result?.walFrames ?? 0;
    const { minIntervalMs, intervalMs, targetFrames } = this.options;
    this.interval = frames > 0 ? Math.min(intervalMs, Math.max(minIntervalMs, (this.interval * targetFrames) / frames)) : intervalMs;
    if (this.timer && this.db.open) this.schedule();
  }

  /** As checkpointIfWritten, on the thread; if the thread fails, it is dropped and checkpoints run here again. */
  private async checkpointOffThread(): Promise<CheckpointResult | null> {
    if (!this.db.open || !this.thread) return null;
    const changes = this.totalChanges.get() as number;
    if (changes === this.changesAtLast) return null;
    const thread = this.thread;
    try {
      const row = await thread.checkpoint();
      if (row.checkpointed === row.log) this.changesAtLast = changes;
      return { walFrames: row.log, checkpointed: row.checkpointed };
    } catch (err) {
      // Closed while it waited (the engine is closing): nothing went wrong.
      if (this.thread !== thread || !this.db.open) return null;
      this.logger.warn(`WAL checkpoints on their own thread failed (${String(err)}); they run on the engine's thread from now on`);
      this.thread = null;
      void thread.close();
      return this.checkpointIfWritten();
    }
  }

  /** Checkpoint when anything was written since the last call; null when there was nothing to do. */
  checkpointIfWritten(): CheckpointResult | null {
    if (!this.db.open || this.db.inTransaction) return null;
    try {
      const changes = this.totalChanges.get() as number;
      if (changes === this.changesAtLast) return null;
      const [row] = this.db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
      // Only a complete checkpoint counts: a partial one (another connection reading) is tried again next time.
      if (row && row.checkpointed === row.log) this.changesAtLast = changes;
      return { walFrames: row?.log ?? 0, checkpointed: row?.checkpointed ?? 0 };
    } catch (err) {
      this.logger.warn(`WAL checkpoint failed: ${String(err)}`);
      return null;
    }
  }
}

/**
 * Copies the whole WAL into the database file and truncates it to zero bytes, so frames holding older
 * versions of pages (text since deleted) are gone from disk. False when another connection's read kept part
 * of the WAL in use: the caller must say so rather than claim the text is gone.
 */
export function truncateWal(db: Database): boolean {
  if (db.memory || db.inTransaction) return false;
  const [row] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
  return row !== undefined && row.busy === 0 && row.log <= 0;
}
