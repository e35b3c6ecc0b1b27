/**
 * The part of the memory the MCP server uses: the chat's memory tools (run through chat/tools.ts), a
 * conversation recorded as a finished session, the entity list as resources, its own settings row, and the
 * notice of another process's commits. Derived from MemoryEngine, so the two cannot drift.
 */
import type { MemoryEngine } from '../memory';
import type { ToolMemory } from '../chat/tools';

export type McpMemory = ToolMemory &
  Pick<
    MemoryEngine,
    'clock' | 'appSettings' | 'recordEpisode' | 'flush' | 'markSessionCompleted' | 'getSession' | 'listEntities' | 'checkExternalWrites' | 'profile' | 'getSpace'
  >;
