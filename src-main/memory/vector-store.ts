/**
 * The memory's vectors: the lock (which model and dimension made them), the upgrade of an older offline
 * embedder's vectors, the full re-embed, and the in-memory binary-code index with exact re-rank that answers
 * KNN on large memories. One job: vectors. The engine owns one and hands its methods to retrieval and the
 * write path.
 */
import { cosine, dot } from '../../src-shared/vectors';
import type { Database } from 'better-sqlite3';
import { isOfflineEmbedder } from '../embeddings/offline-default';
import type { EmbeddingProvider } from '../embeddings/types';
import { createVectorTables, dropVectorTables } from '../storage/vector-tables';
import { writeTx, writeTxWhenFree } from '../storage/write-tx';
import { yieldToLoop } from '../../src-shared/clock';
import type { ChangeFeed } from './change-feed';
import type { EngineContext } from './context';
import { MemoryError } from './errors';
import { getMeta, setMeta } from './repo/metadata';
import { clearStatementCache, stmt } from './repo/statements';
import { knnNodes, nodeVectors, rerankVectors } from './repo/vectors';
import type { RetrievalConfig } from './retrieval/config';
import type { SlowPathProgress } from './slow-path';
import type { EmbeddingStatus } from './stats';
import type { MemoryChange, NodeType } from '../../src-shared/memory-types';
import { BinaryCodeIndex, approxBlob, binaryCode, type CodeRow } from './vector-index';

export interface VectorLock {
  model: string | null;
  dimensions: number;
}

const FACT_TYPES: readonly NodeType[] = ['semantic', 'procedural', 'opinion'];

/** Exact KNN cannot filter by space: it is asked for this many times the candidates when a space is set. */
const SPACE_OVERFETCH = 4;

/** memory_metadata key set once every vector has its int8 copy (vec_codes.approx). */
const COPIES_META_KEY = 'vector_copies';

export class VectorStore {
  private lock: VectorLock;
  private codeIndex: BinaryCodeIndex | null = null;
  private codeIndexLoading = false;
  private codeIndexLoad: Promise<void> | null = null;
  private approxFill: Promise<void> | null = null;
  /** Bumped when vectors are rebuilt: a load started before then is discarded. */
  private codeIndexGeneration = 0;
  /** Changes seen while the index loads, replayed onto it when ready. */
  private pendingIndexChanges: MemoryChange[] = [];
  private reembedding = false;

  constructor(
    private readonly ctx: EngineContext,
    private readonly embedder: EmbeddingProvider,
    private readonly config: RetrievalConfig,
    private readonly isClosed: () => boolean,
  ) {
    this.lock = this.readOrInitLock();
  }

  private get db(): Database {
    return this.ctx.db;
  }

  /** The lock the memory's vectors were made under (an export records it; a re-import reuses matching vectors). */
  get lockInfo(): VectorLock {
    return { ...this.lock };
  }

  private readOrInitLock(): VectorLock {
    const dimensions = Number(getMeta(this.db, 'embedding_dimensions') ?? this.embedder.dimensions);
    let model = getMeta(this.db, 'embedding_model') ?? null;
    if (model === null && dimensions === this.embedder.dimensions) {
      const hasVectors = (this.db.prepare('SELECT count(*) AS n FROM vec_nodes').get() as { n: number }).n > 0;
      if (!hasVectors) {
        setMeta(this.db, 'embedding_model', this.embedder.id);
        model = this.embedder.id;
      }
    }
    return { model, dimensions };
  }

  /**
   * At open: an older offline embedder's vectors are upgraded (when the slow path runs), the code index
   * follows every change, and it is built in the background now, so the first question does not wait for it;
   * likewise the offline embedder's files (word vectors ~40 ms, the sentence encoder ~0.6 s; a failure is reported
   * when used).
   */
  start(feed: ChangeFeed, upgradeOffline: boolean): void {
    const upgrading = this.replacesOfflineVectors() && upgradeOffline;
    if (upgrading) this.upgradeOfflineVectors();
    feed.subscribe((change) => this.syncCodeIndex(change));
    setImmediate(() => {
      this.startCodeIndexLoad();
      this.startApproxFill();
      if (!this.isClosed() && isOfflineEmbedder(this.embedder)) this.embedder.ready().catch(() => undefined);
    });
    const { warning } = this.status();
    if (warning && !upgrading) this.ctx.logger.warn(warning);
  }

  /** Vectors of an earlier offline embedder (at any dimension: the rebuild recreates the tables) under a later one. */
  replacesOfflineVectors(): boolean {
    const { model } = this.lock;
    return isOfflineEmbedder(this.embedder) && model !== null && model !== this.embedder.id && this.embedder.replaces.includes(model);
  }

