/** Domain types of the memory engine (ADR 008 §5). Timestamps are milliseconds since the Unix epoch. */

export const NODE_TYPES = ['episodic', 'semantic', 'procedural', 'opinion'] as const;
export type NodeType = (typeof NODE_TYPES)[number];
/** Node types that carry knowledge distilled from episodes and therefore decay. */
export const FACT_TYPES = ['semantic', 'procedural', 'opinion'] as const;
export type FactType = (typeof FACT_TYPES)[number];

export const RELATION_TYPES = ['temporal', 'causal', 'entity', 'derived_from', 'supersedes'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

export const ENTITY_TYPES = ['person', 'project', 'organization', 'place', 'concept', 'tool'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/**
 * Where a node came from. ADR 008 names conversation | tool_result | extraction | consolidation;
 * Engram adds `manual` (written by hand in the inspector), `heuristic` (offline extractor) and
 * `reflection` (weekly summary) so the user can keep their own memories apart from extracted ones, and `mcp`
 * (written by another app through the MCP server; the client's name is the source role or an attribute).
 */
export const SOURCE_TYPES = [
  'conversation',
  'manual',
  'tool_result',
  'extraction',
  'consolidation',
  'heuristic',
  'reflection',
  'import',
  'mcp',
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** Why a node stopped being current. NULL while it is current. */
export const INVALIDATION_REASONS = ['superseded', 'forgotten', 'pruned'] as const;
export type InvalidationReason = (typeof INVALIDATION_REASONS)[number];

export type JsonObject = { [key: string]: JsonValue };
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

export interface MemoryNode {
  id: string;
  type: NodeType;
  content: string;
  eventTime: number;
  createdAt: number;
  validFrom: number;
  validUntil: number | null;
  invalidatedReason: InvalidationReason | null;
  /** Confidence as of the last decay run or reinforcement. */
  confidence: number;
  /** Confidence at the last access; decay is computed from here (see decay.ts). */
  confidenceBase: number;
  accessCount: number;
  lastAccessed: number | null;
  decayRate: number;
  /** Stretches the decay curve's time axis; grows with use, restatement and confirmation (decay.ts). */
  stability: number;
  sourceType: SourceType | null;
  sourceRole: string | null;
  sessionId: string | null;
  /** The memory space the node belongs to (src-shared/spaces.ts); episodes and facts take their session's. */
  spaceId: string;
  /** Seen from every space (name, language, accessibility needs): the person decides. */
  everywhere: boolean;
  attributes: JsonObject;
}

export interface MemoryEdge {
  id: string;
  sourceId: string;
  targetId: string;
  relationType: RelationType;
  predicate: string | null;
  weight: number;
  confidence: number;
  validFrom: number;
  validUntil: number | null;
  /** Supporting episode node ids. */
  evidence: string[];
  createdAt: number;
}

export interface Entity {
  id: string;
  canonicalName: string;
  type: EntityType;
  aliases: string[];
  summary: string | null;
  firstSeen: number;
  lastUpdated: number;
  mentionCount: number;
  /** Set when this entity was merged into another; merged entities are kept for history and undo. */
  mergedInto: string | null;
  attributes: JsonObject;
}

export interface SessionState {
  id: string;
  startedAt: number;
  lastEventAt: number;
  episodeCount: number;
  status: 'open' | 'completed' | 'consolidated' | 'failed';
  completedAt: number | null;
  consolidatedAt: number | null;
  attempts: number;
  lastError: string | null;
  /** The memory space its episodes were said in; what it teaches goes there too. */
  spaceId: string;
}

/** A typed change notification; the UI listens to these to refresh what it shows. */
export type MemoryChange =
  | { kind: 'episodes.recorded'; nodeIds: string[]; sessionIds: string[] }
  | { kind: 'node.created'; nodeId: string; nodeType: NodeType }
  | { kind: 'node.corrected'; oldId: string; newId: string }
  | { kind: 'node.confirmed'; nodeId: string }
  | { kind: 'node.forgotten'; nodeId: string }
  | { kind: 'node.restored'; nodeId: string }
  /** Deleted for good (a chat erased with what it taught): nothing of them is left to restore. */
  | { kind: 'nodes.erased'; nodeIds: string[] }
  /** Tags or decay state edited by hand in the inspector. */
  | { kind: 'node.updated'; nodeId: string }
  | { kind: 'nodes.accessed'; nodeIds: string[] }
  | { kind: 'nodes.embedded'; nodeIds: string[] }
  | { kind: 'entities.linked'; links: { nodeId: string; entityId: string }[] }
  | { kind: 'entity.created'; entityId: string }
  | { kind: 'entity.updated'; entityId: string }
  /** Deleted by hand (its links went, its facts stayed); `entity.restore` can bring it back. */
  | { kind: 'entity.deleted'; entityId: string }
  | { kind: 'entities.merged'; sourceId: string; targetId: string }
  | { kind: 'decay.completed'; updated: number; prunedIds: string[] }
  | { kind: 'vectors.rebuilt'; dimensions: number }
  /** Another process (e.g. `engram mcp` for another app) committed to the same memory file. */
  | { kind: 'external.changed' }
  /** Proposals waiting for review were added or decided (review queue, issue 23). */
  | { kind: 'review.changed'; proposalIds: string[] };
