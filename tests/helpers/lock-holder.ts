/**
 * A second process that takes the write lock (BEGIN IMMEDIATE) of one or more memory databases, prints
 * "locked", holds them for the given milliseconds, then commits and prints "released" — what the CLI, an MCP
 * server or a second app instance does to us.
 */
import { openMemoryFile } from './encrypted-files';

const [dbPath, holdMs, ...moreDbs] = process.argv.slice(2);
if (!dbPath || !holdMs) throw new Error('usage: lock-holder.ts <db> <ms> [<db>…]');
const dbs = [dbPath, ...moreDbs].map((path) => {
  const db = openMemoryFile(path);
  db.pragma('journal_mode = WAL');
  db.exec('BEGIN IMMEDIATE');
  db.exec("INSERT INTO memory_metadata(key, value) VALUES ('lock_holder', 'x') ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  return db;
});
process.stdout.write('locked\n');
setTimeout(() => {
  for (const db of dbs) {
    db.exec('COMMIT');
    db.close();
  }
  process.stdout.write('released\n');
}, Number(holdMs));
