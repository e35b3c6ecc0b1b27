/**
 * One transaction around many knowledge operations, with explicit after-commit hooks. Inside `run`, change
 * events and slow-path work are held as hooks; they run once the outermost transaction commits and are dropped
 * on rollback (an event about a row that no longer exists would send the views after a ghost; slow-path work
 * started inside would embed rows not yet committed, on this same connection, inside our transaction).
 * Outside `run` a hook runs at once, so operations never need to know whether they are inside one.
 */
import type { Database } from 'better-sqlite3';
import { writeTx } from '../storage/write-tx';
import { ChangeFeed } from './change-feed';
import type { Logger } from '../../src-shared/clock';
import type { SlowPath } from './slow-path';
import type { MemoryChange } from '../../src-shared/memory-types';

export class AfterCommitHooks {
  private held: (() => void)[] | null = null;

  get inTransaction(): boolean {
    return this.held !== null;
  }

  /** Runs `hook` after the current transaction commits, or now when none is open. */
  afterCommit(hook: () => void): void {
    if (this.held) this.held.push(hook);
    else hook();
  }

  /** `fn` in one BEGIN IMMEDIATE transaction (joined when one is already running); hooks run after commit. */
  run<T>(db: Database, fn: () => T): T {
    if (this.held) return fn();
    const held: (() => void)[] = [];
    this.held = held;
    let result: T;
    try {
      result = writeTx(db, fn);
    } finally {
      this.held = null;
    }
    for (const hook of held) hook();
    return result;
  }
}

/** The change feed operations emit to: an emit inside a transaction is delivered after its commit. */
export class CommittedChangeFeed extends ChangeFeed {
  constructor(
    logger: Logger,
    private readonly hooks: AfterCommitHooks,
  ) {
    super(logger);
  }

  override emit(change: MemoryChange): void {
    this.hooks.afterCommit(() => super.emit(change));
  }

  /** For the hot and slow paths' own commits, which are never part of a caller's transaction. */
  emitNow(change: MemoryChange): void {
    super.emit(change);
  }
}

/** What operations ask of the slow path; kicks and entity re-embeds wait for the commit. */
export type SlowPathQueue = Pick<SlowPath, 'kick' | 'queueEntity' | 'drain' | 'stop'>;

export function committedSlowPath(slow: SlowPath, hooks: AfterCommitHooks): SlowPathQueue {
  return {
    kick: () => hooks.afterCommit(() => slow.kick()),
    queueEntity: (id) => hooks.afterCommit(() => slow.queueEntity(id)),
    drain: (onProgress) => slow.drain(onProgress),
    stop: () => slow.stop(),
  };
}
