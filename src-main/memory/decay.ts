/**
 * Ebbinghaus decay (ADR 008 §12.2) and access reinforcement (§12.1), as pure functions plus the nightly run.
 *
 * confidence(t) = confidence_base × exp(−λ × days_since_access^0.8)
 *
 * `confidence_base` is the confidence at the last access (or creation), so a run is idempotent: running it
 * twice at the same instant gives the same numbers, and the inspector can draw the curve and forecast it.
 */
import type { Database } from 'better-sqlite3';
import { yieldToLoop } from './clock';
import type { MemoryNode } from './types';
import { writeTx } from '../storage/write-tx';

export const DECAY_EXPONENT = 0.8;
export const DEFAULT_PRUNE_THRESHOLD = 0.05;
export const DEFAULT_DECAY_RATE = 0.1;
const DAY_MS = 86_400_000;

export function decayedConfidence(base: number, decayRate: number, elapsedMs: number): number {
  if (decayRate <= 0 || elapsedMs <= 0) return base;
  const days = elapsedMs / DAY_MS;
  return base * Math.exp(-decayRate * days ** DECAY_EXPONENT);
}

/** Δ = 0.05 × ln(1 + access_count / 20), added at each access (capped at 1). */
export function reinforcement(accessCount: number): number {
  return 0.05 * Math.log(1 + accessCount / 20);
}

/**
 * The instant the decay clock starts from: last access, else when the memory learned the node. A fact learned
 * today about 2023 (valid from 2023) starts fresh: decay measures how long memory has gone without it.
 */
export function decayAnchor(node: Pick<MemoryNode, 'lastAccessed' | 'validFrom'> & { createdAt?: number }): number {
  return node.lastAccessed ?? Math.max(node.validFrom, node.createdAt ?? node.validFrom);
}

/** A node is protected when it cannot decay: episodes, and facts with decay rate 0 (confirmed). */
export function isProtected(node: Pick<MemoryNode, 'type' | 'decayRate'>): boolean {
  return node.type === 'episodic' || node.decayRate <= 0;
}

/** When the node's confidence will fall below the threshold, or null if it never will (protected). */
export function forecastPruneTime(
  node: Pick<MemoryNode, 'type' | 'decayRate' | 'confidenceBase' | 'lastAccessed' | 'validFrom'> & { createdAt?: number },
  threshold = DEFAULT_PRUNE_THRESHOLD,
): number | null {
  if (isProtected(node)) return null;
  if (node.confidenceBase <= threshold) return decayAnchor(node);
  const days = (Math.log(node.confidenceBase / threshold) / node.decayRate) ** (1 / DECAY_EXPONENT);
  return decayAnchor(node) + days * DAY_MS;
}

/** Points of the decay curve from the anchor, for drawing. */
export function decayCurve(
  node: Pick<MemoryNode, 'type' | 'decayRate' | 'confidenceBase' | 'lastAccessed' | 'validFrom'> & { createdAt?: number },
  untilMs: number,
  points = 32,
): { t: number; confidence: number }[] {
  const start = decayAnchor(node);
  const span = Math.max(0, untilMs - start);
  const rate = isProtected(node) ? 0 : node.decayRate;
  return Array.from({ length: points }, (_, i) => {
    const t = start + (span * i) / Math.max(1, points - 1);
    return { t, confidence: decayedConfidence(node.confidenceBase, rate, t - start) };
  });
}

export interface DecayRunResult {
  scanned: number;
  updated: number;
  prunedIds: string[];
}

interface DecayRow {
  rowid: number;
  id: string;
  confidence: number;
  confidence_base: number;
  decay_rate: number;
  last_accessed: number | null;
  valid_from: number;
  created_at: number;
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
  const select = db.prepare(
    `SELECT rowid, id, confidence, confidence_base, decay_rate, last_accessed, valid_from, created_at FROM nodes
     WHERE rowid > ? AND type != 'episodic' AND valid_until IS NULL AND decay_rate > 0
     ORDER BY rowid LIMIT ?`,
  );
  const update = db.prepare('UPDATE nodes SET confidence = ? WHERE rowid = ?');
  const result: DecayRunResult = { scanned: 0, updated: 0, prunedIds: [] };
  let after = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const rows = select.all(after, chunk) as DecayRow[];
    if (rows.length === 0) break;
    writeTx(db, () => {
      for (const r of rows) {
        const anchor = decayAnchor({ lastAccessed: r.last_accessed, validFrom: r.valid_from, createdAt: r.created_at });
        const next = decayedConfidence(r.confidence_base, r.decay_rate, options.now - anchor);
        if (next !== r.confidence) {
          update.run(next, r.rowid);
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
