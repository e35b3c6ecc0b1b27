import type { EmbeddingProvider } from '../embeddings/types';
import type { CheckpointOptions } from '../storage/checkpoint';
import type { EncryptionOptions } from '../storage/memory-key';
import type { Clock, Logger } from '../../src-shared/clock';
import type { RetrievalConfig } from './retrieval/config';
import type { SlowPathOptions } from './slow-path';

export interface MemoryEngineOptions {
  /** Folder holding engram.db; ignored when dbPath is given. */
  dataDir?: string;
  dbPath?: string;
  embedder?: EmbeddingProvider;
  clock?: Clock;
  logger?: Logger;
  pruneThreshold?: number;
  slowPath?: Partial<SlowPathOptions>;
  /**
   * Run the slow path in the background (default true). When false it runs only through drainSlowPath(),
   * so benchmarks and tests can measure or inspect the hot path alone.
   */
  startSlowPath?: boolean;
  /**
   * Rebuild an earlier offline embedder's vectors with this one, in the background, when the slow path runs
   * (default false). Long-lived hosts (the app, browser mode, MCP servers) ask for it; a CLI command or a preview
   * does not change a memory it only reads: vector search stays off there, with the warning to run `reembed`.
   */
  upgradeOfflineVectors?: boolean;
  nativeBinding?: string;
  retrieval?: Partial<RetrievalConfig>;
  /** WAL checkpoints on a timer, between other work (storage/checkpoint.ts). */
  checkpoint?: Partial<CheckpointOptions>;
  /** How the memory's key is unlocked (keychain, passphrase) and whether a new memory is encrypted (default yes). */
  encryption?: EncryptionOptions;
}
