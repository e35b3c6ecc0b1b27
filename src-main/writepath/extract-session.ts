/**
 * Steps 2–3 of a consolidation (ADR 008 §10.1), without writing: a session's episodes read in pages from a
 * watermark, each page given to the extractor with the anchors it mentions; entities merged by name, causal
 * links and the storable facts collected. Consolidation writes what this returns; re-extract compares it with
 * what memory holds first (reextract.ts).
 */
import type { WritePathMemory } from './memory-port';
import { yieldToLoop } from '../../src-shared/clock';
import { contentSchema, eventTimeSchema } from '../memory';
import type { Entity, MemoryNode } from '../../src-shared/memory-types';
import type { CandidateFact, CausalLink, ExtractedEntity, Extractor } from './types';

export interface SessionExtraction {
  facts: CandidateFact[];
  entities: ExtractedEntity[];
  causal: CausalLink[];
  /** Items left out (the model's invalid ones, and facts the memory would refuse), with the reason. */
  dropped: string[];
  episodes: number;
  /** Event time of each episode read, so facts carry the time they were stated. */
  episodeTimes: Map<string, number>;
  /** Rowid of the last episode read (the new watermark). */
  throughRowid: number;
}

export interface ExtractSessionOptions {
  afterRowid: number;
  pageSize: number;
  /** Episodes the session holds, for the progress figure. */
  total: number;
  signal?: AbortSignal | undefined;
  /** Wraps each SQLite step, so the caller can time them. */
  timed?: <T>(fn: () => T) => T;
  progress?: (step: string, percent: number, message?: string) => void;
  /** Episodes read so far, after each page: a run that fails on a later page still records what it read. */
  onEpisodesRead?: (episodes: number) => void;
}

export async function extractSession(
  engine: WritePathMemory,
  extractor: Extractor,
  sessionId: string,
  options: ExtractSessionOptions,
): Promise<SessionExtraction> {
  const timed = options.timed ?? (<T>(fn: () => T): T => fn());
  const facts: CandidateFact[] = [];
  const entities = new Map<string, ExtractedEntity>();
  const out: SessionExtraction = { facts, entities: [], causal: [], dropped: [], episodes: 0, episodeTimes: new Map(), throughRowid: options.afterRowid };
  const total = Math.max(1, options.total);
  for (;;) {
    // Each synchronous step gets its own turn of the event loop: a fast model (or the offline extractor)
    // would otherwise chain them into one long main-thread block.
    await yieldToLoop();
    const page = timed(() => engine.writePathStore.sessionEpisodes(sessionId, out.throughRowid, options.pageSize));
    if (page.length === 0) break;
    const episodes = page.map((p) => p.node);
    for (const e of episodes) out.episodeTimes.set(e.id, e.eventTime);
    const known: Entity[] = timed(() => knownAnchors(engine, episodes));
    const extraction = await extractor.extract({ sessionId, episodes, knownEntities: known }, options.signal);
    options.signal?.throwIfAborted();
    for (const e of extraction.entities) {
      const key = `${e.knownId ?? ''}|${e.name.toLowerCase()}`;
      const seen = entities.get(key);
      entities.set(key, seen ? { ...seen, aliases: [...new Set([...seen.aliases, ...e.aliases])], description: seen.description ?? e.description } : e);
    }
    out.causal.push(...extraction.causal);
    out.dropped.push(...(extraction.dropped ?? []));
    // One item the memory would refuse (an impossible date, an empty text) is left out, never the session.
    const { usable, refused } = storableFacts(extraction.facts);
    facts.push(...usable);
    out.dropped.push(...refused);
    out.episodes += page.length;
    options.onEpisodesRead?.(out.episodes);
    out.throughRowid = page[page.length - 1]?.rowid ?? out.throughRowid;
    options.progress?.('extract', 5 + Math.min(55, Math.round((55 * out.episodes) / total)), `${out.episodes} episodes read`);
  }
  out.entities = [...entities.values()];
  return out;
}

/**
 * The facts the memory will accept, checked with its own schemas before anything is written: a write that
 * refused one (a date chrono misread, a too-long text) failed the whole session's transaction.
 */
export function storableFacts(facts: readonly CandidateFact[]): { usable: CandidateFact[]; refused: string[] } {
  const usable: CandidateFact[] = [];
  const refused: string[] = [];
  for (const fact of facts) {
    const content = contentSchema.safeParse(fact.content);
    const time = fact.eventTime === null ? null : eventTimeSchema.safeParse(fact.eventTime);
    const problem = !content.success ? `content ${content.error.issues[0]?.message ?? 'invalid'}` : time && !time.success ? `time ${fact.eventTime} ${time.error.issues[0]?.message ?? 'invalid'}` : null;
    if (problem) refused.push(`fact "${fact.content.slice(0, 80)}": ${problem}`);
    else usable.push(fact);
  }
  return { usable, refused };
}

const MAX_KNOWN_ENTITIES = 40;

/**
 * The anchors shown to the model for a page: those the slow path linked to its episodes (names and aliases
 * such as "my boss"), then those whose names share a capitalised word with the text, so "Acme" can resolve
 * to "Acme Corp" — the model decides; nothing is merged here.
 */
function knownAnchors(engine: WritePathMemory, episodes: readonly MemoryNode[]): Entity[] {
  const linked = engine.writePathStore.entityIdsOfNodes(episodes.map((e) => e.id));
  const words = new Set<string>();
  for (const e of episodes) for (const m of e.content.matchAll(/\p{Lu}[\p{L}\p{N}'-]{2,}/gu)) words.add(m[0].toLowerCase());
  const named = engine.writePathStore.entityIdsMentioning([...words].slice(0, 30), MAX_KNOWN_ENTITIES);
  return engine.writePathStore.getEntities([...new Set([...linked, ...named])].slice(0, MAX_KNOWN_ENTITIES));
}
