/** Maintenance over the whole memory: the nightly decay run, and entity vectors that went missing. */
import type { EngineContext } from './context';
import { runDecay, type DecayRunResult } from './decay';
import { invalidateWithIndexes } from './facts';
import { setMeta } from './repo/metadata';

export interface NightlyDecayOptions {
  now?: number;
  signal?: AbortSignal;
  onProgress?: (scanned: number) => void;
}

/** Nightly decay (§12.2): protected nodes and episodes are untouched; below the threshold is pruned. */
export async function nightlyDecay(ctx: EngineContext, options: NightlyDecayOptions = {}): Promise<DecayRunResult> {
  const now = options.now ?? ctx.clock.now();
  const result = await runDecay(ctx.db, {
    now,
    threshold: ctx.pruneThreshold,
    prune: (id) => invalidateWithIndexes(ctx, id, now, 'pruned'),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  setMeta(ctx.db, 'last_decay_run', String(now));
  ctx.feed.emit({ kind: 'decay.completed', updated: result.updated, prunedIds: result.prunedIds });
  return result;
}

/** Entity vectors missing after a crash, a failed embed or an import are rebuilt in the background. */
export function queueMissingEntityVectors(ctx: EngineContext): void {
  const sql = 'SELECT id FROM entities WHERE merged_into IS NULL AND id NOT IN (SELECT entity_id FROM vec_entities)';
  for (const row of ctx.db.prepare(sql).all() as { id: string }[]) ctx.slow.queueEntity(row.id);
}
