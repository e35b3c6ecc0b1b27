/** react-query hooks for the inspector. Keys sit under ['memory'] so every memory.changed refreshes them. */
import { useQuery } from '@tanstack/react-query';
import type { CallInput } from '../../../src-main/api/contract';
import { call } from '../api/client';
import { useInspector } from './store';

export const ikeys = {
  node: (id: string) => ['memory', 'inspector', 'node', id] as const,
  graph: (req: unknown) => ['memory', 'inspector', 'graph', req] as const,
  search: ['memory', 'inspector', 'search'] as const,
  timeline: (input: unknown) => ['memory', 'inspector', 'timeline', input] as const,
  overview: ['memory', 'inspector', 'overview'] as const,
  entities: ['memory', 'inspector', 'entities'] as const,
  entity: (id: string) => ['memory', 'inspector', 'entity', id] as const,
};

export const useNodeDetail = (id: string | null) =>
  useQuery({ queryKey: ikeys.node(id ?? ''), queryFn: () => call('memory.getNode', { id: id ?? '' }), enabled: id !== null });

export const useTimeline = (input: CallInput<'inspector.timeline'> | null) =>
  useQuery({
    queryKey: ikeys.timeline(input),
    queryFn: () => call('inspector.timeline', input ?? { from: 0, to: 1 }),
    enabled: input !== null,
    // Keep drawing the last window while the next one loads, so panning never flashes empty.
    placeholderData: (prev) => prev,
  });

/** Titles of these chats; under ['chats'], so a rename or delete (chat.sessions) refreshes them. */
export const useChatTitles = (chatIds: readonly string[]) =>
  useQuery({
    queryKey: ['chats', 'titles', chatIds],
    queryFn: () => call('chat.titles', { chatIds: [...chatIds] }),
    enabled: chatIds.length > 0,
    placeholderData: (prev) => prev,
  });

export const useOverview = () => useQuery({ queryKey: ikeys.overview, queryFn: () => call('inspector.overview', {}) });
export const useEntityList = () => useQuery({ queryKey: ikeys.entities, queryFn: () => call('entity.list', { limit: 1000 }) });
/** An entity's page, as of the inspector's As-of date when one is chosen. */
export function useEntityProfile(id: string | null) {
  const asOf = useInspector((s) => s.filter.asOf);
  const input = { idOrName: id ?? '', limit: 200, ...(asOf !== null ? { asOf } : {}) };
  return useQuery({ queryKey: [...ikeys.entity(id ?? ''), asOf], queryFn: () => call('entity.profile', input), enabled: id !== null });
}

/** Compare: what changed between two instants. */
export const useComparison = (input: CallInput<'inspector.compare'> | null) =>
  useQuery({ queryKey: ['memory', 'inspector', 'compare', input], queryFn: () => call('inspector.compare', input ?? { from: 0, to: 1 }), enabled: input !== null });
