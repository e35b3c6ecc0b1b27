/**
 * Where an export or backup may be written: never over something that exists (as backup has always refused),
 * and readable only by the person (0600 files, 0700 folders), since it holds their whole memory.
 */
import { chmodSync, existsSync } from 'node:fs';
import { AppError } from '../../../src-shared/errors';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Refuses a path that already exists (file or folder). */
export function refuseExisting(path: string): void {
  if (existsSync(path)) throw new AppError('conflict', `${path} already exists; choose another name (an export never overwrites a file)`);
}

/** Makes a written file private, whatever the umask or the file system's defaults made it. */
export function makePrivate(path: string): void {
  chmodSync(path, PRIVATE_FILE_MODE);
}
