/**
 * Which rows a source stands for. Its episodes are the messages memory recorded from it (every one, current or
 * not: a forgotten message of this chat is still not "another source"); its own facts are those it wrote
 * directly, without an episode to cite (a tool call in the chat's session, another app's remember_fact, what a
 * consolidation run created). Facts derived from the episodes are found by the plan.
 */
import type { Database } from 'better-sqlite3';
import { memorySessionsOf } from '../../storage/chat-repo';
import type { RetractSource } from '../../../src-shared/retract-types';
import { MemoryError } from '../errors';
import { jsonFieldSql } from '../../storage/json-column';

export interface SourceRows {
  episodeIds: string[];
  ownFactIds: string[];
  /** False for a consolidation run: it created facts, the episodes it read belong to their chat. */
  retractsEpisodes: boolean;
}

const json = (ids: readonly string[]) => JSON.stringify(ids);

function sessionRows(db: Database, sessionIds: readonly string[]): SourceRows {
  const ids = json(sessionIds);
  const episodeIds = db
    .prepare(`SELECT n.id FROM json_each(?) s CROSS JOIN nodes n ON n.session_id = s.value WHERE +n.type = 'episodic' ORDER BY n.rowid`)
    .pluck()
    .all(ids) as string[];
  const ownFactIds = db
    .prepare(`SELECT n.id FROM json_each(?) s CROSS JOIN nodes n ON n.session_id = s.value WHERE +n.type != 'episodic' ORDER BY n.rowid`)
    .pluck()
    .all(ids) as string[];
  return { episodeIds, ownFactIds, retractsEpisodes: true };
}

function messageRows(db: Database, ref: string): SourceRows {
  // A chat message id, or the episode id itself (what the inspector shows).
  const viaChat = db.prepare('SELECT episode_id FROM chat_messages WHERE id = ?').pluck().get(ref) as string | null | undefined;
  if (viaChat === null) throw new MemoryError('not_found', `Message ${ref} was not recorded in memory (its chat does not remember)`);
  const id = viaChat ?? ref;
  const isEpisode = db.prepare(`SELECT 1 FROM nodes WHERE id = ? AND type = 'episodic'`).get(id) !== undefined;
  if (!isEpisode) throw new MemoryError('not_found', `No message ${ref} in memory`);
  return { episodeIds: [id], ownFactIds: [], retractsEpisodes: true };
}

function chatRows(db: Database, ref: string): SourceRows {
  if (db.prepare('SELECT 1 FROM chat_sessions WHERE id = ?').get(ref) === undefined) throw new MemoryError('not_found', `No chat ${ref}`);
  return sessionRows(db, memorySessionsOf(db, ref));
}

function importRows(db: Database, ref: string): SourceRows {
  const chats = db.prepare('SELECT id FROM chat_sessions WHERE import_source = ? ORDER BY id').pluck().all(ref) as string[];
  if (chats.length === 0) throw new MemoryError('not_found', `No chats were imported from "${ref}"`);
  const sessions = new Set(chats.flatMap((chatId) => memorySessionsOf(db, chatId)));
  return sessionRows(db, [...sessions].sort());
}

function originRows(db: Database, ref: string): SourceRows {
  const rows = db
    .prepare(`SELECT id, type FROM nodes WHERE ${jsonFieldSql('attributes', '$.mcp_client')} = ? ORDER BY rowid`)
    .all(ref) as { id: string; type: string }[];
  if (rows.length === 0) throw new MemoryError('not_found', `Nothing in memory came from the app "${ref}"`);
  return {
    episodeIds: rows.filter((r) => r.type === 'episodic').map((r) => r.id),
    ownFactIds: rows.filter((r) => r.type !== 'episodic').map((r) => r.id),
    retractsEpisodes: true,
  };
}

function runRows(db: Database, ref: string): SourceRows {
  if (db.prepare('SELECT 1 FROM writepath_runs WHERE id = ?').get(ref) === undefined) throw new MemoryError('not_found', `No consolidation run ${ref}`);
  const ownFactIds = db
    .prepare(`SELECT id FROM nodes WHERE ${jsonFieldSql('attributes', '$.consolidation_run')} = ? AND type != 'episodic' ORDER BY rowid`)
    .pluck()
    .all(ref) as string[];
  return { episodeIds: [], ownFactIds, retractsEpisodes: false };
}

export function sourceRows(db: Database, source: RetractSource): SourceRows {
  switch (source.kind) {
    case 'message':
      return messageRows(db, source.ref);
    case 'chat':
      return chatRows(db, source.ref);
    case 'session':
      if (db.prepare('SELECT 1 FROM memory_sessions WHERE id = ?').get(source.ref) === undefined) throw new MemoryError('not_found', `No memory session ${source.ref}`);
      return sessionRows(db, [source.ref]);
    case 'import':
      return importRows(db, source.ref);
    case 'origin':
      return originRows(db, source.ref);
    case 'run':
      return runRows(db, source.ref);
  }
}
