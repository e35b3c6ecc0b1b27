/**
 * Entity summaries derived from the entity's current facts. A machine-made summary (the offline join of facts,
 * or a model's paragraph) describes the facts it was made from; when one of them is superseded, forgotten,
 * pruned, restored or corrected it is rewritten here, in the same transaction, so a context pack never hands
 * the model "Boston (place): User lives in Boston." after the person moved. A summary the person wrote
 * themselves is theirs and is left alone.
 */
import type { Database } from 'better-sqlite3';
import type { Entity, MemoryNode } from '../../src-shared/memory-types';
import type { EngineContext } from './context';
import { currentFactsOfEntity } from './repo/consolidation';
import { getEntity, updateEntity } from './repo/entities';

/** How many current facts the offline summary joins. */
export const SUMMARY_FACTS = 5;

/** Where a summary came from: `facts` (joined current facts) and `llm` (the model) are machine-made. */
export type SummarySource = 'facts' | 'llm';

/**
 * The longest part of one fact a summary quotes. A fact can be 100,000 characters (a pasted text remembered
 * whole); five of them made a 500k-character summary, over the engine's own content limit, that every later
 * write re-embedded and every pack re-read. A fact of ordinary length is quoted whole.
 */
export const SUMMARY_FACT_CHARS = 500;

/** The fact's text for a summary: whole when short, else cut at a word before the limit, marked "…". */
function summaryLine(content: string): string {
  if (content.length <= SUMMARY_FACT_CHARS) return content.replace(/[.\s]+$/, '');
  // A cut never splits a surrogate pair (half an emoji is not text).
  const head = content.slice(0, SUMMARY_FACT_CHARS).replace(/[\uD800-\uDBFF]$/, '');
  const space = head.lastIndexOf(' ');
  return `${(space > SUMMARY_FACT_CHARS / 2 ? head.slice(0, space) : head).replace(/[.\s]+$/, '')} …`;
}

/** "Porto (place): User's sister lives in Porto; Ana likes figs." — or null when there is nothing current to say. */
export function summaryFromFacts(entity: Pick<Entity, 'canonicalName' | 'type'>, facts: readonly Pick<MemoryNode, 'content'>[]): string | null {
  const lines = facts.map((f) => summaryLine(f.content));
  return lines.length === 0 ? null : `${entity.canonicalName} (${entity.type}): ${lines.join('; ')}.`;
}

export function isMachineMadeSummary(entity: Pick<Entity, 'summary' | 'attributes'>): boolean {
  const source = entity.attributes.summary_source;
  return entity.summary === null || entity.summary.trim() === '' || source === 'facts' || source === 'llm';
}

/** The offline summary of an entity as its current facts stand now. */
export function currentFactsSummary(db: Database, entity: Entity): string | null {
  return summaryFromFacts(entity, currentFactsOfEntity(db, entity.id, SUMMARY_FACTS));
}

/**
 * Rewrite the machine-made summaries of these entities from their current facts (inside the caller's
 * transaction). An entity left with no current fact loses its summary rather than keep describing the past.
 * Returns the entities whose summary changed.
 */
export function refreshEntitySummaries(ctx: EngineContext, entityIds: Iterable<string>, now: number): string[] {
  const changed: string[] = [];
  for (const id of new Set(entityIds)) {
    const entity = getEntity(ctx.db, id);
    if (!entity || entity.mergedInto || !isMachineMadeSummary(entity)) continue;
    const summary = currentFactsSummary(ctx.db, entity);
    if (summary === entity.summary || (summary === null && (entity.summary ?? '').trim() === '')) continue;
    updateEntity(ctx.db, id, { summary, now, attributes: { ...entity.attributes, summary_source: 'facts', summary_at: now } });
    ctx.slow.queueEntity(id);
    ctx.feed.emit({ kind: 'entity.updated', entityId: id });
    changed.push(id);
  }
  return changed;
}
