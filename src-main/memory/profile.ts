/**
 * The profile (seed 004 §5): what every reply should know about the person, computed at read time from the
 * current facts — nothing is stored apart, so a superseded or forgotten fact leaves it at once.
 *
 * A fact is about the person when its slot is theirs (`user.*`, `*.relation.user`), its text is in their voice
 * ("User …", "I …", "My …"), or they pinned it. *Static*: pinned facts, then identity slots (name, home, work,
 * family, age, lasting health conditions and allergies: `isIdentitySlot`), lasting preferences (`.opinion.`, `.favourite.`, `.uses.` slots) and anything the
 * person confirmed, learned more than a week ago. *Dynamic*: the rest of what is about them and was learned or
 * used this month (projects, plans, moods), newest first. Hidden facts never appear. The read takes the same
 * `NodeConditions` scope the searches take, so a narrower read (a memory space) is one more field.
 */
import type { ReadableDB } from '../storage/db';
import { allRows } from '../storage/db';
import { sql, sqlAnd, sqlOr, sqlRaw, type SqlFragment } from '../storage/sql';
import { nodeConditions, type NodeConditions } from './node-filter';
import { parseJsonObject } from './repo/statements';
import { isIdentitySlot } from '../../src-shared/decay';
import { confidenceAsCurrent } from './as-of';
import { FACT_TYPES, type NodeType } from '../../src-shared/memory-types';
import { PROFILE_ATTRIBUTE, type Profile, type ProfileLine, type ProfilePinState } from '../../src-shared/profile-types';
import { isoTime } from '../../src-shared/clock';
import { isDeparture } from '../../src-shared/slot-values';
import { ageAsOf } from './profile-age';
import { jsonFieldSql } from '../storage/json-column';

const DAY_MS = 86_400_000;
/** The per-connection candidates table (profile-candidates.ts keeps it). */
export const PROFILE_CANDIDATES_TABLE = 'temp.profile_candidates';
/** Static facts have been known this long: a week (seed 004 §5). */
export const STATIC_AFTER_MS = 7 * DAY_MS;
/** Dynamic facts were learned or used this recently: a month. */
export const DYNAMIC_WITHIN_MS = 30 * DAY_MS;
/** A profile is a few lines, not a second memory. */
export const MAX_STATIC = 12;
export const MAX_DYNAMIC = 8;
/**
 * Since when the person has been telling memory this: when it learned it, or when it was said if that was
 * earlier (a year-old history imported today is not news of this month).
 */
export const knownSince = (r: Pick<ProfileRow, 'created_at' | 'event_time'>): number => Math.min(r.created_at, r.event_time);
/** knownSince in SQL over alias `n` (SQLite's two-argument min is the scalar one). */
const KNOWN_SINCE_SQL = 'min(n.created_at, n.event_time)';

/** Unpinned facts below this confidence are too doubtful to lead every reply. */
const MIN_CONFIDENCE = 0.3;

/** The scope a profile is read in: the node filter's narrowing fields (types and validity are the profile's own). */
export type ProfileScope = Omit<NodeConditions, 'types' | 'includeInvalid'>;

/** One fact as the profile reads it (profileQuery's columns). */
export interface ProfileRow {
  id: string;
  type: NodeType;
  content: string;
  created_at: number;
  /** When it was said: for an imported history, long before memory learned it (created_at). */
  event_time: number;
  valid_from: number;
  last_accessed: number | null;
  confidence: number;
  decay_rate: number;
  source_type: string | null;
  attributes: string;
  /** Read as of a past date only: when it stopped being current (null: still is). */
  valid_until?: number | null;
}

export function profilePinOf(attributes: Record<string, unknown>): ProfilePinState {
  const v = attributes[PROFILE_ATTRIBUTE];
  return v === 'pinned' || v === 'hidden' ? v : 'auto';
}

/** Slots of lasting preferences the write path gives (`user.opinion.tea`, `user.favourite.film`, `user.uses.vim`, `user.diet`). */
function isPreferenceSlot(slot: string): boolean {
  return /\.(opinion|favourite|favorite|uses|diet|preference|preferences|likes|dislikes|chronotype|pet_person)(\.|$)/.test(slot);
}

