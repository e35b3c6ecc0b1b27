/**
 * Decay (ADR 008 §12.2) with stability (seed 004 §3) and access reinforcement (§12.1), as pure functions: the
 * engine's nightly run (src-main/memory/decay.ts) and the inspector's curve and forecast use the same maths.
 *
 * confidence(t) = confidence_base × exp(−λ × (days_since_access / S)^0.8)
 *
 * `confidence_base` is the confidence at the last access (or creation), so a run is idempotent: running it
 * twice at the same instant gives the same numbers, and the inspector can draw the curve and forecast it.
 * S, the stability, stretches the time axis: S = 1 is ADR 008's curve; a fact with S = 20 takes twenty times
 * as long to fade. S grows with each use in a reply, each restatement and each confirmation, by more the longer
 * the fact had gone unused (spaced repetition: `S × (1 + G × ln(1 + days since last use))`), so what keeps
 * being true and used stays, and one-off chatter (S = 1, never used) fades as before. Identity-like facts
 * (name, home, work, relationships) start at IDENTITY_STABILITY.
 */
import type { MemoryNode } from './memory-types';

export const DECAY_EXPONENT = 0.8;
export const DEFAULT_PRUNE_THRESHOLD = 0.05;
export const DEFAULT_DECAY_RATE = 0.1;
/**
 * A version that is current again (restored after what replaced it was erased), or shown as it stood while it was
 * current (memory as of a date), counts no lower than this: the low confidence it has now was set when it ended.
 */
export const CURRENT_AGAIN_MIN_CONFIDENCE = 0.5;
const DAY_MS = 86_400_000;

/** Stability of a new fact: ADR 008's curve unchanged. */
export const BASE_STABILITY = 1;
/** Stability an identity-like fact starts with: about 3 years to fall from 0.6 to the prune threshold unused. */
export const IDENTITY_STABILITY = 20;
/** G in S × (1 + G × ln(1 + days since last use)). */
export const STABILITY_GAIN = 0.5;
/** Stability never grows past this (about 400 years at λ 0.1): keeps the numbers finite and the curve drawable. */
export const MAX_STABILITY = 10_000;

export function decayedConfidence(base: number, decayRate: number, elapsedMs: number, stability = BASE_STABILITY): number {
  if (decayRate <= 0 || elapsedMs <= 0) return base;
  const days = elapsedMs / DAY_MS / Math.max(BASE_STABILITY, stability);
  return base * Math.exp(-decayRate * days ** DECAY_EXPONENT);
}

/**
 * Stability after one more use, restatement or confirmation, `sinceMs` after the last one (or after the fact
 * was learned). A use minutes after the last adds almost nothing; one after weeks of silence adds much.
 */
export function grownStability(stability: number, sinceMs: number): number {
  const days = Math.max(0, sinceMs) / DAY_MS;
  return Math.min(MAX_STABILITY, Math.max(BASE_STABILITY, stability) * (1 + STABILITY_GAIN * Math.log1p(days)));
}

/**
 * Slots of identity-like facts (the write path's "subject.attribute"): who someone is, where they live and
 * work, who they are to each other. Any dotted part matching counts ("user.residence", "ana.relation.user").
 */
const IDENTITY_SLOT_PARTS: ReadonlySet<string> = new Set([
  'name', 'full_name', 'nickname', 'birthday', 'birthdate', 'birthplace', 'origin', 'hometown', 'nationality', 'age',
  // A lasting condition or an allergy: what a reply must not forget ("User is allergic to penicillin").
  'health', 'allergy',
  'residence', 'home', 'address', 'city', 'location', 'lives_in',
  'employer', 'occupation', 'job', 'job_title', 'role', 'work', 'workplace', 'company', 'profession',
  'spouse', 'partner', 'wife', 'husband', 'relation', 'relationship', 'family', 'sibling', 'parent', 'child',
]);

export function isIdentitySlot(slot: string | null | undefined): boolean {
  if (!slot) return false;
  return slot.toLowerCase().split('.').slice(1).some((part) => IDENTITY_SLOT_PARTS.has(part));
}

/** Stability a new fact starts with, from its slot. */
export function initialStability(slot: string | null | undefined): number {
  return isIdentitySlot(slot) ? IDENTITY_STABILITY : BASE_STABILITY;
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
  node: Pick<MemoryNode, 'type' | 'decayRate' | 'confidenceBase' | 'lastAccessed' | 'validFrom'> & { createdAt?: number; stability?: number },
  threshold = DEFAULT_PRUNE_THRESHOLD,
): number | null {
  if (isProtected(node)) return null;
  if (node.confidenceBase <= threshold) return decayAnchor(node);
  const days = (Math.log(node.confidenceBase / threshold) / node.decayRate) ** (1 / DECAY_EXPONENT);
  return decayAnchor(node) + days * Math.max(BASE_STABILITY, node.stability ?? BASE_STABILITY) * DAY_MS;
}

/** Points of the decay curve from the anchor, for drawing. */
export function decayCurve(
  node: Pick<MemoryNode, 'type' | 'decayRate' | 'confidenceBase' | 'lastAccessed' | 'validFrom'> & { createdAt?: number; stability?: number },
  untilMs: number,
  points = 32,
): { t: number; confidence: number }[] {
  const start = decayAnchor(node);
  const span = Math.max(0, untilMs - start);
  const rate = isProtected(node) ? 0 : node.decayRate;
  return Array.from({ length: points }, (_, i) => {
    const t = start + (span * i) / Math.max(1, points - 1);
    return { t, confidence: decayedConfidence(node.confidenceBase, rate, t - start, node.stability) };
  });
}