  /**
   * Whether vectors may be written now; while not, the stored lock is re-read first (another process may have rebuilt
   * the vectors with this embedder: its re-queued nodes are then embedded here too, not parked).
   */
  writable(): boolean {
    if (this.status().vectorSearchEnabled) return true;
    const stored = getMeta(this.db, 'embedding_model') ?? null;
    if (stored !== this.lock.model || Number(getMeta(this.db, 'embedding_dimensions')) !== this.lock.dimensions) this.reloadCodeIndex();
    return this.status().vectorSearchEnabled;
  }

  /** Vectors are comparable only when made by the same model at the same dimension. */
  status(): EmbeddingStatus {
    const { model, dimensions } = this.lock;
    let warning: string | null = null;
    if (dimensions !== this.embedder.dimensions) {
      warning = `Vector search is disabled: the memory's vectors (${model ?? 'an unknown model'}) have ${dimensions} dimensions but ${this.embedder.id} produces ${this.embedder.dimensions}. Run "reembed" to rebuild them.`;
    } else if (model !== this.embedder.id) {
      warning = `Vector search is disabled: the memory's vectors were made by ${model ?? 'an unknown model'}, not ${this.embedder.id}. Run "reembed" to rebuild them.`;
    }
    return {
      model: this.embedder.id,
      dimensions: this.embedder.dimensions,
      lockedModel: model,
      lockedDimensions: dimensions,
      vectorSearchEnabled: warning === null,
      warning,
    };
  }

  /**
   * Vectors of an earlier offline embedder are rebuilt with the current one in the background, once its files
   * have loaded: if they cannot be read, the old vectors stay (vector search off, with the reason) rather than
   * being dropped for nothing.
   */
  upgradeOfflineVectors(): void {
    const { logger } = this.ctx;
    const from = this.lock.model ?? '';
    const ready = isOfflineEmbedder(this.embedder) ? this.embedder.ready() : Promise.resolve();
    ready
      .then(async () => {
        if (this.isClosed() || !this.replacesOfflineVectors()) return;
        logger.warn(`rebuilding the vectors made by ${from} with ${this.embedder.id}, in the background`);
        await this.reembed(undefined, { onlyFrom: from });
      })
      .catch((err: unknown) => {
        if (this.isClosed()) return;
        logger.warn(`the vectors made by ${from} are kept, and vector search is off, until ${this.embedder.id} can run: ${String(err)}`);
      });
  }

  /**
   * Vector candidates: exact sqlite-vec KNN on small memories; on large ones the binary-code index finds
   * candidates by Hamming distance and the best are re-ranked by exact cosine. With `spaceId`, the index keeps
   * to the space inside its scan; sqlite-vec cannot, so it is asked for more (the caller re-checks in SQL).
   */
  knn(query: Float32Array, k: number, types: readonly NodeType[] | null, includeInactive: boolean, spaceId: string | null = null): string[] {
    const index = this.readyCodeIndex();
    const { codeIndexMinNodes, codeIndexRerank } = this.config;
    if (!index || index.size < codeIndexMinNodes) {
      const wanted = spaceId === null ? k : Math.min(4096, k * SPACE_OVERFETCH);
      return knnNodes(this.db, query, wanted, { ...(types ? { types } : {}), includeInactive }).map((h) => h.nodeId);
    }
    const candidates = index.nearest(binaryCode(query), Math.max(k, codeIndexRerank), types, includeInactive, spaceId);
    const head = candidates.slice(0, codeIndexRerank);
    const exact = rerankVectors(this.db, head);
    const similarity = (id: string): number => {
      const v = exact.get(id);
      return v ? dot(v, query) : -Infinity;
    };
    const scored = head.map((id) => ({ id, s: similarity(id) })).sort((a, b) => b.s - a.s);
    return [...scored.map((x) => x.id), ...candidates.slice(codeIndexRerank)].slice(0, k);
  }

  /** Nearest current facts to a vector, with cosine similarity (deduplication and conflict candidates). */
  nearestFacts(vector: Float32Array, k: number): { nodeId: string; similarity: number }[] {
    if (!this.status().vectorSearchEnabled) return [];
    // Always through the binary-code index, at any size: a near-duplicate has a near-identical code, and a
    // full sqlite-vec scan per extracted fact would cost the main thread several ms each. The head is
    // re-ranked by exact cosine below.
    const index = this.readyCodeIndex();
    const ids = index
      ? index.nearest(binaryCode(vector), k + 4, FACT_TYPES, false)
      : knnNodes(this.db, vector, k + 4, { types: FACT_TYPES }).map((h) => h.nodeId);
    const vectors = nodeVectors(this.db, ids);
    const scored = ids.flatMap((nodeId) => {
      const v = vectors.get(nodeId);
      return v ? [{ nodeId, similarity: cosine(v, vector) }] : [];
    });
    return scored.sort((x, y) => y.similarity - x.similarity).slice(0, k);
  }

