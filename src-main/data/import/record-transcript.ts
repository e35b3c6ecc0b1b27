import type { MemoryEngine } from '../../memory';
import type { TranscriptEpisode } from './transcript-file';

/**
 * Record imported transcript episodes through the hot path, committing in groups so the slow path can
 * interleave as in a live app, then wait until everything is embedded and linked. Returns the node ids,
 * parallel to `episodes`.
 */
export async function recordTranscript(
  engine: MemoryEngine,
  episodes: readonly TranscriptEpisode[],
  onProgress?: (message: string) => void,
  /** The space the transcript goes to (`--space`); absent = Personal. */
  spaceId?: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (const ep of episodes) {
    ids.push(
      engine.recordEpisode({
        content: ep.content,
        sessionId: ep.sessionId,
        role: ep.role,
        eventTime: ep.eventTime,
        sourceType: 'import',
        attributes: ep.attributes,
        ...(spaceId !== undefined ? { spaceId } : {}),
      }),
    );
    if (ids.length % 1000 === 0) {
      await engine.flush();
      onProgress?.(`recorded ${ids.length}/${episodes.length} episodes`);
    }
  }
  await engine.flush();
  await engine.drainSlowPath((p) => onProgress?.(`embedded ${p.processed}, ${p.remaining} to go`));
  return ids;
}
