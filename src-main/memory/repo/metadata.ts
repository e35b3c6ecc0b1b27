import type { Database } from 'better-sqlite3';
import type { ReadableDB } from '../../storage/db';
import { stmt } from './statements';

export type MetadataKey =
  | 'embedding_dimensions'
  | 'embedding_model'
  | 'created_at'
  | 'last_decay_run'
  | 'last_consolidation'
  /** 'complete' once every vector has its int8 copy in vec_codes.approx (migration 007). */
  | 'vector_copies'
  /** The last full verification of the content hashes (fingerprint.ts): when, its root, 'ok' or 'failed'. */
  | 'merkle_verified_at'
  | 'merkle_verified_root'
  | 'merkle_verified_result';

export function getMeta(db: ReadableDB, key: MetadataKey): string | undefined {
  const row = stmt(db, 'SELECT value FROM memory_metadata WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Database, key: MetadataKey, value: string): void {
  stmt(db, 'INSERT OR REPLACE INTO memory_metadata (key, value) VALUES (?, ?)').run(key, value);
}