  /** The code index when loaded; otherwise starts loading it in the background and answers null. */
  private readyCodeIndex(): BinaryCodeIndex | null {
    if (!this.codeIndex) this.startCodeIndexLoad();
    return this.codeIndex;
  }

  /**
   * Resolves once the vector candidate index is loaded (it loads in the background from open on); with
   * `copies`, also once every vector has the int8 copy re-ranking reads (see startApproxFill).
   */
  async warm(options: { copies?: boolean } = {}): Promise<void> {
    while (!this.codeIndex && !this.isClosed()) {
      this.startCodeIndexLoad();
      await (this.codeIndexLoad ?? Promise.resolve());
    }
    if (options.copies) {
      this.startApproxFill();
      await this.approxFill;
    }
  }

  /**
   * A memory written before migration 7 has no int8 copies of its vectors (vec_codes.approx), and search
   * re-ranks from sqlite-vec meanwhile. They are written in the background, 64 per turn of the event loop.
   */
  private startApproxFill(): void {
    if (this.approxFill || this.isClosed()) return;
    this.approxFill = this.fillApproxCopies()
      .catch((err: unknown) => {
        if (!this.isClosed()) this.ctx.logger.warn(`int8 vector copies not written; search re-ranks from sqlite-vec: ${String(err)}`);
      })
      .finally(() => {
        this.approxFill = null;
      });
  }

  private async fillApproxCopies(): Promise<void> {
    // Done once per memory: every vector written since carries its copy (upsertNodeVector).
    if (getMeta(this.db, COPIES_META_KEY) === 'complete') return;
    // Keyset pages over every code, a bounded step each, so a memory that lacks few copies is not scanned whole at once.
    const page = this.db.prepare('SELECT node_id AS id, approx IS NULL AS missing FROM vec_codes WHERE node_id > ? ORDER BY node_id LIMIT 128');
    const write = this.db.prepare('UPDATE vec_codes SET approx = ? WHERE node_id = ? AND approx IS NULL');
    let after = '';
    for (;;) {
      await yieldToLoop();
      if (this.isClosed()) return;
      const rows = page.all(after) as { id: string; missing: number }[];
      const last = rows.at(-1);
      if (last === undefined) {
        this.ctx.hot.flushSync();
        // Background work: another process's lock is waited out without blocking the event loop.
        await writeTxWhenFree(this.db, () => setMeta(this.db, COPIES_META_KEY, 'complete'));
        return;
      }
      after = last.id;
      const ids = rows.filter((r) => r.missing === 1).map((r) => r.id);
      if (ids.length === 0) continue;
      const vectors = nodeVectors(this.db, ids);
      this.ctx.hot.flushSync();
      await writeTxWhenFree(this.db, () => {
        for (const [id, v] of vectors) write.run(approxBlob(v), id);
      });
    }
  }

  /** Another process wrote to the file (perhaps rebuilt the vectors): the lock is re-read, the index rebuilt from it. */
  reloadCodeIndex(): void {
    const before = this.lock;
    this.lock = this.readOrInitLock();
    if (before.model !== this.lock.model || before.dimensions !== this.lock.dimensions) clearStatementCache(this.db);
    this.codeIndexGeneration++;
    this.codeIndex = null;
    this.pendingIndexChanges = [];
    this.startCodeIndexLoad();
  }

  startCodeIndexLoad(): void {
    if (this.codeIndexLoading || this.codeIndex || this.isClosed()) return;
    this.codeIndexLoading = true;
    const generation = this.codeIndexGeneration;
    const stale = () => this.isClosed() || generation !== this.codeIndexGeneration;
    this.codeIndexLoad = BinaryCodeIndex.loadInChunks(this.db, this.lock.dimensions, stale)
      .then((index) => {
        if (!index || stale()) return;
        this.codeIndex = index;
        for (const change of this.pendingIndexChanges.splice(0)) this.syncCodeIndex(change);
      })
      .catch((err: unknown) => this.ctx.logger.warn(`vector index load failed; exact search serves: ${String(err)}`))
      .finally(() => {
        this.codeIndexLoading = false;
        this.codeIndexLoad = null;
      });
  }

