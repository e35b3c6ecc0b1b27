/**
 * How two slotted facts about the same subject relate, without a model. A slot holds one value at a time
 * ("user.employer" = "ridgeline analytics"); a value written `ended:X` says the subject no longer holds X ("I
 * left Fenwick Labs", "I broke up with Sam") and `ended:` alone that they hold none ("I quit my job").
 * Preferences span two slot kinds — `S.opinion.H` (likes H) and `S.uses.H` (drinks, uses H) — so "I switched to
 * coffee" replaces "User prefers tea over coffee" (coffee was the one passed over) and "I don't like tea any
 * more" replaces "User drinks tea".
 */
import { normaliseFact } from './text';

export type SlotRelation = 'duplicate' | 'replaces' | 'unrelated';

export interface SlottedFact {
  slot: string | null;
  value: string | null;
  content: string;
}

const ENDED = 'ended:';

/** The value saying the subject no longer holds `value` (or holds nothing in the slot, for ''). */
export const endedValue = (value: string): string => `${ENDED}${value}`;

/** A value saying the subject no longer holds something. */
export const isDeparture = (value: string | null): boolean => value?.startsWith(ENDED) ?? false;

const endedOf = (value: string): string | null => (value.startsWith(ENDED) ? value.slice(ENDED.length) : null);

/** `S.opinion.H` / `S.uses.H` → subject, head and whether the fact is for (like, yes) or against (dislike, no). */
function preference(fact: SlottedFact): { subject: string; head: string; positive: boolean } | null {
  const m = /^(.+)\.(opinion|uses)\.([^.]+)$/.exec(fact.slot ?? '');
  if (!m || fact.value === null) return null;
  const positive = fact.value === 'like' || fact.value === 'yes';
  if (!positive && fact.value !== 'dislike' && fact.value !== 'no') return null;
  return { subject: m[1] as string, head: m[3] as string, positive };
}

/** "tea over coffee", "tea rather than coffee", "tea instead of coffee", "prefers tea to coffee": what the comparison passed over. */
function passedOver(content: string, head: string): boolean {
  const words = head.replace(/_/g, ' ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const text = normaliseFact(content);
  return new RegExp(`\\b(?:over|than|instead of)\\s+(?:the\\s+)?${words}\\b`).test(text) || new RegExp(`\\bprefers?\\b.*\\bto\\s+(?:the\\s+)?${words}\\b`).test(text);
}

/** What a new fact does to an existing one (or to an earlier fact of the same batch). */
export function slotRelation(next: SlottedFact, existing: SlottedFact): SlotRelation {
  if (next.slot && next.slot === existing.slot && next.value !== null && existing.value !== null) {
    if (next.value === existing.value) return 'duplicate';
    const ends = endedOf(next.value);
    const ended = endedOf(existing.value);
    // A departure ends only what it names ("left Fenwick" leaves "works at Ridgeline" standing); "quit my job" any.
    if (ends !== null) return ended === null && (ends === '' || ends === existing.value) ? 'replaces' : 'unrelated';
    // Holding something again after leaving it ("back at Fenwick") replaces the departure, and so does holding
    // anything after holding nothing ("I'm single", then "I'm dating Alex"; "I quit my job", then "I work at Monzo");
    // holding another thing after leaving one leaves the departure true.
    if (ended !== null) return ended === '' || ended === next.value ? 'replaces' : 'unrelated';
    return 'replaces';
  }
  const a = preference(next);
  const b = preference(existing);
  if (!a || !b || a.subject !== b.subject || next.slot === existing.slot) return 'unrelated';
  if (a.head === b.head) return a.positive !== b.positive ? 'replaces' : 'unrelated';
  // Now for coffee, where coffee was passed over before.
  return a.positive && b.positive && passedOver(existing.content, a.head) ? 'replaces' : 'unrelated';
}

/** The subject of a preference slot ("user" for "user.opinion.tea"), or null for other slots. */
export function preferenceSubject(slot: string | null): string | null {
  return /^(.+)\.(?:opinion|uses)\.[^.]+$/.exec(slot ?? '')?.[1] ?? null;
}

/** Slot-family test for conflict candidates: facts in these slots may be replaced by a fact in `slot`. */
export function mayReplaceAcrossSlots(slot: string | null, existing: SlottedFact): boolean {
  const m = /^(.+)\.(opinion|uses)\.([^.]+)$/.exec(slot ?? '');
  if (!m || !existing.slot?.startsWith(`${m[1]}.`)) return false;
  const head = m[3] as string;
  return existing.slot.endsWith(`.${head}`) || passedOver(existing.content, head);
}
