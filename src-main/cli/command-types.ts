/**
 * What a CLI command is and what it is given. Its own module, so the command files (commands.ts lists them all)
 * import the types without importing the list: no import circle.
 */
import type { EmbeddingProvider } from '../embeddings/types';
import type { MemoryEngine } from '../memory';

export interface CommandContext {
  engine: MemoryEngine;
  args: string[];
  json: boolean;
  now: string | undefined;
  /** Named options of the command (--type, --entity, --after, --before, --limit, --k, …). */
  options: Record<string, string | undefined>;
  /** A fresh embedder like the engine's (for commands that open memories of their own). */
  makeEmbedder(): EmbeddingProvider;
  readFile(path: string): string;
  out(text: string): void;
  /** Transient progress line (stderr, only on a terminal). */
  progress(text: string): void;
  /** A line the person must see whatever the output (stderr, kept): what a command did not do as asked. */
  notice(text: string): void;
  /** `--space NAME`, resolved to its id (absent: every space for reads, Personal for writes). */
  spaceId?: string | undefined;
}

export type Command = (ctx: CommandContext) => Promise<void>;
