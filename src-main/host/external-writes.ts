/**
 * The running app notices what another process wrote to its memory file (`engram mcp` started by another app,
 * a CLI run): a cheap data_version check on a timer. The engine then refreshes its caches and emits
 * `external.changed` (the views refresh), and conversations that process recorded and completed are handed to
 * this app's write path, which that process does not run.
 */
import type { Logger } from '../../src-shared/clock';
import type { MemoryEngine } from '../memory';
import type { WritePathService } from '../writepath/service';
import { isMcpSession } from '../../src-shared/session-ids';

export const EXTERNAL_WRITES_INTERVAL_MS = 1_000;

export function watchExternalWrites(
  engine: MemoryEngine,
  writePath: WritePathService,
  logger: Logger,
  intervalMs = EXTERNAL_WRITES_INTERVAL_MS,
): () => void {
  const handOver = (only?: (id: string) => boolean): void => {
    for (const s of engine.writePathStore.pendingSessions({ idleBefore: 0 })) {
      if (s.status === 'completed' && (!only || only(s.id))) writePath.sessionCompleted(s.id);
    }
  };
  // Whoever noticed the change (this timer, or the MCP server before a call), the sessions are handed over.
  const off = engine.onChange((change) => {
    if (change.kind === 'external.changed') handOver();
  });
  // Conversations another app recorded while this one was closed.
  const atLaunch = setImmediate(() => {
    try {
      handOver(isMcpSession);
    } catch (err) {
      logger.warn(`handing over conversations recorded by other apps failed: ${String(err)}`);
    }
  });
  const timer = setInterval(() => {
    try {
      engine.checkExternalWrites();
    } catch (err) {
      logger.warn(`checking for changes by another process failed: ${String(err)}`);
    }
  }, intervalMs);
  timer.unref();
  return () => {
    clearImmediate(atLaunch);
    clearInterval(timer);
    off();
  };
}
