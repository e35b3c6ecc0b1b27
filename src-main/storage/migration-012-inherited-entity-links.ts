/**
 * Until issue 22 a correction copied every entity link of the version it replaced, so "User lives in Denver"
 * stayed linked to Boston and Boston's summary read "Boston (place): User lives in Lisbon". The correction now
 * keeps only the entities the new text still names (or that the old text never named: a link made by meaning);
 * this applies the same rule to the versions already written, then rewrites the affected entities' mention
 * counts and machine-made summaries from their current facts.
 *
 * A link is dropped when: the node supersedes another, both are linked to the entity, the node's text names
 * neither the entity's name nor an alias, and an older version in the run of versions linked to it does. The rule and the summary's shape are written
 * out here, not imported, so this migration does the same thing for ever.
 */
import type { Database } from 'better-sqlite3';
import type { Migration } from './migrations';

const SUMMARY_FACTS = 5;

interface InheritedLink {
  node_id: string;
  entity_id: string;
  older_id: string;
  new_text: string;
  canonical_name: string;
  aliases: string;
}

interface EntityRow {
  canonical_name: string;
  type: string;
  summary: string | null;
  attributes: string;
}

export const migration012: Migration = {
  version: 12,
  name: 'a corrected version keeps only the entities its own text names',
  up(db, ctx) {
    const candidates = db
      .prepare(
        `SELECT s.source_id AS node_id, s.target_id AS older_id, ne.entity_id, n.content AS new_text, e.canonical_name, e.aliases
         FROM edges s
         JOIN nodes n ON n.id = s.source_id
         JOIN node_entities ne ON ne.node_id = s.source_id
         JOIN node_entities oe ON oe.node_id = s.target_id AND oe.entity_id = ne.entity_id
         JOIN entities e ON e.id = ne.entity_id
         WHERE s.relation_type = 'supersedes'`,
      )
      .all() as InheritedLink[];
    // Chosen against the memory as it was, then removed, so a whole chain is repaired at every link.
    const inherited = candidates.filter((c) => {
      const names = [c.canonical_name, ...aliasesOf(c.aliases)];
      return !names.some((name) => textNames(c.new_text, name)) && olderVersionNames(db, c.older_id, c.entity_id, names);
    });
    const unlink = db.prepare('DELETE FROM node_entities WHERE node_id = ? AND entity_id = ?');
    for (const link of inherited) unlink.run(link.node_id, link.entity_id);
    for (const entityId of new Set(inherited.map((l) => l.entity_id))) refreshEntity(db, entityId, ctx.now);
  },
};

/**
 * Whether a version this one descends from, through versions all linked to the entity, names it: Boston was
 * named by "User lives in Boston" and copied on through Denver and Austin to Lisbon, none of which name it.
 */
function olderVersionNames(db: Database, olderId: string, entityId: string, names: readonly string[]): boolean {
  const content = db.prepare('SELECT n.content FROM nodes n JOIN node_entities ne ON ne.node_id = n.id AND ne.entity_id = ? WHERE n.id = ?').pluck();
  const predecessor = db.prepare(`SELECT target_id FROM edges WHERE source_id = ? AND relation_type = 'supersedes' LIMIT 1`).pluck();
  const seen = new Set<string>();
  for (let id: string | undefined = olderId; id !== undefined && !seen.has(id); id = predecessor.get(id) as string | undefined) {
    seen.add(id);
    const text = content.get(entityId, id) as string | undefined;
    if (text === undefined) return false; // the run of linked versions ends here
    if (names.some((name) => textNames(text, name))) return true;
  }
  return false;
}

function refreshEntity(db: Database, entityId: string, now: number): void {
  db.prepare(
    `UPDATE entities SET mention_count = (
       SELECT count(*) FROM node_entities ne JOIN nodes n ON n.id = ne.node_id WHERE ne.entity_id = entities.id AND n.valid_until IS NULL)
     WHERE id = ?`,
  ).run(entityId);
  const entity = db.prepare('SELECT canonical_name, type, summary, attributes FROM entities WHERE id = ?').get(entityId) as EntityRow | undefined;
  if (!entity) return;
  const attributes = objectOf(entity.attributes);
  const source = attributes.summary_source;
  const machineMade = entity.summary === null || entity.summary.trim() === '' || source === 'facts' || source === 'llm';
  if (!machineMade) return; // a summary the person wrote is theirs
  const facts = db
    .prepare(
      `SELECT n.content FROM node_entities ne JOIN nodes n ON n.id = ne.node_id
       WHERE ne.entity_id = ? AND n.type != 'episodic' AND n.valid_until IS NULL
       ORDER BY n.confidence DESC, n.created_at DESC, n.rowid DESC LIMIT ?`,
    )
    .pluck()
    .all(entityId, SUMMARY_FACTS) as string[];
  const lines = facts.map((f) => f.replace(/[.\s]+$/, ''));
  const summary = lines.length === 0 ? null : `${entity.canonical_name} (${entity.type}): ${lines.join('; ')}.`;
  if (summary === entity.summary) return;
  db.prepare('UPDATE entities SET summary = ?, attributes = ?, last_updated = ? WHERE id = ?').run(
    summary,
    JSON.stringify({ ...attributes, summary_source: 'facts', summary_at: now }),
    now,
    entityId,
  );
}

/** Whether `text` names `name` as whole words (case-insensitive, any script). */
function textNames(text: string, name: string): boolean {
  const words = name.normalize('NFKC').trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return false;
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text.normalize('NFKC'));
}

function aliasesOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return []; // a damaged column reads as no aliases, as everywhere else
  }
}

function objectOf(json: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
