/** memory_stats (ADR 008 §13), plus what Engram needs to show: invalid nodes, slow-path backlog, embedding lock. */
import { statSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import type { EngineContext } from './context';
import { getMeta } from './repo/metadata';
import { countSessionsByStatus, lastRunAt, listRuns, tokenTotals, type WritePathRun } from './repo/consolidation';
import { countUnconsolidatedSessions } from './repo/sessions';
import type { SessionState } from '../../src-shared/memory-types';
import { slowPathBacklog } from './repo/slow-queue';
import { NODE_TYPES, RELATION_TYPES, type NodeType, type RelationType } from '../../src-shared/memory-types';

export interface EmbeddingStatus {
  model: string;
  dimensions: number;
  /** Model and dimension the stored vectors were made with. */
  lockedModel: string | null;
  lockedDimensions: number;
  vectorSearchEnabled: boolean;
  warning: string | null;
}

export interface MemoryStats {
  nodes: Record<NodeType, number>;
  edges: Record<RelationType, number>;
  entities: number;
  orphan_nodes: number;
  avg_edges_per_node: number;
  unconsolidated_sessions: number;
  last_consolidation: string | null;
  last_decay_run: string | null;
  storage_size_mb: number;
  /** Nodes no longer current, by reason. */
  invalid_nodes: { superseded: number; forgotten: number; pruned: number };
  /** Nodes still waiting for the slow path (embedding + linking); `failing` have failed at least once. */
  pending_embeddings: number;
  failing_embeddings: number;
  last_embedding_error: string | null;
  embedding: EmbeddingStatus;
  /** Consolidation and maintenance: sessions by state, last runs, LLM token usage in total and per run. */
  write_path: {
    sessions: Record<SessionState['status'], number>;
    last_maintenance: string | null;
    last_reflection: string | null;
    tokens: { promptTokens: number; completionTokens: number; llmCalls: number };
    recent_runs: WritePathRun[];
  };
}

const iso = (ms: string | undefined): string | null => (ms ? new Date(Number(ms)).toISOString() : null);

export function computeStats(ctx: EngineContext, dbPath: string, embedding: EmbeddingStatus): MemoryStats {
  ctx.hot.flushSync();
  const db = ctx.db;
  const nodes = Object.fromEntries(NODE_TYPES.map((t) => [t, 0])) as Record<NodeType, number>;
  for (const r of db.prepare('SELECT type, count(*) AS n FROM nodes WHERE valid_until IS NULL GROUP BY type').all() as {
    type: NodeType;
    n: number;
  }[])
    nodes[r.type] = r.n;
  const invalid = { superseded: 0, forgotten: 0, pruned: 0 };
  for (const r of db
    .prepare('SELECT invalidated_reason AS reason, count(*) AS n FROM nodes WHERE valid_until IS NOT NULL GROUP BY reason')
    .all() as { reason: keyof typeof invalid | null; n: number }[])
    if (r.reason) invalid[r.reason] = r.n;
  const edges = Object.fromEntries(RELATION_TYPES.map((t) => [t, 0])) as Record<RelationType, number>;
  for (const r of db.prepare('SELECT relation_type AS t, count(*) AS n FROM edges GROUP BY relation_type').all() as {
    t: RelationType;
    n: number;
  }[])
    edges[r.t] = r.n;
  // Entity links live in node_entities (ADR 008 §7); they count as entity edges.
  edges.entity += (db.prepare('SELECT count(*) AS n FROM node_entities').get() as { n: number }).n;
  const totalNodes = (db.prepare('SELECT count(*) AS n FROM nodes').get() as { n: number }).n;
  const totalEdges = Object.values(edges).reduce((a, b) => a + b, 0);
  const orphans = (
    db
      .prepare(
        `SELECT count(*) AS n FROM nodes n WHERE n.valid_until IS NULL
         AND NOT EXISTS (SELECT 1 FROM edges WHERE source_id = n.id)
         AND NOT EXISTS (SELECT 1 FROM edges WHERE target_id = n.id)
         AND NOT EXISTS (SELECT 1 FROM node_entities WHERE node_id = n.id)`,
      )
      .get() as { n: number }
  ).n;
  const backlog = slowPathBacklog(db);
  return {
    nodes,
    edges,
    entities: (db.prepare('SELECT count(*) AS n FROM entities WHERE merged_into IS NULL').get() as { n: number }).n,
    orphan_nodes: orphans,
    avg_edges_per_node: totalNodes === 0 ? 0 : Math.round(((2 * totalEdges) / totalNodes) * 100) / 100,
    unconsolidated_sessions: countUnconsolidatedSessions(db),
    last_consolidation: iso(getMeta(db, 'last_consolidation')),
    last_decay_run: iso(getMeta(db, 'last_decay_run')),
    storage_size_mb: Math.round(storageBytes(dbPath) / 1e5) / 10,
    invalid_nodes: invalid,
    pending_embeddings: backlog.pending,
    failing_embeddings: backlog.failing,
    last_embedding_error: backlog.lastError,
    embedding,
    write_path: writePathSection(db, 5),
  };
}

/** Sessions by state, last maintenance and reflection, token usage in total and for the latest runs. */
export function writePathSection(db: Database, recentRuns: number): MemoryStats['write_path'] {
  return {
    sessions: countSessionsByStatus(db),
    last_maintenance: isoMs(lastRunAt(db, 'maintenance')),
    last_reflection: isoMs(lastRunAt(db, 'reflection')),
    tokens: tokenTotals(db),
    recent_runs: listRuns(db, { limit: recentRuns }),
  };
}

const isoMs = (t: number | null): string | null => (t === null ? null : new Date(t).toISOString());

function storageBytes(dbPath: string): number {
  let total = 0;
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      total += statSync(dbPath + suffix).size;
    } catch {
      // The WAL and SHM files exist only while the database is open in WAL mode.
    }
  }
  return total;
}
