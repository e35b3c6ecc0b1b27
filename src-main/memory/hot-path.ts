/**
 * Hot path (ADR 008 §8): episode node + FTS (trigger) + temporal edge to the session's previous episode.
 * No LLM, no embedding. Calls return the new id at once; writes are group-committed, one transaction
 * per event-loop tick, and `flush()` resolves once everything recorded before it is committed.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Clock } from './clock';
import { MemoryError } from './errors';
import { insertEdge } from './repo/edges';
import { insertNode, lastEpisodeOfSession } from './repo/nodes';
import { touchSession } from './repo/sessions';
import { enqueueSlowPath } from './repo/slow-queue';
import type { JsonObject, SourceType } from './types';

export interface EpisodeToRecord {
  content: string;
  sessionId: string;
  role: string;
  eventTime?: number | undefined;
  sourceType: SourceType;
  attributes?: JsonObject | undefined;
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

export class HotPath {
  private queue: PendingEpisode[] = [];
  private waiters: Waiter[] = [];
  private scheduled: NodeJS.Immediate | null = null;
  private readonly lastEpisode = new Map<string, string>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly onCommitted: (batch: CommittedBatch) => void,
  ) {}

  get pendingCount(): number {
    return this.queue.length;
  }

  /** Queue an (already validated) episode; returns its id immediately. */
  record(episode: EpisodeToRecord): string {
    const id = randomUUID();
    this.queue.push({ ...episode, id, createdAt: this.clock.now() });
    this.scheduled ??= setImmediate(() => this.commitQueued());
    return id;
  }

  /** Resolves when every episode recorded so far is committed; rejects if that commit failed. */
  flush(): Promise<void> {
    if (this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
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
    this.flushSync();
    const previous = new Map<string, string>();
    const ids: string[] = [];
    try {
      for (const episode of episodes) {
        const ep: PendingEpisode = { ...episode, id: randomUUID(), createdAt: this.clock.now() };
        this.insertEpisode(ep, previous);
        ids.push(ep.id);
      }
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

  private commitQueued(): void {
    if (this.scheduled) {
      clearImmediate(this.scheduled);
      this.scheduled = null;
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
      this.db.transaction(() => {
        for (const ep of batch) this.insertEpisode(ep, previous);
      })();
    } catch (cause) {
      const err = new MemoryError('storage', `Recording ${batch.length} episode(s) failed: ${String(cause)}`, { cause });
      for (const w of waiters) w.reject(err);
      return;
    }
    if (this.lastEpisode.size + previous.size > LAST_EPISODE_CACHE_LIMIT) this.lastEpisode.clear();
    for (const [session, id] of previous) this.lastEpisode.set(session, id);
    for (const w of waiters) w.resolve();
    this.onCommitted({ nodeIds: batch.map((e) => e.id), sessionIds: [...previous.keys()] });
  }

  private insertEpisode(ep: PendingEpisode, previousInBatch: Map<string, string>): void {
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
    touchSession(this.db, ep.sessionId, eventTime);
    enqueueSlowPath(this.db, ep.id, ep.createdAt);
  }
}
