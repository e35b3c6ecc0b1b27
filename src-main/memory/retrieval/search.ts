/**
 * The read path (ADR 008 §11): embed the query once → intent → strategies routed by intent → weighted
 * RRF → optional MMR → hits with their §13 timestamp fields and the strategies that found them.
 */
import type { Database } from 'better-sqlite3';
import { yieldToLoop } from '../clock';
import type { EmbeddingProvider } from '../../embeddings/types';
import { isZeroVector } from '../slow-path';
import { MemoryError } from '../errors';
import { getNodes } from '../repo/nodes';
import { nodeVectors } from '../repo/vectors';
import { parseInput } from '../schemas';
import { FACT_TYPES, type NodeType } from '../types';
import { strategyWeights, type RetrievalConfig } from './config';
import { passingIds, type NodeFilter } from './filter';
import { mmr, weightedRrf } from './fusion';
import { adaptiveParams, classifyComplexity, type IntentClassifier } from './intent';
import { searchInputSchema } from './schemas';
import {
  causalStrategy,
  entityStrategy,
  ftsScored,
  neighbourhoodActivation,
  type Scored,
  temporalStrategy,
  vectorStrategy,
} from './strategies';
import { ftsMatchExpression, queryTerms } from './text';
import type { TermStats } from './term-stats';
import { impliedWindow, parseTimeExpression, timestampFields } from './time';
import type { SearchHit, SearchInput, SearchResult, StrategyName } from './types';

export interface RetrieverDeps {
  db: Database;
  embedder: EmbeddingProvider;
  classifier: IntentClassifier;
  config: RetrievalConfig;
  now(): number;
  vectorsEnabled(): boolean;
  /** Entity ids whose names or aliases the text mentions. */
  mentionedEntities(text: string): string[];
  /** Entity ids for a name or alias (search_memory's entity_name filter). */
  entitiesNamed(name: string): string[];
  termStats: TermStats;
  /** Nearest node ids to a query vector among the given types (null = all), current ones unless asked. */
  knn(query: Float32Array, k: number, types: readonly NodeType[] | null, includeInactive: boolean): string[];
}

/** Default types when none are asked for: knowledge, not raw conversation (§14). */
export const DEFAULT_SEARCH_TYPES: readonly NodeType[] = FACT_TYPES;

/** Below this many documents every term is cheap enough to OR in plainly. */
const FREQUENT_TERMS_FROM_DOCS = 20_000;

/** The FTS expression; on large memories, frequent terms only match in pairs (see ftsMatchExpression). */
function matchExpression(deps: RetrieverDeps, query: string, factsOnly: boolean): string | null {
  const docs = factsOnly ? 0 : deps.termStats.documents();
  if (docs < FREQUENT_TERMS_FROM_DOCS) return ftsMatchExpression(query);
  const { terms } = queryTerms(query);
  return ftsMatchExpression(query, { df: deps.termStats.documentFrequencies(terms), frequentDocs: Math.max(500, docs * 0.01) });
}

