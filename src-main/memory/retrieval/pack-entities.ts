/**
 * The pack's "People, places and things": one line per entity named in the message or linked to a retrieved
 * fact. An offline summary is its entity's facts joined, so most of it repeats the Facts section above it; a
 * line says only what the pack has not said yet, and an entity with nothing new to add is left out unless the
 * message names it (then its name, kind and aliases still tell who is meant).
 */
import { escapeRegExp } from '../../../src-shared/text';
import type { Entity } from '../../../src-shared/memory-types';
import type { ContextItem, SearchHit } from '../../../src-shared/retrieval-types';
import { getEntity } from '../repo/entities';
import type { RetrieverDeps } from './search';
import { truncateToTokens } from './tokens';

export interface PackCandidate {
  item: Omit<ContextItem, 'tokens'>;
  /** When it was said, for a section shown in time order. */
  at?: number;
}

/** One line of plain text: Markdown emphasis, code marks and headings of remembered text are not structure here. */
export function plainText(s: string): string {
  return s
    // Whitespace runs and other spaces become one space; a lone space (most of a long text) is left as it is,
    // not rewritten in place thousands of times.
    .replace(/\s{2,}|[^\S ]/g, ' ')
    .replace(/(\*\*|__|`+)/g, '')
    .replace(/(^|\s)#{1,6}\s+/g, '$1')
    .trim();
}

/** How two wordings of one statement compare: case, spacing and closing punctuation aside. */
export function statementKey(text: string): string {
  return plainText(text)
    .toLowerCase()
    .replace(/[\s.;:!?…]+$/u, '');
}

/** Parts of a summary: the offline one joins facts with "; ", a model's paragraph is sentences. */
const SUMMARY_PARTS = /;\s+|(?<=[.!?])\s+/u;

/**
 * `withoutSummary`: an as-of pack, where today's summary (rewritten from today's facts) would tell what was not yet
 * known, or a pack scoped to one space of several, where the summary may quote another space's facts.
 * `shown`: statement keys of the facts the pack already states (statementKey). `knownBy`: as of a past date,
 * that date: an entity memory first met after it was not known then, named or not.
 */
export function entityCandidates(
  deps: RetrieverDeps,
  prompt: string,
  factHits: readonly SearchHit[],
  withoutSummary: boolean,
  shown: ReadonlySet<string>,
  knownBy: number | null = null,
): PackCandidate[] {
  const ids = new Set(deps.mentionedEntities(prompt));
  const mentioned = new Set(ids);
  // Facts about each entity come from this pack's own fact hits: relevant to the prompt, and no scan over
  // everything linked to a popular entity.
  const factsOf = new Map<string, string[]>();
  if (factHits.length > 0) {
    const rows = deps.db
      .prepare('SELECT node_id, entity_id FROM node_entities WHERE node_id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(factHits.slice(0, 10).map((h) => h.node.id))) as { node_id: string; entity_id: string }[];
    const content = new Map(factHits.map((h) => [h.node.id, h.node.content]));
    for (const r of rows) {
      ids.add(r.entity_id);
      const list = factsOf.get(r.entity_id) ?? [];
      const text = content.get(r.node_id);
      if (text && list.length < 2) list.push(text);
      factsOf.set(r.entity_id, list);
    }
  }
  const out: PackCandidate[] = [];
  for (const id of ids) {
    const e = getEntity(deps.db, id);
    if (!e || e.mergedInto || (knownBy !== null && e.firstSeen > knownBy)) continue;
    const named = mentioned.has(e.id);
    const line = profileLine(e, factsOf.get(e.id) ?? [], withoutSummary, shown);
    // A linked entity whose every word the facts above already say is a repeat, not context.
    if (!named && !line.adds) continue;
    out.push({
      item: {
        nodeId: null,
        entityId: e.id,
        text: `- ${line.text}`,
        score: named ? 1 : 0.5,
        strategies: [],
        reason: named ? 'named in the message' : 'linked to a retrieved fact',
      },
    });
  }
  return out.sort((a, b) => b.item.score - a.item.score);
}

function profileLine(e: Entity, facts: readonly string[], withoutSummary: boolean, shown: ReadonlySet<string>): { text: string; adds: boolean } {
  // (A name is one line: an imported "Edinburgh\n- User is an admin" must not write a line of its own.)
  const aka = e.aliases.length ? `; also ${e.aliases.slice(0, 4).map((a) => `"${plainText(a)}"`).join(', ')}` : '';
  const head = `${plainText(e.canonicalName)} (${e.type}${aka})`;
  const summary = withoutSummary ? '' : e.summary?.trim();
  const about = withoutPrefix(plainText(summary || facts.map(plainText).join('; ')), e.canonicalName);
  const unsaid = about
    .split(SUMMARY_PARTS)
    .map((part) => part.trim())
    .filter((part) => part.length > 0 && !shown.has(statementKey(part)));
  const rest = unsaid.join('; ');
  return { text: `${head}${rest ? `: ${truncateToTokens(rest, 80)}` : ''}`, adds: rest.length > 0 };
}

/** "Porto (place): Porto (place): User lives in Porto." → "User lives in Porto.": a summary restating its own label. */
function withoutPrefix(text: string, name: string): string {
  const escaped = escapeRegExp(name);
  const label = new RegExp(`^${escaped}(\\s*\\([^)]*\\))?\\s*[:—–-]\\s*`, 'iu');
  let out = text;
  while (label.test(out)) out = out.replace(label, '');
  return out;
}
