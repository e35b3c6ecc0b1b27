/**
 * Until this version a correction copied the corrected fact's `derived_from` edges onto the new version, so
 * after Boston → Denver → Austin → Lisbon the Lisbon fact cited all four messages and Denver cited the Boston
 * one. Each version now cites only the messages that stated it; this removes the copies already written.
 *
 * A copied edge is told apart by three things together: it leaves a version that supersedes another; it was
 * written in the same instant as that `supersedes` edge (the copy happened inside the correction, with the
 * correction's timestamp); the superseded version has an edge to the same episode. An episode the correction
 * itself cited (the supersedes edge's evidence: the write path's own sources for the new version) is kept.
 * Edges are chosen against the memory as it was, then deleted, so a chain is repaired at every link.
 */
import type { Migration } from './migrations';

export const migration010: Migration = {
  version: 10,
  name: 'each version of a fact cites only its own sources',
  up(db) {
    const copied = db
      .prepare(
        `SELECT DISTINCT d.id FROM edges s
         JOIN edges d ON d.source_id = s.source_id AND d.relation_type = 'derived_from' AND d.created_at = s.created_at
         JOIN edges o ON o.source_id = s.target_id AND o.target_id = d.target_id AND o.relation_type = 'derived_from'
         WHERE s.relation_type = 'supersedes'
           AND NOT EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(s.evidence) THEN s.evidence ELSE '[]' END) j WHERE j.value = d.target_id)`,
      )
      .pluck()
      .all() as string[];
    const remove = db.prepare('DELETE FROM edges WHERE id = ?');
    for (const id of copied) remove.run(id);
  },
};
