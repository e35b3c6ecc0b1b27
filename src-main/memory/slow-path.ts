/**
 * Slow path (ADR 008 §9): embeds queued nodes in batches and links regex mentions to existing entities.
 * The backlog lives in `slow_path_queue` (written in the hot path's transaction), so nothing is lost on
 * a crash and memory use is bounded by one batch. Failures back off exponentially and stay visible in stats.
 */
import type { Database } from 'better-sqlite3';
import type { EmbeddingProvider } from '../embeddings/types';
import { yieldToLoop, type Clock, type Logger } from '../../src-shared/clock';
import type { AliasIndex } from './entity-mentions';
import { adjustMentionCount, linkNodeEntity } from './repo/entities';
import {
  completeSlowPathItem,
  deferSlowPathItem,
  dueSlowPathItems,
  nextSlowPathAttemptAt,
  type DueItem,
} from './repo/slow-queue';
import { upsertEntityVector, upsertNodeVector } from './repo/vectors';
import { isBusyError, writeTxWhenFree } from '../storage/write-tx';
import { MemoryError } from '../../src-shared/errors';
import { storageFault } from '../../src-shared/storage-faults';
import { isZeroVector } from '../../src-shared/vectors';

export interface SlowPathOptions {
  batchSize: number;
  /** When false, work runs only through drain() (benchmarks and tests measuring the hot path alone). */
  automatic: boolean;
  /** First retry delay; doubles per attempt up to maxBackoffMs. */
  baseBackoffMs: number;
  maxBackoffMs: number;
  /**
   * How long a batch's write waits for another process's write lock, without blocking the event loop, before
   * the batch fails (and is retried with backoff).
   */
  lockWaitMs: number;
}

export const DEFAULT_SLOW_PATH_OPTIONS: SlowPathOptions = { batchSize: 32, automatic: true, baseBackoffMs: 1_000, maxBackoffMs: 3_600_000, lockWaitMs: 30_000 };

/** After a failed run (a lock that outlasted the wait, a full disk), the next comes after this pause, doubling. */
const FAILED_RUN_FIRST_RETRY_MS = 1_000;
const FAILED_RUN_MAX_RETRY_MS = 60_000;

/** Items wait here, not retried, while the vector index is locked to another model (until `reembed`). */
export const PARKED = Number.MAX_SAFE_INTEGER;

export interface SlowPathHooks {
  aliasIndex(): AliasIndex;
  /** Whether vectors may be written (false while the embedding model does not match the lock, re-read when false). */
  vectorsEnabled(): boolean;
  onEmbedded(nodeIds: string[]): void;
  onLinked(links: { nodeId: string; entityId: string }[]): void;
  /** Entity text to embed, or undefined when the entity no longer exists. */
  entityText(entityId: string): string | undefined;
}

export interface SlowPathProgress {
  processed: number;
  remaining: number;
}

