import type { Database } from 'better-sqlite3';
import type { EmbeddingProvider } from '../embeddings/types';
import { getEntity } from './repo/entities';
import type { ChangeFeed } from './change-feed';
import type { Clock, Logger } from '../../src-shared/clock';
import { aliasIndexOf, type AliasIndex } from './entity-mentions';
import { HotPath } from './hot-path';
import { SlowPath, type SlowPathOptions } from './slow-path';
import { CommittedChangeFeed, committedSlowPath, type AfterCommitHooks, type SlowPathQueue } from './transactions';

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

export interface ContextWiring {
  db: Database;
  embedder: EmbeddingProvider;
  clock: Clock;
  logger: Logger;
  hooks: AfterCommitHooks;
  slowPath: SlowPathOptions;
  pruneThreshold: number;
  vectorsEnabled(): boolean;
}

/**
 * The hot and slow paths and the context operations share. The hot and slow paths commit on their own, never
 * inside a caller's transaction, so their events go out at once; operations' events and slow-path work wait
 * for the commit (transactions.ts).
 */
export function buildContext(w: ContextWiring): { ctx: EngineContext; slowPath: SlowPath; feed: CommittedChangeFeed; aliases: () => AliasIndex } {
  const { db, clock, logger } = w;
  // Mention matching's index of entity names, rebuilt on first use after names change.
  let aliasIndex: AliasIndex | null = null;
  const aliases = () => (aliasIndex ??= aliasIndexOf(db));
  const feed = new CommittedChangeFeed(logger, w.hooks);
  const onFlushed = (batch: { nodeIds: string[]; sessionIds: string[] }) => {
    feed.emitNow({ kind: 'episodes.recorded', nodeIds: batch.nodeIds, sessionIds: batch.sessionIds });
    slowPath.kick();
  };
  const hot = new HotPath(db, clock, onFlushed, logger);
  const slowPath: SlowPath = new SlowPath(db, w.embedder, clock, logger, {
    aliasIndex: aliases,
    vectorsEnabled: w.vectorsEnabled,
    onEmbedded: (nodeIds) => feed.emitNow({ kind: 'nodes.embedded', nodeIds }),
    onLinked: (links) => feed.emitNow({ kind: 'entities.linked', links }),
    entityText: (id) => {
      const e = getEntity(db, id);
      return e && !e.mergedInto ? [e.canonicalName, ...e.aliases, e.summary ?? ''].join('. ') : undefined;
    },
  }, w.slowPath);
  const ctx: EngineContext = { db, clock, logger, feed, hot, slow: committedSlowPath(slowPath, w.hooks), invalidateAliases: () => void (aliasIndex = null), pruneThreshold: w.pruneThreshold };
  return { ctx, slowPath, feed, aliases };
}
