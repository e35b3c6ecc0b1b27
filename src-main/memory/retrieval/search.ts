/**
 * The read path (ADR 008 §11): embed the query once → intent → strategies routed by intent → weighted
 * RRF → optional MMR → hits with their §13 timestamp fields and the strategies that found them.
 */
import type { Database } from 'better-sqlite3';
import { isAheadOfClock, yieldToLoop } from '../../../src-shared/clock';
import type { EmbeddingProvider } from '../../embeddings/types';
import type { WordVectors } from '../../embeddings/word-vectors';
import { isZeroVector } from '../../../src-shared/vectors';
import { MemoryError } from '../errors';
import { getNodes } from '../repo/nodes';
import { stmt } from '../repo/statements';
import { nodeVectors } from '../repo/vectors';
import { parseInput } from '../schemas';
import { NODE_TYPES, type MemoryNode, type NodeType } from '../../../src-shared/memory-types';
import { strategyWeights, type RetrievalConfig } from './config';
import { firstPassing, type NodeFilter } from './filter';
import { burstActivation } from './bursts';
import { synonymMatches } from './synonyms';
import { answerActivation } from './answers';
import { temporalEdgesAround } from '../repo/temporal-edges';
import { brevityWeight, type BrevityPrior } from './brevity';
import { asksForCurrent, recencyWeights } from './recency';
import { answerKindLift } from './answer-kinds';
import { holdsSlot, slotAskedAbout } from './slot-questions';
import { ftsScored, type FtsRankings, type RankedHit } from './fts-scored';
import { mmr, weightedRrf } from './fusion';
import { adaptiveParams, classifyComplexity, type IntentClassifier } from './intent';
import { searchInputSchema } from './schemas';
import {
  causalStrategy,
  entityStrategy,
  neighbourhoodActivation,
  provenanceStrategy,
  type Knn,
  temporalStrategy,
  vectorStrategy,
} from './strategies';
import { ftsQuery, queryTerms, retrievalQuery, type FtsQuery } from './text';
import type { TermStats } from './term-stats';
import { kinEquivalents } from './kin-words';
import { turnTexts } from './turn-texts';
import { lexiconWords } from './verb-forms';
import { idiomMatcher, idiomQuery, idiomsInPlainWords, topicIdioms, topicMatches, topicWords } from './life-topics';
import { namedSpeakerLift } from './named-speaker';
import { addressedNames, savedAsKin } from './addressed-names';
import { feedbackWords } from './feedback';
import { impliedWindow, parseTimeExpression, parseWholeTimeExpression, timestampFields } from './time';
import type { SearchHit, SearchInput, SearchResult, StrategyName } from '../../../src-shared/retrieval-types';
import { isRecital } from '../../../src-shared/recitals';
import { isMediaPlaceholder } from '../../../src-shared/text';
import { withoutSpeakerPrefix } from '../../../src-shared/speakers';
import { asStoodAt } from '../as-of';

/** An as-of time expression as an instant (the end of the day it names), or a typed error; absent = null. */
export function readAsOf(expr: string | number | undefined, now: number): number | null {
  if (expr === undefined) return null;
  const t = parseWholeTimeExpression(expr, 'end', now);
  if (t === null || t < 0 || t > 8.64e15) {
    throw new MemoryError('invalid_input', `as of: cannot read "${expr}" as a date (try 2026-03-01, an ISO time, "last month" or "last christmas")`);
  }
  // A day still to come ("next year", "tomorrow") is no memory as of then: today's is all there is (a day asked is read
  // as its end, so today passes).
  if (isAheadOfClock(t - 1, now)) throw new MemoryError('invalid_input', `as of: "${expr}" is after today; memory as of a later day is not known yet`);
  return t;
}

/** How a search reads, beyond its input: internal to the read path (not part of the public search input). */
export interface SearchReading {
  /**
   * Fuse the similar-words list (synonyms.ts). A context pack's turn search does: it reads 80–100 deep, where the
   * list brings answers up; a top-10 search does not, as the list reorders the very top.
   */
  similarWords?: boolean;
}

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
  /** The offline word vectors when the embedder is word-level (null otherwise): similar words match (synonyms.ts). */
  wordVectors(): WordVectors | null;
  /** Nearest node ids to a query vector among the given types (null = all), current ones unless asked. */
  knn: Knn;
}

