/**
 * The write path's visible outcome, shared by the sidebar and the inspector's Overview: what the last
 * consolidation learned (or why sessions failed), a Retry, and a way into the inspector on what was learned.
 */
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { bridge } from '../api/transport';
import { useInspector } from '../inspector/store';

/** Under ['memory', …]: memory.changed refreshes it; a finished run (also a failed one, which changes nothing) too. */
const STATUS_KEY = ['memory', 'writepath-status'] as const;

export function useWritePathStatus() {
  const qc = useQueryClient();
  useEffect(
    () =>
      bridge.on('writepath.progress', (p) => {
        if (p.percent >= 100) void qc.invalidateQueries({ queryKey: STATUS_KEY });
      }),
    [qc],
  );
  return useQuery({ queryKey: STATUS_KEY, queryFn: () => call('writepath.status', {}) });
}

/** Consolidate again (one session, or every pending one). */
export function useConsolidate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sessionId?: string) => call('memory.consolidate', sessionId ? { sessionId } : {}),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['memory'] }),
  });
}

/** Open the inspector's graph on the facts a run wrote, the first one selected. */
export function showLearnedFacts(factIds: readonly string[]): void {
  const inspector = useInspector.getState();
  if (factIds.length === 0) {
    inspector.openInspector('overview');
    return;
  }
  inspector.seedGraph({ seed: { kind: 'nodes', ids: [...factIds].slice(0, 500) } });
  inspector.select(factIds[0] ?? null);
  inspector.openInspector('graph');
}
