/** Read models of the memory inspector: slim node summaries the graph and timeline draw, never whole memories. */
import type { MemoryStats } from '../stats';
import type { EntityType, InvalidationReason, NodeType, RelationType, SourceType } from '../../../src-shared/memory-types';

/** What a graph node or a timeline bar needs; content is cut to a label. */
export interface NodeSummary {
  id: string;
  type: NodeType;
  label: string;
  confidence: number;
  decayRate: number;
  sourceType: SourceType | null;
  sessionId: string | null;
  eventTime: number;
  createdAt: number;
  validFrom: number;
  validUntil: number | null;
  invalidatedReason: InvalidationReason | null;
  /** Its memory space, and whether every space sees it (migration 015). */
  spaceId: string;
  everywhere: boolean;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  relation: RelationType;
  predicate: string | null;
  /** False when the edge's validity ended (an undone correction). */
  current: boolean;
}

export interface EntityAnchor {
  id: string;
  name: string;
  type: EntityType;
  mentionCount: number;
}

/** A bounded piece of the graph; the renderer merges slices as the user pages out. */
export interface GraphSlice {
  nodes: NodeSummary[];
  edges: GraphEdge[];
  entities: EntityAnchor[];
  /** node → entity links among the slice (drawn as `entity` edges). */
  entityLinks: { nodeId: string; entityId: string }[];
  /** True when the limit cut the slice short: there is more to page out. */
  truncated: boolean;
}

export interface TimelineSlice {
  items: NodeSummary[];
  /** Supersedes transitions among the items: `from` is the old version, `to` the one that replaced it. */
  transitions: { from: string; to: string; at: number }[];
  /** Earliest and latest event time in the whole memory, so the view can zoom to fit. */
  extent: { min: number; max: number } | null;
  truncated: boolean;
}

export interface InspectorOverview {
  stats: MemoryStats;
  /** Current facts by confidence, ten buckets of 0.1 (the last includes 1.0). */
  confidenceHistogram: number[];
  /** Current nodes by origin. */
  bySource: Partial<Record<SourceType | 'none', number>>;
  sessions: number;
  protectedFacts: number;
}

/** One version replacing another: `before` held until `at`, `after` from then on. */
export interface VersionChange {
  before: NodeSummary;
  after: NodeSummary;
  at: number;
  /** The supersedes edge's predicate: the reason given, or "corrected". */
  reason: string | null;
}

export interface MemoryComparison {
  from: number;
  to: number;
  /** Facts first learned in the window (not new versions of older facts: those are below). */
  learned: NodeSummary[];
  /** Versions replaced by newer information the memory met (consolidation, imports, other apps). */
  superseded: VersionChange[];
  /** Versions replaced by a correction: by hand, or by the assistant asked to. */
  corrected: VersionChange[];
  /** Facts forgotten or pruned in the window (the summary says which and when). */
  forgotten: NodeSummary[];
  /** Conversation turns recorded in the window. */
  episodesRecorded: number;
  /** A list was cut at the limit. */
  truncated: boolean;
}
