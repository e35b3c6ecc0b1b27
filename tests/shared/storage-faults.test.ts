// Issue 21: a full disk answered `internal`, a folder Engram cannot open answered SQLite's "unable to open
// database file". Real failures (SQLite's page cap, a read-only connection, a data folder under a file) must be
// named with what to do — in the API's error, and from the CLI without a stack trace.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { toApiError } from '../../src-main/api/errors';
import { storageFault, storageFaultKind } from '../../src-shared/storage-faults';
import { makeTempDir } from '../helpers/temp-engine';

const ROOT = join(__dirname, '..', '..');

function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

function fullDatabase(): BetterSqlite3.Database {
  const db = new BetterSqlite3(join(makeTempDir(), 'full.db'));
  db.exec('CREATE TABLE t (x TEXT)');
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  return db;
}

describe('storage faults', () => {
  it('a full disk is named, with what to do, and is a storage error in the API instead of internal', () => {
    const db = fullDatabase();
    const err = thrownBy(() => db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(100_000)));
    db.close();
    expect(storageFaultKind(err)).toBe('disk_full');
    const api = toApiError(err);
    expect(api.code).toBe('storage');
    expect(api.message).toMatch(/The disk holding the memory is full\. Free some space and try again/);
    // Wrapped once by the engine, still found along the cause chain, and not wrapped twice.
    const wrapped = new Error('Recording failed', { cause: err });
    const fault = storageFault(wrapped, 'the memory');
    expect(fault?.kind).toBe('disk_full');
    expect(storageFault(fault, 'elsewhere')).toBe(fault);
  });

  it('a read-only database and a data folder that cannot be opened are named', () => {
    const path = join(makeTempDir(), 'ro.db');
    new BetterSqlite3(path).exec('CREATE TABLE t (x TEXT)');
    const ro = new BetterSqlite3(path, { readonly: true });
    const err = thrownBy(() => ro.prepare('INSERT INTO t VALUES (1)').run());
    ro.close();
    expect(storageFaultKind(err)).toBe('read_only');
    expect(toApiError(err).message).toMatch(/not allowed to write to the memory: the folder or file is read-only/);
    expect(storageFaultKind(new Error('?'))).toBeNull();
  });

  it('the CLI names a data folder it cannot open, with a non-zero exit and no stack trace', { timeout: 60_000 }, () => {
    const file = join(makeTempDir(), 'not-a-folder');
    writeFileSync(file, '');
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', join(file, 'data'), '--json', 'stats'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: 'storage', message: expect.stringMatching(/^Engram cannot open the memory/) } });
    expect(r.stderr).toMatch(/^engram: Engram cannot open the memory.*Check the data folder/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