/** Slots about the person: their own (`user.…`) or their relation to someone (`sam.relation.user`). */
function isPersonSlot(slot: string): boolean {
  return slot.startsWith('user.') || slot.endsWith('.relation.user');
}

/**
 * Where the facts the profile may show are read from: `candidates`, the per-connection table of current facts
 * about the person kept in step with every write (profile-candidates.ts), or `all`, every current fact (as of
 * a past date, where superseded versions count, and to check the table against).
 */
export type ProfileSource = 'candidates' | 'all';

export function computeProfile(db: ReadableDB, now: number, scope: ProfileScope = {}, source: ProfileSource = 'all'): Profile {
  const rows = allRows<ProfileRow>(db, profileQuery(now, scope, source));
  const asOf = scope.asOf ?? null;
  return linesOf(db, asOf === null ? rows : rows.map((r) => asItStoodAt(r, asOf)), now);
}

/**
 * A fact as the profile of a past date reads it: current then, so not at the low confidence its later ending set
 * (as-of.ts), and used no later than then (a use since would make it "recent" then).
 */
function asItStoodAt(r: ProfileRow, t: number): ProfileRow {
  const ended = r.valid_until !== null && r.valid_until !== undefined && r.valid_until > t;
  return {
    ...r,
    confidence: ended ? confidenceAsCurrent(r.confidence) : r.confidence,
    last_accessed: r.last_accessed !== null && r.last_accessed > t ? null : r.last_accessed,
  };
}

/**
 * Pinned to or hidden from the profile, over row alias `row` (`n` in a query, `NEW` in a trigger). Constants
 * only, no bound values: the candidates' triggers use it too.
 */
function pinnedCondition(row: string): SqlFragment {
  const pin = sqlRaw(jsonFieldSql(`${row}.attributes`, `$.${PROFILE_ATTRIBUTE}`));
  return sqlAnd([sqlRaw(`${row}.attributes LIKE '%"${PROFILE_ATTRIBUTE}"%'`), sql`${pin} IN ('pinned', 'hidden')`]);
}

/**
 * "About the person" over row alias `row`: the one copy of the test, read by the profile query and by the
 * triggers that keep the candidates (profile-candidates.ts). LIKE is case-insensitive for ASCII: "User lives…",
 * "user's partner…", "I moved…", "My sister…". Cheap tests first, and JSON read only where the text can hold the key.
 */
export function aboutPersonCondition(row: string): SqlFragment {
  const slot = sqlRaw(jsonFieldSql(`${row}.attributes`, '$.slot'));
  return sqlOr([
    sqlRaw(`${row}.content LIKE 'user %'`),
    sqlRaw(`${row}.content LIKE 'user''s %'`),
    sqlRaw(`${row}.content LIKE 'the user %'`),
    sqlRaw(`${row}.content LIKE 'I %'`),
    sqlRaw(`${row}.content LIKE 'my %'`),
    sqlAnd([sqlRaw(`${row}.attributes LIKE '%user%'`), sqlOr([sql`${slot} LIKE 'user.%'`, sql`${slot} LIKE '%.relation.user'`])]),
    pinnedCondition(row),
  ]);
}

/**
 * The facts that may belong in the profile (the rules below decide), oldest first. No index can say "about the
 * person": from `all`, this reads every current fact through the type index (`+n.created_at` keeps the planner,
 * with statistics, from walking the creation-time index over every episode too); from `candidates`, only the
 * few facts about the person, by primary key. The conditions are the same either way, so is the answer.
 */
