import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { LATEST_VERSION, MIGRATIONS, migrate, schemaVersion } from '../../../src-main/storage/migration-runner';
import { migrateTo, openMigrationDb } from '../../helpers/migration-db';

const ctx = { dimensions: 8, now: 1 };

describe('migration runner: a target version', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  it('stops at the target, applies only the steps between, and never goes back', () => {
    db = openMigrationDb();
    expect(migrate(db, ctx, 2)).toEqual([1, 2]);
    expect(schemaVersion(db)).toBe(2);
    expect(migrate(db, ctx, 2)).toEqual([]);
    // A target below the file's version changes nothing (migrations only go up).
    expect(migrate(db, ctx, 1)).toEqual([]);
    expect(schemaVersion(db)).toBe(2);
    expect(migrate(db, ctx)).toEqual(MIGRATIONS.filter((m) => m.version > 2).map((m) => m.version));
    expect(schemaVersion(db)).toBe(LATEST_VERSION);
  });

  it('refuses a file newer than this code, whatever the target', () => {
    db = openMigrationDb();
    migrateTo(db, LATEST_VERSION);
    db.pragma(`user_version = ${LATEST_VERSION + 1}`);
    expect(() => migrate(db, ctx, 1)).toThrow(/newer than this Engram/);
  });
});

/**
 * Signal Desktop's rule: every migration has its own test (migrate to N−1, insert rows of the old shape,
 * migrate to N, check them). A test names its migration as `describe('migration 00N …')`.
 */
describe('every migration has a test', () => {
  // The one folder of migration tests (Signal's migration_N_test files sit together too).
  const testsRoot = __dirname;
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : name.endsWith('.test.ts') ? [path] : [];
    });

  it('finds a describe block for each numbered migration', () => {
    const tested = new Set<number>();
    for (const file of files(testsRoot)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/describe\(\s*['"`]migration (\d{3})\b/g)) tested.add(Number(m[1]));
    }
    const missing = MIGRATIONS.map((m) => m.version).filter((v) => !tested.has(v));
    expect(missing).toEqual([]);
  });
});
