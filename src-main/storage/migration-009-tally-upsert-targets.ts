/**
 * Migration 008's triggers upsert with `ON CONFLICT DO UPDATE` and no conflict target, which SQLite parses only
 * from 3.35 (2021). Triggers are part of the schema, so an older sqlite3 (Debian 11 ships 3.34) could not open a
 * person's memory file at all. This names each target (accepted from 3.24): every trigger that upserts is
 * recreated from its own stored SQL with the target of the table it writes, so the logic stays as 008 wrote it.
 */
import type { Migration } from './migrations';

/** The conflict target of each table 008's triggers upsert into: its primary key. */
const TARGETS: Record<string, string> = {
  node_tally: 'type, state, source, bucket, protected',
  node_links: 'node_id',
  count_tally: 'name',
};

/** A trigger's SQL with every untargeted upsert given its table's target. */
export function withUpsertTargets(sql: string): string {
  return sql.replace(
    /(INSERT INTO (node_tally|node_links|count_tally)\b[^;]*?)ON CONFLICT DO UPDATE/g,
    (_all, insert: string, table: string) => `${insert}ON CONFLICT (${TARGETS[table] ?? ''}) DO UPDATE`,
  );
}

export const migration009: Migration = {
  version: 9,
  name: 'conflict targets in the tally triggers, for SQLite before 3.35',
  up(db) {
    const triggers = db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%ON CONFLICT DO UPDATE%' ORDER BY name`)
      .all() as { name: string; sql: string }[];
    for (const { name, sql } of triggers) {
      db.exec(`DROP TRIGGER ${name}`);
      db.exec(withUpsertTargets(sql));
    }
  },
};
