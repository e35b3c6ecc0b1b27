/**
 * Hot path (ADR 008 §8): episode node + FTS (trigger) + temporal edge to the session's previous episode.
 * No LLM, no embedding. Calls return the new id at once; writes are group-committed, one transaction
 * per event-loop tick, and `flush()` resolves once everything recorded before it is committed.
 */
import { newId } from './ids';
import type { Database } from 'better-sqlite3';
import { isAheadOfClock, isoTime, type Clock, type Logger } from '../../src-shared/clock';
import { MemoryError } from './errors';
import { insertEdge } from './repo/edges';
import { insertNode, lastEpisodeOfSession, nodeExists } from './repo/nodes';
import { touchSession, type SessionTouch } from './repo/sessions';
import { enqueueSlowPath } from './repo/slow-queue';
import type { JsonObject, SourceType } from '../../src-shared/memory-types';
import { isBusyError, withoutBusyWait, writeTx } from '../storage/write-tx';
import { storageFault } from '../../src-shared/storage-faults';

export interface EpisodeToRecord {
  content: string;
  sessionId: string;
  role: string;
  eventTime?: number | undefined;
  sourceType: SourceType;
  attributes?: JsonObject | undefined;
  /** The space of the chat or client that said it; absent = its session's space (a new session: Personal). */
  spaceId?: string | undefined;
}

interface PendingEpisode extends EpisodeToRecord {
  id: string;
  createdAt: number;
}

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
}

export interface CommittedBatch {
  nodeIds: string[];
  sessionIds: string[];
}

/** Bound on the per-session "previous episode" cache; past it the index lookup answers. */
const LAST_EPISODE_CACHE_LIMIT = 10_000;

/** Pause before retrying a failed commit: 20 ms doubling to 2 s. */
const RETRY_FIRST_MS = 20;
const RETRY_MAX_MS = 2_000;
/** A foreign lock is logged once it has failed this many attempts in a row (20+40+80+160+320 ms ≈ 0.6 s). */
const BUSY_ATTEMPTS_BEFORE_LOGGING = 5;
/** A failure that is not a lock (disk full, I/O) is reported to waiting callers after this many attempts. */
const ATTEMPTS_BEFORE_REPORTING = 5;

/** What the hot path tells its owner when commits fail, and when they work again. */
export interface HotPathHealth {
  failing: boolean;
  pending: number;
  attempts: number;
  lastError: string | null;
}

