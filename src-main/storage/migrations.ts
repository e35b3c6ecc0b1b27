/**
 * What a migration is. Only types: every migration file imports this module (its import line is covered by the
 * file's committed checksum in migrations.sha256.json, so the module keeps this name), and the list of migrations
 * and the runner that applies them are in migration-runner.ts, which the files never import.
 */
import type { Database } from 'better-sqlite3';

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
