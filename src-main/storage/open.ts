import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { asarUnpackedPath } from '../resource-paths';
import { MemoryError } from '../../src-shared/errors';
import { storageFault } from '../../src-shared/storage-faults';
import { registerContentHashFunctions } from './content-hash';
import { databaseFileState, encryptedWithoutKey, openConnection } from './driver';
import { removeKeptPlaintext } from './encrypt-file';
import { migrate } from './migration-runner';
import { BUSY_TIMEOUT_MS } from './write-tx';

export interface OpenDatabaseOptions {
  /** Dimension for vec tables when the database is created. Existing databases keep theirs. */
  dimensions: number;
  now: number;
  /** Path to a better-sqlite3 native binding (the Electron build keeps its own; see ARCHITECTURE.md). */
  nativeBinding?: string;
  readonly?: boolean;
  /** The memory's key (memory-key.ts resolveMemoryKey); null or absent for a plaintext memory. */
  key?: Buffer | null;
}

/** Open (creating if needed) the memory database: WAL, synchronous=NORMAL, foreign keys, sqlite-vec, migrations. */
export function openDatabase(path: string, options: OpenDatabaseOptions): Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  if (!options.key && databaseFileState(path) === 'encrypted') throw encryptedWithoutKey(path);
  let db: Database;
  try {
    db = openConnection(path, {
      readonly: options.readonly ?? false,
      key: options.key ?? null,
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    });
  } catch (cause) {
    if (cause instanceof MemoryError) throw cause;
    throw storageFault(cause, `the memory database ${path}`) ?? new MemoryError('storage', `Cannot open the memory database at ${path}: ${String(cause)}`, { cause });
  }
  try {
    // In a packaged app the extension is in app.asar.unpacked (dlopen cannot read inside the archive).
    db.loadExtension(asarUnpackedPath(sqliteVec.getLoadablePath()));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Deleted and overwritten rows are zeroed, not left readable in free space: erasing a chat (storage/erase.ts)
    // must leave none of its text in the file, and a memory holds a person's life.
    db.pragma('secure_delete = ON');
    // Memory-mapped reads make FTS and vector scans cheaper on large memories. SQLite does not map an encrypted
    // file (its pages must be decrypted into the page cache), so for it this is a no-op.
    db.pragma('mmap_size = 268435456');
    // The page cache is an encrypted memory's only cache of decrypted pages (no mmap), but a big one costs every
    // write: when a B-tree split swaps page numbers, SQLite parks a page at the number past 1 GiB, and the commit
    // then walks the whole cache to drop it. With 128 MB cached (~20k pages) that walk took 1–2 ms on a quarter
    // of single-episode commits, doubling the hot path's p95 at 100k nodes; a small cache makes search re-read
    // (and decrypt) more. In bench/encryption.ts at 100k nodes, 16 MB kept the hot path within 1.09× of plaintext in
    // three runs (search 1.10–1.15×); 24 MB let it reach 1.19× in two of three.
    // Plaintext memories get the same setting; their reads go through mmap.
    db.pragma('cache_size = -16384');
    // Sorts, temporary tables and indexes stay in RAM: the cipher covers the database, its WAL and journals but
    // not SQLite's temporary files, which would put plaintext rows of an encrypted memory on disk.
    db.pragma('temp_store = MEMORY');
    // The content-hash triggers (migration 016) call these on every write of a memory row.
    registerContentHashFunctions(db);
    if (!options.readonly) {
      restrictToOwner(path);
      if (options.key) removeKeptPlaintext(path);
      migrate(db, { dimensions: options.dimensions, now: options.now });
    }
    return db;
  } catch (cause) {
    db.close();
    if (cause instanceof MemoryError) throw cause;
    throw storageFault(cause, `the memory database ${path}`) ?? new MemoryError('storage', `Cannot prepare the memory database at ${path}: ${String(cause)}`, { cause });
  }
}

/**
 * A memory holds a person's life: the folder is 0700 and the database with its WAL and shared-memory files
 * 0600, checked at every open (a copy restored from elsewhere may come with looser modes). SQLite creates the
 * -wal and -shm files later with the database file's own mode. A shared folder with the sticky bit (/tmp)
 * is never narrowed: it is not ours. Windows has no such modes; chmod is a no-op there.
 */
function restrictToOwner(path: string): void {
  if (path === ':memory:' || path === '' || process.platform === 'win32') return;
  const folder = dirname(path);
  if ((statSync(folder).mode & 0o1000) === 0) chmodSync(folder, 0o700);
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
}
