/** memory_stats (ADR 008 §13), plus what Engram needs to show: invalid nodes, slow-path backlog, embedding lock. */
import { statSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import type { EngineContext } from './context';
import { getMeta } from './repo/metadata';
import { countSessionsByStatus, lastRunAt, listRuns, tokenTotals, type WritePathRun } from './repo/consolidation';
import { countUnconsolidatedSessions } from './repo/sessions';
import type { SessionState } from '../../src-shared/memory-types';
import { slowPathBacklog } from './repo/slow-queue';
import type { NodeType, RelationType } from '../../src-shared/memory-types';
import { linkTallies, nodeTallies } from './repo/tallies';
import { isoTime } from '../../src-shared/clock';

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

const iso = (ms: string | undefined): string | null => (ms ? isoTime(Number(ms)) : null);

export function computeStats(ctx: EngineContext, dbPath: string, embedding: EmbeddingStatus): MemoryStats {
  ctx.hot.flushSync();
  const db = ctx.db;
  const nodeCounts = nodeTallies(db);
  const links = linkTallies(db);
  const edges = { ...links.edges };
  // Entity links live in node_entities (ADR 008 §7); they count as entity edges.
  edges.entity += links.entityLinks;
  const totalEdges = Object.values(edges).reduce((a, b) => a + b, 0);
  const currentNodes = Object.values(nodeCounts.current).reduce((a, b) => a + b, 0);
  const backlog = slowPathBacklog(db);
  return {
    nodes: nodeCounts.current,
    edges,
    entities: links.liveEntities,
    orphan_nodes: currentNodes - links.linkedCurrentNodes,
    avg_edges_per_node: nodeCounts.total === 0 ? 0 : Math.round(((2 * totalEdges) / nodeCounts.total) * 100) / 100,
    unconsolidated_sessions: countUnconsolidatedSessions(db),
    last_consolidation: iso(getMeta(db, 'last_consolidation')),
    last_decay_run: iso(getMeta(db, 'last_decay_run')),
    storage_size_mb: Math.round(storageBytes(dbPath) / 1e5) / 10,
    invalid_nodes: nodeCounts.invalid,
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

const isoMs = (t: number | null): string | null => (t === null ? null : isoTime(t));

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
