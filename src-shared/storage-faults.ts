/**
 * Failures of the disk under the memory (SQLite's and the file system's), named with what to do: "disk full",
 * "read-only folder", "cannot open the file" instead of `internal` or SQLite's own wording. Read along the
 * cause chain, since the engine wraps the driver's errors.
 */
import { MemoryError } from './errors';

export type StorageFaultKind = 'disk_full' | 'read_only' | 'cannot_open' | 'io_error';

/** The error codes along `err`'s cause chain (SQLite's `SQLITE_*`, Node's `E*`). */
function codesOf(err: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current instanceof Error && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = current.cause;
  }
  return codes;
}

const KINDS: readonly [StorageFaultKind, RegExp][] = [
  ['disk_full', /^(SQLITE_FULL|ENOSPC|EDQUOT)/],
  ['read_only', /^(SQLITE_READONLY|EROFS|EACCES|EPERM)/],
  ['cannot_open', /^(SQLITE_CANTOPEN|ENOENT|ENOTDIR)/],
  ['io_error', /^(SQLITE_IOERR|EIO)/],
];

export function storageFaultKind(err: unknown): StorageFaultKind | null {
  for (const code of codesOf(err)) for (const [kind, pattern] of KINDS) if (pattern.test(code)) return kind;
  return null;
}

function advice(kind: StorageFaultKind, where: string): string {
  switch (kind) {
    case 'disk_full':
      return `The disk holding ${where} is full. Free some space and try again; what was already saved is kept.`;
    case 'read_only':
      return (
        `Engram is not allowed to write to ${where}: the folder or file is read-only or belongs to another user. ` +
        'Even reading the memory needs SQLite to write its lock files (-wal, -shm) beside it. Make the folder writable, ' +
        'or copy it to a writable place and point Engram there (--data-dir or ENGRAM_DATA_DIR).'
      );
    case 'cannot_open':
      return (
        `Engram cannot open ${where}: the folder is missing, not a folder, or not accessible, or SQLite cannot create ` +
        'its lock files (-wal, -shm) beside the file. Check the data folder and its permissions.'
      );
    case 'io_error':
      return `Reading or writing ${where} failed at the disk (an I/O error): the disk may be failing, removed or out of space. Check it and try again.`;
  }
}

/** A `storage` error whose message names the fault and what to do. */
export class StorageFaultError extends MemoryError {
  constructor(
    readonly kind: StorageFaultKind,
    message: string,
    cause: unknown,
  ) {
    super('storage', message, { cause });
    this.name = 'StorageFaultError';
  }
}

/**
 * A typed `storage` error naming the cause and what to do when `err` is a storage fault (`err` itself when it
 * already is one); null otherwise. `where` names the place ("the memory database /path", "/path/backup.db").
 */
export function storageFault(err: unknown, where: string): StorageFaultError | null {
  if (err instanceof StorageFaultError) return err;
  const kind = storageFaultKind(err);
  if (!kind) return null;
  const detail = err instanceof Error ? err.message : String(err);
  return new StorageFaultError(kind, `${advice(kind, where)} (${detail})`, err);
}
