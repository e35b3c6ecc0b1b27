/**
 * Numbered migrations tracked in PRAGMA user_version. Each runs in its own transaction;
 * a database newer than this code is refused rather than guessed at. The list is here; each migration file
 * imports only the `Migration` type (./migrations.ts), never this module, so there is no import circle.
 */
import { chmodSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { MemoryError } from '../../src-shared/errors';
import { migration001 } from './migration-001-initial';
import { migration002 } from './migration-002-chat';
import { migration003 } from './migration-003-writepath';
import { migration004 } from './migration-004-list-indexes';
import { migration005 } from './migration-005-schema-repair';
import { migration006 } from './migration-006-import';
import { migration007 } from './migration-007-vector-approx';
import { migration008 } from './migration-008-tallies';
import { migration009 } from './migration-009-tally-upsert-targets';
import { migration010 } from './migration-010-own-provenance';
import { migration011 } from './migration-011-stability';
import { migration012 } from './migration-012-inherited-entity-links';
import { migration013 } from './migration-013-undo-states';
import { migration014 } from './migration-014-proposals';
import { migration015 } from './migration-015-spaces';
import { migration016 } from './migration-016-content-hashes';
import { migration017 } from './migration-017-retractions';
import { migration018 } from './migration-018-ahead-of-time-index';
import { migration019 } from './migration-019-covering-edge-indexes';
import { migration020 } from './migration-020-turn-context-index';
import { migration021 } from './migration-021-turn-context-bounds';
import { migration022 } from './migration-022-shown-turns-index';
import type { Migration, MigrationContext } from './migrations';
import { writeTx } from './write-tx';

export const MIGRATIONS: readonly Migration[] = [migration001, migration002, migration003, migration004, migration005, migration006, migration007, migration008, migration009, migration010, migration011, migration012, migration013, migration014, migration015, migration016, migration017, migration018, migration019, migration020, migration021, migration022];
export const LATEST_VERSION = MIGRATIONS.length;

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Copies kept of a database as it was before a migration (`engram.db.pre-v<N>`): the newest two. */
export const PRE_MIGRATION_COPIES_KEPT = 2;

/**
 * Bring the schema up to `target` (default: latest). Returns the versions applied. Before the first step on
 * an existing file-backed database, a consistent copy is kept aside (`<file>.pre-v<N>`, N the version being
 * migrated to), so an update that goes wrong never costs the person their memory.
 */
export function migrate(db: Database, ctx: MigrationContext, target = LATEST_VERSION): number[] {
  const current = schemaVersion(db);
  if (current > LATEST_VERSION) {
    throw new MemoryError(
      'storage',
      `The memory database has schema version ${current}, newer than this Engram (${LATEST_VERSION}). Update Engram to open it.`,
    );
  }
  const pending = MIGRATIONS.filter((m) => m.version > current && m.version <= target);
  if (pending.length === 0) return [];
  if (current > 0 && pending[0]) keepCopyBeforeMigrating(db, pending[0].version);
  const applied: number[] = [];
  for (const m of pending) {
    writeTx(db, () => {
      // Read again inside the write lock: another process may have migrated since we looked.
      if (schemaVersion(db) >= m.version) return;
      m.up(db, ctx);
      db.pragma(`user_version = ${m.version}`);
      applied.push(m.version);
    });
  }
  return applied;
}

function keepCopyBeforeMigrating(db: Database, toVersion: number): void {
  const file = db.name;
  if (!file || file === ':memory:' || db.memory) return;
  const copy = `${file}.pre-v${toVersion}`;
  rmSync(copy, { force: true });
  // VACUUM INTO writes a consistent snapshot, WAL content included, without blocking other readers.
  db.prepare('VACUUM INTO ?').run(copy);
  chmodSync(copy, 0o600);
  const folder = dirname(file);
  const prefix = `${basename(file)}.pre-v`;
  const copies = readdirSync(folder)
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .sort((a, b) => Number(b.slice(prefix.length)) - Number(a.slice(prefix.length)));
  for (const old of copies.slice(PRE_MIGRATION_COPIES_KEPT)) rmSync(join(folder, old), { force: true });
}
