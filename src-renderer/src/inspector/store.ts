/** The inspector's UI state (views, selection, filters, what the graph has paged in, toasts). Server state lives in react-query. */
import { create } from 'zustand';
import type { GraphExpandInput, GraphSeedInput } from '../../../src-main/memory';
import type { NodeType, RelationType, SourceType } from '../../../src-shared/memory-types';
import type { RetractSource } from '../../../src-shared/retract-types';
import type { TimeWindow } from './date-range';

export type InspectorTab = 'profile' | 'graph' | 'timeline' | 'entities' | 'overview' | 'compare' | 'review' | 'pack' | 'learned';

/**
 * The one origin table: the origins the user tells apart (filters, overview), the engine source types each
 * covers, and how the node panel names a memory of each source type.
 */
export const ORIGINS = {
  manual: { label: 'By hand', sources: { manual: 'written by hand' } },
  tool: { label: 'Assistant tool', sources: { tool_result: "saved by the assistant's tool" } },
  extracted: { label: 'Extracted', sources: { extraction: 'extracted by consolidation', consolidation: 'consolidated', reflection: 'weekly reflection' } },
  heuristic: { label: 'Heuristic', sources: { heuristic: 'heuristic (offline extractor)' } },
  conversation: { label: 'Conversation', sources: { conversation: 'conversation', import: 'imported' } },
  mcp: { label: 'Other apps (MCP)', sources: { mcp: 'from another app (MCP)' } },
} as const satisfies Record<string, { label: string; sources: Partial<Record<SourceType, string>> }>;
export type Origin = keyof typeof ORIGINS;

/** The engine source types an origin covers. */
export const sourcesOf = (origin: Origin): SourceType[] => Object.keys(ORIGINS[origin].sources) as SourceType[];

/** How the node panel names a memory's source type ("written by hand"); an unknown one by its own name. */
export function sourceLabel(source: SourceType): string {
  for (const origin of Object.values(ORIGINS)) {
    const label = (origin.sources as Partial<Record<SourceType, string>>)[source];
    if (label !== undefined) return label;
  }
  return source;
}

export interface InspectorFilter {
  types: NodeType[];
  relations: RelationType[];
  origins: Origin[];
  minConfidence: number;
  includeInvalid: boolean;
  /** Only memories linked to this entity. */
  entityId: string | null;
  /** Which window the person chose; `after`/`before` are what it means in event time. */
  when: TimeWindow;
  /** Event-time window (ms): after ≤ event time < before; null is open-ended. */
  after: number | null;
  before: number | null;
  /** Memory as it stood at this instant (the end of the chosen local day); null = today. */
  asOf: number | null;
  /** Only this space's memories and those seen from every space; null = every space. */
  spaceId: string | null;
}

export const ALL_TYPES: NodeType[] = ['episodic', 'semantic', 'procedural', 'opinion'];
export const ALL_RELATIONS: RelationType[] = ['temporal', 'causal', 'entity', 'derived_from', 'supersedes'];

/**
 * One fetch the graph is made of: the seed, then every page-out. Requests, not results, live here. `at` tells
 * one choice of a view from the next: choosing "Recent" again asks the memory again, never a cached answer.
 */
export type GraphRequest =
  | { kind: 'seed'; input: GraphSeedInput; at: number }
  | { kind: 'expand'; input: GraphExpandInput };

export interface Toast {
  id: number;
  message: string;
  undo?: () => Promise<unknown>;
  error?: boolean;
  /** Shorter-lived notes (e.g. "Undone"). */
  brief?: boolean;
}

export type MoveDirection = 'left' | 'right' | 'up' | 'down';

/** A source opened from the chat ("What did memory learn from this?"): a message or a whole chat. */
export interface LearnedFromSource {
  source: RetractSource;
  /** How the view names it: "this message", "“Trip to Lisbon”". */
  label: string;
}

interface InspectorState {
  open: boolean;
  tab: InspectorTab;
  selectedId: string | null;
  /** Multi-selection for bulk confirm/forget. */
  multi: string[];
  entityId: string | null;
  /** An entity anchor clicked in the graph, shown in the side panel. */
  panelEntityId: string | null;
  packMessageId: string | null;
  learned: LearnedFromSource | null;
  filter: InspectorFilter;
  graph: GraphRequest[];
  /** Bumped to ask the graph to fit and centre on the selection. */
  centreTick: number;
  editing: boolean;
  /** The "add a fact by hand" form is open. */
  adding: boolean;
  toasts: Toast[];
  /** The active view's arrow-key handler. */
  mover: ((dir: MoveDirection) => void) | null;
  openInspector(tab?: InspectorTab): void;
  close(): void;
  setTab(tab: InspectorTab): void;
  select(id: string | null, opts?: { additive?: boolean }): void;
  clearMulti(): void;
  setMulti(ids: string[]): void;
  openEntity(id: string | null): void;
  openEntityPanel(id: string): void;
  openPack(messageId: string): void;
  openLearned(learned: LearnedFromSource): void;
  setFilter(patch: Partial<InspectorFilter>): void;
  seedGraph(input: GraphSeedInput): void;
  addGraph(req: GraphRequest): void;
  centre(): void;
  setEditing(v: boolean): void;
  setAdding(v: boolean): void;
  pushToast(t: Omit<Toast, 'id'>): number;
  dismissToast(id: number): void;
  setMover(m: ((dir: MoveDirection) => void) | null): void;
}

