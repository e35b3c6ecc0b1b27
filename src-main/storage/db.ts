/**
 * Database handle types. `WritableDB` is the full better-sqlite3 connection; `ReadableDB` is the same
 * connection seen by read code: it can prepare statements, but those statements have no `run`, and there is
 * no `exec`, `transaction` or `pragma`. A function that takes a `ReadableDB` cannot write — the type checker
 * refuses it — and any `WritableDB` can be passed where a `ReadableDB` is asked for.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { SqlFragment } from './sql';

export type WritableDB = Database;

/** A prepared statement that can only read rows. */
export interface ReadStatement {
  readonly reader: boolean;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  iterate(...params: unknown[]): IterableIterator<unknown>;
  pluck(toggleState?: boolean): this;
  raw(toggleState?: boolean): this;
  expand(toggleState?: boolean): this;
  columns(): ReturnType<Statement['columns']>;
}

export interface ReadableDB {
  readonly name: string;
  readonly open: boolean;
  readonly memory: boolean;
  readonly inTransaction: boolean;
  prepare(source: string): ReadStatement;
}

/** All rows of a query built as a fragment. */
export function allRows<Row>(db: ReadableDB, query: SqlFragment): Row[] {
  return db.prepare(query.text).all(...query.params) as Row[];
}

/** The first row of a query built as a fragment, or undefined. */
export function firstRow<Row>(db: ReadableDB, query: SqlFragment): Row | undefined {
  return db.prepare(query.text).get(...query.params) as Row | undefined;
}