export class HotPath {
  private queue: PendingEpisode[] = [];
  private waiters: Waiter[] = [];
  private scheduled: NodeJS.Immediate | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private failedAttempts = 0;
  private lastError: string | null = null;
  private readonly lastEpisode = new Map<string, string>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly onCommitted: (batch: CommittedBatch) => void,
    private readonly logger?: Logger,
    private readonly onHealth?: (health: HotPathHealth) => void,
  ) {}

  get pendingCount(): number {
    return this.queue.length;
  }

  get health(): HotPathHealth {
    return { failing: this.failedAttempts > 0, pending: this.queue.length, attempts: this.failedAttempts, lastError: this.lastError };
  }

  /**
   * A message is said when it is said: one dated after this machine's clock (a typo'd 2099, a crafted file)
   * would stand as the newest thing the person said for decades and outrank every real change.
   */
  private refuseFuture(episode: EpisodeToRecord): void {
    const now = this.clock.now();
    if (episode.eventTime !== undefined && isAheadOfClock(episode.eventTime, now)) {
      throw new MemoryError('invalid_input', `eventTime ${isoTime(episode.eventTime) ?? episode.eventTime} is after this machine's clock (${isoTime(now) ?? now}): a message cannot be said in the future`);
    }
  }

  /** Queue an (already validated) episode; returns its id immediately. */
  record(episode: EpisodeToRecord): string {
    this.refuseFuture(episode);
    const id = newId();
    this.queue.push({ ...episode, id, createdAt: this.clock.now() });
    if (!this.retryTimer) this.scheduled ??= setImmediate(() => this.commitQueued());
    return id;
  }

  /**
   * Write an (already validated) episode now, inside the caller's transaction when there is one, so the
   * caller's own rows (a chat message and its episode) commit together or not at all. Change events and the
   * slow path follow once the row is visible outside the transaction (checked after it ends: a rollback
   * leaves nothing to announce).
   */
  recordNow(episode: EpisodeToRecord): string {
    this.refuseFuture(episode);
    const write = (): string => this.insertNow([episode])[0] as string;
    const id = this.db.inTransaction ? write() : writeTx(this.db, write);
    queueMicrotask(() => {
      if (this.db.open && !this.db.inTransaction && nodeExists(this.db, id)) this.announce([id], [episode.sessionId]);
    });
    return id;
  }

  /**
   * Resolves when every episode recorded so far is committed. While commits fail it keeps waiting (they are
   * retried); it rejects only when a failure other than a foreign lock persists, and the episodes stay queued.
   */
  flush(): Promise<void> {
    if (this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.holdProcessWhileAwaited();
    });
  }

  /** Commit now, synchronously. Other writers call this first so the single writer stays ordered. */
  flushSync(): void {
    this.commitQueued();
  }

  /**
   * Insert episodes at once, inside the caller's transaction (an import commits its chat rows and their
   * episodes together). Queued episodes are committed first so the writer stays ordered. The caller reports
   * the ids with `announce` after its commit.
   */
  insertNow(episodes: readonly EpisodeToRecord[]): string[] {
    for (const episode of episodes) this.refuseFuture(episode);
    this.flushSync();
    const previous = new Map<string, string>();
    const ids: string[] = [];
    try {
      const touched = new Map<string, SessionTouch>();
      for (const episode of episodes) {
        const ep: PendingEpisode = { ...episode, id: newId(), createdAt: this.clock.now() };
        this.insertEpisode(ep, previous, touched);
        ids.push(ep.id);
      }
      touchSessions(this.db, touched);
    } finally {
      // The caller's transaction may still roll back: the cache must not point at episodes it may undo.
      for (const session of previous.keys()) this.lastEpisode.delete(session);
    }
    return ids;
  }

  /** After the caller's commit of `insertNow`: tell the change feed and the slow path. */
  announce(nodeIds: string[], sessionIds: string[]): void {
    if (nodeIds.length > 0) this.onCommitted({ nodeIds, sessionIds });
  }

  /**
   * Shutdown: commit what is queued, waiting up to `timeoutMs` for a foreign lock to go. Returns how many
   * episodes could not be written (logged by the caller; zero unless the database stayed locked or broken).
   */
  async drain(timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      this.commitQueued();
      if (this.queue.length === 0) return 0;
      if (Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const lost = this.queue.length;
    const err = new MemoryError('storage', `${lost} episode(s) could not be recorded before shutdown: ${this.lastError ?? 'unknown error'}`);
    for (const w of this.waiters) w.reject(err);
    this.waiters = [];
    return lost;
  }

  private commitQueued(): void {
    if (this.scheduled) {
      clearImmediate(this.scheduled);
      this.scheduled = null;
    }
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    const batch = this.queue;
    const waiters = this.waiters;
    if (batch.length === 0) {
      for (const w of waiters) w.resolve();
      this.waiters = [];
      return;
    }
    this.queue = [];
    this.waiters = [];
    const previous = new Map<string, string>();
    try {
      // Fail fast on a foreign lock instead of blocking the event loop for the busy timeout: we retry.
      withoutBusyWait(this.db, () =>
        writeTx(this.db, () => {
          const touched = new Map<string, SessionTouch>();
          for (const ep of batch) this.insertEpisode(ep, previous, touched);
          touchSessions(this.db, touched);
        }),
      );
    } catch (cause) {
      this.requeue(batch, waiters, cause);
      return;
    }
    if (this.failedAttempts > 0) {
      this.logger?.warn(`Recording works again: ${batch.length} delayed episode(s) committed after ${this.failedAttempts} failed attempt(s)`);
      this.failedAttempts = 0;
      this.lastError = null;
      this.onHealth?.(this.health);
    }
    if (this.lastEpisode.size + previous.size > LAST_EPISODE_CACHE_LIMIT) this.lastEpisode.clear();
    for (const [session, id] of previous) this.lastEpisode.set(session, id);
    for (const w of waiters) w.resolve();
    this.onCommitted({ nodeIds: batch.map((e) => e.id), sessionIds: [...previous.keys()] });
  }

  /** A failed batch goes back to the front of the queue (order kept) and is retried with backoff; never dropped. */
  private requeue(batch: PendingEpisode[], waiters: Waiter[], cause: unknown): void {
    this.queue = [...batch, ...this.queue];
    this.failedAttempts++;
    const busy = isBusyError(cause);
    this.lastError = busy ? 'the database is locked by another program' : (storageFault(cause, 'the memory')?.message ?? String(cause));
    const delay = Math.min(RETRY_FIRST_MS * 2 ** (this.failedAttempts - 1), RETRY_MAX_MS);
    // Another process writing for a moment is normal (the CLI, an MCP server): say so only when it lasts
    // (about 0.6 s, then every ~40 s); any other failure at once.
    const worthSaying = busy ? this.failedAttempts === BUSY_ATTEMPTS_BEFORE_LOGGING || this.failedAttempts % 20 === 0 : this.failedAttempts === 1 || this.failedAttempts % 10 === 0;
    if (worthSaying) {
      const log = busy ? this.logger?.warn.bind(this.logger) : this.logger?.error.bind(this.logger);
      log?.(`Recording ${this.queue.length} episode(s) failed (attempt ${this.failedAttempts}: ${this.lastError}); retrying in ${delay} ms`);
    }
    if (!busy && this.failedAttempts >= ATTEMPTS_BEFORE_REPORTING) {
      const err = new MemoryError(
        'storage',
        `Recording ${this.queue.length} episode(s) has failed ${this.failedAttempts} times (${this.lastError}); Engram keeps them queued and keeps retrying.`,
        { cause },
      );
      for (const w of waiters) w.reject(err);
    } else {
      this.waiters = [...waiters, ...this.waiters];
    }
    this.onHealth?.(this.health);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.commitQueued();
    }, delay);
    this.holdProcessWhileAwaited();
  }

  /**
   * A retry nobody awaits must not keep the process alive (the app quits through `close()`, which drains).
   * A retry someone awaits (`flush()` in a CLI command) must: with nothing else scheduled, Node would end the
   * process with the command's promise unsettled — exit 0, output never printed, episodes never written.
   */
  private holdProcessWhileAwaited(): void {
    if (!this.retryTimer) return;
    if (this.waiters.length > 0) this.retryTimer.ref?.();
    else this.retryTimer.unref?.();
  }

  private insertEpisode(ep: PendingEpisode, previousInBatch: Map<string, string>, touched: Map<string, SessionTouch>): void {
    const eventTime = ep.eventTime ?? ep.createdAt;
    // Look the previous episode up before inserting, so the new one cannot find itself.
    const prevId =
      previousInBatch.get(ep.sessionId) ??
      this.lastEpisode.get(ep.sessionId) ??
      lastEpisodeOfSession(this.db, ep.sessionId)?.id;
    insertNode(this.db, {
      id: ep.id,
      type: 'episodic',
      content: ep.content,
      eventTime,
      createdAt: ep.createdAt,
      validFrom: eventTime,
      confidence: 1.0,
      // Episodes never decay: they are the immutable record of what was said.
      decayRate: 0,
      sourceType: ep.sourceType,
      sourceRole: ep.role,
      sessionId: ep.sessionId,
      spaceId: ep.spaceId ?? null,
      attributes: ep.attributes ?? {},
    });
    if (prevId) {
      insertEdge(this.db, {
        sourceId: prevId,
        targetId: ep.id,
        relationType: 'temporal',
        predicate: 'next',
        validFrom: eventTime,
        createdAt: ep.createdAt,
      });
    }
    previousInBatch.set(ep.sessionId, ep.id);
    const touch = touched.get(ep.sessionId);
    if (touch) {
      touch.first = Math.min(touch.first, eventTime);
      touch.last = Math.max(touch.last, eventTime);
      touch.count++;
    } else {
      touched.set(ep.sessionId, { first: eventTime, last: eventTime, count: 1, spaceId: ep.spaceId ?? null });
    }
    enqueueSlowPath(this.db, ep.id, ep.createdAt);
  }
}

function touchSessions(db: Database, touched: ReadonlyMap<string, SessionTouch>): void {
  for (const [sessionId, touch] of touched) touchSession(db, sessionId, touch);
}
