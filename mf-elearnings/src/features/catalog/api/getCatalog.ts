import { api, type ElearningCatalogRequest } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function getCatalog(request: ElearningCatalogRequest, signal?: AbortSignal) {
  return api.call('elearningCatalog', request, { signal });
}

export function useCatalog(request: ElearningCatalogRequest) {
  return useQuery({
    queryKey: ['elearningCatalog', request],
    queryFn: ({ signal }) => getCatalog(request, signal),
    placeholderData: keepPreviousData,
  });
}