let toastSeq = 0;

export const DEFAULT_FILTER: InspectorFilter = {
  types: [...ALL_TYPES],
  relations: [...ALL_RELATIONS],
  origins: [],
  minConfidence: 0,
  includeInvalid: false,
  entityId: null,
  when: 'all',
  after: null,
  before: null,
  asOf: null,
  spaceId: null,
};

let seedSeq = 0;

export const useInspector = create<InspectorState>((set) => ({
  open: false,
  // The profile first (issue 26): "what Engram knows about you" before the whole graph.
  tab: 'profile',
  selectedId: null,
  multi: [],
  entityId: null,
  panelEntityId: null,
  packMessageId: null,
  learned: null,
  filter: DEFAULT_FILTER,
  graph: [{ kind: 'seed', input: { seed: { kind: 'recent' } }, at: 0 }],
  centreTick: 0,
  editing: false,
  adding: false,
  toasts: [],
  mover: null,
  openInspector: (tab) => set((s) => ({ open: true, tab: tab ?? s.tab })),
  close: () => set({ open: false, editing: false }),
  setTab: (tab) => set({ tab }),
  select: (id, opts) =>
    set((s) => {
      if (!opts?.additive || id === null) return { selectedId: id, multi: [], editing: false, panelEntityId: null };
      const has = s.multi.includes(id);
      const base = s.multi.length === 0 && s.selectedId && s.selectedId !== id ? [s.selectedId] : s.multi;
      return { selectedId: id, multi: has ? base.filter((m) => m !== id) : [...base, id], editing: false, panelEntityId: null };
    }),
  clearMulti: () => set({ multi: [] }),
  setMulti: (multi) => set({ multi }),
  openEntity: (entityId) => set({ entityId, tab: 'entities', open: true }),
  openEntityPanel: (panelEntityId) => set({ panelEntityId, selectedId: null, multi: [] }),
  openPack: (packMessageId) => set({ packMessageId, tab: 'pack', open: true }),
  openLearned: (learned) => set({ learned, tab: 'learned', open: true, selectedId: null, multi: [], panelEntityId: null, editing: false }),
  setFilter: (patch) => set((s) => ({ filter: { ...s.filter, ...patch } })),
  seedGraph: (input) => set({ graph: [{ kind: 'seed', input, at: ++seedSeq }], tab: 'graph' }),
  addGraph: (req) => set((s) => ({ graph: [...s.graph, req] })),
  centre: () => set((s) => ({ centreTick: s.centreTick + 1 })),
  setEditing: (editing) => set({ editing }),
  setAdding: (adding) => set(adding ? { adding, selectedId: null, multi: [], panelEntityId: null } : { adding }),
  pushToast: (t) => {
    const id = ++toastSeq;
    set((s) => ({ toasts: [...s.toasts.slice(-2), { ...t, id }] }));
    return id;
  },
  dismissToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  setMover: (mover) => set({ mover }),
}));

/** The filter as the engine's graph filter. */
export function engineFilter(f: InspectorFilter, overrides: { includeInvalid?: boolean } = {}) {
  const sourceTypes = f.origins.flatMap(sourcesOf);
  return {
    ...(f.types.length < ALL_TYPES.length ? { types: f.types } : {}),
    ...(f.relations.length < ALL_RELATIONS.length ? { relations: f.relations } : {}),
    ...(sourceTypes.length > 0 ? { sourceTypes } : {}),
    ...(f.minConfidence > 0 ? { minConfidence: f.minConfidence } : {}),
    ...(f.entityId !== null ? { entityId: f.entityId } : {}),
    ...(f.after !== null ? { after: f.after } : {}),
    ...(f.before !== null ? { before: f.before } : {}),
    ...(f.asOf !== null ? { asOf: f.asOf } : {}),
    ...(f.spaceId !== null ? { spaceId: f.spaceId } : {}),
    includeInvalid: overrides.includeInvalid ?? f.includeInvalid,
  };
}

// Tests and the benchmark drive the inspector through its store (window.__engramInspector).
(globalThis as unknown as { __engramInspector?: typeof useInspector }).__engramInspector = useInspector;
