/**
 * The profile (seed 004 §5): the few things about the person every reply should know, computed at read time from
 * current facts. Shapes shared by the engine, the contract, the CLI, MCP and the inspector's card.
 */
import type { NodeType } from './memory-types';

/** What the person decided about a fact: always in the profile, never in it, or left to the rules. */
export const PROFILE_PIN_STATES = ['pinned', 'hidden', 'auto'] as const;
export type ProfilePinState = (typeof PROFILE_PIN_STATES)[number];

/** The node attribute a pin or hide is kept in (a correction inherits it: see ARCHITECTURE.md, Profile). */
export const PROFILE_ATTRIBUTE = 'profile';

export type ProfilePart = 'static' | 'dynamic';

export interface ProfileLine {
  nodeId: string;
  type: NodeType;
  content: string;
  part: ProfilePart;
  /** Why it is in the profile, in words ("pinned", "identity, learned 2026-10-20", "recent: this month"). */
  reason: string;
  pinned: boolean;
  /** Confirmed by the person (decay rate 0). */
  confirmed: boolean;
  slot: string | null;
  validFrom: number;
  createdAt: number;
  /** Episodes it was learned from (derived_from), newest first, at most three. */
  sourceIds: string[];
}

export interface Profile {
  /** Stable and important: name, home, work, family, lasting preferences; pinned facts first. */
  static: ProfileLine[];
  /** Recent and active: this month's projects, plans and moods. */
  dynamic: ProfileLine[];
  /** Facts the person hid from the profile, so the card can show them back. */
  hidden: Pick<ProfileLine, 'nodeId' | 'content'>[];
  computedAt: number;
}