/**
 * Default types when none are asked for: knowledge *and* the conversation it came from, ranked together with
 * facts boosted (see FACT_BOOST), so the turn that holds an answer is never hidden behind weak or few facts.
 */
export const DEFAULT_SEARCH_TYPES: readonly NodeType[] = NODE_TYPES;

/** Facts outrank episodes of equal fused score when both are searched: they are distilled and current. */
export const FACT_BOOST = 2;
/**
 * A question is weak evidence for its own answer, and so is the assistant's reply: when the query asks about
 * the person ("Where do I live?"), such episodes weigh this much.
 */
export const WEAK_EVIDENCE_WEIGHT = 0.5;
/**
 * A chat's "<image omitted>" or "[photo]" says nothing in words: it ranks only on its neighbours' activation and
 * its speaker's name, and took a line of the pack wherever it sat next to a hit.
 */
const MEDIA_PLACEHOLDER_WEIGHT = 0.1;
/**
 * At least this much of the fused ranking is weighed again (confidence, kind of answer, speaker…), whatever the limit:
 * at three times the limit, a search for 10 weighed 30 and lifted less than one for 20 did (R@10 tidy 0.817 → 0.789,
 * held-out sibling chat 0.50 → 0.438 when asked for 10).
 */
const RESCORED_DEPTH = 60;
const ABOUT_THE_PERSON = /\b(I|me|my|mine|myself|I'm|I've|I'd)\b|(^|[\s,])(я|меня|мне|мой|моя|моё|мои|мной)([\s,?.!]|$)/iu;

/** The FTS query; on large memories, frequent terms only match in pairs and the scored matches are bounded. */
function matchExpression(deps: RetrieverDeps, query: string, factsOnly: boolean): FtsQuery | null {
  const docs = factsOnly ? 0 : deps.termStats.documents();
  const { boundedFtsFromDocs, ftsRecentMatches } = deps.config;
  if (docs < boundedFtsFromDocs) return ftsQuery(query);
  const { terms } = queryTerms(query);
  return ftsQuery(query, {
    df: deps.termStats.documentFrequencies(terms),
    frequentDocs: Math.min(ftsRecentMatches, Math.max(500, docs * 0.01)),
    recentMatches: ftsRecentMatches,
  });
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


/** Rows changed by this connection and commits by others since it opened: equal while the memory is unchanged. */
function memoryState(db: Database): string {
  const changes = stmt(db, 'SELECT total_changes()').pluck().get() as number;
  return `${changes}:${String(db.pragma('data_version', { simple: true }))}`;
}

/**
 * BM25 lists already computed for the same question: a context pack's episode search and its fact search's
 * provenance step rank the same turns. A longer list serves a shorter request (same ORDER BY, cut later).
 */
export class FtsMemo {
  private readonly lists = new Map<string, { limit: number; rows: RankedHit[] }>();
  /** The rankings under those lists, before their filters: searches of other types or filters share them. */
  private readonly rankings: FtsRankings = new Map();
  /** The memory's state they were read in: a write between two searches (at a yield) makes them stale. */
  private readAt: string | null = null;

  scored(db: Database, query: FtsQuery | null, filter: NodeFilter, limit: number): RankedHit[] {
    if (!query) return [];
    // A rowid freed by an erase can be given to the next row stored: a ranking read before must not name it.
    const state = memoryState(db);
    if (state !== this.readAt) {
      this.lists.clear();
      this.rankings.clear();
      this.readAt = state;
    }
    const key = JSON.stringify([query, filter]);
    const known = this.lists.get(key);
    if (known && (known.limit >= limit || known.rows.length < known.limit)) return known.rows.slice(0, limit);
    const rows = ftsScored(db, query, filter, limit, undefined, this.rankings);
    this.lists.set(key, { limit, rows });
    return rows;
  }
}

/**
 * `precomputedVector`: the query's embedding when the caller already has it (undefined = embed here).
 * `memo`: shared by the searches of one context pack (see FtsMemo).
 */
export async function search(
  deps: RetrieverDeps,
  input: SearchInput,
  precomputedVector?: Float32Array | null,
  memo: FtsMemo = new FtsMemo(),
  reading: SearchReading = {},
): Promise<SearchResult> {
  const data = parseInput(searchInputSchema, input);
  const t0 = performance.now();
  const asOf = readAsOf(data.asOf, data.now ?? deps.now());
  // As of a date, "last week" and "3 days ago" are read from that date, as they would have been then.
  const now = data.now ?? asOf ?? deps.now();
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
    asOf,
    spaceId: data.spaceId ?? null,
  };

  // What of the query retrieval reads (a 100k-character paste is read by its start and end).
  // ("Where did he pop the question?" is searched as "… propose?": life-topics.ts.)
  const query = idiomsInPlainWords(retrievalQuery(data.query));
  const embedStart = performance.now();
  const queryVector = precomputedVector !== undefined ? precomputedVector : await embedQuery(deps, query, warnings);
  timings.embed = Math.round((performance.now() - embedStart) * 1000) / 1000;
  const intent = time('intent', () => deps.classifier.classify(query, queryVector));
  const complexity = classifyComplexity(query);
  const depth = adaptiveParams(complexity).graphDepth;
  const weights = strategyWeights(deps.config, intent, deps.embedder.kind === 'lexical');
  const n = Math.max(deps.config.candidates, data.limit * 2);
  // "Could she have driven?" is also searched as "driving", "drove" (verb-forms.ts).
  const lexicon = await lexiconWords().catch((err: unknown) => {
    warnings.push(`verb forms and first names not read: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  });
  const forms = lexicon ? lexicon.forms(queryTerms(query).terms) : [];
  // "Is their father alive?" also as "tata", "dad" (kin-words.ts): in the one query, so BM25 sums them with the rest.
  const also = [...forms, ...kinEquivalents(query)];
  const searched = also.length > 0 ? `${query} ${also.join(' ')}` : query;

  const lists: Partial<Record<StrategyName, string[]>> = {};
  const idioms = weights.topics > 0 ? topicIdioms(query) : [];
  const bm25 = time('fts', () => {
    const asked = memo.scored(deps.db, matchExpression(deps, searched, !filter.types.includes('episodic')), filter, n);
    if (idioms.length === 0) return asked;
    // "When did they get engaged?": "SHE SAID YES" shares no word with it; the event's idioms are searched too (those
    // said alone, "HE ASKED 😭", only as a message of their own).
    const announced = memo.scored(deps.db, idiomQuery(idioms), filter, n);
    const says = idiomMatcher(idioms);
    const spoken = turnTexts(deps.db, announced.map((h) => h.id), true);
    return unionByScore(asked, announced.filter((h) => says(spoken.get(h.id) ?? ''))).slice(0, n);
  });
  lists.fts = bm25.map((h) => h.id);
  await yieldToLoop();
  if (weights.neighbourhood > 0 && bm25.length > 0) {
    // Spreading activation on BM25 scores (peaky, unlike RRF's flat ranks): turns pass a share of their
    // score to the turns around them, and the activated ranking stands in for plain BM25 in the fusion.
    const documents = deps.termStats.documents();
    lists.neighbourhood = time('neighbourhood', () => activate(deps, bm25, weights.neighbourhood, filter, n, documents));
    weights.fts = 0;
  }
  await yieldToLoop();
  lists.vector = time('vector', () => vectorStrategy(deps.db, deps.knn, queryVector, filter, n));
  // "What jobs did Bartek have?": of the turns found, those that tell of a life's topic in its own words
  // (life-topics.ts).
  const told = weights.topics > 0 ? topicWords(query) : [];
  if (told.length > 0 || idioms.length > 0) {
    const candidates = [...new Set([...(lists.neighbourhood ?? lists.fts ?? []), ...lists.vector])];
    lists.topics = time('topics', () => topicMatches(deps.db, told, candidates, deps.termStats, idioms));
  }
  const wordVectors = deps.wordVectors();
  if (wordVectors && weights.synonyms > 0 && reading.similarWords === true) {
    lists.synonyms = time('synonyms', () => {
      // The candidates: what the full-text search (with its neighbourhood) and the vectors found.
      const direct = [...(lists.neighbourhood ?? lists.fts ?? []), ...(lists.vector ?? [])];
      const match = { vectors: wordVectors, threshold: deps.config.synonymThreshold, termStats: deps.termStats };
      return synonymMatches(deps.db, query, [...new Set(direct)], match, n);
    });
  }
  if (weights.provenance > 0 && filter.types.some((t) => t !== 'episodic')) {
    lists.provenance = time('provenance', () => {
      // The conversation search (BM25 + neighbourhood) over episodes, then the facts distilled from its hits.
      const episodeFilter: NodeFilter = { ...filter, types: ['episodic'], entityIds: null };
      const turns = memo.scored(deps.db, matchExpression(deps, searched, false), episodeFilter, n);
      const ranked = weights.neighbourhood > 0 ? activate(deps, turns, weights.neighbourhood, episodeFilter, n, deps.termStats.documents()) : turns.map((t) => t.id);
      return provenanceStrategy(deps.db, ranked, filter, n);
    });
  }
  await yieldToLoop();
  const mentioned = deps.mentionedEntities(query);
  if (mentioned.length > 0) {
    // Relevance inside the entity: the best rank each node got from the direct strategies.
    const relevance = new Map<string, number>();
    for (const list of [lists.neighbourhood ?? lists.fts ?? [], lists.vector ?? []]) {
      list.forEach((id, rank) => relevance.set(id, Math.min(relevance.get(id) ?? rank, rank)));
    }
    lists.entity = time('entity', () => entityStrategy(deps.db, mentioned, filter, n, relevance, deps.termStats.documents()));
  }

  await yieldToLoop();
  // Graph strategies expand from the best hits of the direct strategies.
  const seeds = weightedRrf(lists, weights, deps.config.rrfK)
    .slice(0, deps.config.seeds)
    .map((f) => f.id);
  if (weights.feedback > 0 && seeds.length > 0) {
    lists.feedback = time('feedback', () => {
      const { feedbackSeeds, feedbackTerms, feedbackMinSeeds, feedbackMaxDocs } = deps.config;
      const shared = feedbackWords(deps.db, query, seeds.slice(0, feedbackSeeds), deps.termStats, feedbackTerms, feedbackMinSeeds, feedbackMaxDocs);
      if (shared.length === 0) return [];
      return memo.scored(deps.db, matchExpression(deps, shared.map((s) => s.word).join(' '), !filter.types.includes('episodic')), filter, n).map((h) => h.id);
    });
  }
  if (weights.temporal > 0) {
    const implied = impliedWindow(query, now);
    lists.temporal = time('temporal', () => temporalStrategy(deps.db, seeds, depth, filter, n, implied));
  }
  if (weights.causal > 0) lists.causal = time('causal', () => causalStrategy(deps.db, seeds, depth, filter, n));

  let fused = time('fusion', () => weightedRrf(lists, { ...weights, neighbourhood: weights.neighbourhood > 0 ? 1 : 0 }, deps.config.rrfK));
  // As of a date, each node as it stood then (a version current then ranks as a current fact did).
  // The fused head that is weighed again below: as deep for ten hits as for twenty, so a search's first ten do not
  // depend on how many were asked for.
  const rescored = fused.slice(0, Math.max(data.limit * 3, RESCORED_DEPTH));
  const nodes = new Map(getNodes(deps.db, rescored.map((f) => f.id)).map((node) => [node.id, asStoodAt(node, asOf)]));
  // Facts weigh by how sure memory is of them (§11.4: RRF score × confidence); mixed with episodes they are
  // boosted; questions and the assistant's replies are weak evidence about the person.
  const mixed = filter.types.includes('episodic') && filter.types.some((t) => t !== 'episodic');
  const aboutThePerson = ABOUT_THE_PERSON.test(query);
  const brevity: BrevityPrior = { fullWords: deps.config.brevityWords, exponent: deps.config.brevityExponent };
  // Engram restating its memory is not evidence: its recitals are left out unless asked for.
  const shown = (node: MemoryNode | undefined): node is MemoryNode => node !== undefined && (data.includeRecitals || !isRecital(node));
  // "… these days?", "… still …?": the newer turns in contention state the current value.
  const lift = asksForCurrent(query) ? deps.config.currentLift : 0;
  const recency = recencyWeights(new Map([...nodes.values()].filter((n) => n.type === 'episodic').map((n) => [n.id, n.eventTime])), lift);
  // "When …?", "How many …?", "Why …?", "Where …?": the turns in contention that say a time, an amount, a reason, a
  // place (answer-kinds.ts).
  const kindLift = answerKindLift(query, deps.config, lexicon);
  // "Where do I live?": the fact that holds the person's residence (slot-questions.ts).
  const slotAsked = deps.config.slotQuestionLift > 0 ? slotAskedAbout(query) : null;
  // "How did Marco's diet change?": Marco's own turns (named-speaker.ts), and "Halina's" those of the speaker the
  // others address as Halina (addressed-names.ts).
  // (Only when a turn in contention was said by someone saved as "Mama" or "Dad": elsewhere no lookup is made.)
  const kinSpeaker = [...nodes.values()].some((n) => typeof n.attributes.speaker === 'string' && savedAsKin(n.attributes.speaker));
  const aliases =
    deps.config.namedSpeakerLift > 0 && kinSpeaker
      ? time('aliases', () => {
          const turns: NodeFilter = { ...filter, types: ['episodic'], entityIds: null, after: null, before: null };
          return addressedNames(deps.db, query, deps.termStats, (name, limit) => memo.scored(deps.db, ftsQuery(name), turns, limit).map((h) => h.id));
        })
      : undefined;
  const bySpeaker = namedSpeakerLift(query, deps.config.namedSpeakerLift, aliases);
  fused = fused
    .filter((f) => shown(nodes.get(f.id)))
    .map((f) => {
      const node = nodes.get(f.id) as MemoryNode;
      const kind = node.type === 'episodic' && kindLift ? kindLift(spokenText(node)) : slotAsked !== null && holdsSlot(node, slotAsked) ? 1 + deps.config.slotQuestionLift : 1;
      const speaker = bySpeaker ? bySpeaker(node) : 1;
      return { ...f, score: f.score * node.confidence * evidenceWeight(node, mixed, aboutThePerson, brevity) * (recency.get(f.id) ?? 1) * kind * speaker };
    })
    .sort((a, b) => b.score - a.score);
  if (deps.config.mmrLambda !== null && queryVector) {
    const vectors = nodeVectors(deps.db, rescored.map((f) => f.id));
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
    ...(asOf !== null ? { asOf: new Date(asOf).toISOString() } : {}),
    timings,
    warnings,
  };
}

/** What a turn says, without the "Speaker: " its transcript put in front. */
function spokenText(node: MemoryNode): string {
  const speaker = node.attributes.speaker;
  return typeof speaker === 'string' && speaker !== '' ? withoutSpeakerPrefix(node.content, speaker) : node.content;
}

function evidenceWeight(node: MemoryNode, mixed: boolean, aboutThePerson: boolean, brevity: BrevityPrior): number {
  if (node.type !== 'episodic') return mixed ? FACT_BOOST : 1;
  if (isMediaPlaceholder(spokenText(node))) return MEDIA_PLACEHOLDER_WEIGHT;
  const short = brevityWeight(node.content, brevity);
  if (!aboutThePerson) return short;
  const question = node.content.includes('?'); // asks something, whatever else it says
  return (question || node.sourceRole === 'assistant' ? WEAK_EVIDENCE_WEIGHT : 1) * short;
}

/**
 * BM25 scores plus the activation each node receives from its neighbourhood, best first. A message of a burst
 * (bursts.ts) scores at least its share of the burst's best message.
 */
function activate(deps: RetrieverDeps, bm25: RankedHit[], share: number, filter: NodeFilter, limit: number, documents: number): string[] {
  const { db, config } = deps;
  const edges = temporalEdgesAround(db, bm25);
  const received = neighbourhoodActivation(db, bm25, edges, config.seeds, share, documents);
  const total = new Map(bm25.map((h) => [h.id, h.score]));
  for (const [id, amount] of received) total.set(id, (total.get(id) ?? 0) + amount);
  for (const [id, amount] of burstActivation(db, bm25, config.burstSeeds, config.burstShare)) total.set(id, Math.max(total.get(id) ?? 0, amount));
  for (const [id, amount] of answerActivation(db, bm25, edges, config.seeds, config.answerShare)) total.set(id, (total.get(id) ?? 0) + amount);
  const ranked = [...total.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  // BM25's own hits passed the filter in their query; newcomers are checked, as far down as the list needs.
  return firstPassing(db, ranked, filter, limit, new Set(bm25.map((h) => h.id)));
}

/** Two BM25 lists as one: each node at its better score, best first (ties by rowid, as BM25's own). */
function unionByScore(a: readonly RankedHit[], b: readonly RankedHit[]): RankedHit[] {
  const best = new Map<string, RankedHit>();
  for (const hit of [...a, ...b]) {
    const known = best.get(hit.id);
    if (!known || hit.score > known.score) best.set(hit.id, hit);
  }
  return [...best.values()].sort((x, y) => y.score - x.score || x.rowid - y.rowid);
}
