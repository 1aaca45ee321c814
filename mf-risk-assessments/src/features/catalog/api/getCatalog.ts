import { api, type RiskAssessmentCatalogRequest } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function getCatalog(request: RiskAssessmentCatalogRequest, signal?: AbortSignal) {
  return api.call('riskAssessmentCatalog', request, { signal });
}

export function useCatalog(request: RiskAssessmentCatalogRequest) {
  return useQuery({
    queryKey: ['riskAssessmentCatalog', request],
    queryFn: ({ signal }) => getCatalog(request, signal),
    placeholderData: keepPreviousData,
  });
}
