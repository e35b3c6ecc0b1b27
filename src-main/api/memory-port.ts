/**
 * The part of the memory the API's handlers call directly (the chat, the write path and data go through their
 * own services). Derived from MemoryEngine, so the two cannot drift.
 */
import type { MemoryEngine } from '../memory';

export type ApiMemory = Pick<
  MemoryEngine,
  | 'search'
  | 'buildContextPack'
  | 'stats'
  | 'getNode'
  | 'listNodes'
  | 'rememberFact'
  | 'correctFact'
  | 'confirmFact'
  | 'forget'
  | 'restore'
  | 'listEntities'
  | 'findEntities'
  | 'getEntityProfile'
  | 'createEntity'
  | 'addAlias'
  | 'removeAlias'
  | 'mergeEntities'
  | 'inspectorGraph'
  | 'inspectorExpand'
  | 'inspectorTimeline'
  | 'inspectorOverview'
  | 'setNodeTags'
  | 'undoConfirm'
  | 'undoCorrection'
  | 'splitEntity'
  | 'unmergeEntity'
  | 'updateEntity'
  | 'deleteEntity'
  | 'restoreEntity'
  | 'listSpaces'
  | 'createSpace'
  | 'renameSpace'
  | 'deleteSpace'
  | 'moveToSpace'
  | 'setEverywhere'
>;
