/** react-query hooks of the review queue. Keys sit under ['memory'], so every memory.changed refreshes them. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '../../../src-main/api/contract';
import type { ProposalState } from '../../../src-shared/review-types';
import { call } from '../api/client';

export const rkeys = {
  all: ['memory', 'review'] as const,
  count: ['memory', 'review', 'count'] as const,
  list: (state: ProposalState) => ['memory', 'review', 'list', state] as const,
  settings: ['review-settings'] as const,
};

const PAGE = 100;

export const usePendingCount = () => useQuery({ queryKey: rkeys.count, queryFn: () => call('review.count', {}) });

export const useProposals = (state: ProposalState) =>
  useInfiniteQuery({
    queryKey: rkeys.list(state),
    queryFn: ({ pageParam }) => call('review.list', { state, limit: PAGE, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Every decision refreshes the queue and the memory views at once (the change event would, a moment later). */
function useDecision<K extends 'review.approve' | 'review.editApprove' | 'review.decline' | 'review.restore' | 'review.bulk'>(name: K) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<K>) => call(name, input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['memory'] }),
  });
}

export const useReviewActions = () => ({
  approve: useDecision('review.approve'),
  editApprove: useDecision('review.editApprove'),
  decline: useDecision('review.decline'),
  restore: useDecision('review.restore'),
  bulk: useDecision('review.bulk'),
});

export const useReviewSettings = () => useQuery({ queryKey: rkeys.settings, queryFn: () => call('review.settings', {}) });

export function useSaveReviewSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: CallInput<'review.saveSettings'>) => call('review.saveSettings', patch),
    onSuccess: (saved) => qc.setQueryData(rkeys.settings, saved),
  });
}
