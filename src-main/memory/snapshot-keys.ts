/**
 * How a snapshot's rows are keyed and what they point at (memory/snapshot.ts loads them): the primary key of each
 * table, and the references a row may only make to what the same load added.
 */
import type { SnapshotTable } from './snapshot-rows';

export type LoadableTable = Exclude<SnapshotTable, 'app_settings'>;

export const PRIMARY_KEY: Record<LoadableTable, string[]> = {
  spaces: ['id'],
  nodes: ['id'],
  entities: ['id'],
  edges: ['id'],
  node_entities: ['node_id', 'entity_id'],
  memory_sessions: ['id'],
  writepath_runs: ['id'],
  chat_sessions: ['id'],
  chat_context_packs: ['id'],
  chat_messages: ['id'],
  memory_proposals: ['id'],
};

/** Where each row of a table points, and what it may point at: only what this same load added. */
export interface Reference {
  column: string;
  table: 'nodes' | 'entities' | 'chat_sessions' | 'chat_context_packs' | 'memory_sessions';
  /** A missing parent is allowed (the column is not a foreign key). */
  optional?: boolean;
}
export const REFERENCES: Partial<Record<LoadableTable, Reference[]>> = {
  nodes: [{ column: 'session_id', table: 'memory_sessions', optional: true }],
  entities: [{ column: 'merged_into', table: 'entities' }],
  edges: [
    { column: 'source_id', table: 'nodes' },
    { column: 'target_id', table: 'nodes' },
  ],
  node_entities: [{ column: 'node_id', table: 'nodes' }],
  chat_sessions: [{ column: 'memory_session_id', table: 'memory_sessions', optional: true }],
  chat_context_packs: [{ column: 'chat_id', table: 'chat_sessions' }],
  chat_messages: [
    { column: 'chat_id', table: 'chat_sessions' },
    { column: 'context_pack_id', table: 'chat_context_packs' },
  ],
  memory_proposals: [
    { column: 'session_id', table: 'memory_sessions', optional: true },
    { column: 'supersedes_id', table: 'nodes' },
    { column: 'node_id', table: 'nodes', optional: true },
  ],
};
export const WHAT: Record<Reference['table'], string> = {
  nodes: 'a memory',
  entities: 'an entity',
  chat_sessions: 'a chat',
  chat_context_packs: 'a stored context pack',
  memory_sessions: 'a conversation',
};
