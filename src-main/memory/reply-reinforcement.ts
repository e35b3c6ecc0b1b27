/**
 * Access reinforcement from a finished reply (ADR 008 §12.1): of the memories the reply was shown, the
 * knowledge it restated counts as used and is strengthened; episodes never are. The shown memories are read
 * in one query and handed back, so the caller can tell a recital of them from something new.
 */
import type { EngineContext } from './context';
import { recordAccess } from './facts';
import { getNodes } from './repo/nodes';
import { usedNodeIds } from './reply-usage';

/** How many shown memories a reply is compared with (a context pack holds far fewer). */
export const MAX_SHOWN_CONSIDERED = 100;

export interface ShownMemory {
  id: string;
  content: string;
}

export interface ReplyReinforcement {
  /** The shown memories that still exist, in the order given (episodes included). */
  shown: ShownMemory[];
  /** The knowledge nodes the reply used, now reinforced. */
  reinforced: string[];
}

export function reinforceFromReply(ctx: EngineContext, reply: string, shownIds: readonly string[]): ReplyReinforcement {
  const nodes = getNodes(ctx.db, [...new Set(shownIds)].slice(0, MAX_SHOWN_CONSIDERED));
  const knowledge = nodes.filter((n) => n.type !== 'episodic').map((n) => ({ id: n.id, content: n.content }));
  const reinforced = usedNodeIds(reply, knowledge);
  if (reinforced.length > 0) recordAccess(ctx, reinforced);
  return { shown: nodes.map((n) => ({ id: n.id, content: n.content })), reinforced };
}
