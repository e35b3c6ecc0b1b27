import type { Logger } from '../../src-shared/clock';
import type { MemoryChange } from '../../src-shared/memory-types';

export type ChangeListener = (change: MemoryChange) => void;

/** Fan-out of change events. A failing listener is logged and never breaks the write that emitted. */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();

  constructor(private readonly logger: Logger) {}

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: MemoryChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (err) {
        this.logger.error(`change listener failed on ${change.kind}`, err);
      }
    }
  }
}