  /** Keeps the in-memory code index in step with writes; search re-checks filters in SQL regardless. */
  syncCodeIndex(change: MemoryChange): void {
    if (change.kind === 'vectors.rebuilt') {
      this.codeIndexGeneration++;
      this.codeIndex = null;
      this.pendingIndexChanges = [];
      return;
    }
    const index = this.codeIndex;
    if (!index) {
      if (this.codeIndexLoading) this.pendingIndexChanges.push(change);
      return;
    }
    switch (change.kind) {
      case 'nodes.embedded': {
        const rows = this.db
          .prepare(
            `SELECT c.node_id, c.code, n.type, n.valid_until IS NULL AS active, n.space_id, n.everywhere FROM vec_codes c JOIN nodes n ON n.id = c.node_id
             WHERE c.node_id IN (SELECT value FROM json_each(?))`,
          )
          .raw()
          .all(JSON.stringify(change.nodeIds)) as CodeRow[];
        const words = Math.ceil(this.lock.dimensions / 32);
        for (const row of rows) index.upsertRow(row, words);
        break;
      }
      case 'node.updated': {
        // Moved to another space or marked everywhere (spaces.ts emits this for each node it moves).
        const place = stmt(this.db, 'SELECT space_id, everywhere FROM nodes WHERE id = ?').get(change.nodeId) as
          | { space_id: string; everywhere: number }
          | undefined;
        if (place) index.setSpace(change.nodeId, { spaceId: place.space_id, everywhere: place.everywhere === 1 });
        break;
      }
      case 'node.corrected':
        index.setActive(change.oldId, false);
        break;
      case 'node.forgotten':
        index.setActive(change.nodeId, false);
        break;
      case 'node.restored':
        index.setActive(change.nodeId, true);
        break;
      case 'nodes.erased':
        // Their vectors are deleted; the slots stay until the index is rebuilt, never returned as current.
        for (const id of change.nodeIds) index.setActive(id, false);
        break;
      case 'decay.completed':
        for (const id of change.prunedIds) index.setActive(id, false);
        break;
      default:
        break;
    }
  }

  /**
   * Rebuild every vector with the current embedder (after a model or dimension change): the vec tables are
   * recreated at the embedder's dimension, the lock is moved, and all nodes and entities are re-embedded.
   * `onlyFrom` (an automatic upgrade): only while the memory's vectors are still that model's (another process may
   * have rebuilt them already).
   */
  async reembed(onProgress?: (p: SlowPathProgress) => void, options: { onlyFrom?: string } = {}): Promise<{ nodes: number; dimensions: number }> {
    if (this.reembedding) throw new MemoryError('conflict', 'The vectors are already being rebuilt');
    this.reembedding = true;
    try {
      return await this.rebuild(onProgress, options);
    } finally {
      this.reembedding = false;
    }
  }

  private async rebuild(onProgress: ((p: SlowPathProgress) => void) | undefined, options: { onlyFrom?: string }): Promise<{ nodes: number; dimensions: number }> {
    const db = this.db;
    this.ctx.hot.flushSync();
    const now = this.ctx.clock.now();
    const dims = this.embedder.dimensions;
    let nodes = 0;
    let upgradedElsewhere = false;
    writeTx(db, () => {
      // An upgrade another process (the app, an MCP server) already made or began: its work is not dropped.
      if (options.onlyFrom !== undefined && (getMeta(db, 'embedding_model') ?? '') !== options.onlyFrom) {
        upgradedElsewhere = true;
        return;
      }
      dropVectorTables(db);
      createVectorTables(db, dims);
      db.prepare('DELETE FROM vec_codes').run();
      setMeta(db, 'embedding_dimensions', String(dims));
      setMeta(db, 'embedding_model', this.embedder.id);
      nodes = db
        .prepare(
          `INSERT INTO slow_path_queue (node_id, enqueued_at, next_attempt_at) SELECT id, @now, @now FROM nodes WHERE true
           ON CONFLICT(node_id) DO UPDATE SET next_attempt_at = excluded.next_attempt_at, attempts = 0, last_error = NULL`,
        )
        .run({ now }).changes;
    });
    if (upgradedElsewhere) {
      this.reloadCodeIndex();
      return { nodes: 0, dimensions: this.lock.dimensions };
    }
    clearStatementCache(db);
    this.lock = { model: this.embedder.id, dimensions: dims };
    for (const row of db.prepare('SELECT id FROM entities WHERE merged_into IS NULL').all() as { id: string }[]) this.ctx.slow.queueEntity(row.id);
    await this.ctx.slow.drain(onProgress);
    this.ctx.feed.emit({ kind: 'vectors.rebuilt', dimensions: dims });
    return { nodes, dimensions: dims };
  }
}
