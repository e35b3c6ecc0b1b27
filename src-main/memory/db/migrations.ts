/**
 * Numbered migrations tracked in PRAGMA user_version. Each runs in its own transaction;
 * a database newer than this code is refused rather than guessed at.
 */
import type { Database } from 'better-sqlite3';
import { MemoryError } from '../errors';
import { migration001 } from './migration-001-initial';
import { migration002 } from './migration-002-chat';
import { migration003 } from './migration-003-writepath';
import { migration004 } from './migration-004-list-indexes';
import { migration005 } from './migration-005-import';

export interface MigrationContext {
  /** Vector dimension used when a migration creates vec0 tables. */
  dimensions: number;
  now: number;
}

export interface Migration {
  version: number;
  name: string;
  up(db: Database, ctx: MigrationContext): void;
}

export const MIGRATIONS: readonly Migration[] = [migration001, migration002, migration003, migration004, migration005];
export const LATEST_VERSION = MIGRATIONS.length;

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Bring the schema up to `target` (default: latest). Returns the versions applied. */
export function migrate(db: Database, ctx: MigrationContext, target = LATEST_VERSION): number[] {
  const current = schemaVersion(db);
  if (current > LATEST_VERSION) {
    throw new MemoryError(
      'storage',
      `The memory database has schema version ${current}, newer than this Engram (${LATEST_VERSION}). Update Engram to open it.`,
    );
  }
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (m.version <= current || m.version > target) continue;
    db.transaction(() => {
      m.up(db, ctx);
      db.pragma(`user_version = ${m.version}`);
    })();
    applied.push(m.version);
  }
  return applied;
}
