/**
 * Replay: the pack a prompt gets now, compared with the pack it got then. Items are matched by node (or
 * entity); an old node that a later version superseded is matched with that version when today's pack has it
 * (a correction: "changed", not one dropped and one added).
 */
import type { Database } from 'better-sqlite3';
import type { ContextPack } from '../../../src-shared/retrieval-types';
import type { PackReplay, ReplayItem } from '../../../src-shared/replay-types';

function itemsOf(pack: ContextPack): ReplayItem[] {
  let rank = 0;
  return pack.sections.flatMap((section) =>
    section.items.map((item) => ({ nodeId: item.nodeId, entityId: item.entityId, text: item.text, section: section.name, rank: ++rank })),
  );
}

const keyOf = (item: ReplayItem): string => (item.nodeId ? `n:${item.nodeId}` : item.entityId ? `e:${item.entityId}` : `t:${item.text}`);

/** Every later version of a node, following supersedes edges forward. */
function laterVersions(db: Database, nodeId: string): Set<string> {
  const rows = db
    .prepare(
      `WITH RECURSIVE later(id) AS (
         SELECT source_id FROM edges WHERE target_id = ? AND relation_type = 'supersedes'
         UNION SELECT e.source_id FROM edges e JOIN later l ON e.target_id = l.id WHERE e.relation_type = 'supersedes'
       ) SELECT id FROM later LIMIT 1000`,
    )
    .pluck()
    .all(nodeId) as string[];
  return new Set(rows);
}

export function diffPacks(db: Database, then: ContextPack, now: ContextPack): PackReplay {
  const before = itemsOf(then);
  const after = itemsOf(now);
  const afterByKey = new Map(after.map((i) => [keyOf(i), i]));
  const beforeKeys = new Set(before.map(keyOf));
  const matched = new Set<string>();
  const replay: PackReplay = { prompt: then.prompt, then, now, added: [], dropped: [], changed: [], reranked: [], unchanged: 0 };
  for (const item of before) {
    const same = afterByKey.get(keyOf(item));
    if (same) {
      matched.add(keyOf(same));
      if (same.rank === item.rank) replay.unchanged++;
      else replay.reranked.push({ item: same, rankBefore: item.rank, rankAfter: same.rank });
      continue;
    }
    const later = item.nodeId ? laterVersions(db, item.nodeId) : new Set<string>();
    const version = after.find((a) => a.nodeId !== null && later.has(a.nodeId) && !beforeKeys.has(keyOf(a)) && !matched.has(keyOf(a)));
    if (version) {
      matched.add(keyOf(version));
      replay.changed.push({ before: item, after: version });
    } else replay.dropped.push(item);
  }
  replay.added = after.filter((a) => !matched.has(keyOf(a)) && !beforeKeys.has(keyOf(a)));
  return replay;
}
