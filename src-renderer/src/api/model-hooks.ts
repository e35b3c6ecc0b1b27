/** The built-in model's catalog and its one download: fetched once, then kept current by model.progress. */
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModelCatalogView } from '../../../src-main/llm/builtin/model-types';
import { call } from './client';
import { bridge } from './transport';

const MODEL_CATALOG_KEY = ['model.catalog'] as const;

export function useModelCatalog() {
  const qc = useQueryClient();
  useEffect(
    () =>
      bridge.on('model.progress', (event) => {
        qc.setQueryData<ModelCatalogView>(MODEL_CATALOG_KEY, (old) => (old ? { ...old, download: event } : old));
        // The end of a download changes what is installed or partly on disk: read it again.
        if (event.state !== 'downloading' && event.state !== 'verifying') void qc.invalidateQueries({ queryKey: MODEL_CATALOG_KEY });
      }),
    [qc],
  );
  return useQuery({ queryKey: MODEL_CATALOG_KEY, queryFn: () => call('model.catalog', {}) });
}

export function useModelActions() {
  const qc = useQueryClient();
  const options = { meta: { inlineError: true }, onSettled: () => void qc.invalidateQueries({ queryKey: MODEL_CATALOG_KEY }) };
  return {
    download: useMutation({ mutationFn: (id: string) => call('model.download', { id }), ...options }),
    pause: useMutation({ mutationFn: (id: string) => call('model.pause', { id }), ...options }),
    cancel: useMutation({ mutationFn: (id: string) => call('model.cancel', { id }), ...options }),
    remove: useMutation({ mutationFn: (id: string) => call('model.remove', { id }), ...options }),
  };
}