export class SlowPath {
  /** The run in flight; it never rejects: it resolves to its failure, or null. */
  private running: Promise<MemoryError | null> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Aborted by stop(): a batch waiting for another program's lock gives up instead of delaying shutdown. */
  private readonly stopping = new AbortController();
  private failedRuns = 0;
  private readonly pendingEntities = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly embedder: EmbeddingProvider,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly hooks: SlowPathHooks,
    private readonly options: SlowPathOptions = DEFAULT_SLOW_PATH_OPTIONS,
  ) {}

  /** Ask for work soon; cheap to call after every commit. */
  kick(): void {
    if (this.stopped || this.running || !this.options.automatic) return;
    this.startRun();
  }

  private startRun(onProgress?: (p: SlowPathProgress) => void): Promise<MemoryError | null> {
    const run = this.loop(onProgress).finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  queueEntity(entityId: string): void {
    this.pendingEntities.add(entityId);
    this.kick();
  }

  /**
   * Process everything that is due now; resolves when the due backlog is empty. Rejects with a typed error when
   * a run fails (a lock that outlasted the wait, a full disk): the backlog stays queued for a later run.
   */
  async drain(onProgress?: (p: SlowPathProgress) => void): Promise<void> {
    while (!this.stopped) {
      const failure = await (this.running ?? this.startRun(onProgress));
      if (failure) throw failure;
      if (!this.hasDueWork()) return;
    }
  }

  /** Stop taking new batches and wait for the one in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running) await this.running;
  }

  private hasDueWork(): boolean {
    const next = nextSlowPathAttemptAt(this.db);
    return this.pendingEntities.size > 0 || (next !== undefined && next <= this.clock.now());
  }

  /** One run over the due backlog. Never rejects: a failure is logged, retried later, and returned. */
  private async loop(onProgress?: (p: SlowPathProgress) => void): Promise<MemoryError | null> {
    try {
      await this.runBatches(onProgress);
    } catch (err) {
      return this.runFailed(err);
    }
    this.failedRuns = 0;
    this.scheduleRetry();
    return null;
  }

  private async runBatches(onProgress?: (p: SlowPathProgress) => void): Promise<void> {
    let processed = 0;
    // Counted once, then estimated: counting a million-row queue after every batch of 32 made a large
    // drain quadratic (0.2 s a count at 1M). Recounted only when the estimate runs out (new work arrived).
    let remaining = onProgress ? this.countRemaining() : 0;
    // kick() runs right after a commit: the batch gets a turn of its own rather than lengthening that one.
    await yieldToLoop();
    while (!this.stopped) {
      if (this.pendingEntities.size > 0) await this.embedEntities();
      const items = dueSlowPathItems(this.db, this.clock.now(), this.options.batchSize);
      if (items.length === 0) break;
      await this.processBatch(items);
      processed += items.length;
      if (onProgress) {
        remaining = remaining > items.length ? remaining - items.length : this.countRemaining();
        onProgress({ processed, remaining });
      }
      // Yield between batches so the hot path and the UI keep the event loop.
      await yieldToLoop();
    }
  }

  /**
   * A run that threw (before, an unhandled rejection that ended a CLI or MCP process): say so, try again after a
   * growing pause, and hand the caller a typed error naming the cause. The items stay in the durable queue.
   */
  private runFailed(err: unknown): MemoryError {
    // Stopped while waiting: the batch stays queued for the next start; nothing to report.
    if (this.stopped && err instanceof MemoryError && err.code === 'closed') return err;
    this.failedRuns++;
    const busy = isBusyError(err) || (err instanceof MemoryError && err.code === 'busy');
    const error =
      storageFault(err, 'the memory') ??
      (err instanceof MemoryError ? err : new MemoryError('storage', `Embedding and linking new memories failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err }));
    const delay = Math.min(FAILED_RUN_FIRST_RETRY_MS * 2 ** (this.failedRuns - 1), FAILED_RUN_MAX_RETRY_MS);
    if (this.failedRuns === 1 || this.failedRuns % 10 === 0) {
      const message = `Embedding and linking new memories failed (attempt ${this.failedRuns}): ${error.message}; retrying in ${delay} ms`;
      if (busy) this.logger.warn(message);
      else this.logger.error(message);
    }
    if (!this.stopped && this.options.automatic) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.timer = null;
        this.kick();
      }, delay);
      this.timer.unref();
    }
    return error;
  }

  private countRemaining(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM slow_path_queue WHERE next_attempt_at < ?').get(PARKED) as { n: number }).n;
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    const next = nextSlowPathAttemptAt(this.db);
    if (next === undefined || next >= PARKED) return;
    const delay = Math.max(0, next - this.clock.now());
    if (this.timer) clearTimeout(this.timer);
    if (!this.options.automatic) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, Math.min(delay, 2 ** 31 - 1));
    this.timer.unref();
  }

  private async processBatch(items: DueItem[]): Promise<void> {
    const vectorsOn = this.hooks.vectorsEnabled();
    let vectors: Float32Array[] | null = null;
    let failure: string | null = null;
    if (vectorsOn) {
      try {
        vectors = await this.embedder.embedBatch(items.map((i) => i.content));
        if (vectors.length !== items.length) throw new Error(`provider returned ${vectors.length} vectors for ${items.length} texts`);
      } catch (err) {
        failure = err instanceof Error ? err.message : String(err);
      }
    }
    if (!this.db.open) return;
    const now = this.clock.now();
    const index = this.hooks.aliasIndex();
    // Mentions are read before the write lock is taken: text work inside it would hold off every other writer.
    const mentioned = items.map((item) => index.match(item.content));
    const links: { nodeId: string; entityId: string }[] = [];
    const embedded: string[] = [];
    // Another process may hold the write lock (the app, the CLI, an MCP server): wait without blocking the loop.
    await writeTxWhenFree(this.db, () => {
      const newMentions = new Map<string, number>();
      for (const [i, item] of items.entries()) {
        // Linking does not depend on the embedder, so it happens even when embedding failed.
        for (const entityId of mentioned[i] ?? []) {
          if (linkNodeEntity(this.db, item.node_id, entityId)) {
            links.push({ nodeId: item.node_id, entityId });
            if (item.active === 1) newMentions.set(entityId, (newMentions.get(entityId) ?? 0) + 1);
          }
        }
        const vector = vectors?.[i];
        if (vector) {
          // A text without words embeds to zero, which has no direction: it stays out of KNN.
          if (!isZeroVector(vector)) upsertNodeVector(this.db, item.node_id, item.type, item.active === 1, vector);
          completeSlowPathItem(this.db, item.node_id);
          embedded.push(item.node_id);
        } else if (!vectorsOn) {
          // Re-checked inside the transaction: another process may have just rebuilt the vectors with this embedder
          // (its queue is then left due, to be embedded here too).
          if (this.hooks.vectorsEnabled()) continue;
          deferSlowPathItem(this.db, item.node_id, item.attempts, PARKED, 'vector index locked to another embedding model: run reembed');
        } else {
          const attempts = item.attempts + 1;
          const backoff = Math.min(this.options.maxBackoffMs, this.options.baseBackoffMs * 2 ** (attempts - 1));
          deferSlowPathItem(this.db, item.node_id, attempts, now + backoff, failure ?? 'embedding failed');
        }
      }
      for (const [entityId, n] of newMentions) adjustMentionCount(this.db, entityId, n, now);
    }, { timeoutMs: this.options.lockWaitMs, signal: this.stopping.signal });
    if (failure) this.logger.warn(`embedding ${items.length} node(s) failed, will retry: ${failure}`);
    if (embedded.length > 0) this.hooks.onEmbedded(embedded);
    if (links.length > 0) this.hooks.onLinked(links);
  }

  private async embedEntities(): Promise<void> {
    if (!this.hooks.vectorsEnabled()) {
      this.pendingEntities.clear();
      return;
    }
    const ids = [...this.pendingEntities].slice(0, this.options.batchSize);
    const texts: { id: string; text: string }[] = [];
    for (const id of ids) {
      const text = this.hooks.entityText(id);
      if (text) texts.push({ id, text });
    }
    try {
      const vectors = texts.length > 0 ? await this.embedder.embedBatch(texts.map((t) => t.text)) : [];
      await writeTxWhenFree(this.db, () => {
        for (const [i, t] of texts.entries()) {
          const v = vectors[i];
          if (v && !isZeroVector(v)) upsertEntityVector(this.db, t.id, v);
        }
      }, { timeoutMs: this.options.lockWaitMs, signal: this.stopping.signal });
      for (const id of ids) this.pendingEntities.delete(id);
    } catch (err) {
      // Entity vectors are rebuilt on the next start or reembed; keep going with nodes.
      this.logger.warn(`embedding ${texts.length} entit(ies) failed: ${err instanceof Error ? err.message : String(err)}`);
      for (const id of ids) this.pendingEntities.delete(id);
    }
  }
}