export async function embedQuery(deps: RetrieverDeps, query: string, warnings: string[]): Promise<Float32Array | null> {
  if (!deps.vectorsEnabled() || !query.trim()) return null;
  try {
    const [v] = await deps.embedder.embedBatch([query]);
    return v && !isZeroVector(v) ? v : null;
  } catch (err) {
    warnings.push(`vector search skipped: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}


/** `precomputedVector`: the query's embedding when the caller already has it (undefined = embed here). */
export async function search(deps: RetrieverDeps, input: SearchInput, precomputedVector?: Float32Array | null): Promise<SearchResult> {
  const data = parseInput(searchInputSchema, input);
  const t0 = performance.now();
  const now = data.now ?? deps.now();
  const warnings: string[] = [];
  const timings: SearchResult['timings'] = {};
  const time = <T>(name: keyof SearchResult['timings'], fn: () => T): T => {
    const s = performance.now();
    const r = fn();
    timings[name] = Math.round((performance.now() - s) * 1000) / 1000;
    return r;
  };

  const after = data.after === undefined ? null : parseTimeExpression(data.after, 'start', now);
  const before = data.before === undefined ? null : parseTimeExpression(data.before, 'end', now);
  if (data.after !== undefined && after === null) throw new MemoryError('invalid_input', `after: cannot read "${data.after}" as a time`);
  if (data.before !== undefined && before === null) throw new MemoryError('invalid_input', `before: cannot read "${data.before}" as a time`);

  let entityFilter: string[] | null = null;
  if (data.entityName !== undefined) {
    entityFilter = deps.entitiesNamed(data.entityName);
    if (entityFilter.length === 0) warnings.push(`no entity is named "${data.entityName}"`);
  }
  const filter: NodeFilter = {
    types: data.types ?? DEFAULT_SEARCH_TYPES,
    includeInvalid: data.includeInvalid,
    excludeSessionIds: data.excludeSessionIds,
    after,
    before,
    entityIds: entityFilter,
  };

  const queryVector = precomputedVector !== undefined ? precomputedVector : await embedQuery(deps, data.query, warnings);
  const intent = deps.classifier.classify(data.query, queryVector);
  const complexity = classifyComplexity(data.query);
  const depth = adaptiveParams(complexity).graphDepth;
  const weights = strategyWeights(deps.config, intent, deps.embedder.kind === 'lexical');
  const n = Math.max(deps.config.candidates, data.limit * 2);

  const lists: Partial<Record<StrategyName, string[]>> = {};
  const bm25 = time('fts', () => ftsScored(deps.db, matchExpression(deps, data.query, !filter.types.includes('episodic')), filter, n));
  lists.fts = bm25.map((h) => h.id);
  await yieldToLoop();
  if (weights.neighbourhood > 0 && bm25.length > 0) {
    // Spreading activation on BM25 scores (peaky, unlike RRF's flat ranks): turns pass a share of their
    // score to the turns around them, and the activated ranking stands in for plain BM25 in the fusion.
    lists.neighbourhood = time('neighbourhood', () => activate(deps.db, bm25, deps.config.seeds, weights.neighbourhood, filter, n));
    weights.fts = 0;
  }
  await yieldToLoop();
  lists.vector = time('vector', () => vectorStrategy(deps.db, deps.knn, queryVector, filter, n));
  await yieldToLoop();
  const mentioned = deps.mentionedEntities(data.query);
  if (mentioned.length > 0) lists.entity = time('entity', () => entityStrategy(deps.db, mentioned, filter, n));

  await yieldToLoop();
  // Graph strategies expand from the best hits of the direct strategies.
  const seeds = weightedRrf(lists, weights, deps.config.rrfK)
    .slice(0, deps.config.seeds)
    .map((f) => f.id);
  if (weights.temporal > 0) {
    const implied = impliedWindow(data.query, now);
    lists.temporal = time('temporal', () => temporalStrategy(deps.db, seeds, depth, filter, n, implied));
  }
  if (weights.causal > 0) lists.causal = time('causal', () => causalStrategy(deps.db, seeds, depth, filter, n));

  let fused = time('fusion', () => weightedRrf(lists, { ...weights, neighbourhood: weights.neighbourhood > 0 ? 1 : 0 }, deps.config.rrfK));
  const nodes = new Map(getNodes(deps.db, fused.slice(0, data.limit * 3).map((f) => f.id)).map((node) => [node.id, node]));
  // Facts weigh by how sure memory is of them (§11.4: RRF score × confidence).
  fused = fused
    .filter((f) => nodes.has(f.id))
    .map((f) => ({ ...f, score: f.score * (nodes.get(f.id)?.confidence ?? 1) }))
    .sort((a, b) => b.score - a.score);
  if (deps.config.mmrLambda !== null && queryVector) {
    const vectors = nodeVectors(deps.db, fused.slice(0, data.limit * 3).map((f) => f.id));
    fused = mmr(fused, (f) => vectors.get(f.id), deps.config.mmrLambda, data.limit);
  }
  const hits: SearchHit[] = fused.slice(0, data.limit).map((f) => {
    const node = nodes.get(f.id);
    if (!node) throw new Error('unreachable: fused ids were filtered to loaded nodes');
    return { node, score: f.score, strategies: f.strategies, ...timestampFields(node.eventTime, now) };
  });
  timings.total = Math.round((performance.now() - t0) * 1000) / 1000;
  return {
    query: data.query,
    intent,
    complexity,
    hits,
    window: { after: after === null ? null : new Date(after).toISOString(), before: before === null ? null : new Date(before).toISOString() },
    timings,
    warnings,
  };
}

/** BM25 scores plus the activation each node receives from its neighbourhood, best first. */
function activate(db: Database, bm25: Scored[], seeds: number, share: number, filter: NodeFilter, limit: number): string[] {
  const received = neighbourhoodActivation(db, bm25, seeds, share);
  const total = new Map(bm25.map((h) => [h.id, h.score]));
  for (const [id, amount] of received) total.set(id, (total.get(id) ?? 0) + amount);
  const ranked = [...total.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  const newcomers = ranked.filter((id) => !bm25.some((h) => h.id === id));
  const allowed = passingIds(db, newcomers, filter);
  const own = new Set(bm25.map((h) => h.id));
  return ranked.filter((id) => own.has(id) || allowed.has(id)).slice(0, limit);
}
