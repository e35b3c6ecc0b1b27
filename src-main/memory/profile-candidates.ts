/**
 * The facts the profile may show, kept up to date as they are written, so the first profile after a change
 * (every context pack leads with it) reads a few rows instead of every current fact (0.5–1.2 s at 100k nodes).
 *
 * A TEMP table of the connection, filled once with every current fact about the person (profile.ts
 * `aboutPersonCondition`) and kept in step by TEMP triggers on `nodes`: an insert, or a change of type, text,
 * attributes or validity, re-tests that row in the same transaction (a rollback undoes both). Being the
 * connection's own, it needs no migration and no file format change. Other processes' commits do not fire the
 * triggers: the engine's `external.changed` marks the table stale and it is filled again on the next read.
 * The profile query keeps all its conditions over these rows, so the table only has to hold a superset.
 */
import type { Database } from 'better-sqlite3';
import { FACT_TYPES } from '../../src-shared/memory-types';
import { aboutPersonCondition, PROFILE_CANDIDATES_TABLE } from './profile';
import { stmt } from './repo/statements';

const TRIGGERS = ['profile_candidates_insert', 'profile_candidates_update', 'profile_candidates_delete'] as const;

/** A row (alias `row`) the table must hold: a current fact about the person. */
function candidateCondition(row: string): string {
  const types = FACT_TYPES.map((t) => `'${t}'`).join(', ');
  return `${row}.type IN (${types}) AND ${row}.valid_until IS NULL AND ${aboutPersonCondition(row).text}`;
}

export class ProfileCandidates {
  private stale = true;

  constructor(private readonly db: Database) {}

  /** Another process committed to the file: its writes fired no trigger here. */
  markStale(): void {
    this.stale = true;
  }

  /**
   * Makes sure the table and its triggers exist and the rows are current; cheap when they are (one look at
   * the temp schema: a trigger goes with its table, so a `nodes` rebuilt by a repair would drop them).
   */
  ensure(): void {
    if (!this.stale && this.triggersInPlace()) return;
    this.db.transaction(() => {
      this.db.exec(`CREATE TABLE IF NOT EXISTS ${PROFILE_CANDIDATES_TABLE} (node_id TEXT PRIMARY KEY) WITHOUT ROWID`);
      for (const name of TRIGGERS) this.db.exec(`DROP TRIGGER IF EXISTS temp.${name}`);
      this.db.exec(`
        CREATE TEMP TRIGGER profile_candidates_insert AFTER INSERT ON main.nodes WHEN ${candidateCondition('NEW')}
        BEGIN INSERT OR IGNORE INTO ${PROFILE_CANDIDATES_TABLE} (node_id) VALUES (NEW.id); END;
        CREATE TEMP TRIGGER profile_candidates_update AFTER UPDATE OF id, type, content, attributes, valid_until ON main.nodes
        BEGIN
          DELETE FROM ${PROFILE_CANDIDATES_TABLE} WHERE node_id = OLD.id;
          INSERT OR IGNORE INTO ${PROFILE_CANDIDATES_TABLE} (node_id) SELECT NEW.id WHERE ${candidateCondition('NEW')};
        END;
        CREATE TEMP TRIGGER profile_candidates_delete AFTER DELETE ON main.nodes
        BEGIN DELETE FROM ${PROFILE_CANDIDATES_TABLE} WHERE node_id = OLD.id; END;
      `);
      this.db.exec(`DELETE FROM ${PROFILE_CANDIDATES_TABLE}`);
      this.db.exec(`INSERT INTO ${PROFILE_CANDIDATES_TABLE} (node_id) SELECT n.id FROM main.nodes n WHERE ${candidateCondition('n')}`);
    })();
    this.stale = false;
  }

  private triggersInPlace(): boolean {
    const count = stmt(this.db, `SELECT count(*) FROM temp.sqlite_master WHERE type = 'trigger' AND name IN (${TRIGGERS.map(() => '?').join(', ')})`)
      .pluck()
      .get(...TRIGGERS) as number;
    return count === TRIGGERS.length;
  }
}
