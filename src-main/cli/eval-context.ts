/**
 * `eval context <file>`: what reaches a reply. Each conversation of a recall-eval dataset goes into its own
 * fresh memory, is consolidated (offline, or by the memory agent named in ENGRAM_AGENT_*), and for every
 * question the context pack the assistant would get is built.
 *
 * - pack recall: share of a question's evidence turns that reach the pack, as the episode itself or as a
 *   fact derived from it;
 * - fact_recall_10: share of evidence turns found through a fact in the top 10 of the default search.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmbeddingProvider } from '../embeddings/types';
import { MemoryEngine, type RetrievalConfig } from '../memory';
import { recordTranscript } from '../data/import/record-transcript';
import { conversationEpisodes, type RecallDataset } from '../data/import/transcript-file';
import type { MemoryAgentConfig } from '../writepath/config';
import { WritePathService } from '../writepath/service';
import { AppError } from '../../src-shared/errors';

export interface ContextEvalReport {
  name: string;
  mode: 'offline' | 'llm';
  questions: number;
  pack_recall: number;
  fact_recall_10: number;
  by_category: Record<string, { n: number; pack_recall: number; fact_recall_10: number }>;
  mean_pack_tokens: number;
  /** Current facts and entities over all conversations' memories. */
  facts: number;
  entities: number;
  /** Conversations left out of the scores because their memory could not be built (consolidation failed). */
  failed_conversations: { conversation: string; error: string }[];
}

export interface ContextEvalOptions {
  agent: MemoryAgentConfig | null;
  embedder?: () => EmbeddingProvider;
  retrieval?: Partial<RetrievalConfig>;
  onProgress?: (message: string) => void;
}

const r3 = (x: number): number => Math.round(x * 1000) / 1000;
const DAY_MS = 86_400_000;

/** One conversation's scores, merged into the report only when the whole conversation was evaluated. */
interface ConversationScore {
  questions: number;
  packSum: number;
  factSum: number;
  tokens: number;
  facts: number;
  entities: number;
  byCategory: Map<string, { n: number; pack: number; fact: number }>;
}

export async function evaluateContext(dataset: RecallDataset, options: ContextEvalOptions): Promise<ContextEvalReport> {
  const total: ConversationScore = { questions: 0, packSum: 0, factSum: 0, tokens: 0, facts: 0, entities: 0, byCategory: new Map() };
  const failed: { conversation: string; error: string }[] = [];
  let firstFailure: unknown;
  for (const conv of dataset.conversations) {
    let score: ConversationScore;
    try {
      score = await evaluateConversation(conv, options);
    } catch (err) {
      firstFailure ??= err;
      // One conversation whose memory could not be built does not void the others: it is reported and skipped.
      const error = err instanceof Error ? err.message : String(err);
      failed.push({ conversation: conv.id, error });
      options.onProgress?.(`${conv.id}: skipped: ${error}`);
      continue;
    }
    total.questions += score.questions;
    total.packSum += score.packSum;
    total.factSum += score.factSum;
    total.tokens += score.tokens;
    total.facts += score.facts;
    total.entities += score.entities;
    for (const [category, c] of score.byCategory) {
      const into = total.byCategory.get(category) ?? { n: 0, pack: 0, fact: 0 };
      into.n += c.n;
      into.pack += c.pack;
      into.fact += c.fact;
      total.byCategory.set(category, into);
    }
  }
  if (failed.length > 0 && failed.length === dataset.conversations.length) {
    const code = firstFailure instanceof AppError ? firstFailure.code : 'storage';
    throw new AppError(code, `No conversation could be evaluated: ${failed.map((f) => `${f.conversation}: ${f.error}`).join('; ')}`, { cause: firstFailure });
  }
  const n = Math.max(1, total.questions);
  return {
    name: dataset.name,
    mode: options.agent ? 'llm' : 'offline',
    questions: total.questions,
    pack_recall: r3(total.packSum / n),
    fact_recall_10: r3(total.factSum / n),
    by_category: Object.fromEntries(
      [...total.byCategory.entries()].map(([c, v]) => [c, { n: v.n, pack_recall: r3(v.pack / v.n), fact_recall_10: r3(v.fact / v.n) }]),
    ),
    mean_pack_tokens: Math.round(total.tokens / n),
    facts: total.facts,
    entities: total.entities,
    failed_conversations: failed,
  };
}

