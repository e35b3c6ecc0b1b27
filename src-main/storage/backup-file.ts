/**
 * A consistent copy of the live memory in a new file. A plaintext memory uses SQLite's online backup, which
 * copies a few pages at a time between other work. An encrypted one cannot: SQLite3MultipleCiphers refuses a
 * backup between an encrypted source and a new (unkeyed) target, and an unkeyed target would be plaintext.
 * `VACUUM INTO` writes the copy with the connection's own cipher and key, so the backup is encrypted with the
 * memory's key, and no plaintext page ever reaches the disk. It reads in one transaction (a consistent copy).
 */
import type { Database } from 'better-sqlite3';

export async function backupDatabase(db: Database, path: string, key: Buffer | null): Promise<void> {
  if (!key) {
    await db.backup(path);
    return;
  }
  db.prepare('VACUUM INTO ?').run(path);
}
