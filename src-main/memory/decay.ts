/**
 * The nightly decay run over the memory (ADR 008 §12.2): the maths is in src-shared/decay.ts, shared with the
 * inspector; this module applies it to the stored facts.
 */
import type { Database } from 'better-sqlite3';
import { yieldToLoop } from '../../src-shared/clock';
import { decayAnchor, decayedConfidence } from '../../src-shared/decay';
import { writeTx } from '../storage/write-tx';
import { decayingFactsAfter, setConfidenceAt } from './repo/decay';

export interface DecayRunResult {
  scanned: number;
  updated: number;
  prunedIds: string[];
}

/**
 * Decay every current, unprotected fact in chunks (one transaction each, yielding in between so the event
 * loop stays free). `prune(id)` soft-deletes a node that fell below the threshold.
 */
export async function runDecay(
  db: Database,
  options: {
    now: number;
    threshold: number;
    chunkSize?: number;
    prune: (id: string) => void;
    onProgress?: (scanned: number) => void;
    signal?: AbortSignal;
  },
): Promise<DecayRunResult> {
  const chunk = options.chunkSize ?? 2_000;
  const result: DecayRunResult = { scanned: 0, updated: 0, prunedIds: [] };
  let after = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const rows = decayingFactsAfter(db, after, chunk);
    if (rows.length === 0) break;
    writeTx(db, () => {
      for (const r of rows) {
        const anchor = decayAnchor({ lastAccessed: r.last_accessed, validFrom: r.valid_from, createdAt: r.created_at });
        const next = decayedConfidence(r.confidence_base, r.decay_rate, options.now - anchor, r.stability);
        if (next !== r.confidence) {
          setConfidenceAt(db, r.rowid, next);
          result.updated++;
        }
        if (next < options.threshold) {
          options.prune(r.id);
          result.prunedIds.push(r.id);
        }
      }
    });
    result.scanned += rows.length;
    after = rows[rows.length - 1]?.rowid ?? after;
    options.onProgress?.(result.scanned);
    await yieldToLoop();
  }
  return result;
}