export function profileQuery(now: number, scope: ProfileScope, source: ProfileSource = 'all'): SqlFragment {
  const pinned = pinnedCondition('n');
  const aboutPerson = aboutPersonCondition('n');
  // Only rows that can qualify come back: recent, or old enough and slotted or confirmed, or pinned or hidden.
  const mayQualify = sqlOr([
    sql`n.created_at > ${now - DYNAMIC_WITHIN_MS}`,
    sql`n.last_accessed > ${now - DYNAMIC_WITHIN_MS}`,
    sqlAnd([sql`${sqlRaw(KNOWN_SINCE_SQL)} <= ${now - STATIC_AFTER_MS}`, sqlOr([sql`n.decay_rate = 0`, sql`n.attributes LIKE '%"slot"%'`])]),
    pinned,
  ]);
  const where = sqlAnd([
    nodeConditions({ ...scope, types: FACT_TYPES, includeInvalid: false }),
    // A weekly reflection is the write path's reading of a week, not something the person stated.
    sql`(n.source_type IS NULL OR n.source_type <> 'reflection')`,
    mayQualify,
    aboutPerson,
  ]);
  const from = source === 'candidates' ? sqlRaw(`${PROFILE_CANDIDATES_TABLE} c CROSS JOIN nodes n ON n.id = c.node_id`) : sqlRaw('nodes n');
  return sql`SELECT n.id, n.type, n.content, n.created_at, n.event_time, n.valid_from, n.last_accessed, n.confidence, n.decay_rate, n.source_type, n.attributes,
        n.valid_until FROM ${from} WHERE ${where} ORDER BY +n.created_at, n.rowid`;
}

/** The profile of facts already read and narrowed (profileQuery's conditions), oldest first. */
export const profileFromRows = (db: ReadableDB, rows: readonly ProfileRow[], now: number): Profile => linesOf(db, rows, now);

function linesOf(db: ReadableDB, rows: readonly ProfileRow[], now: number): Profile {
  const stat: ProfileLine[] = [];
  const dyn: (ProfileLine & { activeAt: number })[] = [];
  const hidden: Profile['hidden'] = [];
  const overtaken = departuresOvertaken(rows);
  const birthdays = birthdaysOf(rows);
  for (const r of rows) {
    const attributes = parseJsonObject(r.attributes);
    const state = profilePinOf(attributes);
    if (state === 'hidden') {
      hidden.push({ nodeId: r.id, content: r.content });
      continue;
    }
    const slotValue = typeof attributes.slot === 'string' ? attributes.slot.toLowerCase() : null;
    const line = (part: ProfileLine['part'], reason: string): ProfileLine => ({
      nodeId: r.id,
      type: r.type,
      content: shownAsOf(r, attributes, now, birthdays),
      part,
      reason,
      pinned: state === 'pinned',
      confirmed: r.decay_rate === 0,
      slot: slotValue,
      validFrom: r.valid_from,
      createdAt: r.created_at,
      sourceIds: [],
    });
    if (state === 'pinned') {
      stat.push(line('static', 'pinned by you'));
      continue;
    }
    if (overtaken.has(r.id)) continue;
    // Who the person is (name, home, work, partner) is the latest known value until something replaces it: months
    // without mention lower its confidence, not its truth, so it stays in the profile (a pack still shows the doubt).
    const identity = slotValue !== null && isPersonSlot(slotValue) && isIdentitySlot(slotValue);
    if (r.confidence < MIN_CONFIDENCE && !identity) continue;
    const lasting = slotValue !== null && isPersonSlot(slotValue) && (isIdentitySlot(slotValue) || isPreferenceSlot(slotValue));
    const since = knownSince(r);
    if (now - since >= STATIC_AFTER_MS && (lasting || r.decay_rate === 0)) {
      stat.push(line('static', `${lasting ? kindOf(slotValue) : 'confirmed'}, known since ${day(since)}`));
      continue;
    }
    const active = Math.max(since, r.last_accessed ?? 0);
    if (now - active < DYNAMIC_WITHIN_MS) {
      const used = r.last_accessed !== null && r.last_accessed > since;
      dyn.push({ ...line('dynamic', `recent: ${used ? 'used' : since < r.created_at ? 'said' : 'learned'} ${day(active)}`), activeAt: active });
    }
  }
  // Most recently learned or used first (the sort is stable: ties keep the order they were learned in).
  dyn.sort((a, b) => b.activeAt - a.activeAt);
  // Pinned first, then identity before preferences, then confirmed; in the order learned within each.
  const rank = (l: ProfileLine) => (l.pinned ? 0 : l.slot && isIdentitySlot(l.slot) ? 1 : l.slot && isPreferenceSlot(l.slot) ? 2 : 3);
  stat.sort((a, b) => rank(a) - rank(b) || a.createdAt - b.createdAt);
  const lines = { static: stat.slice(0, MAX_STATIC), dynamic: dyn.slice(0, MAX_DYNAMIC).map(({ activeAt: _a, ...l }) => l) };
  withSources(db, [...lines.static, ...lines.dynamic]);
  return { ...lines, hidden, computedAt: now };
}

