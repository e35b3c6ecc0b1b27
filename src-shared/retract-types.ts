/**
 * Retract by source (issue 23): what memory learned from a message, a chat, a memory session, an import,
 * another app (MCP client) or a consolidation run, and what retracting it would do. Shared by the engine,
 * the API contract, the CLI and the renderer.
 */

export const RETRACT_SOURCE_KINDS = ['message', 'chat', 'session', 'import', 'origin', 'run'] as const;
export type RetractSourceKind = (typeof RETRACT_SOURCE_KINDS)[number];

/**
 * `ref` is an id (a chat message or its episode, a chat, a memory session, a consolidation run) or a name
 * (an import's format such as `chatgpt`, another app's client name).
 */
export interface RetractSource {
  kind: RetractSourceKind;
  ref: string;
}

export interface LearnedItem {
  id: string;
  type: string;
  content: string;
  /** Whether it is current now (not forgotten, pruned or superseded). */
  current: boolean;
}

export interface LearnedSupersedes {
  newId: string;
  oldId: string;
  newContent: string;
  oldContent: string;
}

export interface LearnedEntityLink {
  nodeId: string;
  entityId: string;
  entityName: string;
}

/** What the source taught, and what a retract would do with each part (nothing is changed by a preview). */
export interface RetractPreview {
  source: RetractSource;
  /** The source's episodes (its messages as memory recorded them): forgotten by a retract. */
  episodes: LearnedItem[];
  /** Facts only this source supports: forgotten. */
  forgotten: LearnedItem[];
  /** Facts other sources also support: kept, without this source's support. */
  losingSupport: LearnedItem[];
  /** Older versions this source's facts superseded: current again. */
  currentAgain: LearnedItem[];
  /** Every supersedes the source's facts caused. */
  supersedes: LearnedSupersedes[];
  /** Entity links of the source's facts. */
  entityLinks: LearnedEntityLink[];
  /** Whether a retract would change anything. */
  empty: boolean;
}

export interface RetractCounts {
  episodes: number;
  forgotten: number;
  losingSupport: number;
  currentAgain: number;
}

/** An applied retract: its id undoes it. */
export interface RetractResult {
  retractionId: string;
  source: RetractSource;
  counts: RetractCounts;
}

/** A retract that can still be undone. */
export interface RetractionRecord extends RetractResult {
  appliedAt: number;
}
