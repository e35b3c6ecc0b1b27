/**
 * Memory spaces (issue 26): named parts of the memory (Personal, Work, Novel…). Chats, their episodes and the
 * facts learned in them belong to one space; reads stay inside the active space plus facts marked everywhere.
 */

/** The default space: it always exists and cannot be deleted (migration 015). Its name may change; its id never. */
export const PERSONAL_SPACE_ID = 'personal';

export interface MemorySpace {
  id: string;
  name: string;
  createdAt: number;
}

/** A space with how much it holds (Settings, the sidebar, the delete dialog). */
export interface MemorySpaceSummary extends MemorySpace {
  chats: number;
  /** Current facts (not episodes) of the space. */
  facts: number;
  episodes: number;
}

/** What deleting a space does with its rows: move them to another space, or erase them for good. */
export type SpaceDeletion = { rows: 'move'; toSpaceId: string } | { rows: 'erase' };

/** The result of moving a fact (with its supersedes chain) between spaces; undo moves `movedIds` back to `fromSpaceId`. */
export interface SpaceMove {
  movedIds: string[];
  fromSpaceId: string;
  toSpaceId: string;
}
