/**
 * Replay a reply (issue 23, part 4): the context pack the same prompt gets from today's memory, against the one
 * the reply was given, so a person sees what a correction or a retract changed.
 */
import type { ContextPack } from './retrieval-types';

export interface ReplayItem {
  nodeId: string | null;
  entityId: string | null;
  text: string;
  section: string;
  /** Position in the pack, 1-based, across sections in order. */
  rank: number;
}

export interface PackReplay {
  prompt: string;
  then: ContextPack;
  now: ContextPack;
  /** In today's pack only (a version that replaced one of the old pack's is under `changed`). */
  added: ReplayItem[];
  /** In the old pack only (one replaced by a later version is under `changed`). */
  dropped: ReplayItem[];
  /** An old pack's memory whose newer version (a correction) is in today's pack. */
  changed: { before: ReplayItem; after: ReplayItem }[];
  /** In both, at another position. */
  reranked: { item: ReplayItem; rankBefore: number; rankAfter: number }[];
  /** In both, same position. */
  unchanged: number;
}