/**
 * Departures a holding of the same slot overtook: "User left Fenwick Labs" stays true beside "User works at
 * Ridgeline" (slot-values.ts), but who the person is now is the job they hold, not every job they left.
 */
function departuresOvertaken(rows: readonly ProfileRow[]): Set<string> {
  const held = new Set<string>();
  const departures: { id: string; slot: string }[] = [];
  for (const r of rows) {
    const attributes = parseJsonObject(r.attributes);
    const slot = typeof attributes.slot === 'string' ? attributes.slot.toLowerCase() : null;
    if (slot === null) continue;
    if (typeof attributes.value === 'string' && isDeparture(attributes.value)) departures.push({ id: r.id, slot });
    else held.add(slot);
  }
  // Any holding of the slot says who the person is now: "left Fenwick", "used to live in Reading" or "no longer in
  // Leicester" beside it only repeat the past (one told late may even be newer than the holding).
  return new Set(departures.filter((d) => held.has(d.slot)).map((d) => d.id));
}

/** Each subject's birthday (`user.birthday` = "12-29") among the rows, by subject ("user"). */
function birthdaysOf(rows: readonly ProfileRow[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of rows) {
    const attributes = parseJsonObject(r.attributes);
    const subject = typeof attributes.slot === 'string' ? /^(.+)\.birthday$/.exec(attributes.slot.toLowerCase())?.[1] : undefined;
    if (subject !== undefined && typeof attributes.value === 'string') out.set(subject, attributes.value);
  }
  return out;
}

/** A fact's words as the profile shows them at `now`: an age said years ago is counted on (profile-age.ts). */
function shownAsOf(r: ProfileRow, attributes: Record<string, unknown>, now: number, birthdays: ReadonlyMap<string, string>): string {
  const subject = typeof attributes.slot === 'string' ? /^(.+)\.age$/.exec(attributes.slot.toLowerCase())?.[1] : undefined;
  if (subject === undefined) return r.content;
  const value = typeof attributes.value === 'string' ? attributes.value : null;
  return ageAsOf(r.content, value, r.valid_from, now, birthdays.get(subject) ?? null) ?? r.content;
}

function kindOf(slot: string | null): string {
  if (!slot) return 'about you';
  if (/\.(name|full_name|nickname)$/.test(slot)) return 'name';
  if (/\.(residence|home|address|city|location|lives_in)$/.test(slot)) return 'home';
  if (/\.(employer|occupation|job|job_title|role|work|workplace|company|profession)$/.test(slot)) return 'work';
  if (isPreferenceSlot(slot)) return 'preference';
  if (/\.(birthday|birthdate|birthplace|origin|hometown|nationality)$/.test(slot)) return 'origins';
  if (/\.age$/.test(slot)) return 'age';
  if (/\.(health|allergy)\./.test(slot)) return 'health';
  return isIdentitySlot(slot) ? 'family' : 'about you';
}

const day = (t: number): string => isoTime(t)?.slice(0, 10) ?? 'unknown date';

/** Each line's sources: the episodes it was learned from, newest first. */
function withSources(db: ReadableDB, lines: ProfileLine[]): void {
  if (lines.length === 0) return;
  const rows = allRows<{ source_id: string; target_id: string }>(
    db,
    sql`SELECT e.source_id, e.target_id FROM json_each(${JSON.stringify(lines.map((l) => l.nodeId))}) AS j
        CROSS JOIN edges e ON e.source_id = j.value
        WHERE e.relation_type = 'derived_from' ORDER BY e.created_at DESC`,
  );
  const byNode = new Map(lines.map((l) => [l.nodeId, l]));
  for (const r of rows) {
    const l = byNode.get(r.source_id);
    if (l && l.sourceIds.length < 3) l.sourceIds.push(r.target_id);
  }
}

/** Every node the profile shows, for the context pack's "not repeated below". */
export function profileNodeIds(p: Profile): string[] {
  return [...p.static, ...p.dynamic].map((l) => l.nodeId);
}
