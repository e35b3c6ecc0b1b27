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

/** What a departure ended ("ended:tesco" → "tesco"; "" for "ended:" alone), or null for a value that is no departure. */
export const endedOf = (value: string): string | null => (value.startsWith(ENDED) ? value.slice(ENDED.length) : null);

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

/**
 * Diets (`S.diet`: vegetarian, vegan, pescatarian) against what is eaten (`S.uses.H`): eating meat again ends any of
 * them, eating fish again a vegetarian or vegan one, cheese or eggs a vegan one; and a diet taken up ends the
 * eating it rules out. Null when the two facts are not such a pair.
 */
// (The offline reader names a slot by the singular: "i eat eggs" is `uses.egg`.)
const MEATS = new Set(['meat', 'chicken', 'beef', 'pork', 'lamb', 'bacon', 'ham', 'steak', 'burgers', 'burger', 'sausages', 'sausage', 'turkey', 'mince']);
const FISH = new Set(['fish', 'seafood', 'salmon', 'tuna', 'prawns', 'prawn', 'shellfish', 'sushi']);
const ANIMAL_PRODUCTS = new Set(['dairy', 'cheese', 'eggs', 'egg', 'butter', 'milk']);
const DIET_SLOT = /^(.+)\.diet$/;
const EATEN_SLOT = /^(.+)\.uses\.([^.]+)$/;

/** Whether eating `food` breaks `diet`. */
function breaksDiet(food: string, diet: string): boolean {
  if (MEATS.has(food)) return true;
  if (FISH.has(food)) return diet !== 'pescatarian';
  return ANIMAL_PRODUCTS.has(food) && diet === 'vegan';
}

function dietRelation(next: SlottedFact, existing: SlottedFact): SlotRelation | null {
  const pair = (dietFact: SlottedFact, eaten: SlottedFact): { subject: boolean; breaks: boolean } | null => {
    const d = DIET_SLOT.exec(dietFact.slot ?? '');
    const e = EATEN_SLOT.exec(eaten.slot ?? '');
    if (!d || !e || dietFact.value === null || isDeparture(dietFact.value) || eaten.value !== 'yes') return null;
    return { subject: d[1] === e[1], breaks: breaksDiet(e[2] as string, dietFact.value) };
  };
  const found = pair(existing, next) ?? pair(next, existing);
  if (!found) return null;
  return found.subject && found.breaks ? 'replaces' : 'unrelated';
}

/** Whether a fact in `slot` may replace `existing` across slots as dietRelation reads them. */
function dietFamily(slot: string, existing: string): boolean {
  const diet = DIET_SLOT.exec(slot) ?? DIET_SLOT.exec(existing);
  const eaten = EATEN_SLOT.exec(DIET_SLOT.test(slot) ? existing : slot);
  return diet !== null && eaten !== null && diet[1] === eaten[1] && (MEATS.has(eaten[2] as string) || FISH.has(eaten[2] as string) || ANIMAL_PRODUCTS.has(eaten[2] as string));
}

/**
 * How a couple stands, from a partner fact's words: dating, engaged, married ("User got engaged to Marco" after "User is
 * dating Marco" is a new version, not the same fact seen again); null for other slots and other words.
 */
function partnerStatus(fact: SlottedFact): 'married' | 'engaged' | 'together' | null {
  if (!fact.slot?.endsWith('.partner')) return null;
  const text = normaliseFact(fact.content);
  if (/\b(?:married|husband|wife|spouse)\b/.test(text)) return 'married';
  if (/\b(?:engaged|fianc[eé]e?)\b/.test(text)) return 'engaged';
  return /\b(?:dating|seeing|boyfriend|girlfriend|partner|relationship|together|going out)\b/.test(text) ? 'together' : null;
}

/** Whether `whole` begins with all the words of `part` ("rebecca smith" with "rebecca"), and has more. */
const startsWithWords = (whole: string, part: string): boolean => whole.length > part.length && whole.startsWith(`${part} `);

/** What a new fact does to an existing one (or to an earlier fact of the same batch). */
export function slotRelation(next: SlottedFact, existing: SlottedFact): SlotRelation {
  const diet = next.slot !== existing.slot ? dietRelation(next, existing) : null;
  if (diet) return diet;
  if (next.slot && next.slot === existing.slot && next.value !== null && existing.value !== null) {
    if (next.value === existing.value) return partnerStatus(next) !== partnerStatus(existing) && partnerStatus(next) !== null && partnerStatus(existing) !== null ? 'replaces' : 'duplicate';
    const ends = endedOf(next.value);
    const ended = endedOf(existing.value);
    // A departure ends only what it names ("left Fenwick" leaves "works at Ridgeline" standing); "quit my job" any.
    if (ends !== null) return ended === null && (ends === '' || ends === existing.value) ? 'replaces' : 'unrelated';
    // Holding something again after leaving it ("back at Fenwick") replaces the departure, and so does holding
    // anything after holding nothing ("I'm single", then "I'm dating Alex"; "I quit my job", then "I work at Monzo");
    // holding another thing after leaving one leaves the departure true.
    if (ended !== null) return ended === '' || ended === next.value ? 'replaces' : 'unrelated';
    // "I'm Rebecca" after "Rebecca Smith" is the same name, shorter ("Rebecca Smith" after "Rebecca" completes it).
    if (next.slot.endsWith('.name') && startsWithWords(existing.value, next.value)) return 'duplicate';
    return 'replaces';
  }
  const a = preference(next);
  const b = preference(existing);
  if (!a || !b || a.subject !== b.subject || next.slot === existing.slot) return 'unrelated';
  if (a.head === b.head) return a.positive !== b.positive ? 'replaces' : 'unrelated';
  // Now for coffee, where coffee was passed over before.
  return a.positive && b.positive && passedOver(existing.content, a.head) ? 'replaces' : 'unrelated';
}

/**
 * The subject of a slot that relates to other slots ("user" for "user.opinion.tea", "user.uses.meat" or "user.diet"),
 * or null for the slots that relate only to themselves.
 */
export function preferenceSubject(slot: string | null): string | null {
  return /^(.+)\.(?:(?:opinion|uses)\.[^.]+|diet)$/.exec(slot ?? '')?.[1] ?? null;
}

/** Slot-family test for conflict candidates: facts in these slots may be replaced by a fact in `slot`. */
export function mayReplaceAcrossSlots(slot: string | null, existing: SlottedFact): boolean {
  if (slot && existing.slot && slot !== existing.slot && dietFamily(slot, existing.slot)) return true;
  const m = /^(.+)\.(opinion|uses)\.([^.]+)$/.exec(slot ?? '');
  if (!m || !existing.slot?.startsWith(`${m[1]}.`)) return false;
  const head = m[3] as string;
  return existing.slot.endsWith(`.${head}`) || passedOver(existing.content, head);
}

const DAY_MS = 86_400_000;

/**
 * Whether a value said at `saidAt` was said before the current version began (`currentFrom`): then it is that
 * version's past, learned late (an older history imported after a newer one), not its successor. Within a day is
 * the same telling ("moved on Monday", "live there now").
 */
export function heldBefore(saidAt: number, currentFrom: number): boolean {
  return saidAt < currentFrom - DAY_MS;
}