/** A fresh memory for one conversation: record, consolidate, then ask its questions. Throws when it cannot. */
async function evaluateConversation(conv: RecallDataset['conversations'][number], options: ContextEvalOptions): Promise<ConversationScore> {
  const score: ConversationScore = { questions: 0, packSum: 0, factSum: 0, tokens: 0, facts: 0, entities: 0, byCategory: new Map() };
  const dir = mkdtempSync(join(tmpdir(), 'engram-eval-context-'));
  const episodes = conversationEpisodes(conv);
  const lastEvent = episodes.reduce((m, e) => Math.max(m, e.eventTime), 0);
  const engine = MemoryEngine.open({
    dataDir: dir,
    startSlowPath: false,
    ...(options.embedder ? { embedder: options.embedder() } : {}),
    ...(options.retrieval ? { retrieval: options.retrieval } : {}),
  });
  const writePath = new WritePathService({ engine, agent: options.agent });
  try {
    // The dataset is recorded as an import, and imports ask first by default: an evaluation measures what memory
    // learns, so its throwaway memory remembers at once.
    engine.saveReviewSettings({ import: 'at_once' });
    const ids = await recordTranscript(engine, episodes);
    const turnOf = new Map(ids.map((id, i) => [id, episodes[i]?.attributes.turn_id ?? '']));
    options.onProgress?.(`${conv.id}: ${episodes.length} turns recorded; consolidating`);
    for (const s of new Set(episodes.map((e) => e.sessionId))) engine.markSessionCompleted(s);
    const report = await writePath.consolidateNow({ offline: options.agent === null, trigger: 'eval' });
    const failed = report.sessions.filter((s) => s.status !== 'consolidated');
    if (failed.length > 0) throw new Error(`consolidation failed for ${failed.map((s) => `${s.sessionId}: ${s.error ?? s.status}`).join('; ')}`);
    await engine.drainSlowPath();
    const stats = engine.stats();
    score.facts = (stats.nodes.semantic ?? 0) + (stats.nodes.procedural ?? 0) + (stats.nodes.opinion ?? 0);
    score.entities = stats.entities;

    // Evidence turns behind each node: episodes are their own turn, facts the turns they were derived from.
    const turnsCache = new Map<string, string[]>();
    const turnsBehind = (nodeId: string): string[] => {
      const cached = turnsCache.get(nodeId);
      if (cached) return cached;
      const own = turnOf.get(nodeId);
      const turns = own !== undefined ? [own] : engine.getNode(nodeId).derivedFrom.flatMap((ep) => turnOf.get(ep.id) ?? []);
      turnsCache.set(nodeId, turns);
      return turns;
    };

    const now = lastEvent + DAY_MS;
    for (const q of conv.questions) {
      if (q.evidence.length === 0) continue;
      const evidence = new Set(q.evidence);
      const pack = await engine.buildContextPack(q.question, { now });
      const inPack = new Set(pack.nodeIds.flatMap(turnsBehind).filter((t) => evidence.has(t)));
      const top = await engine.search({ query: q.question, limit: 10, now });
      const viaFacts = new Set(
        top.hits.filter((h) => h.node.type !== 'episodic').flatMap((h) => turnsBehind(h.node.id)).filter((t) => evidence.has(t)),
      );
      const pr = inPack.size / evidence.size;
      const fr = viaFacts.size / evidence.size;
      score.packSum += pr;
      score.factSum += fr;
      score.tokens += pack.tokensUsed;
      score.questions++;
      const cat = score.byCategory.get(q.category) ?? { n: 0, pack: 0, fact: 0 };
      cat.n++;
      cat.pack += pr;
      cat.fact += fr;
      score.byCategory.set(q.category, cat);
    }
    options.onProgress?.(`${conv.id}: ${conv.questions.length} questions asked`);
    return score;
  } finally {
    await writePath.close();
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
