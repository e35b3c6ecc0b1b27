/**
 * Memory spaces (issue 26, migration 015): create, rename, delete (its rows moved or erased), find by name,
 * and move facts between spaces with their supersedes chain. Reads stay inside a space through the one node
 * filter (node-filter.ts `spaceId`); writes are stamped by repo/nodes.ts `insertNode`.
 */
import type { EngineContext } from './context';
import { settleArrivedFacts } from './settle-arrived';
import { MemoryError, notFound } from './errors';
import { newId } from './ids';
import { supersedesComponent } from './repo/edges';
import { settleEntitiesAfterErase } from './erased-entities';
import { adjustMentionCount, entityIdsOfNode } from './repo/entities';
import { deleteNodeRow, getNode, nodeIsCurrent } from './repo/nodes';
import * as rows from './repo/spaces';
import { deleteNodeVector } from './repo/vectors';
import { deleteProposals, proposalsResting } from './repo/proposals';
import { parseInput } from './schemas';
import {
  createSpaceSchema,
  deleteSpaceSchema,
  moveToSpaceSchema,
  renameSpaceSchema,
  setChatSpaceSchema,
  setEverywhereSchema,
  type DeleteSpaceInput,
} from './space-schemas';
import { mergeTextIndexes } from '../storage/erase';
import { writeTx } from '../storage/write-tx';
import { PERSONAL_SPACE_ID, type MemorySpace, type MemorySpaceSummary, type SpaceMove } from '../../src-shared/spaces';

export function listSpaces(ctx: EngineContext): MemorySpaceSummary[] {
  return rows.listSpaceRows(ctx.db).map((s) => rows.summarise(ctx.db, s));
}

export function requireSpace(ctx: EngineContext, id: string): MemorySpace {
  const space = rows.getSpaceRow(ctx.db, id);
  if (!space) throw notFound('Space', id);
  return space;
}

/** A space by its name (the CLI's and MCP's `--space NAME`); an unknown name says which ones exist. */
export function spaceByName(ctx: EngineContext, name: string): MemorySpace {
  const space = rows.spaceNamed(ctx.db, name.trim());
  if (space) return space;
  const known = rows.listSpaceRows(ctx.db).map((s) => `"${s.name}"`).join(', ');
  throw new MemoryError('not_found', `There is no space named "${name}". Spaces: ${known}.`);
}

function refuseTakenName(ctx: EngineContext, name: string, exceptId?: string): void {
  const taken = rows.spaceNamed(ctx.db, name);
  if (taken && taken.id !== exceptId) throw new MemoryError('conflict', `A space named "${taken.name}" already exists`);
}

export function createSpace(ctx: EngineContext, input: unknown): MemorySpace {
  const { name } = parseInput(createSpaceSchema, input);
  refuseTakenName(ctx, name);
  const space: MemorySpace = { id: newId(), name, createdAt: ctx.clock.now() };
  writeTx(ctx.db, () => rows.insertSpace(ctx.db, space));
  return space;
}

export function renameSpace(ctx: EngineContext, input: unknown): MemorySpace {
  const { id, name } = parseInput(renameSpaceSchema, input);
  requireSpace(ctx, id);
  refuseTakenName(ctx, name, id);
  writeTx(ctx.db, () => rows.renameSpaceRow(ctx.db, id, name));
  return requireSpace(ctx, id);
}

/**
 * Deletes a space. Its chats, memory sessions, episodes and facts either move to another space or are erased
 * for good (deleted, their text merged out of the search indexes). Personal is never deleted.
 */
export function deleteSpace(ctx: EngineContext, input: DeleteSpaceInput): { moved: number; erased: number; settled: number } {
  const data = parseInput(deleteSpaceSchema, input);
  if (data.id === PERSONAL_SPACE_ID) throw new MemoryError('invalid_input', 'The Personal space cannot be deleted');
  requireSpace(ctx, data.id);
  ctx.hot.flushSync();
  const nodeIds = rows.nodeIdsOfSpace(ctx.db, data.id);
  if (data.rows.rows === 'move') {
    const to = data.rows.toSpaceId;
    if (to === data.id) throw new MemoryError('invalid_input', 'A space cannot move its memories into itself');
    requireSpace(ctx, to);
    const settled = writeTx(ctx.db, () => {
      rows.moveAllRows(ctx.db, data.id, to);
      rows.deleteSpaceRow(ctx.db, data.id);
      // Two spaces' truths of one slot are one now: the later-begun value stays current (settle-arrived.ts).
      return settleArrivedFacts(ctx, nodeIds, 'two spaces were merged');
    });
    for (const nodeId of nodeIds) ctx.feed.emit({ kind: 'node.updated', nodeId });
    return { moved: nodeIds.length, erased: 0, settled };
  }
  const now = ctx.clock.now();
  const proposals = writeTx(ctx.db, () => {
    // Proposals made in the space, or resting on its memories, hold their words: erased with them.
    const resting = proposalsResting(ctx.db, { episodeIds: nodeIds, sessionIds: rows.sessionIdsOfSpace(ctx.db, data.id), factIds: nodeIds });
    deleteProposals(ctx.db, resting);
    const entities = new Set<string>();
    for (const id of nodeIds) {
      const entityIds = entityIdsOfNode(ctx.db, id);
      for (const entityId of entityIds) entities.add(entityId);
      // Mention counts count current nodes only.
      if (nodeIsCurrent(ctx.db, id) === true) for (const entityId of entityIds) adjustMentionCount(ctx.db, entityId, -1, now);
      deleteNodeVector(ctx.db, id);
      deleteNodeRow(ctx.db, id);
    }
    // Summaries quoting the erased facts are rewritten; entities only they named go (erased-entities.ts).
    settleEntitiesAfterErase(ctx, entities, now);
    rows.deleteSessionsOfSpace(ctx.db, data.id);
    rows.deleteSpaceRow(ctx.db, data.id);
    mergeTextIndexes(ctx.db);
    return resting;
  });
  if (nodeIds.length > 0) ctx.feed.emit({ kind: 'nodes.erased', nodeIds });
  if (proposals.length > 0) ctx.feed.emit({ kind: 'review.changed', proposalIds: proposals });
  return { moved: 0, erased: nodeIds.length, settled: 0 };
}

