import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { asarUnpackedPath } from '../../resource-paths';
import { MemoryError } from '../errors';
import { migrate } from './migrations';

export interface OpenDatabaseOptions {
  /** Dimension for vec tables when the database is created. Existing databases keep theirs. */
  dimensions: number;
  now: number;
  /** Path to a better-sqlite3 native binding (the Electron build keeps its own; see ARCHITECTURE.md). */
  nativeBinding?: string;
  readonly?: boolean;
}

/** Open (creating if needed) the memory database: WAL, synchronous=NORMAL, foreign keys, sqlite-vec, migrations. */
export function openDatabase(path: string, options: OpenDatabaseOptions): Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  let db: Database;
  try {
    db = new BetterSqlite3(path, {
      readonly: options.readonly ?? false,
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    });
  } catch (cause) {
    throw new MemoryError('storage', `Cannot open the memory database at ${path}: ${String(cause)}`, { cause });
  }
  try {
    // In a packaged app the extension is in app.asar.unpacked (dlopen cannot read inside the archive).
    db.loadExtension(asarUnpackedPath(sqliteVec.getLoadablePath()));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // Memory-mapped reads make FTS and vector scans cheaper on large memories.
    db.pragma('mmap_size = 268435456');
    db.pragma('cache_size = -32000');
    if (!options.readonly) migrate(db, { dimensions: options.dimensions, now: options.now });
    return db;
  } catch (cause) {
    db.close();
    if (cause instanceof MemoryError) throw cause;
    throw new MemoryError('storage', `Cannot prepare the memory database at ${path}: ${String(cause)}`, { cause });
  }
}
