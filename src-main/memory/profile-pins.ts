/**
 * The person's say over the profile: pin a fact to it or hide it from it, kept as the fact's `profile` attribute.
 * A correction inherits a node's attributes (facts.ts correctFact), so a pin or a hide follows the fact to its
 * successor: the person chose the thing about them ("where I live"), not the wording; the superseded version
 * itself leaves the profile at once, being no longer current. Also the cache of computed profiles, emptied by
 * every change the feed announces; a profile computed after a change reads the candidates (profile-candidates.ts).
 */
import { z } from 'zod';
import type { EngineContext } from './context';
import { requireCurrentFact } from './facts';
import { idSchema, parseInput } from './schemas';
import { setAttributes } from './repo/nodes';
import { writeTx } from '../storage/write-tx';
import { computeProfile, profileFromRows, profilePinOf, type ProfileScope } from './profile';
import { ProfileCandidates } from './profile-candidates';
import type { MemoryChange } from '../../src-shared/memory-types';
import { PROFILE_ATTRIBUTE, PROFILE_PIN_STATES, type Profile, type ProfilePinState } from '../../src-shared/profile-types';

export const setProfilePinSchema = z.object({ id: idSchema, state: z.enum(PROFILE_PIN_STATES) }).strict();
export type SetProfilePinInput = z.input<typeof setProfilePinSchema>;

/** Pins, hides or hands back to the rules (`auto`) one current fact; returns the state it had, for an undo. */
export function setProfilePin(ctx: EngineContext, input: SetProfilePinInput): { id: string; state: ProfilePinState; previous: ProfilePinState } {
  const data = parseInput(setProfilePinSchema, input);
  const action = data.state === 'pinned' ? 'pin' : data.state === 'hidden' ? 'hide' : 'unpin';
  const node = requireCurrentFact(ctx, data.id, action);
  const previous = profilePinOf(node.attributes);
  if (previous !== data.state) {
    const { [PROFILE_ATTRIBUTE]: _old, ...rest } = node.attributes;
    writeTx(ctx.db, () => setAttributes(ctx.db, node.id, data.state === 'auto' ? rest : { ...rest, [PROFILE_ATTRIBUTE]: data.state }));
    ctx.feed.emit({ kind: 'node.updated', nodeId: node.id });
  }
  return { id: node.id, state: data.state, previous };
}

/**
 * Events that cannot change which facts are current or what they say: they keep a computed profile. A use in a
 * reply (`nodes.accessed`, after every reply) only refreshes a fact's recency; the hourly key catches it up, so
 * the profile is not recomputed for every pack of a conversation.
 */
const KEEPS_PROFILE: ReadonlySet<MemoryChange['kind']> = new Set(['episodes.recorded', 'nodes.embedded', 'entities.linked', 'nodes.accessed']);
const HOUR_MS = 3_600_000;

/**
 * Computed profiles by scope, for the hour they were computed in (the dynamic part's "this month" moves with
 * the clock). Any change that may touch a fact empties it, so a superseded or forgotten fact leaves at once.
 */
export class ProfileCache {
  private readonly entries = new Map<string, Profile>();
  /** The facts about the person, kept by triggers: a profile after a change reads those, not every fact. */
  private readonly candidates: ProfileCandidates;

  constructor(ctx: EngineContext) {
    this.candidates = new ProfileCandidates(ctx.db);
    ctx.feed.subscribe((change) => {
      if (!KEEPS_PROFILE.has(change.kind)) this.entries.clear();
      if (change.kind === 'external.changed') this.candidates.markStale();
    });
  }

  get(ctx: EngineContext, now: number, scope: ProfileScope = {}): Profile {
    const key = `${Math.floor(now / HOUR_MS)} ${JSON.stringify(scope)}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    // As of a past date, superseded versions count: the candidates hold current facts only.
    const current = scope.asOf === undefined || scope.asOf === null;
    if (current) this.candidates.ensure();
    const cached = current ? this.candidates.cachedRows(now, scope) : null;
    const profile = cached ? profileFromRows(ctx.db, cached, now) : computeProfile(ctx.db, now, scope, current ? 'candidates' : 'all');
    if (this.entries.size > 16) this.entries.clear();
    this.entries.set(key, profile);
    return profile;
  }
}
