import { createEmbeddingProvider, defaultEmbedder } from '../embeddings';
import type { EmbeddingProvider } from '../embeddings/types';
import { type DataDirEnvironment, MemoryEngine, resolveDataDir } from '../memory';
import { UsageError } from '../../src-shared/errors';
import { keyAccessFromEnv } from './encryption-commands';

export interface EngineFlags {
  dataDir: string | undefined;
  embeddingBaseUrl: string | undefined;
  embeddingModel: string | undefined;
  embeddingDimensions: string | undefined;
}

/** The embedder the flags ask for: the app's offline one unless an OpenAI-compatible endpoint is named. */
export function embedderFromFlags(flags: EngineFlags): EmbeddingProvider {
  if (!flags.embeddingBaseUrl) return defaultEmbedder();
  if (!flags.embeddingModel) throw new UsageError('--embedding-model is required with --embedding-base-url');
  const dimensions = Number(flags.embeddingDimensions ?? 256);
  if (!Number.isInteger(dimensions) || dimensions <= 0) {
    throw new UsageError(`--embedding-dimensions: not a positive integer: ${flags.embeddingDimensions}`);
  }
  return createEmbeddingProvider({
    kind: 'openai-compatible',
    baseURL: flags.embeddingBaseUrl,
    model: flags.embeddingModel,
    dimensions,
    ...(process.env.ENGRAM_EMBEDDING_API_KEY ? { apiKey: process.env.ENGRAM_EMBEDDING_API_KEY } : {}),
  });
}

/** The CLI's (and its MCP server's) data folder: --data-dir, else the default the app and browser mode share. */
export const cliDataDir = (flags: Pick<EngineFlags, 'dataDir'>, where: DataDirEnvironment = {}): string => resolveDataDir(flags.dataDir, where);

/**
 * `longLived`: the command serves until stopped (`mcp`), so an earlier offline embedder's vectors are rebuilt in the
 * background as the app does; any other command leaves them as they are (vector search off, with the warning).
 */
export function openEngine(flags: EngineFlags, longLived = false): MemoryEngine {
  return MemoryEngine.open({ dataDir: cliDataDir(flags), embedder: embedderFromFlags(flags), encryption: keyAccessFromEnv(process.env), upgradeOfflineVectors: longLived });
}
