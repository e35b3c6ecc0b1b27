/**
 * A fact memory already holds word for word is not written twice: saying it again restates it. "Cal is sober",
 * proposed from two chats and approved twice, or remembered by a model in two conversations (the chat's and MCP's
 * remember_fact), is one fact whose sources are every message that said it, and which grows sturdier each time.
 */
import type { EngineContext } from './context';
import * as factOps from './facts';
import { factIdsMatching } from './repo/consolidation';
import { insertEdge } from './repo/edges';
import { getNodes } from './repo/nodes';
import { getSession } from './repo/sessions';
import { allTermsExpression } from './retrieval/text';
import { parseInput, rememberFactSchema, type RememberFactInput } from './schemas';
import { PERSONAL_SPACE_ID } from '../../src-shared/spaces';
import { normaliseFact } from '../../src-shared/text';
import type { MemoryNode } from '../../src-shared/memory-types';
import { writeTx } from '../storage/write-tx';

/** The space a fact will be written in, as insertNode places it: its own, else its session's, else Personal. */
export function spaceOfNewFact(ctx: EngineContext, fact: Pick<RememberFactInput, 'spaceId' | 'sessionId'>): string {
  return fact.spaceId ?? (fact.sessionId ? getSession(ctx.db, fact.sessionId)?.spaceId : undefined) ?? PERSONAL_SPACE_ID;
}

/** The current fact of `space` (or of every space) that says what `content` says, word for word. */
export function heldWordForWord(ctx: EngineContext, content: string, space: string): MemoryNode | undefined {
  const match = allTermsExpression(content);
  if (match === null) return undefined;
  const said = normaliseFact(content);
  return getNodes(ctx.db, factIdsMatching(ctx.db, match, 20)).find(
    (n) => n.type !== 'episodic' && n.validUntil === null && (n.spaceId === space || n.everywhere) && normaliseFact(n.content) === said,
  );
}

/** The same knowledge said again: its messages become more sources of the fact memory holds, which grows sturdier. */
export function restate(ctx: EngineContext, existing: MemoryNode, episodes: readonly string[]): string {
  const now = ctx.clock.now();
  writeTx(ctx.db, () => {
    for (const episode of episodes) insertEdge(ctx.db, { sourceId: existing.id, targetId: episode, relationType: 'derived_from', validFrom: now, evidence: [episode], createdAt: now });
  });
  factOps.recordRestatement(ctx, [existing.id]);
  return existing.id;
}

/** Remembers `input`, or restates the current fact that already says it word for word (`restated`: which it did). */
export function rememberOnce(ctx: EngineContext, input: RememberFactInput): { id: string; restated: boolean } {
  const fact = parseInput(rememberFactSchema, input);
  const same = heldWordForWord(ctx, fact.content, spaceOfNewFact(ctx, fact));
  if (same) return { id: restate(ctx, same, fact.derivedFrom ?? []), restated: true };
  return { id: factOps.rememberFact(ctx, input), restated: false };
}