/** A fact and every version of it (supersedes chain, either direction): they live in one space together. */
function factChain(ctx: EngineContext, id: string): string[] {
  const node = getNode(ctx.db, id);
  if (!node) throw notFound('Node', id);
  if (node.type === 'episodic') {
    throw new MemoryError('invalid_input', 'An episode belongs to the chat it was said in: move the chat to another space instead');
  }
  const chain = supersedesComponent(ctx.db, id);
  if (chain.length >= 1000) throw new MemoryError('conflict', `The fact has ${chain.length}+ versions; moving so long a chain is refused`);
  return chain;
}

/**
 * Moves a fact with its supersedes chain to another space. The answer names the nodes moved and the space
 * they left, so an undo moves them back (the inspector's undo toast calls this again with `fromSpaceId`).
 */
export function moveToSpace(ctx: EngineContext, input: unknown): SpaceMove {
  const { id, spaceId } = parseInput(moveToSpaceSchema, input);
  ctx.hot.flushSync();
  requireSpace(ctx, spaceId);
  const node = getNode(ctx.db, id);
  if (!node) throw notFound('Node', id);
  if (node.spaceId === spaceId) throw new MemoryError('invalid_input', 'The fact is already in that space');
  const movedIds = factChain(ctx, id);
  writeTx(ctx.db, () => rows.setNodesSpace(ctx.db, movedIds, spaceId));
  for (const nodeId of movedIds) ctx.feed.emit({ kind: 'node.updated', nodeId });
  return { movedIds, fromSpaceId: node.spaceId, toSpaceId: spaceId };
}

/** Marks a fact (all its versions) as seen from every space, or back to its own space only. */
export function setEverywhere(ctx: EngineContext, input: unknown): { ids: string[]; everywhere: boolean } {
  const { id, everywhere } = parseInput(setEverywhereSchema, input);
  ctx.hot.flushSync();
  const ids = factChain(ctx, id);
  writeTx(ctx.db, () => rows.setNodesEverywhere(ctx.db, ids, everywhere));
  for (const nodeId of ids) ctx.feed.emit({ kind: 'node.updated', nodeId });
  return { ids, everywhere };
}

/**
 * A chat changes space: what it said and what was learned from it go along (a chat put in the wrong space
 * is put right whole), facts with their chains. New messages are recorded in the new space.
 */
export function setChatSpace(ctx: EngineContext, input: unknown): { chatId: string; spaceId: string; movedNodes: number } {
  const { chatId, spaceId } = parseInput(setChatSpaceSchema, input);
  requireSpace(ctx, spaceId);
  if (rows.chatSpace(ctx.db, chatId) === undefined) throw notFound('Chat', chatId);
  ctx.hot.flushSync();
  const sessions = rows.memorySessionsOfChat(ctx.db, chatId);
  const direct = rows.nodeIdsOfSessions(ctx.db, sessions);
  const facts = direct.filter((id) => getNode(ctx.db, id)?.type !== 'episodic');
  const withChains = new Set(direct);
  for (const id of facts) for (const version of supersedesComponent(ctx.db, id)) withChains.add(version);
  writeTx(ctx.db, () => {
    rows.setChatSpaceRow(ctx.db, chatId, spaceId);
    rows.setSessionsSpace(ctx.db, sessions, spaceId);
    rows.setNodesSpace(ctx.db, [...withChains], spaceId);
  });
  for (const nodeId of withChains) ctx.feed.emit({ kind: 'node.updated', nodeId });
  return { chatId, spaceId, movedNodes: withChains.size };
}

/** Another process committed: it may have created or deleted a space. */
export function forgetCachedSpaces(ctx: Pick<EngineContext, 'db'>): void {
  rows.forgetSpaceCount(ctx.db);
}

/** Whether the memory has spaces other than Personal (entity summaries may then mix spaces: see context.ts). */
export function hasSeveralSpaces(ctx: Pick<EngineContext, 'db'>): boolean {
  return rows.spaceCount(ctx.db) > 1;
}
