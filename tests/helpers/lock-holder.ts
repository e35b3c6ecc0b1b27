/**
 * A second process that takes the memory database's write lock (BEGIN IMMEDIATE), prints "locked", holds it for
 * the given milliseconds, then commits and prints "released" — what the CLI, an MCP server or a second app
 * instance does to us.
 */
import BetterSqlite3 from 'better-sqlite3';

const [dbPath, holdMs] = process.argv.slice(2);
if (!dbPath || !holdMs) throw new Error('usage: lock-holder.ts <db> <ms>');
const db = new BetterSqlite3(dbPath);
db.pragma('journal_mode = WAL');
db.exec('BEGIN IMMEDIATE');
db.exec("INSERT INTO memory_metadata(key, value) VALUES ('lock_holder', 'x') ON CONFLICT(key) DO UPDATE SET value = excluded.value");
process.stdout.write('locked\n');
setTimeout(() => {
  db.exec('COMMIT');
  db.close();
  process.stdout.write('released\n');
}, Number(holdMs));
