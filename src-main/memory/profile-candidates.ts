/**
 * The facts the profile may show, kept up to date as they are written, so the first profile after a change
 * (every context pack leads with it) reads a few rows instead of every current fact (0.5–1.2 s at 100k nodes).
 *
 * A TEMP table of the connection, filled once with every current fact about the person (profile.ts
 * `aboutPersonCondition`) and kept in step by TEMP triggers on `nodes`: an insert, or an update of a row that
 * is or becomes a candidate, re-tests that row in the same transaction (a rollback undoes both); episodes and
 * other facts fail the type or text test and cost no write (a decay run updates every row). Being the
 * connection's own, it needs no migration and no file format change. Other processes' commits do not fire the
 * triggers: the engine's `external.changed` marks the table stale and it is filled again on the next read.
 * The profile query keeps all its conditions over these rows, so the table only has to hold a superset.
 *
 * Most extracted facts are in the person's voice ("User …"), so the candidates can be most facts. Their rows
 * are therefore also kept in memory (`ProfileRows`): the triggers log every changed node id, and a read after
 * a change re-reads only those rows, then applies the profile query's time and space conditions in JavaScript.
 */
import type { Database } from 'better-sqlite3';
import { FACT_TYPES } from '../../src-shared/memory-types';
import { PROFILE_ATTRIBUTE } from '../../src-shared/profile-types';
import { aboutPersonCondition, DYNAMIC_WITHIN_MS, knownSince, PROFILE_CANDIDATES_TABLE, STATIC_AFTER_MS, type ProfileRow, type ProfileScope } from './profile';
import { parseJsonObject } from './repo/statements';
import { stmt } from './repo/statements';

const TRIGGERS = ['profile_candidates_insert', 'profile_candidates_update', 'profile_candidates_delete'] as const;
/** Ids of nodes written since the in-memory rows were last brought up to date. */
const CHANGES_TABLE = 'temp.profile_changes';

/** A row (alias `row`) the table must hold: a current fact about the person. */
function candidateCondition(row: string): string {
  const types = FACT_TYPES.map((t) => `'${t}'`).join(', ');
  return `${row}.type IN (${types}) AND ${row}.valid_until IS NULL AND ${aboutPersonCondition(row).text}`;
}

interface CachedRow extends ProfileRow {
  rowid: number;
  space_id: string;
  everywhere: number;
}

/**
 * profile.ts profileQuery's time conditions (`mayQualify`) and its reflection rule, in JavaScript over a cached
 * row; the test of this module compares the two reads on a varied memory.
 */
