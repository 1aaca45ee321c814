import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

/** The templates that can be handed out with an instruction (the templates app's list; empty when it is off). */
export async function getTemplateOptions(signal?: AbortSignal) {
  const answer = await api.call(
    'templateList',
    { filter: {}, page: 1, perPage: 100, sortBy: 'title', sortDirection: 'asc' },
    { signal, silent: true },
  );
  return answer.items.map((item) => ({ uuid: item.uuid, title: item.title }));
}

export function useTemplateOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['instructionTemplateOptions'],
    queryFn: ({ signal }) => getTemplateOptions(signal),
    enabled,
  });
}
