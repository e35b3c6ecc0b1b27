/**
 * Stability (seed 004 §3): `nodes.stability` stretches the decay curve's time axis (1 = ADR 008's curve) and
 * grows with use, restatement and confirmation; identity-like facts start stable. Carried over here:
 * - every node starts at 1;
 * - current facts whose slot is identity-like (name, home, work, relationships) start at 20;
 * - a fact already used in replies gets the growth those uses would have given, its uses taken as evenly
 *   spread between when it was learned and its last use;
 * - a fact restated in later conversations (more than one `derived_from` source) grows once per extra source.
 * The constants are written out here, not imported, so this migration does the same thing for ever.
 */
import type { Migration } from './migrations';

const IDENTITY_STABILITY = 20;
const GAIN = 0.5;
const MAX_STABILITY = 10_000;
const DAY_MS = 86_400_000;
const IDENTITY_PARTS = new Set([
  'name', 'full_name', 'nickname', 'birthday', 'birthdate', 'birthplace', 'origin', 'hometown', 'nationality',
  'residence', 'home', 'address', 'city', 'location', 'lives_in',
  'employer', 'occupation', 'job', 'job_title', 'role', 'work', 'workplace', 'company', 'profession',
  'spouse', 'partner', 'wife', 'husband', 'relation', 'relationship', 'family', 'sibling', 'parent', 'child',
]);

interface Row {
  rowid: number;
  slot: unknown;
  access_count: number;
  last_accessed: number | null;
  created_at: number;
  sources: number;
}

export const migration011: Migration = {
  version: 11,
  name: 'stability of facts (grows with use, restatement and confirmation)',
  up(db) {
    db.exec('ALTER TABLE nodes ADD COLUMN stability REAL NOT NULL DEFAULT 1');
    const rows = db
      .prepare(
        `SELECT n.rowid, json_extract(CASE WHEN json_valid(n.attributes) THEN n.attributes ELSE '{}' END, '$.slot') AS slot,
           n.access_count, n.last_accessed, n.created_at,
           (SELECT count(*) FROM edges e WHERE e.source_id = n.id AND e.relation_type = 'derived_from') AS sources
         FROM nodes n WHERE n.type != 'episodic'`,
      )
      .all() as Row[];
    const update = db.prepare('UPDATE nodes SET stability = ? WHERE rowid = ?');
    for (const r of rows) {
      const identity = typeof r.slot === 'string' && r.slot.toLowerCase().split('.').slice(1).some((p) => IDENTITY_PARTS.has(p));
      let s = identity ? IDENTITY_STABILITY : 1;
      const uses = Math.max(0, r.access_count);
      if (uses > 0 && r.last_accessed !== null) {
        const gapDays = Math.max(0, r.last_accessed - r.created_at) / DAY_MS / uses;
        s *= (1 + GAIN * Math.log1p(gapDays)) ** uses;
      }
      // Restatements: their spacing is unknown, so each counts as one day apart (the smallest real gap).
      s *= (1 + GAIN * Math.log1p(1)) ** Math.max(0, r.sources - 1);
      s = Math.min(MAX_STABILITY, s);
      if (s !== 1) update.run(s, r.rowid);
    }
  },
};
