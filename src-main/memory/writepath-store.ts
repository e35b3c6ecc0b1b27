/**
 * What only the write path (src-main/writepath/: consolidation, maintenance, reflection, enrichment) reads and
 * writes: session consolidation state, the run log, candidate lookups, and the few graph writes it adds to the
 * knowledge operations (edges, entity links, summaries). Knowledge itself is still written through the
 * engine's rememberFact / correctFact / createEntity, inside the engine's writeTransaction.
 */
import type { Database } from 'better-sqlite3';
import { writeTx } from '../storage/write-tx';
import type { EngineContext } from './context';
import { notFound } from './errors';
import * as wp from './repo/consolidation';
import { insertEdge, type NewEdge } from './repo/edges';
import { adjustMentionCount, getEntity, linkNodeEntity, updateEntity } from './repo/entities';
import { getMeta, setMeta } from './repo/metadata';
import { getNode, getNodeRow, getNodes, nodeExists } from './repo/nodes';
import { countUnconsolidatedSessions, getSession } from './repo/sessions';
import { writePathSection } from './stats';
import type { Entity, MemoryNode, SessionState } from '../../src-shared/memory-types';
import type { EngineGuard } from './guard';
import type { VectorStore } from './vector-store';
import { isoTime } from '../../src-shared/clock';

export type { EpisodeWithRowid, NewRun, RunKind, RunStatus, WritePathRun } from './repo/consolidation';

export interface WritePathStats {
  sessions: Record<SessionState['status'], number>;
  unconsolidated_sessions: number;
  last_consolidation: string | null;
  last_decay_run: string | null;
  last_maintenance: string | null;
  last_reflection: string | null;
  tokens: { promptTokens: number; completionTokens: number; llmCalls: number };
  recent_runs: wp.WritePathRun[];
}

export class WritePathStore {
  constructor(
    private readonly ctx: EngineContext,
    private readonly guard: EngineGuard,
    private readonly vectors: VectorStore,
  ) {}

  private get db(): Database {
    return this.ctx.db;
  }

  // ---- session state and the run log ----

  /** Sessions waiting for consolidation, oldest activity first (see repo/consolidation.ts). */
  pendingSessions(options: { idleBefore?: number; limit?: number } = {}): SessionState[] {
    this.guard.flushed();
    const ids = wp.pendingSessionIds(this.db, { idleBefore: options.idleBefore ?? this.ctx.clock.now(), limit: options.limit ?? 1000 });
    return ids.flatMap((id) => getSession(this.db, id) ?? []);
  }

  /** A page of a session's episodes after `afterRowid`, in recording order. */
  sessionEpisodes(sessionId: string, afterRowid: number, limit: number): wp.EpisodeWithRowid[] {
    this.guard.flushed();
    return wp.sessionEpisodePage(this.db, sessionId, afterRowid, limit);
  }

  /** Rowid of the last episode a successful consolidation of the session covered (0 = none). */
  consolidatedThrough(sessionId: string): number {
    this.guard.open();
    return wp.consolidatedThrough(this.db, sessionId);
  }

  noteConsolidationAttempt(sessionId: string): void {
    this.guard.open();
    wp.noteAttempt(this.db, sessionId);
  }

  /** The session stays pending with the reason; the failed run is logged with its token usage. */
  failConsolidation(sessionId: string, error: string, run: wp.NewRun): void {
    this.guard.open();
    writeTx(this.db, () => {
      wp.markFailed(this.db, sessionId, error);
      wp.insertRun(this.db, run);
    });
  }

  /** Success mark (inside the consolidation's transaction): watermark, status, run log, last_consolidation. */
  markSessionConsolidated(sessionId: string, throughRowid: number, run: wp.NewRun): void {
    this.guard.open();
    const now = this.ctx.clock.now();
    writeTx(this.db, () => {
      wp.markConsolidated(this.db, sessionId, throughRowid, now);
      wp.insertRun(this.db, run);
      setMeta(this.db, 'last_consolidation', String(now));
    });
  }

  /** Whether the slow path still has this session's episodes to link (consolidation waits for it). */
  sessionHasSlowPathBacklog(sessionId: string): boolean {
    this.guard.open();
    return wp.sessionHasSlowPathBacklog(this.db, sessionId);
  }

  recordRun(run: wp.NewRun): string {
    this.guard.open();
    return wp.insertRun(this.db, run);
  }

  listRuns(options: { kind?: wp.RunKind; sessionId?: string; batch?: string; limit?: number } = {}): wp.WritePathRun[] {
    this.guard.open();
    return wp.listRuns(this.db, options);
  }

  lastRunAt(kind: wp.RunKind, status: wp.RunStatus = 'ok'): number | null {
    this.guard.open();
    return wp.lastRunAt(this.db, kind, status);
  }

  failedSessions(limit: number): { id: string; last_error: string | null; attempts: number; last_event_at: number }[] {
    this.guard.open();
    return wp.failedSessions(this.db, limit);
  }

  countUnconsolidatedSessions(): number {
    this.guard.open();
    return countUnconsolidatedSessions(this.db);
  }

