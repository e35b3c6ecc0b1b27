/**
 * The part of the memory the chat uses, and nothing more: derived from MemoryEngine, so the two cannot drift.
 * Other users of the engine (the API, the host, the MCP server) declare their own port in their own folder.
 */
import type { MemoryEngine } from '../memory';

export type { MessagePatch } from '../memory';

/** What the memory tools (tools.ts) call; the MCP server runs the same tools over its own port. */
export type ToolMemory = Pick<
  MemoryEngine,
  | 'search'
  /** Memory as of a date: how many messages said by then it learned only later (search_memory's as_of). */
  | 'learnedLater'
  | 'getNode'
  | 'rememberOnce'
  | 'correctFact'
  | 'confirmFact'
  | 'patchNodeAttributes'
  | 'getEntityProfile'
  | 'stats'
  | 'listSpaces'
  /** The review queue: a write whose source asks first becomes a proposal (memory/review/). */
  | 'requiresReview'
  | 'proposeFact'
>;

/** Everything the chat service and its tools call. */
export type ChatMemory = ToolMemory &
  Pick<
    MemoryEngine,
    /** The chat tables, bound to the memory's connection (the chat never holds the connection itself). */
    | 'chats'
    | 'clock'
    | 'isOpen'
    /** A chat message and its episode commit together, waiting out another program's write lock. */
    | 'writeWhenFree'
    | 'flush'
    | 'recordEpisodeNow'
    | 'markSessionCompleted'
    | 'buildContextPack'
    | 'replayPack'
    | 'reinforceFromReply'
    | 'forget'
    | 'learnedFromSessions'
    | 'previewErase'
    | 'forgetLearnedFromSessions'
    | 'eraseLearnedFromSessions'
    /** A chat moved to another space takes its memory sessions and what they taught along. */
    | 'setChatSpace'
  >;
