/**
 * An earlier turn whose every fact has since been superseded ("I live in Boston." after the move) is history:
 * quoted in a pack's "Earlier conversations" it would read as the person's current word. It keeps its place
 * (what was said, and when, still matters) with a note naming what holds now.
 */
import type { Database } from 'better-sqlite3';
import { supersededBy } from '../repo/edges';
import { getNode } from '../repo/nodes';
import { heldUntil } from '../../../src-shared/versions';

/** A chain longer than this is not followed further (a cycle written by hand must not hang a pack). */
const MAX_CHAIN = 100;

export interface ChangedSince {
  /**
   * When the first version learned from the turn stopped holding (src-shared/versions.ts heldUntil): when its successor
   * began to (the move in May, not the day an imported history was read), else when memory changed it.
   */
  at: number;
  /** The version that holds now, or null when the chain ends in a forgotten or pruned one. */
  current: string | null;
}

/**
 * For each episode whose derived facts are all superseded (none current, at least one superseded), when that
 * happened and what holds now. Episodes that taught nothing, or still support a current fact, are absent.
 */
export function changedSince(db: Database, episodeIds: readonly string[], asOf: number | null = null): Map<string, ChangedSince> {
  const out = new Map<string, ChangedSince>();
  if (episodeIds.length === 0) return out;
  const learned = db
    .prepare(
      `SELECT e.target_id AS episode, n.id, n.valid_from, n.valid_until, n.invalidated_reason, n.created_at FROM json_each(?) AS j
       CROSS JOIN edges e ON e.target_id = j.value AND e.relation_type = 'derived_from'
       JOIN nodes n ON n.id = e.source_id AND n.type != 'episodic'`,
    )
    .all(JSON.stringify(episodeIds)) as { episode: string; id: string; valid_from: number; valid_until: number | null; invalidated_reason: string | null; created_at: number }[];
  // As of a date: only what was learned by then, each version as it stood then.
  const rows = asOf === null ? learned : learned.filter((r) => r.created_at <= asOf).map((r) => (r.valid_until !== null && r.valid_until > asOf ? { ...r, valid_until: null, invalidated_reason: null } : r));
  const byEpisode = new Map<string, typeof rows>();
  for (const r of rows) byEpisode.set(r.episode, [...(byEpisode.get(r.episode) ?? []), r]);
  for (const [episode, facts] of byEpisode) {
    if (facts.some((f) => f.valid_until === null)) continue;
    const superseded = facts.filter((f) => f.invalidated_reason === 'superseded' && f.valid_until !== null);
    const first = superseded.sort((a, b) => (a.valid_until ?? 0) - (b.valid_until ?? 0))[0];
    if (!first) continue;
    const successorId = supersededBy(db, first.id);
    const successor = successorId ? getNode(db, successorId) : undefined;
    const version = { id: first.id, validFrom: first.valid_from, validUntil: first.valid_until };
    out.set(episode, { at: heldUntil(version, successor ? [version, successor] : [version]) ?? 0, current: currentVersion(db, first.id, asOf) });
  }
  return out;
}

function currentVersion(db: Database, id: string, asOf: number | null): string | null {
  let at = id;
  for (let i = 0; i < MAX_CHAIN; i++) {
    const next = supersededBy(db, at);
    if (!next || (asOf !== null && (getNode(db, next)?.createdAt ?? Infinity) > asOf)) break;
    at = next;
  }
  const node = getNode(db, at);
  const current = node !== undefined && (node.validUntil === null || (asOf !== null && node.validUntil > asOf));
  return node && current && at !== id ? node.content : null;
}
