import { createEmbeddingProvider } from '../embeddings';
import { MemoryEngine } from '../memory/engine';
import { MemoryError } from '../memory/errors';
import { defaultDataDir } from '../memory/paths';

export interface EngineFlags {
  dataDir: string | undefined;
  embeddingBaseUrl: string | undefined;
  embeddingModel: string | undefined;
  embeddingDimensions: string | undefined;
}

/** Open the engine for a CLI run: offline embedder unless an OpenAI-compatible endpoint is named. */
export function openEngine(flags: EngineFlags): MemoryEngine {
  const dataDir = flags.dataDir ?? defaultDataDir();
  if (!flags.embeddingBaseUrl) return MemoryEngine.open({ dataDir });
  if (!flags.embeddingModel) throw new MemoryError('invalid_input', '--embedding-model is required with --embedding-base-url');
  const dimensions = Number(flags.embeddingDimensions ?? 256);
  if (!Number.isInteger(dimensions) || dimensions <= 0) {
    throw new MemoryError('invalid_input', `--embedding-dimensions: not a positive integer: ${flags.embeddingDimensions}`);
  }
  const embedder = createEmbeddingProvider({
    kind: 'openai-compatible',
    baseURL: flags.embeddingBaseUrl,
    model: flags.embeddingModel,
    dimensions,
    ...(process.env.ENGRAM_EMBEDDING_API_KEY ? { apiKey: process.env.ENGRAM_EMBEDDING_API_KEY } : {}),
  });
  return MemoryEngine.open({ dataDir, embedder });
}
