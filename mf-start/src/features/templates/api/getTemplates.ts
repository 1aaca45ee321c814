import { api, type TemplateListRequest } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getTemplates(request: TemplateListRequest, signal?: AbortSignal) {
  return api.call('templateList', request, { signal });
}

export function useTemplates(request: TemplateListRequest) {
  return useQuery(
    queryOptions({ queryKey: ['templateList', request], queryFn: ({ signal }) => getTemplates(request, signal) }),
  );
}
