/**
 * "Erase everything it taught": the episodes of the given memory sessions and the facts learned only from
 * them are deleted (not forgotten), with their vectors, full-text terms, entity links and edges; facts also
 * supported elsewhere stay and lose only the links to the erased episodes (ON DELETE CASCADE). The text is then
 * not left in the file: the connection zeroes deleted rows (secure_delete), the full-text indexes are merged in
 * the same transaction, and the caller truncates the WAL after the commit (MemoryEngine.eraseLearnedFromSessions).
 */
import type { EngineContext } from './context';
import { learnedFromSessions, type LearnedFromSessions } from './forget-sessions';
import { deleteNodeVector } from './repo/vectors';
import { adjustMentionCount, entityIdsOfNode } from './repo/entities';
import { deleteNodeRow, nodeIsCurrent } from './repo/nodes';
import { emptyErasedSessions } from './repo/sessions';
import { deleteProposals, proposalsResting } from './repo/proposals';
import { mergeTextIndexes } from '../storage/erase';
import { settleEntitiesAfterErase } from './erased-entities';
import { applyVersionsAfterErase, versionsAfterErase, type VersionsAfterErase } from './erased-versions';

export interface ErasedFromSessions extends LearnedFromSessions {
  /** The erased nodes' text, so the caller can remove copies of it kept outside memory (memory-only answers). */
  contents: string[];
  /** Older versions of erased facts: current again when every later version is erased. */
  versions: VersionsAfterErase;
}

/** What an erase of these sessions would delete (read only: the delete dialog's preview). */
export function previewErase(ctx: EngineContext, sessionIds: readonly string[]): ErasedFromSessions {
  const found = learnedFromSessions(ctx, sessionIds, true);
  const content = ctx.db.prepare('SELECT content FROM nodes WHERE id = ?').pluck();
  const contents = [...found.factIds, ...found.episodeIds].flatMap((id) => {
    const text = content.get(id);
    return typeof text === 'string' ? [text] : [];
  });
  return { ...found, contents, versions: versionsAfterErase(ctx, found.factIds) };
}

/** Deletes what the sessions taught. Runs inside the caller's write transaction. */
export function eraseLearnedFromSessions(ctx: EngineContext, sessionIds: readonly string[]): ErasedFromSessions {
  const db = ctx.db;
  const found = previewErase(ctx, sessionIds);
  const ids = [...found.factIds, ...found.episodeIds];
  const now = ctx.clock.now();
  const entities = new Set<string>();
  for (const id of ids) {
    const entityIds = entityIdsOfNode(db, id);
    for (const entityId of entityIds) entities.add(entityId);
    // Mention counts count current nodes; a forgotten one was already counted out.
    if (nodeIsCurrent(db, id) === true) for (const entityId of entityIds) adjustMentionCount(db, entityId, -1, now);
    deleteNodeVector(db, id);
    deleteNodeRow(db, id);
  }
  applyVersionsAfterErase(ctx, found.versions, now);
  // Proposals made from these chats (waiting, declined or approved) hold their words too: they go with them.
  const proposals = proposalsResting(db, { episodeIds: found.episodeIds, sessionIds, factIds: found.factIds });
  deleteProposals(db, proposals);
  // A machine-made summary quoting an erased fact is rewritten, and an entity only the erased rows named goes, so
  // their text leaves the entities table too.
  settleEntitiesAfterErase(ctx, entities, now);
  // The sessions stay as empty, finished rows (no text): a consolidation already queued for one finds nothing
  // to learn instead of a missing session.
  emptyErasedSessions(db, sessionIds, now);
  mergeTextIndexes(db);
  if (ids.length > 0) ctx.feed.emit({ kind: 'nodes.erased', nodeIds: ids });
  if (proposals.length > 0) ctx.feed.emit({ kind: 'review.changed', proposalIds: proposals });
  return found;
}