function mayQualify(r: CachedRow, now: number): boolean {
  if (r.source_type === 'reflection') return false;
  const attributes = r.attributes.toLowerCase();
  const pin = attributes.includes(`"${PROFILE_ATTRIBUTE}"`) ? parseJsonObject(r.attributes)[PROFILE_ATTRIBUTE] : undefined;
  return (
    r.created_at > now - DYNAMIC_WITHIN_MS ||
    (r.last_accessed !== null && r.last_accessed > now - DYNAMIC_WITHIN_MS) ||
    (knownSince(r) <= now - STATIC_AFTER_MS && (r.decay_rate === 0 || attributes.includes('"slot"'))) ||
    pin === 'pinned' ||
    pin === 'hidden'
  );
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
      this.db.exec(`CREATE TABLE IF NOT EXISTS ${CHANGES_TABLE} (node_id TEXT PRIMARY KEY) WITHOUT ROWID`);
      for (const name of TRIGGERS) this.db.exec(`DROP TRIGGER IF EXISTS temp.${name}`);
      this.db.exec(`
        CREATE TEMP TRIGGER profile_candidates_insert AFTER INSERT ON main.nodes WHEN ${candidateCondition('NEW')}
        BEGIN
          INSERT OR IGNORE INTO ${PROFILE_CANDIDATES_TABLE} (node_id) VALUES (NEW.id);
          INSERT OR IGNORE INTO ${CHANGES_TABLE} (node_id) VALUES (NEW.id);
        END;
        CREATE TEMP TRIGGER profile_candidates_update AFTER UPDATE ON main.nodes
          WHEN OLD.id IN (SELECT node_id FROM ${PROFILE_CANDIDATES_TABLE}) OR (${candidateCondition('NEW')})
        BEGIN
          DELETE FROM ${PROFILE_CANDIDATES_TABLE} WHERE node_id = OLD.id;
          INSERT OR IGNORE INTO ${PROFILE_CANDIDATES_TABLE} (node_id) SELECT NEW.id WHERE ${candidateCondition('NEW')};
          INSERT OR IGNORE INTO ${CHANGES_TABLE} (node_id) VALUES (OLD.id), (NEW.id);
        END;
        CREATE TEMP TRIGGER profile_candidates_delete AFTER DELETE ON main.nodes
        BEGIN
          DELETE FROM ${PROFILE_CANDIDATES_TABLE} WHERE node_id = OLD.id;
          INSERT OR IGNORE INTO ${CHANGES_TABLE} (node_id) VALUES (OLD.id);
        END;
      `);
      this.db.exec(`DELETE FROM ${PROFILE_CANDIDATES_TABLE}`);
      this.db.exec(`DELETE FROM ${CHANGES_TABLE}`);
      this.db.exec(`INSERT INTO ${PROFILE_CANDIDATES_TABLE} (node_id) SELECT n.id FROM main.nodes n WHERE ${candidateCondition('n')}`);
    })();
    this.stale = false;
    this.rows = null;
  }

  private rows: Map<string, CachedRow> | null = null;

  /**
   * The profile's rows for `scope` at `now`, oldest first, from memory; null when the scope narrows by more
   * than a space, or inside a transaction (a rollback would take back rows read from it): the SQL read serves.
   */
  cachedRows(now: number, scope: ProfileScope): ProfileRow[] | null {
    const { spaceId, ...rest } = scope;
    if (Object.values(rest).some((v) => v !== undefined) || this.db.inTransaction) return null;
    this.ensure();
    const rows = this.refresh();
    const out: CachedRow[] = [];
    for (const r of rows.values()) if (mayQualify(r, now) && (spaceId == null || r.space_id === spaceId || r.everywhere === 1)) out.push(r);
    out.sort((a, b) => a.created_at - b.created_at || a.rowid - b.rowid);
    return out.map(({ rowid: _r, space_id: _s, everywhere: _e, ...row }) => row);
  }

  /** All candidate rows the first time; afterwards only those the triggers logged as changed. */
  private refresh(): Map<string, CachedRow> {
    const select = `SELECT n.rowid, n.id, n.type, n.content, n.created_at, n.event_time, n.valid_from, n.last_accessed, n.confidence, n.decay_rate,
      n.source_type, n.attributes, n.space_id, n.everywhere`;
    if (this.rows === null) {
      const all = this.db.prepare(`${select} FROM ${PROFILE_CANDIDATES_TABLE} c CROSS JOIN main.nodes n ON n.id = c.node_id`).all() as CachedRow[];
      this.db.exec(`DELETE FROM ${CHANGES_TABLE}`);
      this.rows = new Map(all.map((r) => [r.id, r]));
      return this.rows;
    }
    const changed = stmt(this.db, `SELECT node_id FROM ${CHANGES_TABLE}`).pluck().all() as string[];
    if (changed.length === 0) return this.rows;
    const fresh = stmt(
      this.db,
      `${select} FROM json_each(?) j CROSS JOIN ${PROFILE_CANDIDATES_TABLE} c ON c.node_id = j.value CROSS JOIN main.nodes n ON n.id = c.node_id`,
    ).all(JSON.stringify(changed)) as CachedRow[];
    for (const id of changed) this.rows.delete(id);
    for (const r of fresh) this.rows.set(r.id, r);
    stmt(this.db, `DELETE FROM ${CHANGES_TABLE}`).run();
    return this.rows;
  }

  private triggersInPlace(): boolean {
    const count = stmt(this.db, `SELECT count(*) FROM temp.sqlite_master WHERE type = 'trigger' AND name IN (${TRIGGERS.map(() => '?').join(', ')})`)
      .pluck()
      .get(...TRIGGERS) as number;
    return count === TRIGGERS.length;
  }
}