  /** What `stats` adds for the write path: session states, last runs, token usage (total and per run). */
  stats(recentRuns = 10): WritePathStats {
    this.guard.flushed();
    const iso = (t: number | null): string | null => (t === null ? null : isoTime(t));
    const lastConsolidation = getMeta(this.db, 'last_consolidation');
    const lastDecay = getMeta(this.db, 'last_decay_run');
    return {
      ...writePathSection(this.db, recentRuns),
      unconsolidated_sessions: countUnconsolidatedSessions(this.db),
      last_consolidation: iso(lastConsolidation ? Number(lastConsolidation) : null),
      last_decay_run: iso(lastDecay ? Number(lastDecay) : null),
    };
  }

  // ---- candidate lookups ----

  nearestFacts(vector: Float32Array, k: number): { nodeId: string; similarity: number }[] {
    this.guard.open();
    return this.vectors.nearestFacts(vector, k);
  }

  /** Current facts sharing a slot (e.g. "user.residence"): contradiction candidates. */
  factsInSlot(slot: string, limit?: number): MemoryNode[] {
    this.guard.open();
    return wp.currentFactsInSlot(this.db, slot, limit);
  }

  factIdsMatching(match: string, limit: number): string[] {
    this.guard.open();
    return wp.factIdsMatching(this.db, match, limit);
  }

  currentFactsOfEntity(entityId: string, limit: number): MemoryNode[] {
    this.guard.open();
    return wp.currentFactsOfEntity(this.db, entityId, limit);
  }

  insertionOrder(ids: readonly string[]): Map<string, number> {
    this.guard.open();
    return wp.insertionOrder(this.db, ids);
  }

  entityIdsMentioning(words: readonly string[], limit: number): string[] {
    this.guard.open();
    return wp.entityIdsMentioning(this.db, words, limit);
  }

  factsCreatedSince(since: number, limit = 200): MemoryNode[] {
    this.guard.open();
    return wp.factsCreatedSince(this.db, since, limit);
  }

  entityIdsOfNodes(nodeIds: readonly string[]): string[] {
    this.guard.open();
    return wp.entityIdsOfNodes(this.db, nodeIds);
  }

  /** `staleToo: false` leaves out entities whose only need is facts newer than a written summary. */
  entitiesNeedingSummary(limit = 50, options: { staleToo?: boolean } = {}): Entity[] {
    this.guard.open();
    return wp.entitiesNeedingSummary(this.db, limit, options).flatMap((id) => getEntity(this.db, id) ?? []);
  }

  /** Nodes by id, as stored (no neighbourhood); unknown ids are skipped. */
  nodes(ids: readonly string[]): MemoryNode[] {
    this.guard.open();
    return getNodes(this.db, ids);
  }

  node(id: string): MemoryNode | undefined {
    this.guard.open();
    return getNode(this.db, id);
  }

  /** Entities by id (merged ones resolve to where they went); unknown ids are skipped. */
  getEntities(ids: readonly string[]): Entity[] {
    this.guard.open();
    const out = new Map<string, Entity>();
    for (const id of ids) {
      let e = getEntity(this.db, id);
      if (e?.mergedInto) e = getEntity(this.db, e.mergedInto);
      if (e) out.set(e.id, e);
    }
    return [...out.values()];
  }

  // ---- graph writes ----

  /** derived_from and causal edges written by the write path; existing ones are kept (idempotent). */
  addEdges(edges: readonly Omit<NewEdge, 'validFrom' | 'createdAt'>[]): number {
    this.guard.open();
    const now = this.ctx.clock.now();
    let added = 0;
    writeTx(this.db, () => {
      for (const e of edges) {
        if (!nodeExists(this.db, e.sourceId) || !nodeExists(this.db, e.targetId)) throw notFound('Node', nodeExists(this.db, e.sourceId) ? e.targetId : e.sourceId);
        if (insertEdge(this.db, { ...e, validFrom: now, createdAt: now })) added++;
      }
    });
    return added;
  }

  /** Link a node to more entities (mention counts follow). Returns the number of new links. */
  linkEntities(nodeId: string, entityIds: readonly string[]): number {
    this.guard.open();
    const node = getNodeRow(this.db, nodeId);
    if (!node) throw notFound('Node', nodeId);
    const now = this.ctx.clock.now();
    const links: { nodeId: string; entityId: string }[] = [];
    writeTx(this.db, () => {
      for (const entityId of new Set(entityIds)) {
        if (!getEntity(this.db, entityId)) throw notFound('Entity', entityId);
        if (linkNodeEntity(this.db, nodeId, entityId)) {
          links.push({ nodeId, entityId });
          if (node.valid_until === null) adjustMentionCount(this.db, entityId, 1, now);
        }
      }
    });
    if (links.length > 0) this.ctx.feed.emit({ kind: 'entities.linked', links });
    return links.length;
  }

  /** Refresh an entity's summary and re-embed it. `source` tells an LLM summary from the offline fallback. */
  setEntitySummary(entityId: string, summary: string, source: 'llm' | 'facts'): Entity {
    this.guard.open();
    const entity = getEntity(this.db, entityId);
    if (!entity || entity.mergedInto) throw notFound('Entity', entityId);
    const now = this.ctx.clock.now();
    updateEntity(this.db, entityId, { summary, now, attributes: { ...entity.attributes, summary_source: source, summary_at: now } });
    this.ctx.slow.queueEntity(entityId);
    this.ctx.feed.emit({ kind: 'entity.updated', entityId });
    return getEntity(this.db, entityId) as Entity;
  }
}
