/** Shapes passed between the write path's steps: extraction → dedup/conflicts → one transaction. */
import type { Entity, EntityType, FactType, MemoryNode } from '../../src-shared/memory-types';
import type { TokenUsage } from './agent';

/** A fact the extractor proposes, tied to the exact episodes it came from. */
export interface CandidateFact {
  type: FactType;
  content: string;
  sourceEpisodeIds: string[];
  /** Names of entities (as in Extraction.entities) the fact is about. */
  entityNames: string[];
  /** What the fact is a value of, e.g. "user.residence": same slot, different value = contradiction candidate. */
  slot: string | null;
  /** The slot's value, normalised (offline extractor), for deterministic comparisons. */
  value: string | null;
  /** Stated outright (§12.1 extraction, 0.8) or inferred (0.6). */
  basis: 'stated' | 'inferred';
  /** When it became true, when the text says ("last month", "in 2019"); null = when its episode was said. */
  eventTime: number | null;
  /** A plan's (slot `S.plan.*`): when it is to happen, kept as the attribute `due` (epoch ms). */
  due?: number;
}

export interface ExtractedEntity {
  name: string;
  type: EntityType;
  aliases: string[];
  /** Id of a known entity the model says this is. */
  knownId: string | null;
  description: string | null;
}

export interface CausalLink {
  causeEpisodeId: string;
  effectEpisodeId: string;
  explanation: string;
}

export interface Extraction {
  facts: CandidateFact[];
  entities: ExtractedEntity[];
  causal: CausalLink[];
  /** Items of a model's answer that were invalid and left out, with the reason. */
  dropped?: string[];
}

export interface ExtractionPage {
  sessionId: string;
  episodes: MemoryNode[];
  /** Anchors already linked to these episodes (or named in them): the model reuses their ids. */
  knownEntities: Entity[];
}

/** A new fact next to an existing one the search found; the resolver says how they relate. */
export interface ConflictQuestion {
  factIndex: number;
  fact: CandidateFact;
  existing: MemoryNode[];
}

export type Relation = 'replaces' | 'duplicate' | 'unrelated';

export interface ConflictDecision {
  factIndex: number;
  existingId: string;
  relation: Relation;
  reason: string;
}

export interface Resolution {
  decisions: ConflictDecision[];
  /** Decisions of a model's answer that were invalid and left out, with the reason. */
  dropped: string[];
}

/** What extracts facts: the LLM agent or the offline heuristics. */
export interface Extractor {
  readonly mode: 'llm' | 'offline';
  readonly model: string | null;
  readonly usage: TokenUsage;
  extract(page: ExtractionPage, signal?: AbortSignal): Promise<Extraction>;
  resolve(questions: readonly ConflictQuestion[], signal?: AbortSignal): Promise<Resolution>;
}

export const CONSOLIDATION_STEPS = ['episodes', 'extract', 'entities', 'dedup', 'conflicts', 'write', 'done'] as const;
export type ConsolidationStep = (typeof CONSOLIDATION_STEPS)[number];

export interface WritePathProgress {
  /** consolidation | maintenance | decay | enrichment | reflection */
  job: string;
  sessionId: string | null;
  step: string;
  /** 0–100 for the job as a whole. */
  percent: number;
  message?: string;
  /** The model server failed for a reason that may pass, and the request is being sent again. */
  retry?: { attempt: number; of: number; reason: string; message: string };
}
