/**
 * Timeline read model: episodes by event time and facts by validity inside a window, with the supersedes
 * transitions among them. Two bounded index range scans, whatever the memory's size.
 */
import type { ReadableDB } from '../../storage/db';
import { asStoodAt, edgeStoodAt } from '../as-of';
import { andWhere, nodeFilterSql } from './filters';
import { SUMMARY_COLUMNS, toSummary, type SummaryRow } from './summaries';
import type { TimelineSlice } from './types';

export interface TimelineQuery {
  from: number;
  to: number;
  types?: ('episodic' | 'semantic' | 'procedural' | 'opinion')[] | undefined;
  sourceTypes?: Parameters<typeof nodeFilterSql>[0]['sourceTypes'];
  entityId?: string | undefined;
  includeInvalid: boolean;
  spaceId?: string | undefined;
  limit: number;
  /** Only what was learned by then, shown as it stood then. */
  asOf?: number | undefined;
}

export function timelineWindow(db: ReadableDB, q: TimelineQuery): TimelineSlice {
  const wantEpisodes = !q.types || q.types.includes('episodic');
  const factTypes = (q.types ?? ['semantic', 'procedural', 'opinion']).filter((t) => t !== 'episodic');
  const base = nodeFilterSql({ includeInvalid: q.includeInvalid, sourceTypes: q.sourceTypes, asOf: q.asOf, spaceId: q.spaceId });
  const entity = q.entityId ? 'AND n.id IN (SELECT node_id FROM node_entities WHERE entity_id = ?)' : '';
  const entityParams = q.entityId ? [q.entityId] : [];
  // Facts get the larger share: they are what the user edits; episodes fill the rest.
  const factLimit = wantEpisodes ? Math.ceil(q.limit / 2) : q.limit;
  const facts =
    factTypes.length === 0
      ? []
      : (db
          .prepare(
            `SELECT ${SUMMARY_COLUMNS} FROM nodes n
             WHERE n.valid_from < ? AND (n.valid_until IS NULL OR n.valid_until > ?)
               AND +n.type IN (${factTypes.map(() => '?').join(',')}) ${andWhere(base).text} ${entity}
             ORDER BY n.valid_from DESC LIMIT ?`,
          )
          .all(q.to, q.from, ...factTypes, ...base.params, ...entityParams, factLimit + 1) as SummaryRow[]);
  const episodeLimit = q.limit - Math.min(facts.length, factLimit);
  const episodes = wantEpisodes
    ? (db
        .prepare(
          `SELECT ${SUMMARY_COLUMNS} FROM nodes n
           WHERE n.event_time >= ? AND n.event_time < ? AND +n.type = 'episodic' ${andWhere(base).text} ${entity}
           ORDER BY n.event_time DESC LIMIT ?`,
        )
        .all(q.from, q.to, ...base.params, ...entityParams, episodeLimit + 1) as SummaryRow[])
    : [];
  const truncated = facts.length > factLimit || episodes.length > episodeLimit;
  const items = [...facts.slice(0, factLimit), ...episodes.slice(0, episodeLimit)].map((r) => asStoodAt(toSummary(r), q.asOf));
  const factIds = JSON.stringify(items.filter((i) => i.type !== 'episodic').map((i) => i.id));
  const transitions = (
    db
      .prepare(
        `SELECT e.target_id AS "from", e.source_id AS "to", e.valid_from AS at, e.created_at, e.valid_until
         FROM json_each(?) j CROSS JOIN edges e ON e.source_id = j.value AND +e.relation_type = 'supersedes'`,
      )
      .all(factIds) as { from: string; to: string; at: number; created_at: number; valid_until: number | null }[]
  )
    .filter((e) => edgeStoodAt(e, q.asOf).exists)
    .map(({ from, to, at }) => ({ from, to, at }));
  const ext = db.prepare('SELECT min(event_time) AS min, max(event_time) AS max FROM nodes').get() as { min: number | null; max: number | null };
  return {
    items,
    transitions,
    extent: ext.min === null || ext.max === null ? null : { min: ext.min, max: ext.max },
    truncated,
  };
}
