import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ReadableDB, WritableDB } from '../../src-main/storage/db';
import { allRows } from '../../src-main/storage/db';
import { openDatabase } from '../../src-main/storage/open';
import { sql } from '../../src-main/storage/sql';
import { stmt } from '../../src-main/storage/statements';
import { getNode, getNodes, nodeExists } from '../../src-main/memory/repo/nodes';
import { makeTempDir } from '../helpers/temp-engine';

/** Read code as the rest of the engine writes it: it is handed a ReadableDB. */
function countNodes(db: ReadableDB): number {
  return (db.prepare('SELECT count(*) AS n FROM nodes').get() as { n: number }).n;
}

function tryToWrite(db: ReadableDB): void {
  // @ts-expect-error read statements have no run(): read code cannot write
  db.prepare("INSERT INTO metadata (key, value) VALUES ('x', 'y')").run();
  // @ts-expect-error a readable handle has no exec()
  db.exec('DELETE FROM nodes');
  // @ts-expect-error nor transactions
  db.transaction(() => undefined);
  // @ts-expect-error nor pragmas (user_version = … writes)
  db.pragma('user_version = 0');
}

function tryToWriteThroughTheCache(db: ReadableDB): void {
  // @ts-expect-error a cached statement prepared for read code has no run() either
  stmt(db, 'DELETE FROM nodes').run();
}

describe('ReadableDB / WritableDB', () => {
  it('a writable connection can be handed to read code, which can read but has no way to write', () => {
    const db: WritableDB = openDatabase(join(makeTempDir(), 'types.db'), { dimensions: 8, now: 1 });
    try {
      expectTypeOf<WritableDB>().toMatchTypeOf<ReadableDB>();
      expectTypeOf<ReadableDB>().not.toHaveProperty('exec');
      expectTypeOf<ReturnType<ReadableDB['prepare']>>().not.toHaveProperty('run');
      expect(countNodes(db)).toBe(0);
      expect(allRows<{ one: number }>(db, sql`SELECT ${1} AS one`)).toEqual([{ one: 1 }]);
      // The guarantee is the type: tsc (npx tsc --noEmit) fails if any @ts-expect-error in tryToWrite stops being an error.
      expectTypeOf(tryToWrite).parameter(0).toEqualTypeOf<ReadableDB>();
      expectTypeOf(tryToWriteThroughTheCache).parameter(0).toEqualTypeOf<ReadableDB>();
    } finally {
      db.close();
    }
  });

  it('the statement cache and the node readers take a ReadableDB; the cache is shared with writers', () => {
    const db: WritableDB = openDatabase(join(makeTempDir(), 'types.db'), { dimensions: 8, now: 1 });
    try {
      expectTypeOf(getNode).parameter(0).toEqualTypeOf<ReadableDB>();
      expectTypeOf(getNodes).parameter(0).toEqualTypeOf<ReadableDB>();
      expectTypeOf(nodeExists).parameter(0).toEqualTypeOf<ReadableDB>();
      expectTypeOf(stmt(db as ReadableDB, 'SELECT 1')).not.toHaveProperty('run');
      expectTypeOf(stmt(db, 'SELECT 1')).toHaveProperty('run');
      const reader: ReadableDB = db;
      expect(stmt(reader, 'SELECT 1 AS one')).toBe(stmt(db, 'SELECT 1 AS one'));
      expect(getNode(reader, 'missing')).toBeUndefined();
      expect(nodeExists(reader, 'missing')).toBe(false);
    } finally {
      db.close();
    }
  });
});
