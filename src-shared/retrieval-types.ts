/** Public shapes of the read path (ADR 008 §11, §13, §14). Algorithmic: no LLM anywhere here. */
import type { Entity, MemoryNode, NodeType } from './memory-types';

export const INTENTS = ['why', 'when', 'who', 'what', 'general'] as const;
export type Intent = (typeof INTENTS)[number];
export type Complexity = 'simple' | 'complex';

export const STRATEGIES = ['fts', 'vector', 'entity', 'temporal', 'causal', 'neighbourhood', 'provenance', 'synonyms', 'topics', 'feedback'] as const;
export type StrategyName = (typeof STRATEGIES)[number];

/** How one strategy ranked a hit (1 = best). */
export interface StrategyRank {
  strategy: StrategyName;
  rank: number;
}

export interface SearchInput {
  query: string;
  /** Node types to return. Default: semantic, procedural, opinion (§14); pass ['episodic'] for history. */
  types?: NodeType[];
  /** Only nodes linked to the entity with this name or alias. */
  entityName?: string;
  /** Time expressions ("last week", "in March", "2024-05-01") or epoch ms, on event time. */
  after?: string | number;
  before?: string | number;
  /** Default 10, at most 100. */
  limit?: number;
  /** Skip episodes of these sessions (e.g. the conversation the prompt comes from). */
  excludeSessionIds?: string[];
  /** Include superseded, forgotten and pruned nodes. */
  includeInvalid?: boolean;
  /** Include Engram's replies that only restate its memory (recitals.ts); left out by default. */
  includeRecitals?: boolean;
  /**
   * The hits as they would have been at this time (expression or epoch ms; a day means its end): only what was
   * learned by then and valid then, shown as it stood. Relative times in the query are then read from it.
   */
  asOf?: string | number;
  /** The active space: its nodes plus facts marked everywhere (default: every space). */
  spaceId?: string;
  /** Reference instant for relative time expressions; default now. */
  now?: number;
}

export interface SearchHit {
  node: MemoryNode;
  /** Fused score (weighted RRF, then confidence-weighted). */
  score: number;
  /** Which strategies found it, with what rank. */
  strategies: StrategyRank[];
  event_time_iso: string;
  event_time_local: string;
  event_time_tz: string;
  event_time_relative: string;
}

export interface SearchResult {
  query: string;
  intent: Intent;
  complexity: Complexity;
  hits: SearchHit[];
  /** The time window actually applied, as ISO strings (after the expressions were parsed). */
  window: { after: string | null; before: string | null };
  /** The instant the hits are as of (ISO), when one was asked for. */
  asOf?: string;
  /** Time in ms of each step that ran: query embedding, intent, each strategy, fusion; and the total. */
  timings: Partial<Record<StrategyName | 'embed' | 'intent' | 'fusion' | 'aliases' | 'total', number>>;
  warnings: string[];
}

/** `profile` leads: what every reply should know about the person (the profile, seed 004 §5). */
export const CONTEXT_SECTIONS = ['profile', 'facts', 'entities', 'temporal', 'evidence'] as const;
export type ContextSectionName = (typeof CONTEXT_SECTIONS)[number];

export interface ContextItem {
  nodeId: string | null;
  entityId: string | null;
  text: string;
  tokens: number;
  score: number;
  strategies: StrategyRank[];
  /** Why it is here, in words (e.g. "fact matched by fts #1, vector #3"). */
  reason: string;
  /** The heading its line sits under, when a section groups its lines (earlier turns: their day). */
  heading?: string;
}

export interface ContextSection {
  name: ContextSectionName;
  title: string;
  budget: number;
  tokens: number;
  items: ContextItem[];
}

export interface ContextPack {
  prompt: string;
  intent: Intent;
  complexity: Complexity;
  tokenBudget: number;
  tokensUsed: number;
  sections: ContextSection[];
  /** Every node id in the pack. */
  nodeIds: string[];
  entities: Pick<Entity, 'id' | 'canonicalName' | 'type'>[];
  /** The pack rendered for the model's system prompt; empty string when nothing relevant was found. */
  markdown: string;
  createdAt: number;
}

export interface ContextOptions {
  /** Upper bound on the adaptive budget (a model with a small window). */
  maxTokenBudget?: number;
  /** Override the adaptive budget (1000 simple / 3000 complex tokens). */
  tokenBudget?: number;
  excludeSessionIds?: string[];
  /** The pack as it would have been at this time (see SearchInput.asOf). */
  asOf?: string | number;
  /** The chat's space: its nodes plus facts marked everywhere (default: every space). */
  spaceId?: string;
  now?: number;
}
