/**
 * Memory as of a date (issue 23): reads that show what was believed at an instant. The filter itself is the one
 * node filter's `asOf` condition (node-filter.ts); this module holds what every as-of read shares: the input
 * field and how a row read today is shown as it stood then.
 */
import { CURRENT_AGAIN_MIN_CONFIDENCE } from '../../src-shared/decay';
import { timestampSchema } from './schemas';

/** An as-of instant in epoch ms: memory's own times (`created_at`) are never before 1970. */
export const asOfSchema = timestampSchema;

interface Validity {
  validUntil: number | null;
  invalidatedReason: string | null;
}

/**
 * A row as it stood at `t`: a version superseded, forgotten or pruned after `t` was still current then, so its
 * end (and the reason) are not shown, nor the low confidence its ending set (it ranks and reads as a current fact
 * would, not "confidence 0.30"). Without `t` (today) the row is returned as is.
 */
export function asStoodAt<N extends Validity & { confidence?: number }>(row: N, t: number | null | undefined): N {
  if (t === undefined || t === null || row.validUntil === null || row.validUntil <= t) return row;
  const confidence = typeof row.confidence === 'number' ? { confidence: confidenceAsCurrent(row.confidence) } : {};
  return { ...row, validUntil: null, invalidatedReason: null, ...confidence };
}

/** The confidence a version ended after `t` had as the current value then: no lower than a restored version's. */
export const confidenceAsCurrent = (confidence: number): number => Math.max(confidence, CURRENT_AGAIN_MIN_CONFIDENCE);

/** An edge (supersedes, derived_from…) as it stood at `t`: absent when written later, current when it ended later. */
export function edgeStoodAt(edge: { created_at: number; valid_until: number | null }, t: number | null | undefined): { exists: boolean; current: boolean } {
  if (t === undefined || t === null) return { exists: true, current: edge.valid_until === null };
  return { exists: edge.created_at <= t, current: edge.valid_until === null || edge.valid_until > t };
}
