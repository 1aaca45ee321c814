import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

/** The client's e-learnings an instruction may name as counting for it (by title; the first 100). */
export function getElearningOptions(signal?: AbortSignal) {
  return api.call(
    'elearningCatalog',
    { filter: {}, page: 1, perPage: 100, sortBy: 'title', sortDirection: 'asc' },
    { signal },
  );
}

/** `enabled`: false for whoever may not read the catalogue (the field is not offered). */
export function useElearningOptions(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['elearningCatalog', 'instruction-options'],
    queryFn: ({ signal }) => getElearningOptions(signal),
  });
}
